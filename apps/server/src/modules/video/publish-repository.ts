import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { platformConnections, videoMetricSnapshots, videoPosts, videoPublishJobs, type VideoPublishJobRow } from '../../db/schema/video.js';
import type { VideoMetrics } from '../../adapters/publishing/publisher.js';
import type { LeasePort } from '../../jobs/leased-work.js';

export type PublishJobRow = VideoPublishJobRow;
export type PublishJobState = PublishJobRow['state'];
export type PublishJobPatch = Partial<Omit<typeof videoPublishJobs.$inferInsert, 'id' | 'postId' | 'merchantId'>>;

/** States the engine still acts on; approved and failed are final. */
export const MOVING_STATES = ['queued', 'uploading', 'unknown', 'reviewing', 'published'] as const satisfies readonly PublishJobState[];

/**
 * A post the platform only allowed privately (an unaudited TikTok app) stays `published` for
 * good: it will never become public, so nobody polls it and its post counts as settled.
 */
const notSettled = sql`not (${videoPublishJobs.state} = 'published' and ${videoPublishJobs.privateOnly})`;

export async function findJob(ex: Executor, id: number): Promise<PublishJobRow | null> {
  const [row] = await ex.select().from(videoPublishJobs).where(eq(videoPublishJobs.id, id));
  return row ?? null;
}

export async function jobsOfPost(ex: Executor, postId: number): Promise<PublishJobRow[]> {
  return ex.select().from(videoPublishJobs).where(eq(videoPublishJobs.postId, postId)).orderBy(asc(videoPublishJobs.id));
}

export async function findPost(ex: Executor, id: number) {
  const [row] = await ex.select().from(videoPosts).where(eq(videoPosts.id, id));
  return row ?? null;
}

/** The merchant's connections among `ids` (someone else's id is simply not found). */
export async function connectionsOf(ex: Executor, merchantId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return ex
    .select({ id: platformConnections.id, platform: platformConnections.platform, sandbox: platformConnections.sandbox })
    .from(platformConnections)
    .where(and(eq(platformConnections.merchantId, merchantId), inArray(platformConnections.id, [...ids])));
}

export async function connectionKind(ex: Executor, id: number) {
  const [row] = await ex
    .select({ platform: platformConnections.platform, sandbox: platformConnections.sandbox })
    .from(platformConnections)
    .where(eq(platformConnections.id, id));
  return row ?? null;
}

export async function insertJobs(ex: Executor, rows: (typeof videoPublishJobs.$inferInsert)[]): Promise<PublishJobRow[]> {
  if (rows.length === 0) return [];
  // A post released twice (a retried request) keeps the jobs it has.
  return ex.insert(videoPublishJobs).values(rows).onConflictDoNothing().returning();
}

/**
 * Claims a job for one step: only when it is still moving, due, and nobody else holds it. Two
 * workers racing for the same row both run this update; PostgreSQL makes the second wait for the
 * first and re-check the lease, so exactly one gets the row back.
 */
export async function claim(ex: Executor, id: number, token: string, now: Date, until: Date): Promise<PublishJobRow | null> {
  const [row] = await ex
    .update(videoPublishJobs)
    .set({ leaseToken: token, leaseUntil: until })
    .where(
      and(
        eq(videoPublishJobs.id, id),
        inArray(videoPublishJobs.state, [...MOVING_STATES]),
        notSettled,
        or(isNull(videoPublishJobs.runAfter), lte(videoPublishJobs.runAfter, now)),
        or(isNull(videoPublishJobs.leaseUntil), lt(videoPublishJobs.leaseUntil, now)),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The publish jobs' side of the leased-work capability (docs/decisions/089). A held write is
 * fenced by the token and by the job still moving: a job that went final (failed, approved)
 * under another hand takes no more writes from this one.
 */
export const publishLeases: LeasePort<PublishJobRow, PublishJobPatch> = {
  claim,
  async writeHeld(ex, id, token, patch, until) {
    const [row] = await ex
      .update(videoPublishJobs)
      .set({ ...patch, ...(until ? { leaseUntil: until } : {}), updatedAt: new Date() })
      .where(and(eq(videoPublishJobs.id, id), eq(videoPublishJobs.leaseToken, token), inArray(videoPublishJobs.state, [...MOVING_STATES])))
      .returning();
    return row ?? null;
  },
  async release(ex, id, token) {
    await ex
      .update(videoPublishJobs)
      .set({ leaseToken: null, leaseUntil: null })
      .where(and(eq(videoPublishJobs.id, id), eq(videoPublishJobs.leaseToken, token)));
  },
  async due(ex, now, limit) {
    return (await dueJobIds(ex, now, limit)).map((id) => ({ id }));
  },
};

export async function updateJob(ex: Executor, id: number, patch: PublishJobPatch): Promise<PublishJobRow | null> {
  const [row] = await ex.update(videoPublishJobs).set({ ...patch, updatedAt: new Date() }).where(eq(videoPublishJobs.id, id)).returning();
  return row ?? null;
}

/** Jobs the engine should act on now: moving, due, not held. */
export async function dueJobIds(ex: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await ex
    .select({ id: videoPublishJobs.id })
    .from(videoPublishJobs)
    .where(
      and(
        inArray(videoPublishJobs.state, [...MOVING_STATES]),
        notSettled,
        or(isNull(videoPublishJobs.runAfter), lte(videoPublishJobs.runAfter, now)),
        or(isNull(videoPublishJobs.leaseUntil), lt(videoPublishJobs.leaseUntil, now)),
      ),
    )
    .orderBy(asc(videoPublishJobs.runAfter), asc(videoPublishJobs.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Posts an account started in [from, to): what a daily limit counts. */
export async function countStarted(ex: Executor, connectionId: number, from: Date, to: Date): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(videoPublishJobs)
    .where(and(eq(videoPublishJobs.connectionId, connectionId), gte(videoPublishJobs.startedAt, from), lt(videoPublishJobs.startedAt, to)));
  return row?.n ?? 0;
}

/** When every job of a post is final, the post is done. */
export async function finishPostIfSettled(ex: Executor, postId: number): Promise<void> {
  await ex
    .update(videoPosts)
    .set({ status: 'done', updatedAt: new Date() })
    .where(
      and(
        eq(videoPosts.id, postId),
        eq(videoPosts.status, 'publishing'),
        sql`not exists (select 1 from ${videoPublishJobs} where ${videoPublishJobs.postId} = ${postId} and ${videoPublishJobs.state} not in ('approved', 'failed') and not (${videoPublishJobs.state} = 'published' and ${videoPublishJobs.privateOnly}))`,
      ),
    );
}

/** Queued jobs of a post that no worker has started, set aside; answers how many. */
export async function cancelQueued(ex: Executor, postId: number, reason: string, now: Date): Promise<number> {
  const rows = await ex
    .update(videoPublishJobs)
    .set({ state: 'failed', reason, failedAt: now, runAfter: null, updatedAt: now })
    .where(
      and(
        eq(videoPublishJobs.postId, postId),
        eq(videoPublishJobs.state, 'queued'),
        isNull(videoPublishJobs.startedAt),
        or(isNull(videoPublishJobs.leaseUntil), lt(videoPublishJobs.leaseUntil, now)),
      ),
    )
    .returning({ id: videoPublishJobs.id });
  return rows.length;
}

/** Where a pass over the due jobs stands: the last job it was handed, in their order. */
export interface MetricsCursor {
  lastMetricsAt: Date | null;
  id: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How often a published video's statistics are read, by its age: every 15 minutes on the first
 * day, hourly in the first week, every six hours in the first month, daily after that. One table
 * for the collector's query and for seeded data that has to look like it has been running.
 */
export const METRICS_SCHEDULE: readonly { youngerThan: number; every: number }[] = [
  { youngerThan: DAY, every: 15 * MINUTE },
  { youngerThan: 7 * DAY, every: HOUR },
  { youngerThan: 30 * DAY, every: 6 * HOUR },
  { youngerThan: Infinity, every: DAY },
];

/** How long a job published at `publishedAt` waits between readings at `now`. */
export function metricsInterval(publishedAt: Date, now: Date): number {
  const age = now.getTime() - publishedAt.getTime();
  return METRICS_SCHEDULE.find((step) => age < step.youngerThan)!.every;
}

const ms = (n: number) => sql.raw(`interval '${n / 1000} seconds'`);

/**
 * Published jobs whose statistics are older than their age calls for (METRICS_SCHEDULE).
 * Oldest reading first (never read before all), then by id; `after` continues a pass past the
 * jobs it was already handed, so one that failed is not handed again in the same pass.
 */
export async function metricsDue(ex: Executor, now: Date, limit: number, after: MetricsCursor | null = null): Promise<PublishJobRow[]> {
  const t = now.toISOString();
  const last = videoPublishJobs.lastMetricsAt;
  const past =
    after === null
      ? undefined
      : after.lastMetricsAt === null
        ? sql`(${last} is not null or ${videoPublishJobs.id} > ${after.id})`
        : sql`(${last} > ${after.lastMetricsAt.toISOString()}::timestamptz or (${last} = ${after.lastMetricsAt.toISOString()}::timestamptz and ${videoPublishJobs.id} > ${after.id}))`;
  return ex
    .select()
    .from(videoPublishJobs)
    .where(
      and(
        inArray(videoPublishJobs.state, ['published', 'approved']),
        isNotNull(videoPublishJobs.remoteId),
        isNotNull(videoPublishJobs.connectionId),
        sql`(${last} is null or ${last} <= ${t}::timestamptz - case ${sql.join(
          METRICS_SCHEDULE.map((step) =>
            Number.isFinite(step.youngerThan)
              ? sql`when ${videoPublishJobs.publishedAt} > ${t}::timestamptz - ${ms(step.youngerThan)} then ${ms(step.every)}`
              : sql`else ${ms(step.every)}`,
          ),
          sql` `,
        )} end)`,
        past,
      ),
    )
    .orderBy(sql`${last} asc nulls first`, asc(videoPublishJobs.id))
    .limit(limit);
}

export async function lockJob(ex: Executor, id: number): Promise<PublishJobRow | null> {
  const [row] = await ex.select().from(videoPublishJobs).where(eq(videoPublishJobs.id, id)).for('update');
  return row ?? null;
}

export async function insertSnapshot(
  ex: Executor,
  job: Pick<PublishJobRow, 'id' | 'merchantId' | 'platform'>,
  takenAt: Date,
  metrics: VideoMetrics,
): Promise<boolean> {
  const rows = await ex
    .insert(videoMetricSnapshots)
    .values({ jobId: job.id, merchantId: job.merchantId, platform: job.platform, takenAt, ...metrics })
    .onConflictDoNothing()
    .returning({ id: videoMetricSnapshots.id });
  return rows.length > 0;
}

export async function snapshotsOf(ex: Executor, jobId: number) {
  return ex.select().from(videoMetricSnapshots).where(eq(videoMetricSnapshots.jobId, jobId)).orderBy(asc(videoMetricSnapshots.takenAt));
}
