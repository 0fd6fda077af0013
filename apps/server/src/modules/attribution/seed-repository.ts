import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { attributionLinks, attributionPosts, attributionRedemptions, attributionVisitDays } from '../../db/schema/attribution.js';

/**
 * History a seed writes into the attribution tables (the demo's videos, which no render made):
 * a short link per post with its counted visits per day and its redemptions, in a few
 * multi-row statements. The counters on each link are the sums of what is written beside it, as
 * counting would have left them.
 */
export interface SeededLink {
  code: string;
  merchantId: number;
  postId: number;
  targetUrl: string;
  couponCode: string | null;
  createdAt: Date;
  expiresAt: Date;
  days: { day: string; visits: number }[];
  redemptions: Date[];
}

const CHUNK = 500;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** Writes the links, their posts, visit days and redemptions; a post that has a link already is left alone. */
export async function seedPostLinks(ex: Executor, links: readonly SeededLink[]): Promise<{ links: number; visits: number; redemptions: number }> {
  const postIds = links.map((link) => link.postId);
  const taken = new Set<number>();
  for (const part of chunks(postIds)) {
    const rows = await ex
      .select({ postId: attributionPosts.postId })
      .from(attributionPosts)
      .where(sql`${attributionPosts.postId} = any(${sql.raw(`'{${part.map(Number).join(',')}}'::int[]`)})`);
    for (const row of rows) taken.add(row.postId);
  }
  const fresh = links.filter((link) => !taken.has(link.postId));
  let visits = 0;
  let redemptions = 0;
  for (const part of chunks(fresh)) {
    await ex.insert(attributionLinks).values(
      part.map((link) => ({
        code: link.code,
        merchantId: link.merchantId,
        targetUrl: link.targetUrl,
        couponCode: link.couponCode,
        visits: link.days.reduce((sum, day) => sum + day.visits, 0),
        redemptions: link.redemptions.length,
        createdAt: link.createdAt,
        expiresAt: link.expiresAt,
      })),
    );
    await ex.insert(attributionPosts).values(part.map((link) => ({ postId: link.postId, code: link.code, merchantId: link.merchantId, attachedAt: link.createdAt })));
    const dayRows = part.flatMap((link) => link.days.map((day) => ({ code: link.code, day: day.day, merchantId: link.merchantId, visits: day.visits })));
    for (const rows of chunks(dayRows)) await ex.insert(attributionVisitDays).values(rows);
    const redemptionRows = part.flatMap((link) =>
      link.redemptions.map((at) => ({ code: link.code, postId: link.postId, merchantId: link.merchantId, couponCode: link.couponCode, recordedById: null, createdAt: at })),
    );
    for (const rows of chunks(redemptionRows)) await ex.insert(attributionRedemptions).values(rows);
    visits += dayRows.reduce((sum, row) => sum + row.visits, 0);
    redemptions += redemptionRows.length;
  }
  return { links: fresh.length, visits, redemptions };
}
