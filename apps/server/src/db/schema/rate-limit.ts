import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-caller request counts of the rate-limited expensive endpoints (plugins/caller-rate-limit.ts):
 * one row per account and endpoint, a fixed window each. Kept in the database, not in memory,
 * so the limit is one per account however many web instances share the load.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text().primaryKey(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    hits: integer().notNull(),
  },
  // Windows long past are pruned by this column.
  (t) => [index('rate_limit_hits_window_idx').on(t.windowStart)],
);
