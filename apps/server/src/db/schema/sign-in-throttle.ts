import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed sign-ins (the account module's): a short lock that grows with each failure past a
 * few, and a successful sign-in clears the row. A row is keyed by what it throttles, never by
 * an account id: `email:` and the SHA-256 of a normalised email, so an address without an
 * account is throttled exactly like one with it (the lock does not tell which exist), or
 * `device:` and a device token's id, for a known device's tries through a lock.
 */
export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    subject: text().primaryKey(),
    failures: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    lastFailureAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Rows of addresses nobody uses would pile up: stale ones are pruned by this column.
  (table) => [index('sign_in_throttle_last_failure_idx').on(table.lastFailureAt)],
);
export type SignInThrottleRow = typeof signInThrottle.$inferSelect;

/**
 * The account module's own random keys, by name (the device tokens' signing key), created once
 * by the first instance that needs one, so every instance on the database shares it.
 */
export const accountSecrets = pgTable('account_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
