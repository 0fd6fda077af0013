import { COMMISSION_KINDS, COMMISSION_ROLES, COMMISSION_STATUSES, LEDGER_PURPOSES, LEDGER_TX_KINDS, REFUND_STATUSES, type CommissionRates } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { accounts } from './account.js';
import { payments } from './payment.js';

/**
 * The double-entry ledger (docs/decisions/021). Money is integer cents (USD). Amounts that add
 * up across many payments (balances, entries) are `bigint`: a year of the platform's revenue
 * passes the 32-bit limit.
 */

/**
 * One account per party and purpose (`owner_id` null: the platform's own). `key` is
 * `<purpose>:<owner id | platform>`, the single unique handle that lets "find or create" be one
 * `insert … on conflict do nothing`.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull().unique(),
    ownerId: integer().references(() => accounts.id, { onDelete: 'restrict' }),
    purpose: text({ enum: LEDGER_PURPOSES }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_accounts_owner_idx').on(t.ownerId, t.purpose), index('ledger_accounts_purpose_idx').on(t.purpose)],
);

/**
 * The balance of one ledger account, updated (row-locked) in the same transaction as every entry
 * that moves it, so a read never sums entries. `ownerId` and `purpose` are copied from the
 * account so balance reads per party or per purpose need no join.
 */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    ledgerAccountId: integer()
      .primaryKey()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    ownerId: integer(),
    purpose: text({ enum: LEDGER_PURPOSES }).notNull(),
    balanceCents: bigint({ mode: 'number' }).notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_balances_owner_idx').on(t.ownerId, t.purpose), index('ledger_balances_purpose_idx').on(t.purpose, t.balanceCents)],
);

/**
 * Every ledger account's balance added up per purpose (what the platform is owed, owes and
 * holds), kept as a folded total plus the deltas postings added since. A posting only inserts
 * its deltas, so postings never queue on one shared row (nor deadlock on it); a job folds the
 * deltas in. A read adds the two, exact at any moment (decision 026).
 */
export const ledgerPurposeTotals = pgTable('ledger_purpose_totals', {
  purpose: text({ enum: LEDGER_PURPOSES }).primaryKey(),
  balanceCents: bigint({ mode: 'number' }).notNull().default(0),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const ledgerPurposeDeltas = pgTable('ledger_purpose_deltas', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  purpose: text({ enum: LEDGER_PURPOSES }).notNull(),
  deltaCents: bigint({ mode: 'number' }).notNull(),
});

/**
 * One posting: its entries sum to zero. `causeKey` names what caused it (`payment:<id>`,
 * `release:<commission id>`, `refund:<id>`, `settlement:<id>:apply`, …) and is unique, so the same
 * cause posted twice posts once. Immutable once written (a trigger refuses update and delete).
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text({ enum: LEDGER_TX_KINDS }).notNull(),
    causeKey: text().notNull().unique(),
    paymentId: integer().references(() => payments.id, { onDelete: 'restrict' }),
    refundId: integer(),
    /** The settlement (settlement module's table) this posting belongs to, if any. */
    settlementId: integer(),
    /** The commission rule version a payment's posting used. */
    ruleVersion: integer(),
    actorId: integer(),
    /** The party the posting is about (the payer, the earner, the applicant); null: the platform's own. */
    partyId: integer(),
    /** The posting's size: the sum of its positive legs. */
    amountCents: bigint({ mode: 'number' }).notNull().default(0),
    remark: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_transactions_party_idx').on(t.partyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('ledger_transactions_payment_idx').on(t.paymentId),
    index('ledger_transactions_settlement_idx').on(t.settlementId),
    index('ledger_transactions_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('ledger_transactions_kind_created_idx').on(t.kind, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * One leg of a posting: a signed amount on one ledger account. `clawback` marks the entries
 * allowed to take an `available` balance below zero (a refund of earnings already paid out).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    ledgerAccountId: integer()
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amountCents: bigint({ mode: 'number' }).notNull(),
    clawback: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_entries_account_idx').on(t.ledgerAccountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()), index('ledger_entries_tx_idx').on(t.transactionId)],
);

/** Versioned commission rules: a new version applies to payments after it, never to the past. */
export const commissionRules = pgTable('commission_rules', {
  version: integer().primaryKey(),
  rates: jsonb().$type<CommissionRates>().notNull(),
  note: text().notNull().default(''),
  createdBy: integer().references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One share of one payment: who earns it (null beneficiary for the platform and the unallocated
 * shares), under which rule version and rate, how much of it refunds took back, and where it
 * stands in the holding period. The ledger holds the money; this row explains it per payment.
 */
export const commissions = pgTable(
  'commissions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    payerId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    beneficiaryId: integer().references(() => accounts.id, { onDelete: 'restrict' }),
    role: text({ enum: COMMISSION_ROLES }).notNull(),
    kind: text({ enum: COMMISSION_KINDS }).notNull(),
    ruleVersion: integer()
      .notNull()
      .references(() => commissionRules.version, { onDelete: 'restrict' }),
    rateBps: integer().notNull(),
    /** The payment amount the share was computed from. */
    baseCents: integer().notNull(),
    amountCents: integer().notNull(),
    reversedCents: integer().notNull().default(0),
    status: text({ enum: COMMISSION_STATUSES }).notNull(),
    /** When the holding period ends. */
    availableAt: timestamp({ withTimezone: true }).notNull(),
    releasedAt: timestamp({ withTimezone: true }),
    transactionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('commissions_payment_role_uq').on(t.paymentId, t.role),
    index('commissions_beneficiary_idx').on(t.beneficiaryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('commissions_payer_idx').on(t.payerId, t.createdAt.desc().nullsFirst()),
    index('commissions_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('commissions_role_created_idx').on(t.role, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Staff filter the records by status; a rare one (reversed) must not walk every commission.
    index('commissions_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('commissions_due_idx').on(t.availableAt).where(sql`${t.status} = 'pending'`),
    check('commissions_amount_chk', sql`${t.amountCents} >= 0 and ${t.reversedCents} between 0 and ${t.amountCents}`),
  ],
);

/**
 * Money given back on a payment, in full or in part. A Stripe refund is `pending` until Stripe
 * confirms it; `providerRef` (Stripe's refund id) is unique, so the API answer and the
 * `charge.refunded` webhook record it once.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    payerId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    amountCents: integer().notNull(),
    status: text({ enum: REFUND_STATUSES }).notNull(),
    reason: text().notNull().default(''),
    provider: text({ enum: ['sandbox', 'stripe'] }).notNull(),
    providerRef: text().unique(),
    full: boolean().notNull().default(false),
    actorId: integer().references(() => accounts.id, { onDelete: 'set null' }),
    transactionId: bigint({ mode: 'number' }).references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('refunds_amount_chk', sql`${t.amountCents} > 0`),
  ],
);

/** The finance settings: one row (id 1), edited by the super admin. */
export const financeSettings = pgTable(
  'finance_settings',
  {
    id: smallint().primaryKey().default(1),
    holdingDays: integer().notNull().default(14),
    settlementMinCents: integer().notNull().default(10_000),
    settlementFeeBps: integer().notNull().default(200),
    updatedBy: integer().references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('finance_settings_one_chk', sql`${t.id} = 1`)],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type CommissionRow = typeof commissions.$inferSelect;
export type CommissionRuleRow = typeof commissionRules.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type FinanceSettingsRow = typeof financeSettings.$inferSelect;
