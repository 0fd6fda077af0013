import type { CommissionRates } from '@nearcast/contract';
import { and, asc, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.js';
import { commissionRules, commissions, financeSettings, refunds, type CommissionRow, type CommissionRuleRow, type FinanceSettingsRow, type RefundRow } from '../../db/schema/finance.js';

export type { CommissionRow, CommissionRuleRow, FinanceSettingsRow, RefundRow };

/** The SQL of commission rules, commissions, refunds and the finance settings. */

export async function currentRule(ex: Executor): Promise<CommissionRuleRow | undefined> {
  const [row] = await ex.select().from(commissionRules).orderBy(desc(commissionRules.version)).limit(1);
  return row;
}

export async function rules(ex: Executor, limit: number): Promise<CommissionRuleRow[]> {
  return ex.select().from(commissionRules).orderBy(desc(commissionRules.version)).limit(limit);
}

/** Distinguishes this module's advisory locks from any other's. */
const RULES_LOCK_SPACE = 7401;
const PAYMENT_LOCK_SPACE = 7402;

/** A new rule version, numbered after the last one; edits queue behind each other. */
export async function insertRule(ex: Executor, rates: CommissionRates, note: string, createdBy: number | null): Promise<CommissionRuleRow> {
  await ex.execute(sql`select pg_advisory_xact_lock(${RULES_LOCK_SPACE}::int, 0)`);
  const [row] = await ex
    .insert(commissionRules)
    .values({ version: sql`(select coalesce(max(version), 0) + 1 from ${commissionRules})`, rates, note, createdBy })
    .returning();
  return row!;
}

/** The settings row, created with its defaults when missing. */
export async function settings(ex: Executor): Promise<FinanceSettingsRow> {
  const [row] = await ex.select().from(financeSettings).where(eq(financeSettings.id, 1)).limit(1);
  if (row) return row;
  const [created] = await ex.insert(financeSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? (await ex.select().from(financeSettings).where(eq(financeSettings.id, 1)))[0]!;
}

export async function updateSettings(
  ex: Executor,
  values: Partial<Pick<FinanceSettingsRow, 'holdingDays' | 'settlementMinCents' | 'settlementFeeBps'>>,
  updatedBy: number,
): Promise<FinanceSettingsRow> {
  await settings(ex);
  const [row] = await ex
    .update(financeSettings)
    .set({ ...values, updatedBy, updatedAt: new Date() })
    .where(eq(financeSettings.id, 1))
    .returning();
  return row!;
}

export async function insertCommissions(ex: Executor, rows: (typeof commissions.$inferInsert)[]): Promise<CommissionRow[]> {
  if (rows.length === 0) return [];
  return ex.insert(commissions).values(rows).returning();
}

/** A payment's shares, locked until the end of the transaction (a refund or a release changes them). */
export async function lockCommissionsOf(ex: Executor, paymentId: number): Promise<CommissionRow[]> {
  return ex.select().from(commissions).where(eq(commissions.paymentId, paymentId)).orderBy(asc(commissions.id)).for('update');
}

export async function commissionsOf(ex: Executor, paymentId: number): Promise<CommissionRow[]> {
  return ex.select().from(commissions).where(eq(commissions.paymentId, paymentId)).orderBy(asc(commissions.id));
}

export async function updateCommission(ex: Executor, id: number, values: Partial<Pick<CommissionRow, 'reversedCents' | 'status' | 'releasedAt'>>): Promise<void> {
  await ex.update(commissions).set(values).where(eq(commissions.id, id));
}

/**
 * Pending shares whose holding period has ended, locked and skipped by any other instance
 * doing the same (SKIP LOCKED), oldest first.
 */
export async function lockDue(ex: Executor, now: Date, limit: number): Promise<CommissionRow[]> {
  return ex
    .select()
    .from(commissions)
    .where(and(eq(commissions.status, 'pending'), lte(commissions.availableAt, now)))
    .orderBy(asc(commissions.availableAt), asc(commissions.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Queues everything that changes one payment's money (refunds, the webhook) behind each other. */
export async function lockPayment(ex: Executor, paymentId: number): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(${PAYMENT_LOCK_SPACE}::int, ${paymentId}::int)`);
}

export async function insertRefund(ex: Executor, values: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await ex.insert(refunds).values(values).returning();
  return row!;
}

export async function updateRefund(ex: Executor, id: number, values: Partial<Pick<RefundRow, 'status' | 'providerRef' | 'transactionId' | 'processedAt' | 'full'>>): Promise<RefundRow> {
  const [row] = await ex.update(refunds).set(values).where(eq(refunds.id, id)).returning();
  return row!;
}

export async function refundsOf(ex: Executor, paymentId: number): Promise<RefundRow[]> {
  return ex.select().from(refunds).where(eq(refunds.paymentId, paymentId)).orderBy(desc(refunds.createdAt), desc(refunds.id));
}

export async function findRefund(ex: Executor, id: number): Promise<RefundRow | undefined> {
  const [row] = await ex.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  return row;
}

export async function refundByProviderRef(ex: Executor, providerRef: string): Promise<RefundRow | undefined> {
  const [row] = await ex.select().from(refunds).where(eq(refunds.providerRef, providerRef)).limit(1);
  return row;
}

/** Cents of a payment refunded or being refunded (failed refunds gave nothing back). */
export async function refundedOf(ex: Executor, paymentId: number): Promise<{ completed: number; pending: number }> {
  const [row] = await selectRows<{ completed: string | number | null; pending: string | number | null }>(
    ex,
    sql`select coalesce(sum(amount_cents) filter (where status = 'completed'), 0) as completed,
               coalesce(sum(amount_cents) filter (where status = 'pending'), 0) as pending
          from ${refunds} where payment_id = ${paymentId}`,
  );
  return { completed: Number(row?.completed ?? 0), pending: Number(row?.pending ?? 0) };
}

/** Refunds other than `exceptId` still pending on these payments. */
export async function pendingRefundIds(ex: Executor, paymentId: number, exceptId: number): Promise<number[]> {
  const rows = await ex
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'pending'), ne(refunds.id, exceptId)));
  return rows.map((row) => row.id);
}

export async function commissionsByIds(ex: Executor, ids: number[]): Promise<CommissionRow[]> {
  if (ids.length === 0) return [];
  return ex.select().from(commissions).where(inArray(commissions.id, ids));
}

/** Refunds still pending since before `before`: asked of the provider, never confirmed (a crash, a lost answer). */
export async function stalePendingRefunds(ex: Executor, before: Date, limit: number): Promise<RefundRow[]> {
  return ex
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lte(refunds.createdAt, before)))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
}
