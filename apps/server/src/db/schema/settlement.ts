import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './account.js';

/**
 * A studio's or an agent's application to be paid its available balance, and the staff decision
 * on it. The money itself lives in the ledger: applying moves `gross_cents` from the party's
 * available account to its in-transit account in the same transaction as this row; the
 * decision moves it on (paid: net to the party's paid-out account and the fee to the platform;
 * cancelled or failed: back to available). These columns are what the application showed and
 * what was decided, kept as they were.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    status: text({ enum: ['pending', 'paid', 'cancelled', 'failed'] })
      .notNull()
      .default('pending'),
    /** The earnings the application covers: from the end of the party's last settlement to the application. */
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    /**
     * What was reserved: the whole available balance at the moment of applying. `bigint` like the
     * ledger's balances: an agent's earnings over a long period can pass the 32-bit limit.
     */
    grossCents: bigint({ mode: 'number' }).notNull(),
    /** The platform fee rate and amount as they were when the party applied. */
    feeBps: integer().notNull(),
    feeCents: bigint({ mode: 'number' }).notNull(),
    /** What the party receives: gross less the fee. */
    netCents: bigint({ mode: 'number' }).notNull(),
    /** Which payout rail paid it, and the rail's reference (a bank transfer number, a transfer id). */
    payoutRail: text().notNull(),
    payoutReference: text(),
    /** Why staff cancelled it or marked it failed. */
    reason: text(),
    decidedBy: integer().references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Newest first with the id as tie-break, the order every settlement list reads in.
    index('settlements_account_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('settlements_status_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('settlements_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // One open application per party: the whole available balance is already reserved by it,
    // and two racing applications can never both be pending, whatever else goes wrong.
    uniqueIndex('settlements_one_pending_idx').on(t.accountId).where(sql`${t.status} = 'pending'`),
    check('settlements_amounts_chk', sql`${t.grossCents} > 0 and ${t.feeCents} >= 0 and ${t.netCents} >= 0 and ${t.grossCents} = ${t.feeCents} + ${t.netCents}`),
    check('settlements_period_chk', sql`${t.periodStart} <= ${t.periodEnd}`),
  ],
);

export type SettlementRow = typeof settlements.$inferSelect;
export type NewSettlementRow = typeof settlements.$inferInsert;
