import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { accounts } from './account.js';
import { timestamps } from './columns.js';

/**
 * The studio's say over what the plan learns (docs/decisions/085): per merchant, a pinned arm
 * per dimension (always taken) and banned arms (never taken). Dimensions by their wire names
 * (`hook_style`, `look`, `length_band`, `posting_hour`). Absent: nothing pinned or banned.
 */
export const creativeLearningSettings = pgTable('creative_learning_settings', {
  merchantId: integer()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  pins: jsonb().$type<Record<string, string>>().notNull().default({}),
  bans: jsonb().$type<Record<string, string[]>>().notNull().default({}),
  updatedById: integer().references(() => accounts.id, { onDelete: 'set null' }),
  ...timestamps,
});
export type CreativeLearningSettingsRow = typeof creativeLearningSettings.$inferSelect;
