import { sql } from 'drizzle-orm';
import type { PublishTarget } from '../adapters/publishing/index.js';
import { decodeKey } from '../config.js';
import { selectRows, type Db } from '../db/client.js';
import { approvedJobRow, chunks, donePostRow, recordVideoHistory, sandboxConnectionRow, snapshotRowsOf } from '../demo/video-seed.js';
import * as accountsRepo from '../modules/account/repository.js';
import { HistoryWriter, type ScopeResolver } from '../modules/events/service.js';
import { metricsInterval } from '../modules/video/publish-repository.js';
import * as repo from '../modules/video/publish-seed-repository.js';
import type { NewJobRow, NewSnapshotRow } from '../modules/video/publish-seed-repository.js';

const DAY = 86_400_000;
/** Every fourth scale merchant, if it pays, publishes: about 20,000 of the 100,000. */
const EVERY = 4;
const PLATFORMS: PublishTarget[] = ['tiktok', 'youtube'];
/** Each merchant's four videos went out over the last 90 days, one in each quarter of it. */
const VIDEOS = 4;
const SPAN_DAYS = 90;

/** A fixed spread in [0, 1) for a pair of numbers, so a rerun seeds the same ages. */
const spread = (a: number, b: number) => ((a * 7919 + b * 104_729) % 10_007) / 10_007;

/**
 * When a job was last read, as if the collector had been running all along: somewhere within its
 * current interval, not all at the seed's moment — otherwise every video of an age comes due in
 * the same minute and the first hours after a seed measure a catch-up no real day has.
 */
function lastReadAt(postId: number, platform: PublishTarget, postedAt: Date, now: Date): Date {
  const offset = Math.floor(spread(postId, PLATFORMS.indexOf(platform) + 1) * metricsInterval(postedAt, now));
  // Never before it went out (published two minutes after it was posted).
  return new Date(Math.max(postedAt.getTime() + 2 * 60_000, now.getTime() - offset));
}

export interface ScaleVideoSummary {
  merchants: number;
  posts: number;
  jobs: number;
  snapshots: number;
  /** Events written as their history: connections made, jobs published, readings that grew. */
  events: number;
}

/**
 * seed:scale's videos: every fourth paying scale merchant has TikTok and YouTube connected
 * through the sandbox and four videos on both, one in each quarter of the last 90 days, each with
 * its statistics readings (often while young, further apart later, the last one somewhere within
 * its current interval) — over a million snapshots, the vision's statistics volume. Rows are the
 * demo seed's own (same stories, same sandbox numbers, so the collector carries on without a
 * jump), written in one transaction with the events the platform would have recorded of them
 * (demo/video-seed.ts `recordVideoHistory`), placed by `scopeOf`; skipped when any scale
 * merchant already has a post.
 */
export async function seedScaleVideo(
  db: Db,
  tokenKey: string,
  log: (message: string) => void,
  now = new Date(),
  scopeOf: ScopeResolver = accountsRepo.scopeOf,
): Promise<ScaleVideoSummary | null> {
  const [{ n: existing } = { n: 0 }] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from video_posts p join accounts a on a.id = p.merchant_id where a.email like 'scale-client-%'`,
  );
  if (existing > 0) {
    log(`Videos already seeded (${existing} scale posts).`);
    return null;
  }
  const key = decodeKey(tokenKey)!;
  const merchants = await selectRows<{ id: number; name: string; studio_id: number | null }>(
    db,
    sql`select id, company_short_name as name, studio_id from accounts
         where email like 'scale-client-%' and pay_status = 1
           and split_part(split_part(email, '-', 3), '@', 1)::int % ${EVERY} = 0
         order by id`,
  );
  const started = Date.now();
  const summary: ScaleVideoSummary = { merchants: merchants.length, posts: 0, jobs: 0, snapshots: 0, events: 0 };
  await db.transaction(async (tx) => {
    const history = new HistoryWriter(tx, scopeOf);
    for (const batch of chunks(merchants, 500)) {
      const connectionRows = [];
      for (const m of batch) {
        for (const platform of PLATFORMS) {
          connectionRows.push(await sandboxConnectionRow(key, { id: m.id, name: m.name, studioId: m.studio_id }, platform, new Date(now.getTime() - 100 * DAY), now));
        }
      }
      const connections = await repo.insertConnections(tx, connectionRows);
      const postRows = batch.flatMap((m, index) =>
        Array.from({ length: VIDEOS }, (_, n) => {
          const days = (SPAN_DAYS / VIDEOS) * (n + spread(m.id, n));
          // At least an hour old, so it was published (two minutes after) before the seed's moment.
          const at = new Date(now.getTime() - Math.max(Math.round(days * DAY), DAY / 24));
          return donePostRow({ id: m.id, studioId: m.studio_id }, PLATFORMS, at, m.id + n, (index + n) % 4 === 0);
        }),
      );
      const posts = await repo.insertPosts(tx, postRows);
      const byMerchant = new Map<number, typeof connections>();
      for (const c of connections) byMerchant.set(c.merchantId, [...(byMerchant.get(c.merchantId) ?? []), c]);
      const jobRows: NewJobRow[] = posts.flatMap((post) =>
        (byMerchant.get(post.merchantId) ?? []).map((c) =>
          approvedJobRow({ ...post, scheduledAt: post.scheduledAt! }, c, lastReadAt(post.id, c.platform, post.scheduledAt!, now)),
        ),
      );
      const snapshots: NewSnapshotRow[] = [];
      const jobs: Awaited<ReturnType<typeof repo.insertJobs>> = [];
      for (const rows of chunks(jobRows, 1000)) {
        const inserted = await repo.insertJobs(tx, rows);
        jobs.push(...inserted);
        for (const job of inserted) snapshots.push(...snapshotRowsOf(job, job.lastMetricsAt!));
      }
      for (const rows of chunks(snapshots, 4000)) await repo.insertSnapshots(tx, rows);
      summary.events = await recordVideoHistory(history, { connectionRows, connections, postRows, posts, jobRows, jobs, snapshotRows: snapshots });
      summary.posts += posts.length;
      summary.jobs += jobRows.length;
      summary.snapshots += snapshots.length;
      if (summary.posts % 15_000 === 0) log(`Videos: ${summary.posts} posts, ${summary.snapshots} snapshots (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  });
  await db.execute(sql`vacuum analyze platform_connections, video_posts, video_publish_jobs, video_metric_snapshots`);
  log(`Videos seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(summary)}`);
  return summary;
}
