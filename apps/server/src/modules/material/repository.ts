import { ACCOUNT_TYPE, type FootageOrigin, type FootageStatus, type FootageType, type FootageUsage } from '@nearcast/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../access/caller.js';
import { merchantDirectory, visibleAccountIds, visibleMerchantIds } from '../../access/scope.js';
import { selectRows, type Executor } from '../../db/client.js';
import { escapeLike } from '../../db/like.js';
import { partyNameOf } from '../../db/party-name.js';
import { footage } from '../../db/schema/material.js';

/** The SQL of the material center (processing a material and its decode check: processing-repository.ts). */

export type FootageRow = typeof footage.$inferSelect;
export type NewFootageRow = typeof footage.$inferInsert;
export type FootageView = FootageRow & { merchantName: string; usageByName: string | null };

/** Quota checks of one merchant queue behind each other (the sum they read must not go stale). */
const QUOTA_LOCK_SPACE = 27_001;

const merchantName = sql<string>`${partyNameOf(footage.merchantId)}`;
const markerName = partyNameOf(footage.usageById);

/**
 * Which materials a caller sees (decision 006: anything else is not found): a merchant its
 * own, in every status; the studio and the operator of a merchant only its active ones (an
 * inactive one is hidden from them by definition); super everything. Other roles nothing.
 */
export function visibleFootage(caller: Pick<Caller, 'id' | 'role' | 'agentType'>): SQL {
  switch (caller.role) {
    case 'super':
      return sql`true`;
    case 'client':
      return eq(footage.merchantId, caller.id);
    case 'studio':
    case 'operator':
      return and(
        eq(footage.status, 'active'),
        sql`${footage.merchantId} in ${visibleMerchantIds(caller)}`,
      )!;
    default:
      return sql`false`;
  }
}

function viewQuery(ex: Executor) {
  return ex
    .select({ row: footage, merchantName, usageByName: markerName })
    .from(footage);
}

const toView = (r: { row: FootageRow; merchantName: string; usageByName: string | null }): FootageView => ({
  ...r.row,
  merchantName: r.merchantName,
  usageByName: r.usageByName,
});

export async function findVisible(ex: Executor, caller: Caller, id: number): Promise<FootageView | undefined> {
  const [row] = await viewQuery(ex).where(and(eq(footage.id, id), visibleFootage(caller)));
  return row ? toView(row) : undefined;
}

export async function findView(ex: Executor, id: number): Promise<FootageView | undefined> {
  const [row] = await viewQuery(ex).where(eq(footage.id, id));
  return row ? toView(row) : undefined;
}

export interface ListFilter {
  keyword?: string | undefined;
  type?: FootageType | undefined;
  status?: FootageStatus | undefined;
  usage?: FootageUsage | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  merchantId?: number | undefined;
  tag?: string | undefined;
  sort: 'newest' | 'oldest' | 'largest' | 'name';
  /** Left out: both kinds (the quota and the dashboard count everything stored). */
  origin?: FootageOrigin | undefined;
}

/** A video the studio made (a render's output) is its own kind, never one of the merchant's uploads. */
export function originIs(origin: FootageOrigin): SQL {
  return origin === 'studio' ? isNotNull(footage.renderId) : isNull(footage.renderId);
}

function listWhere(caller: Caller, filter: Omit<ListFilter, 'sort'>): SQL {
  const conditions: (SQL | undefined)[] = [visibleFootage(caller)];
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword)}%`;
    conditions.push(or(ilike(footage.name, pattern), ilike(footage.note, pattern), sql`${filter.keyword} = any(${footage.tags})`));
  }
  if (filter.type) conditions.push(eq(footage.type, filter.type));
  if (filter.status) conditions.push(eq(footage.status, filter.status));
  if (filter.usage) conditions.push(eq(footage.usage, filter.usage));
  if (filter.merchantId) conditions.push(eq(footage.merchantId, filter.merchantId));
  if (filter.tag) conditions.push(sql`${filter.tag} = any(${footage.tags})`);
  if (filter.origin) conditions.push(originIs(filter.origin));
  if (filter.dateFrom) conditions.push(gte(footage.createdAt, sql`${filter.dateFrom}::date`));
  if (filter.dateTo) conditions.push(lt(footage.createdAt, sql`${filter.dateTo}::date + 1`));
  return and(...conditions)!;
}

export async function list(ex: Executor, caller: Caller, filter: ListFilter, page: number, pageSize: number) {
  const where = listWhere(caller, filter);
  const order = {
    newest: [desc(footage.createdAt), desc(footage.id)],
    oldest: [asc(footage.createdAt), asc(footage.id)],
    largest: [desc(footage.size), desc(footage.id)],
    name: [asc(footage.name), asc(footage.id)],
  }[filter.sort];
  const [rows, [total]] = await Promise.all([
    viewQuery(ex)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(footage).where(where),
  ]);
  return { rows: rows.map(toView), total: total?.n ?? 0 };
}

export async function countVisible(ex: Executor, caller: Caller, merchantId: number | undefined) {
  const where = and(visibleFootage(caller), merchantId ? eq(footage.merchantId, merchantId) : undefined);
  const studio = sql<boolean>`${footage.renderId} is not null`;
  return ex
    .select({ type: footage.type, status: footage.status, studio, n: count() })
    .from(footage)
    .where(where)
    .groupBy(footage.type, footage.status, studio);
}

/**
 * The materials a caller's dashboard counts: those of the merchants it answers for. Staff count
 * every material, as super's material center does; an agent, who does no material work (spec
 * §2) and so sees none, counts its network's merchants' materials as their studios see them
 * (active ones); everyone else counts what it sees.
 */
function dashboardFootage(caller: Pick<Caller, 'id' | 'role' | 'agentType'>): SQL {
  switch (caller.role) {
    case 'admin':
      return sql`true`;
    case 'partner':
      return and(eq(footage.status, 'active'), sql`${footage.merchantId} in ${visibleAccountIds(caller, [ACCOUNT_TYPE.client])}`)!;
    default:
      return visibleFootage(caller);
  }
}

export async function countForDashboard(ex: Executor, caller: Caller): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(footage).where(dashboardFootage(caller));
  return row?.n ?? 0;
}

/** Holds the merchant's quota lock until the transaction ends. */
export async function lockQuota(ex: Executor, merchantId: number): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_SPACE}::int, ${merchantId}::int)`);
}

/** What a merchant's materials take in storage (all but `exceptId`, when given). */
export async function storedBytes(ex: Executor, merchantId: number, exceptId?: number): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`coalesce(sum(${footage.storedBytes}), 0)`.mapWith(Number) })
    .from(footage)
    .where(and(eq(footage.merchantId, merchantId), exceptId === undefined ? undefined : ne(footage.id, exceptId)));
  return row?.n ?? 0;
}

/** Is this id a client account in the caller's scope (for super's and the studio's merchant filter)? */
export async function merchantVisible(ex: Executor, caller: Caller, merchantId: number): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(ex, sql`select m.id from ${merchantDirectory(caller)} m where m.id = ${merchantId}`);
  return rows.length > 0;
}

export async function insert(ex: Executor, values: NewFootageRow): Promise<FootageRow> {
  const [row] = await ex.insert(footage).values(values).returning();
  return row!;
}

export async function findByTusId(ex: Executor, tusId: string): Promise<FootageRow | undefined> {
  const [row] = await ex.select().from(footage).where(eq(footage.tusId, tusId));
  return row;
}

export async function findByUploadId(ex: Executor, uploadId: number): Promise<FootageRow | undefined> {
  const [row] = await ex.select().from(footage).where(eq(footage.uploadId, uploadId));
  return row;
}

export async function updateDetails(ex: Executor, id: number, values: Partial<Pick<FootageRow, 'name' | 'tags' | 'note'>>): Promise<void> {
  await ex
    .update(footage)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(footage.id, id));
}

/** Active ↔ inactive; a row still processing or failed is left alone (answers false). */
export async function setActive(ex: Executor, id: number, active: boolean): Promise<boolean> {
  const rows = await ex
    .update(footage)
    .set({ status: active ? 'active' : 'inactive', updatedAt: sql`now()` })
    .where(and(eq(footage.id, id), inArray(footage.status, ['active', 'inactive'])))
    .returning({ id: footage.id });
  return rows.length > 0;
}

export async function mark(
  ex: Executor,
  id: number,
  values: { usage: FootageUsage; reason: string; videoIds: number[]; byId: number },
): Promise<boolean> {
  const rows = await ex
    .update(footage)
    .set({
      usage: values.usage,
      usageReason: values.reason,
      usageVideoIds: values.videoIds,
      usageById: values.byId,
      usageAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(footage.id, id), eq(footage.status, 'active')))
    .returning({ id: footage.id });
  return rows.length > 0;
}

/**
 * A merchant's active materials among `ids` (the production line's inputs), in no particular
 * order; never a video the studio made (a video of a video, captions burned in twice).
 */
export async function activeOf(ex: Executor, merchantId: number, ids: readonly number[]): Promise<FootageRow[]> {
  if (ids.length === 0) return [];
  return ex
    .select()
    .from(footage)
    // One not yet decoded whole (active before that check existed) waits for its check.
    .where(and(eq(footage.merchantId, merchantId), eq(footage.status, 'active'), eq(footage.decodeCheckDue, false), isNull(footage.renderId), inArray(footage.id, [...ids])));
}

/**
 * A merchant's active materials of some types for the production line to choose from: what
 * no video was made from yet first, then the newest; never its own renders (a video of a video).
 */
export async function library(ex: Executor, merchantId: number, types: readonly FootageType[], limit: number): Promise<FootageRow[]> {
  return ex
    .select()
    .from(footage)
    // A material the studio marked unusable (usage failed, with its reason) is never chosen for it.
    .where(
      and(
        eq(footage.merchantId, merchantId),
        eq(footage.status, 'active'),
        ne(footage.usage, 'failed'),
        // Never what may not decode: a material active before uploads were decoded whole waits for its check.
        eq(footage.decodeCheckDue, false),
        inArray(footage.type, [...types]),
        isNull(footage.renderId),
      ),
    )
    .orderBy(sql`${footage.usage} = 'completed'`, desc(footage.createdAt), desc(footage.id))
    .limit(limit);
}

export async function findByRenderId(ex: Executor, renderId: number): Promise<FootageRow | undefined> {
  const [row] = await ex.select().from(footage).where(eq(footage.renderId, renderId));
  return row;
}

/**
 * Marks materials used by a video the production line made (and, once it is a post, by that
 * post): usage completed, the post added to their videos. Active ones only, as a mark by hand.
 */
export async function markUsed(ex: Executor, merchantId: number, ids: readonly number[], postId: number | null): Promise<void> {
  if (ids.length === 0) return;
  await ex
    .update(footage)
    .set({
      usage: 'completed',
      usageReason: '',
      usageVideoIds: postId === null ? footage.usageVideoIds : sql`array_append(array_remove(${footage.usageVideoIds}, ${postId}::integer), ${postId}::integer)`,
      usageAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(footage.merchantId, merchantId), eq(footage.status, 'active'), inArray(footage.id, [...ids])));
}

export async function remove(ex: Executor, id: number): Promise<FootageRow | undefined> {
  const [row] = await ex.delete(footage).where(eq(footage.id, id)).returning();
  return row;
}
