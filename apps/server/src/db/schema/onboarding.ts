import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './account.js';
import { blank } from './columns.js';

/** Call-back requests from the contact-completion form (spec §5 "Contact form"). */
export const contacts = pgTable(
  'contacts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    mobile: text().notNull(),
    wechatId: text().notNull(),
    name: blank(),
    message: blank(),
    accountId: integer().references(() => accounts.id, { onDelete: 'set null' }),
    ip: blank(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contacts_created_idx').on(t.createdAt)],
);
