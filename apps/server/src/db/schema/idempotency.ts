import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './account.js';

/**
 * One row per (caller, endpoint, Idempotency-Key): the request's fingerprint and, once the
 * first call has finished, its answer, replayed to every retry with the same key and body.
 * Owned by the idempotency plugin (plugins/idempotency.ts), not by any one module.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    key: text().notNull(),
    /** SHA-256 of the parsed request body: the same key with another body is refused. */
    requestHash: text().notNull(),
    /** Null while the first call is still running. */
    response: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.endpoint, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
