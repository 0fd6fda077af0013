import type { Executor } from '../../db/client.js';
import * as repo from './repository.js';

/**
 * The attribution module's exported reads, for modules that show a post's or a merchant's way
 * back (insights, reports) without naming its tables (docs/decisions/012, 083).
 */

export interface LinkTotals {
  /** Counted visits of the post's short link: people, not bots, a visitor at most once per 30 minutes. */
  visits: number;
  /** Customers recorded as redeemed at the counter through the post's link or coupon. */
  redemptions: number;
}

/** Each post's link totals; a post without a short link is absent from the map. */
export async function linkTotalsByPost(db: Executor, postIds: readonly number[]): Promise<Map<number, LinkTotals>> {
  const rows = await repo.totalsByPost(db, postIds);
  return new Map(rows.map((row) => [row.postId, { visits: row.visits, redemptions: row.redemptions }]));
}

/**
 * A merchant's visits and redemptions over all its links from `from` (inclusive) to `to`
 * (exclusive). Visits are kept per UTC day, so the period is read in whole UTC days.
 */
export function linkTotalsByMerchant(db: Executor, merchantId: number, from: Date, to: Date): Promise<LinkTotals> {
  return repo.totalsByMerchant(db, merchantId, from, to);
}

/**
 * Each post's link counts over a period (visits on its UTC days, redemptions recorded in it),
 * as `linkTotalsByPost` counts a post: by its link. A post without a short link is absent.
 */
export async function linkPeriodTotalsByPost(db: Executor, postIds: readonly number[], from: Date, to: Date): Promise<Map<number, LinkTotals>> {
  const rows = await repo.periodTotalsByPost(db, postIds, from, to);
  return new Map(rows.map((row) => [row.postId, { visits: row.visits, redemptions: row.redemptions }]));
}

/** A merchant's posts that brought the most link visits over a period, most first (none without visits). */
export function postsByLinkVisits(db: Executor, merchantId: number, from: Date, to: Date, limit: number): Promise<({ postId: number } & LinkTotals)[]> {
  return repo.topPostsByVisits(db, merchantId, from, to, limit);
}
