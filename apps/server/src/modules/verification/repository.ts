import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../db/like.js';
import { businessCorrections, payoutVerifications, type BusinessCorrectionRow, type PayoutVerificationRow } from '../../db/schema/verification.js';

/** The SQL of payout verifications and business correction requests. */

export type { BusinessCorrectionRow, PayoutVerificationRow };

export type NewPayoutDetails = Omit<typeof payoutVerifications.$inferInsert, 'id' | 'status' | 'createdAt' | 'submittedAt'>;

export async function findByAccount(ex: Executor, accountId: number, lock = false): Promise<PayoutVerificationRow | undefined> {
  const query = ex.select().from(payoutVerifications).where(eq(payoutVerifications.accountId, accountId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function findById(ex: Executor, id: number, lock = false): Promise<PayoutVerificationRow | undefined> {
  const query = ex.select().from(payoutVerifications).where(eq(payoutVerifications.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/**
 * Writes an account's details, as a new row or over its old one, and puts them back in the
 * queue: whatever was approved before no longer describes where the money goes.
 */
export async function upsertSubmission(ex: Executor, values: NewPayoutDetails): Promise<PayoutVerificationRow> {
  const resubmitted = {
    ...values,
    status: 'pending' as const,
    rejectReason: null,
    reviewedAt: null,
    reviewedBy: null,
    submittedAt: sql`now()`,
  };
  const [row] = await ex
    .insert(payoutVerifications)
    .values(resubmitted)
    .onConflictDoUpdate({ target: payoutVerifications.accountId, set: resubmitted })
    .returning();
  return row!;
}

/** Decides a pending verification; answers nothing when it is no longer pending. */
export async function decide(
  ex: Executor,
  id: number,
  decision: { status: 'approved' | 'rejected'; rejectReason: string | null; reviewedBy: number },
): Promise<PayoutVerificationRow | undefined> {
  const [row] = await ex
    .update(payoutVerifications)
    .set({ ...decision, reviewedAt: sql`now()` })
    .where(and(eq(payoutVerifications.id, id), eq(payoutVerifications.status, 'pending')))
    .returning();
  return row;
}

export async function statusesOf(ex: Executor, accountIds: number[]) {
  if (accountIds.length === 0) return [];
  return ex
    .select({ accountId: payoutVerifications.accountId, status: payoutVerifications.status })
    .from(payoutVerifications)
    .where(inArray(payoutVerifications.accountId, accountIds));
}

export async function listVerifications(
  ex: Executor,
  filters: { status?: PayoutVerificationRow['status'] | undefined; keyword?: string | undefined },
  page: number,
  pageSize: number,
) {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(payoutVerifications.status, filters.status));
  if (filters.keyword) {
    const like = `%${escapeLike(filters.keyword)}%`;
    conditions.push(or(ilike(payoutVerifications.legalName, like), ilike(payoutVerifications.holderName, like))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    ex
      .select()
      .from(payoutVerifications)
      .where(where)
      // The queue is worked oldest first, so nobody waits behind later arrivals.
      .orderBy(asc(payoutVerifications.submittedAt), asc(payoutVerifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(payoutVerifications).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---- business correction requests ---------------------------------------------------------------

export async function insertCorrection(ex: Executor, accountId: number, message: string): Promise<BusinessCorrectionRow> {
  const [row] = await ex.insert(businessCorrections).values({ accountId, message }).returning();
  return row!;
}

export async function countOpenCorrections(ex: Executor, accountId: number): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(businessCorrections)
    .where(and(eq(businessCorrections.accountId, accountId), eq(businessCorrections.status, 'open')));
  return row?.n ?? 0;
}

export async function correctionsOf(ex: Executor, accountId: number, limit: number): Promise<BusinessCorrectionRow[]> {
  return ex
    .select()
    .from(businessCorrections)
    .where(eq(businessCorrections.accountId, accountId))
    .orderBy(desc(businessCorrections.createdAt), desc(businessCorrections.id))
    .limit(limit);
}

export async function resolveCorrection(ex: Executor, id: number, note: string, resolvedBy: number): Promise<BusinessCorrectionRow | undefined> {
  const [row] = await ex
    .update(businessCorrections)
    .set({ status: 'resolved', note, resolvedBy, resolvedAt: sql`now()` })
    .where(and(eq(businessCorrections.id, id), eq(businessCorrections.status, 'open')))
    .returning();
  return row;
}

export async function findCorrection(ex: Executor, id: number): Promise<BusinessCorrectionRow | undefined> {
  const [row] = await ex.select().from(businessCorrections).where(eq(businessCorrections.id, id));
  return row;
}

export async function listCorrections(ex: Executor, status: BusinessCorrectionRow['status'] | undefined, page: number, pageSize: number) {
  const where = status ? eq(businessCorrections.status, status) : undefined;
  const [rows, [total]] = await Promise.all([
    ex
      .select()
      .from(businessCorrections)
      .where(where)
      .orderBy(asc(businessCorrections.createdAt), asc(businessCorrections.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(businessCorrections).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
