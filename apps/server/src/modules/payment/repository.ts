import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.js';
import { orders, payments, webhookEvents, type OrderRow } from '../../db/schema/payment.js';

export type { OrderRow };

/** The SQL of orders, payments and handled webhook events. */

export async function insertOrder(ex: Executor, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await ex.insert(orders).values(values).returning();
  return row!;
}

export async function setOrderSession(ex: Executor, orderId: number, sessionId: string): Promise<void> {
  await ex.update(orders).set({ sessionId }).where(eq(orders.id, orderId));
}

export async function findOrderBySession(ex: Executor, sessionId: string): Promise<OrderRow | undefined> {
  const [row] = await ex.select().from(orders).where(eq(orders.sessionId, sessionId)).limit(1);
  return row;
}

/** The order, locked until the end of the transaction, so two fulfilments of it queue up. */
export async function lockOrder(ex: Executor, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await ex.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  return row;
}

export async function markOrder(ex: Executor, orderId: number, status: OrderRow['status'], at: Date = new Date()): Promise<OrderRow> {
  const [row] = await ex
    .update(orders)
    .set({ status, paidAt: status === 'paid' ? at : null, holdUntil: status === 'pending' ? undefined : null })
    .where(eq(orders.id, orderId))
    .returning();
  return row!;
}

/** An account's paid orders, newest payment first. */
export async function paidOrders(ex: Executor, accountId: number, limit: number): Promise<OrderRow[]> {
  return ex
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.status, 'paid')))
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(limit);
}

/** A payment with the order it paid, for its receipt. */
export async function paymentWithOrder(ex: Executor, paymentId: number) {
  const [row] = await ex
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  return row;
}

/** The last plan (not an add-on) an account paid for. */
export async function lastPaidPlan(ex: Executor, accountId: number): Promise<OrderRow | undefined> {
  const [row] = await ex
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.status, 'paid'), ne(orders.packageType, 'addon')))
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(1);
  return row;
}

/** The last plan (not an add-on) the account paid for before a time. */
export async function lastPaidPlanBefore(ex: Executor, accountId: number, before: Date): Promise<OrderRow | undefined> {
  const [row] = await ex
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.status, 'paid'), ne(orders.packageType, 'addon'), lt(orders.paidAt, before)))
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(1);
  return row;
}

/** Records the money; null when this order was already paid for (one payment per order). */
export async function insertPayment(ex: Executor, values: typeof payments.$inferInsert): Promise<typeof payments.$inferSelect | null> {
  const rows = await ex.insert(payments).values(values).onConflictDoNothing({ target: payments.orderId }).returning();
  return rows[0] ?? null;
}

/** Whether the account had paid before this payment: the later one renews. */
export async function paidBefore(ex: Executor, accountId: number, paymentId: number): Promise<boolean> {
  const [row] = await ex
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.accountId, accountId), lt(payments.id, paymentId)))
    .limit(1);
  return row !== undefined;
}

export async function paymentIdOfOrder(ex: Executor, orderId: number): Promise<number | undefined> {
  const [row] = await ex.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId)).limit(1);
  return row?.id;
}

/** False when this event was handled before. */
export async function recordWebhookEvent(ex: Executor, id: string, type: string): Promise<boolean> {
  const rows = await ex.insert(webhookEvents).values({ id, type }).onConflictDoNothing().returning({ id: webhookEvents.id });
  return rows.length > 0;
}

/**
 * The buyers whose pending orders still hold a studio place in a city (one place each). Paid
 * studios hold the rest; the account module counts those (payment does not read accounts).
 */
export async function placeHolders(ex: Executor, cityId: number): Promise<number[]> {
  const rows = await selectRows<{ account_id: number }>(
    ex,
    sql`select distinct account_id from ${orders} where city_id = ${cityId} and status = 'pending' and hold_until > now()`,
  );
  return rows.map((row) => Number(row.account_id));
}

/** Distinguishes this module's advisory locks from any other's. */
const CHECKOUT_LOCK_SPACE = 7301;

/** Queues one account's checkouts behind each other until the end of the transaction. */
export async function lockAccountCheckouts(ex: Executor, accountId: number): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(${CHECKOUT_LOCK_SPACE}::int, ${accountId}::int)`);
}

export interface CheckoutLoad {
  /** Orders opened since `recentSince`, and the oldest of them. */
  recent: number;
  oldestRecent: Date | null;
  /** Orders still pending and opened since `openSince` (not yet lapsed), and the oldest of them. */
  open: number;
  oldestOpen: Date | null;
}

export async function checkoutLoad(ex: Executor, accountId: number, since: { recentSince: Date; openSince: Date }): Promise<CheckoutLoad> {
  const recentSince = since.recentSince.toISOString();
  const openSince = since.openSince.toISOString();
  const [row] = await selectRows<{ recent: number; oldest_recent: string | Date | null; open: number; oldest_open: string | Date | null }>(
    ex,
    sql`select count(*) filter (where created_at > ${recentSince}::timestamptz)::int as recent,
               min(created_at) filter (where created_at > ${recentSince}::timestamptz) as oldest_recent,
               count(*) filter (where status = 'pending' and created_at > ${openSince}::timestamptz)::int as open,
               min(created_at) filter (where status = 'pending' and created_at > ${openSince}::timestamptz) as oldest_open
          from ${orders}
         where account_id = ${accountId} and created_at > least(${recentSince}::timestamptz, ${openSince}::timestamptz)`,
  );
  const date = (value: string | Date | null | undefined) => (value ? new Date(value) : null);
  return { recent: Number(row?.recent ?? 0), oldestRecent: date(row?.oldest_recent), open: Number(row?.open ?? 0), oldestOpen: date(row?.oldest_open) };
}
