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
    /**
     * The rail's reference, written as soon as the rail answers that it paid and before the
     * payout is booked: a resumed payout that finds it books it without asking the rail again.
     */
    payoutReference: text(),
    /**
     * A payout under way (decision 045): set when staff approve, before the rail is called, and
     * cleared only if the rail refuses. While it is set the settlement stays `pending` but can
     * be neither approved again nor rejected: the money may already have left.
     */
    payoutStartedAt: timestamp({ withTimezone: true }),
    /** The idempotency key sent to the rail on every attempt (`settlement-<id>`). */
    payoutKey: text(),
    /** Who approved the payout under way: the decision is theirs when it completes. */
    payoutRequestedBy: integer().references(() => accounts.id, { onDelete: 'set null' }),
    /** What staff typed when approving (the manual rail's transfer number), sent on every attempt. */
    payoutRequest: text(),
    /**
     * Calls made to the rail for this payout (pay or look up), written before each call: more
     * than none means a call may have reached the rail, so a resumed payout asks before paying.
     */
    payoutAttempts: integer().notNull().default(0),
    /**
     * The worker holding the payout across its remote calls, and until when nobody else may act
     * on it: the lease's end while held, the next check after an unanswered call.
     */
    payoutLeaseToken: text(),
    payoutLeaseUntil: timestamp({ withTimezone: true }),
    /** The rail's last error or refusal, for whoever looks into a payout that does not finish. */
    payoutLastError: text(),
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
    // The payouts the resume job looks at: under way and not yet paid, by when they are due.
    index('settlements_payout_due_idx')
      .on(t.payoutLeaseUntil.asc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'pending' and ${t.payoutStartedAt} is not null`),
    uniqueIndex('settlements_payout_key_idx').on(t.payoutKey),
    check('settlements_amounts_chk', sql`${t.grossCents} > 0 and ${t.feeCents} >= 0 and ${t.netCents} >= 0 and ${t.grossCents} = ${t.feeCents} + ${t.netCents}`),
    check('settlements_period_chk', sql`${t.periodStart} <= ${t.periodEnd}`),
  ],
);

export type SettlementRow = typeof settlements.$inferSelect;
export type NewSettlementRow = typeof settlements.$inferInsert;
