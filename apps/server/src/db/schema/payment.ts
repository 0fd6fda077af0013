import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './account.js';
import { areas } from './area.js';
import { packages } from './pricing.js';

/**
 * A purchase: the package as it was sold (name, type, price), the checkout session that pays
 * for it, and its state. A pending studio order holds a place in its city until it expires.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    packageId: integer().references(() => packages.id, { onDelete: 'set null' }),
    packageName: text().notNull(),
    packageType: text({ enum: ['business', 'studio', 'addon'] }).notNull(),
    periods: integer().notNull().default(1),
    amountCents: integer().notNull(),
    discountCents: integer().notNull().default(0),
    status: text({ enum: ['pending', 'paid', 'failed', 'cancelled'] }).notNull().default('pending'),
    provider: text({ enum: ['sandbox', 'stripe'] }).notNull(),
    sessionId: text().unique(),
    cityId: integer().references(() => areas.id, { onDelete: 'restrict' }),
    /** Until when a pending order holds its studio place (the checkout session's life). */
    holdUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('orders_account_idx').on(t.accountId, t.createdAt),
    index('orders_city_pending_idx').on(t.cityId, t.status),
    check('orders_amount_chk', sql`${t.amountCents} >= 0 and ${t.periods} between 1 and 12`),
  ],
);

/**
 * Money received, one row per paid order (the unique order id makes fulfilment idempotent).
 * The finance ledger posts commissions from these rows in the same transaction.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    amountCents: integer().notNull(),
    provider: text({ enum: ['sandbox', 'stripe'] }).notNull(),
    providerRef: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // An account's payments in order: whether a payment renews, and its history, without a scan.
  (t) => [index('payments_account_idx').on(t.accountId, t.id)],
);

/** Stripe event ids already handled, so a redelivered webhook changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The embedded sandbox's own checkout sessions: what a payment provider would keep. */
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  id: text().primaryKey(),
  orderId: integer()
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  description: text().notNull(),
  amountCents: integer().notNull(),
  status: text({ enum: ['open', 'paid', 'declined', 'cancelled'] }).notNull().default('open'),
  successUrl: text().notNull(),
  cancelUrl: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

export type OrderRow = typeof orders.$inferSelect;
