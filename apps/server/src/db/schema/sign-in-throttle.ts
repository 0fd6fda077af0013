import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './account.js';

/**
 * Failed sign-ins per account (the account module's): a short lock that grows with each
 * failure past a few, and a successful sign-in clears the row.
 */
export const signInThrottle = pgTable('sign_in_throttle', {
  accountId: integer()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  failures: integer().notNull().default(0),
  lockedUntil: timestamp({ withTimezone: true }),
  lastFailureAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type SignInThrottleRow = typeof signInThrottle.$inferSelect;
