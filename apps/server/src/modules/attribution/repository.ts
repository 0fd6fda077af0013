import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Caller } from '../../access/caller.js';
import { visibleMerchantIds } from '../../access/scope.js';
import { selectRows, type Executor } from '../../db/client.js';
import {
  attributionLinks,
  attributionPosts,
  attributionRedemptions,
  attributionSalts,
  attributionVisitDays,
  attributionVisitors,
  type AttributionLinkRow,
  type AttributionRedemptionRow,
} from '../../db/schema/attribution.js';

export type { AttributionLinkRow, AttributionRedemptionRow };

/** The SQL of short links: links, the posts they belong to, counted visits and redemptions. */

/** The render's link, made once: a second ask (a retried render) gets the first one's row. */
export async function linkForRender(
  ex: Executor,
  link: { code: string; merchantId: number; renderId: number; targetUrl: string; couponCode: string | null; expiresAt: Date },
): Promise<AttributionLinkRow | undefined> {
  await ex.insert(attributionLinks).values(link).onConflictDoNothing();
  const [row] = await ex.select().from(attributionLinks).where(eq(attributionLinks.renderId, link.renderId)).limit(1);
  // None: the code was another link's (the insert did nothing); the caller draws another.
  return row;
}

/** The link row, locked until the transaction ends: redemptions of one link are recorded one at a time. */
export async function lockLink(ex: Executor, code: string): Promise<AttributionLinkRow | undefined> {
  const [row] = await ex.select().from(attributionLinks).where(eq(attributionLinks.code, code)).for('update').limit(1);
  return row;
}

/** A link of its own for a post no render made (an uploaded video); false when the code was taken. */
export async function insertLink(
  ex: Executor,
  link: { code: string; merchantId: number; targetUrl: string; couponCode: string | null; expiresAt: Date },
): Promise<boolean> {
  const rows = await ex.insert(attributionLinks).values(link).onConflictDoNothing().returning({ code: attributionLinks.code });
  return rows.length > 0;
}

export async function findLink(ex: Executor, code: string): Promise<AttributionLinkRow | undefined> {
  const [row] = await ex.select().from(attributionLinks).where(eq(attributionLinks.code, code)).limit(1);
  return row;
}

export async function linkOfRender(ex: Executor, renderId: number): Promise<AttributionLinkRow | undefined> {
  const [row] = await ex.select().from(attributionLinks).where(eq(attributionLinks.renderId, renderId)).limit(1);
  return row;
}

/** The link a post belongs to, with the post's id. */
export async function linkOfPost(ex: Executor, postId: number): Promise<AttributionLinkRow | undefined> {
  const [row] = await ex
    .select({ link: attributionLinks })
    .from(attributionPosts)
    .innerJoin(attributionLinks, eq(attributionLinks.code, attributionPosts.code))
    .where(eq(attributionPosts.postId, postId))
    .limit(1);
  return row?.link;
}

/** A post made from a link's render; a post heard of twice stays with its first link. */
export async function attachPost(ex: Executor, postId: number, code: string, merchantId: number): Promise<boolean> {
  const rows = await ex.insert(attributionPosts).values({ postId, code, merchantId }).onConflictDoNothing().returning({ postId: attributionPosts.postId });
  return rows.length > 0;
}

/** The newest post of a link (redemptions typed by code are put on it). */
export async function newestPostOf(ex: Executor, code: string): Promise<number | null> {
  const [row] = await ex.select({ postId: attributionPosts.postId }).from(attributionPosts).where(eq(attributionPosts.code, code)).orderBy(desc(attributionPosts.attachedAt)).limit(1);
  return row?.postId ?? null;
}

/** The merchant's newest link naming this coupon (any case), for a redemption typed as the coupon. */
export async function newestLinkWithCoupon(ex: Executor, merchantId: number, coupon: string): Promise<AttributionLinkRow | undefined> {
  const [row] = await ex
    .select()
    .from(attributionLinks)
    .where(and(eq(attributionLinks.merchantId, merchantId), sql`lower(${attributionLinks.couponCode}) = lower(${coupon})`))
    .orderBy(desc(attributionLinks.createdAt))
    .limit(1);
  return row;
}

/** Whether the caller's scope holds this merchant. */
export async function merchantVisible(ex: Executor, caller: Caller, merchantId: number): Promise<boolean> {
  const [row] = await selectRows<{ ok: number }>(ex, sql`select 1 as ok where ${merchantId}::integer in ${visibleMerchantIds(caller)}`);
  return row !== undefined;
}

// ---- visits -----------------------------------------------------------------------------------

/** The day's salt, made by whoever asks first (two first askers agree on the one stored). */
export async function saltOf(ex: Executor, day: string, fresh: string): Promise<string> {
  await ex.insert(attributionSalts).values({ day, salt: fresh }).onConflictDoNothing();
  const [row] = await ex.select({ salt: attributionSalts.salt }).from(attributionSalts).where(eq(attributionSalts.day, day)).limit(1);
  return row!.salt;
}

export async function dropSaltsBefore(ex: Executor, day: string): Promise<number> {
  const dropped = await ex.delete(attributionSalts).where(lt(attributionSalts.day, day)).returning({ day: attributionSalts.day });
  return dropped.length;
}



/**
 * Counts a visit unless the same visitor counted within the window: the visitor's row is made,
 * or moved on when its last count is older than `since`. True when the visit counted, and then
 * the link's and the day's counters move in the same statement's transaction.
 */
export async function countVisit(ex: Executor, visit: { code: string; merchantId: number; day: string; visitor: string; origin: string; at: Date; since: Date }): Promise<boolean> {
  const rows = await ex
    .insert(attributionVisitors)
    .values({ code: visit.code, day: visit.day, visitor: visit.visitor, origin: visit.origin, lastCountedAt: visit.at })
    .onConflictDoUpdate({
      target: [attributionVisitors.code, attributionVisitors.day, attributionVisitors.visitor],
      set: { lastCountedAt: visit.at },
      setWhere: lt(attributionVisitors.lastCountedAt, visit.since),
    })
    .returning({ code: attributionVisitors.code });
  if (rows.length === 0) return false;
  await ex.update(attributionLinks).set({ visits: sql`${attributionLinks.visits} + 1` }).where(eq(attributionLinks.code, visit.code));
  await ex
    .insert(attributionVisitDays)
    .values({ code: visit.code, day: visit.day, merchantId: visit.merchantId, visits: 1 })
    .onConflictDoUpdate({ target: [attributionVisitDays.code, attributionVisitDays.day], set: { visits: sql`${attributionVisitDays.visits} + 1` } });
  return true;
}

/** The visitors already counted that day on these links from these addresses (a few per address at most). */
export async function visitorsOfOrigins(ex: Executor, day: string, codes: readonly string[], origins: readonly string[]): Promise<{ code: string; origin: string; visitor: string }[]> {
  if (codes.length === 0 || origins.length === 0) return [];
  return ex
    .select({ code: attributionVisitors.code, origin: attributionVisitors.origin, visitor: attributionVisitors.visitor })
    .from(attributionVisitors)
    .where(and(eq(attributionVisitors.day, day), inArray(attributionVisitors.code, [...codes]), inArray(attributionVisitors.origin, [...origins])));
}

/**
 * Counts a batch of one day's visits in a few statements: each visitor's row is made, or moved
 * on when it last counted more than `windowMinutes` before this visit; the links' and the day's
 * counters move by what counted. The batch holds each (code, visitor) once. Answers how many counted.
 */
export async function countVisits(
  ex: Executor,
  day: string,
  visits: readonly { code: string; merchantId: number; visitor: string; origin: string; at: Date }[],
  windowMinutes: number,
): Promise<number> {
  if (visits.length === 0) return 0;
  const counted = await ex
    .insert(attributionVisitors)
    .values(visits.map((visit) => ({ code: visit.code, day, visitor: visit.visitor, origin: visit.origin, lastCountedAt: visit.at })))
    .onConflictDoUpdate({
      target: [attributionVisitors.code, attributionVisitors.day, attributionVisitors.visitor],
      set: { lastCountedAt: sql`excluded.last_counted_at` },
      setWhere: sql`${attributionVisitors.lastCountedAt} < excluded.last_counted_at - make_interval(mins => ${windowMinutes})`,
    })
    .returning({ code: attributionVisitors.code });
  const perCode = new Map<string, number>();
  for (const row of counted) perCode.set(row.code, (perCode.get(row.code) ?? 0) + 1);
  const merchantOf = new Map(visits.map((visit) => [visit.code, visit.merchantId]));
  for (const [code, n] of perCode) {
    await ex.update(attributionLinks).set({ visits: sql`${attributionLinks.visits} + ${n}` }).where(eq(attributionLinks.code, code));
    await ex
      .insert(attributionVisitDays)
      .values({ code, day, merchantId: merchantOf.get(code)!, visits: n })
      .onConflictDoUpdate({ target: [attributionVisitDays.code, attributionVisitDays.day], set: { visits: sql`${attributionVisitDays.visits} + ${n}` } });
  }
  return counted.length;
}

// ---- redemptions ------------------------------------------------------------------------------

/** The caller's latest redemption on a link, to tell a double tap from a second customer. */
export async function lastRedemptionBy(ex: Executor, code: string, recordedById: number): Promise<AttributionRedemptionRow | undefined> {
  const [row] = await ex
    .select()
    .from(attributionRedemptions)
    .where(and(eq(attributionRedemptions.code, code), eq(attributionRedemptions.recordedById, recordedById)))
    .orderBy(desc(attributionRedemptions.createdAt))
    .limit(1);
  return row;
}

export async function insertRedemption(
  ex: Executor,
  redemption: { code: string; postId: number | null; merchantId: number; couponCode: string | null; recordedById: number; createdAt: Date },
): Promise<AttributionRedemptionRow> {
  const [row] = await ex.insert(attributionRedemptions).values(redemption).returning();
  await ex.update(attributionLinks).set({ redemptions: sql`${attributionLinks.redemptions} + 1` }).where(eq(attributionLinks.code, redemption.code));
  return row!;
}

/** Redemptions of merchants in the caller's scope, newest first, a page at a time. */
export async function listRedemptions(
  ex: Executor,
  caller: Caller,
  filter: { merchantId?: number; postId?: number; page: number; pageSize: number },
): Promise<{ rows: AttributionRedemptionRow[]; total: number }> {
  const where = and(
    sql`${attributionRedemptions.merchantId} in ${visibleMerchantIds(caller)}`,
    filter.merchantId !== undefined ? eq(attributionRedemptions.merchantId, filter.merchantId) : undefined,
    filter.postId !== undefined ? eq(attributionRedemptions.postId, filter.postId) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    ex
      .select()
      .from(attributionRedemptions)
      .where(where)
      .orderBy(desc(attributionRedemptions.createdAt), desc(attributionRedemptions.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    ex.select({ n: sql<number>`count(*)::int` }).from(attributionRedemptions).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

// ---- totals (reads.ts) ------------------------------------------------------------------------

export async function totalsByPost(ex: Executor, postIds: readonly number[]): Promise<{ postId: number; visits: number; redemptions: number }[]> {
  if (postIds.length === 0) return [];
  return ex
    .select({ postId: attributionPosts.postId, visits: attributionLinks.visits, redemptions: attributionLinks.redemptions })
    .from(attributionPosts)
    .innerJoin(attributionLinks, eq(attributionLinks.code, attributionPosts.code))
    .where(inArray(attributionPosts.postId, [...postIds]));
}

/** A merchant's counted visits and redemptions from `from` (inclusive) to `to` (exclusive). */
export async function totalsByMerchant(ex: Executor, merchantId: number, from: Date, to: Date): Promise<{ visits: number; redemptions: number }> {
  const day = (at: Date) => at.toISOString().slice(0, 10);
  const [[visits], [redemptions]] = await Promise.all([
    ex
      .select({ n: sql<number>`coalesce(sum(${attributionVisitDays.visits}), 0)::int` })
      .from(attributionVisitDays)
      .where(and(eq(attributionVisitDays.merchantId, merchantId), gte(attributionVisitDays.day, day(from)), lt(attributionVisitDays.day, day(to)))),
    ex
      .select({ n: sql<number>`count(*)::int` })
      .from(attributionRedemptions)
      .where(and(eq(attributionRedemptions.merchantId, merchantId), gte(attributionRedemptions.createdAt, from), lt(attributionRedemptions.createdAt, to))),
  ]);
  return { visits: Number(visits?.n ?? 0), redemptions: Number(redemptions?.n ?? 0) };
}

/** The visits (UTC days in `[from, to)`) and redemptions (recorded in it) of each link of a merchant's posts. */
function periodTotals(from: Date, to: Date) {
  const day = (at: Date) => at.toISOString().slice(0, 10);
  return sql`
    v as (select code, sum(visits)::int as visits from ${attributionVisitDays}
           where day >= ${day(from)} and day < ${day(to)} group by code),
    r as (select code, count(*)::int as redemptions from ${attributionRedemptions}
           where created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz group by code)`;
}

/** Each post's link counts over a period: a post is counted as its link is, like `totalsByPost`. */
export async function periodTotalsByPost(ex: Executor, postIds: readonly number[], from: Date, to: Date): Promise<{ postId: number; visits: number; redemptions: number }[]> {
  if (postIds.length === 0) return [];
  const ids = sql.raw(`'{${[...new Set(postIds)].map(Number).join(',')}}'::int[]`);
  const rows = await selectRows<{ post_id: number; visits: number | null; redemptions: number | null }>(
    ex,
    sql`with ${periodTotals(from, to)}
        select p.post_id, v.visits, r.redemptions from ${attributionPosts} p
          left join v on v.code = p.code left join r on r.code = p.code
         where p.post_id = any(${ids})`,
  );
  return rows.map((row) => ({ postId: Number(row.post_id), visits: Number(row.visits ?? 0), redemptions: Number(row.redemptions ?? 0) }));
}

/** A merchant's posts whose links were visited most over a period, most first. */
export async function topPostsByVisits(ex: Executor, merchantId: number, from: Date, to: Date, limit: number): Promise<{ postId: number; visits: number; redemptions: number }[]> {
  const rows = await selectRows<{ post_id: number; visits: number; redemptions: number | null }>(
    ex,
    sql`with ${periodTotals(from, to)}
        select p.post_id, v.visits, r.redemptions from ${attributionPosts} p
          join v on v.code = p.code left join r on r.code = p.code
         where p.merchant_id = ${merchantId} and v.visits > 0
         order by v.visits desc, coalesce(r.redemptions, 0) desc, p.post_id desc
         limit ${limit}`,
  );
  return rows.map((row) => ({ postId: Number(row.post_id), visits: Number(row.visits), redemptions: Number(row.redemptions ?? 0) }));
}
