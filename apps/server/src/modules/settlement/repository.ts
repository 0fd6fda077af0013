import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, max, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { LeasePort } from '../../jobs/leased-work.js';
import { settlements, type NewSettlementRow, type SettlementRow } from '../../db/schema/settlement.js';

export type { SettlementRow };
export type SettlementStatusValue = SettlementRow['status'];

/** The SQL of settlement applications and decisions. */

/** Distinguishes this module's advisory locks from any other's. */
const APPLY_LOCK_SPACE = 7302;

/**
 * Queues one party's applications behind each other until the end of the transaction. The
 * party may have no ledger row to lock yet (nothing ever earned), so the balance lock alone
 * could not serialize two first applications.
 */
export async function lockParty(ex: Executor, accountId: number): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(${APPLY_LOCK_SPACE}::int, ${accountId}::int)`);
}

/** The new application; undefined when the party already has a pending one (the partial unique index). */
export async function insertSettlement(ex: Executor, values: NewSettlementRow): Promise<SettlementRow | undefined> {
  const [row] = await ex.insert(settlements).values(values).onConflictDoNothing().returning();
  return row;
}

export async function hasPending(ex: Executor, accountId: number): Promise<boolean> {
  const [row] = await ex
    .select({ id: settlements.id })
    .from(settlements)
    .where(and(eq(settlements.accountId, accountId), eq(settlements.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

/**
 * Where the party's next period starts: the end of the last period it applied for and that still
 * stands (pending or paid). A cancelled or failed application gave its funds back, so its
 * period is open again.
 */
export async function lastCoveredEnd(ex: Executor, accountId: number): Promise<Date | null> {
  const [row] = await ex
    .select({ end: max(settlements.periodEnd) })
    .from(settlements)
    .where(and(eq(settlements.accountId, accountId), inArray(settlements.status, ['pending', 'paid'])));
  return row?.end ? new Date(row.end) : null;
}

/** The settlement, locked until the end of the transaction, so two decisions on it queue up. */
export async function lockSettlement(ex: Executor, id: number): Promise<SettlementRow | undefined> {
  const [row] = await ex.select().from(settlements).where(eq(settlements.id, id)).for('update').limit(1);
  return row;
}

/** One settlement; with `accountId`, only if it is that party's (anything else is not found). */
export async function findSettlement(ex: Executor, id: number, accountId?: number): Promise<SettlementRow | undefined> {
  const [row] = await ex
    .select()
    .from(settlements)
    .where(and(eq(settlements.id, id), accountId === undefined ? undefined : eq(settlements.accountId, accountId)))
    .limit(1);
  return row;
}

export async function markDecided(
  ex: Executor,
  id: number,
  decision: { status: Exclude<SettlementStatusValue, 'pending'>; payoutReference?: string; reason?: string; decidedBy: number | null; decidedAt: Date },
): Promise<SettlementRow> {
  const [row] = await ex
    .update(settlements)
    .set({
      status: decision.status,
      payoutReference: decision.payoutReference ?? null,
      reason: decision.reason ?? null,
      decidedBy: decision.decidedBy,
      decidedAt: decision.decidedAt,
      payoutLeaseToken: null,
      payoutLeaseUntil: null,
    })
    // Only a pending row moves: the row lock is held, this is the belt to its braces.
    .where(and(eq(settlements.id, id), eq(settlements.status, 'pending')))
    .returning();
  return row!;
}

/** The payout columns a step writes (decision 045). */
export type PayoutPatch = Partial<
  Pick<
    SettlementRow,
    | 'payoutStartedAt'
    | 'payoutKey'
    | 'payoutRequestedBy'
    | 'payoutRequest'
    | 'payoutAttempts'
    | 'payoutLeaseToken'
    | 'payoutLeaseUntil'
    | 'payoutLastError'
  >
>;

/** A payout under way: approved, not yet paid. */
const underWay = and(eq(settlements.status, 'pending'), isNotNull(settlements.payoutStartedAt));
/** Nobody holds it, and any wait after an unanswered call is over. */
const free = (now: Date) => or(isNull(settlements.payoutLeaseUntil), lt(settlements.payoutLeaseUntil, now));

/** Writes payout columns of a row the caller has locked. */
export async function updatePayout(ex: Executor, id: number, patch: PayoutPatch): Promise<SettlementRow> {
  const [row] = await ex.update(settlements).set(patch).where(eq(settlements.id, id)).returning();
  return row!;
}

/**
 * Takes a payout under way for one worker until `until`: one UPDATE, so two workers racing for
 * it get it once (PostgreSQL re-checks the row after the first commits). Null when it is not
 * under way any more, or someone holds it, or its next check is not due.
 */
export async function claimPayout(ex: Executor, id: number, token: string, now: Date, until: Date): Promise<SettlementRow | null> {
  const [row] = await ex
    .update(settlements)
    .set({ payoutLeaseToken: token, payoutLeaseUntil: until })
    .where(and(eq(settlements.id, id), underWay, free(now)))
    .returning();
  return row ?? null;
}

/** Writes only while the caller still holds the payout; null when its lease was lost to another worker. */
export async function updatePayoutHeld(ex: Executor, id: number, token: string, patch: PayoutPatch): Promise<SettlementRow | null> {
  const [row] = await ex
    .update(settlements)
    .set(patch)
    .where(and(eq(settlements.id, id), underWay, eq(settlements.payoutLeaseToken, token)))
    .returning();
  return row ?? null;
}

/**
 * Keeps the rail's reference of a payout under way. Not fenced by the lease: the reference is
 * what the rail did under the settlement's one key, the same whichever worker heard it.
 */
export async function checkpointPayout(ex: Executor, id: number, reference: string): Promise<void> {
  await ex.update(settlements).set({ payoutReference: reference }).where(and(eq(settlements.id, id), underWay));
}

/** Lets go of a payout the caller holds, for the next worker to take at once. */
export async function releasePayout(ex: Executor, id: number, token: string): Promise<void> {
  await ex
    .update(settlements)
    .set({ payoutLeaseToken: null, payoutLeaseUntil: null })
    .where(and(eq(settlements.id, id), eq(settlements.payoutLeaseToken, token)));
}

/** Payouts under way that nobody holds and that are due: what the resume job picks up. */
export async function duePayoutIds(ex: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await ex
    .select({ id: settlements.id })
    .from(settlements)
    .where(and(underWay, free(now)))
    .orderBy(sql`${settlements.payoutLeaseUntil} asc nulls first`, asc(settlements.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * The payouts' side of the leased-work capability (docs/decisions/089): a held write is fenced
 * by the token and by the payout still being under way (pending, started), so a payout booked
 * or released meanwhile takes no more writes from a worker that lost it.
 */
export const payoutLeases: LeasePort<SettlementRow, PayoutPatch> = {
  claim: claimPayout,
  writeHeld: (ex, id, token, patch, until) => updatePayoutHeld(ex, id, token, until ? { ...patch, payoutLeaseUntil: until } : patch),
  release: releasePayout,
  due: async (ex, now, limit) => (await duePayoutIds(ex, now, limit)).map((id) => ({ id })),
};

export interface SettlementFilter {
  /** One party's own applications; undefined for staff, who see every party. */
  accountId?: number | undefined;
  status?: SettlementStatusValue | undefined;
  /** Inclusive days (YYYY-MM-DD, UTC) of the application time. */
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
}

function conditionOf(filter: SettlementFilter): SQL | undefined {
  return and(
    filter.accountId === undefined ? undefined : eq(settlements.accountId, filter.accountId),
    filter.status ? eq(settlements.status, filter.status) : undefined,
    filter.from ? gte(settlements.createdAt, sql`${filter.from}::date`) : undefined,
    filter.to ? lt(settlements.createdAt, sql`${filter.to}::date + 1`) : undefined,
  );
}

/** A page of settlements, newest application first, and how many match in all. */
export async function listSettlements(ex: Executor, filter: SettlementFilter): Promise<{ rows: SettlementRow[]; total: number }> {
  const where = conditionOf(filter);
  const [rows, [counted]] = await Promise.all([
    ex
      .select()
      .from(settlements)
      .where(where)
      .orderBy(desc(settlements.createdAt), desc(settlements.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    ex.select({ n: count() }).from(settlements).where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** What each of some parties has been paid by settlements (net) and has waiting (gross), in one query. */
export async function totalsOf(ex: Executor, accountIds: number[]): Promise<Map<number, { paidCents: number; pendingCents: number }>> {
  if (accountIds.length === 0) return new Map();
  const rows = await ex
    .select({
      accountId: settlements.accountId,
      paid: sql<string>`coalesce(sum(${settlements.netCents}) filter (where ${settlements.status} = 'paid'), 0)`,
      pending: sql<string>`coalesce(sum(${settlements.grossCents}) filter (where ${settlements.status} = 'pending'), 0)`,
    })
    .from(settlements)
    .where(inArray(settlements.accountId, accountIds))
    .groupBy(settlements.accountId);
  return new Map(rows.map((row) => [row.accountId, { paidCents: Number(row.paid), pendingCents: Number(row.pending) }]));
}
