import { PUBLISH_TARGETS, type PublishTargetName } from '@nearcast/contract';
import { and, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../access/caller.js';
import { visibleMerchantIds, visibleMerchants } from '../../access/scope.js';
import { selectRows, type Executor } from '../../db/client.js';
import { platformConnections, videoMetricDays, videoMetricSnapshots, videoPosts, videoPublishJobs } from '../../db/schema/video.js';
import { METRICS, type DayTotals } from './stats-series.js';

/**
 * The statistics of published videos: the jobs themselves, the day totals their readings keep
 * (`video_metric_days`) and, for one post or a month's report, the readings.
 */

export interface MetricSums {
  plays: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  collections: number | null;
}

export interface StatsScope {
  caller: Caller;
  postId?: number | undefined;
  merchantId?: number | undefined;
}

function jobScope(scope: StatsScope): SQL {
  return and(
    sql`j.merchant_id in ${visibleMerchantIds(scope.caller)}`,
    scope.postId ? sql`j.post_id = ${scope.postId}` : undefined,
    scope.merchantId ? sql`j.merchant_id = ${scope.merchantId}` : undefined,
    sql`j.published_at is not null`,
  )!;
}

/** A platform's published videos in a scope: whether any is the sandbox's, and how many went out since `firstDay`. */
export interface PublishedOnPlatform {
  platform: PublishTargetName;
  sandbox: boolean;
  videos: number;
}

/** The platforms a scope's published videos are on, and how many were published from the start of UTC day `firstDay` (null: ever). */
export async function publishedByPlatform(ex: Executor, scope: StatsScope, firstDay: string | null): Promise<PublishedOnPlatform[]> {
  const rows = await selectRows<{ platform: PublishTargetName; sandbox: boolean; videos: string | number }>(
    ex,
    sql`select j.platform, bool_or(coalesce(c.sandbox, j.platform = 'sandbox')) as sandbox,
               count(*) filter (where ${firstDay === null ? sql`true` : sql`j.published_at >= ${firstDay}::date::timestamp at time zone 'UTC'`}) as videos
          from ${videoPublishJobs} j
          left join ${platformConnections} c on c.id = j.connection_id
         where ${jobScope(scope)}
         group by j.platform
         order by j.platform`,
  );
  return rows.map((row) => ({ platform: row.platform, sandbox: row.sandbox, videos: Number(row.videos) }));
}

/**
 * The day totals the statistics of UTC days `firstDay` to `lastDay` are summed from
 * (stats-series.ts): each source's last totals before the range and its totals on each day of it
 * with a reading. A merchant's or a caller's videos are read per merchant from the day totals the
 * readings keep (`video_metric_days`); one post's per job from its readings, which for a handful
 * of jobs is as quick.
 */
export async function dayTotals(ex: Executor, scope: StatsScope, firstDay: string, lastDay: string): Promise<DayTotals[]> {
  const first = sql`${firstDay}::date`;
  const last = sql`${lastDay}::date`;
  const rows = await selectRows<{ source: number; platform: PublishTargetName; day: string; jobs: number } & Record<string, string | number>>(
    ex,
    scope.postId ? totalsOfJobs(scope, first, last) : totalsOfMerchants(scope, first, last),
  );
  return rows.map((row) => {
    const totals = { source: Number(row.source), platform: row.platform, day: row.day, jobs: Number(row.jobs) } as DayTotals;
    for (const [column, key] of TOTAL_KEYS) totals[key] = Number(row[column]);
    return totals;
  });
}

/** Each metric's two columns and the keys they are read into. */
const TOTAL_KEYS = METRICS.flatMap((metric) => [
  [metric, metric],
  [`${metric}_jobs`, `${metric}Jobs`],
]) as [string, Exclude<keyof DayTotals, 'source' | 'platform' | 'day' | 'jobs'>][];

const TOTAL_COLUMNS = sql.raw(['jobs', ...METRICS.flatMap((metric) => [metric, `${metric}_jobs`])].join(', '));

function totalsOfMerchants(scope: StatsScope, first: SQL, last: SQL): SQL {
  const merchants = sql`select m.id from ${visibleMerchants(scope.caller)} m${scope.merchantId ? sql` where m.id = ${scope.merchantId}` : sql``}`;
  const platforms = sql.join(
    PUBLISH_TARGETS.map((platform) => sql`(${platform})`),
    sql`, `,
  );
  return sql`
    select before.merchant_id as source, before.platform, to_char(before.day, 'YYYY-MM-DD') as day, ${TOTAL_COLUMNS}
      from (${merchants}) m
     cross join (values ${platforms}) p(platform)
      join lateral (
        select * from ${videoMetricDays} d
         where d.merchant_id = m.id and d.platform = p.platform and d.day < ${first}
         order by d.day desc
         limit 1
      ) before on true
    union all
    select d.merchant_id, d.platform, to_char(d.day, 'YYYY-MM-DD'), ${TOTAL_COLUMNS}
      from ${videoMetricDays} d
     where d.merchant_id in (${merchants}) and d.day >= ${first} and d.day <= ${last}`;
}

function totalsOfJobs(scope: StatsScope, first: SQL, last: SQL): SQL {
  const totals = sql.raw(METRICS.map((metric) => `coalesce(${metric}, 0) as ${metric}, (${metric} is not null)::int as ${metric}_jobs`).join(', '));
  return sql`
    with jobs as (
      select j.id, j.platform from ${videoPublishJobs} j where ${jobScope(scope)}
    )
    select job_id as source, platform, to_char(day, 'YYYY-MM-DD') as day, 1 as jobs, ${totals}
      from (
        select jobs.id as job_id, jobs.platform, ${first} - 1 as day, b.plays, b.likes, b.comments, b.shares, b.collections
          from jobs
          join lateral (
            select x.plays, x.likes, x.comments, x.shares, x.collections
              from ${videoMetricSnapshots} x
             where x.job_id = jobs.id and x.taken_at < ${first}::timestamp at time zone 'UTC'
             order by x.taken_at desc
             limit 1
          ) b on true
        union all
        (select distinct on (x.job_id, 3) x.job_id, jobs.platform, (x.taken_at at time zone 'UTC')::date,
                x.plays, x.likes, x.comments, x.shares, x.collections
           from jobs
           join ${videoMetricSnapshots} x on x.job_id = jobs.id
            and x.taken_at >= ${first}::timestamp at time zone 'UTC' and x.taken_at < (${last} + 1)::timestamp at time zone 'UTC'
          order by x.job_id, 3, x.taken_at desc)
      ) readings`;
}

/** One platform's month for one merchant: videos that went out in it and what all its videos gained. */
export interface MonthPlatform extends Omit<MetricSums, 'collections'> {
  platform: PublishTargetName;
  videos: number;
}

/** One post's month: what its jobs on every platform gained. */
export interface MonthPost {
  postId: number;
  title: string;
  thumbKey: string | null;
  platforms: PublishTargetName[];
  plays: number;
  likes: number | null;
}

/** What was made for a merchant in a month. */
export interface MonthWork {
  /** Distinct materials the month's new posts were made from. */
  materialsUsed: number;
  /** Posts created for the merchant in the month. */
  videosMade: number;
  /** Posts the merchant approved in the month. */
  approvals: number;
}

/**
 * A merchant's videos over `[from, to)`: each published job's growth is its last reading before
 * `to` minus its last reading before `from` (none: zero, as a video published inside the month
 * started from nothing). Per platform, and per post for the month's leading videos and for the
 * posts `picked` by the caller (another module's ranking), whatever they gained.
 */
export async function monthOfMerchant(
  ex: Executor,
  merchantId: number,
  from: Date,
  to: Date,
  top: number,
  picked: readonly number[] = [],
): Promise<{ platforms: MonthPlatform[]; posts: MonthPost[]; picked: MonthPost[]; work: MonthWork }> {
  const start = sql`${from.toISOString()}::timestamptz`;
  const end = sql`${to.toISOString()}::timestamptz`;
  const growth = sql`
    with jobs as (
      select j.id, j.post_id, j.platform, j.published_at from ${videoPublishJobs} j
       where j.merchant_id = ${merchantId} and j.published_at is not null and j.published_at < ${end}
    ), grown as (
      select jobs.*,
             e.plays - coalesce(b.plays, 0) as plays, e.likes - coalesce(b.likes, 0) as likes,
             e.comments - coalesce(b.comments, 0) as comments, e.shares - coalesce(b.shares, 0) as shares
        from jobs
        left join lateral (
          select s.plays, s.likes, s.comments, s.shares from ${videoMetricSnapshots} s
           where s.job_id = jobs.id and s.taken_at < ${end} order by s.taken_at desc limit 1
        ) e on true
        left join lateral (
          select s.plays, s.likes, s.comments, s.shares from ${videoMetricSnapshots} s
           where s.job_id = jobs.id and s.taken_at < ${start} order by s.taken_at desc limit 1
        ) b on true
    )`;
  type PostRow = { post_id: number; title: string; thumb_key: string | null; platforms: PublishTargetName[]; plays: string | null; likes: string | null };
  const postsOf = (filter: SQL, limit: number, withoutPlays: boolean) =>
    selectRows<PostRow>(
      ex,
      sql`${growth}
      select g.post_id, p.title, p.thumb_key, array_agg(distinct g.platform order by g.platform) as platforms,
             coalesce(sum(g.plays), 0) as plays, sum(g.likes) as likes
        from grown g join ${videoPosts} p on p.id = g.post_id
       where ${filter}
       group by g.post_id, p.title, p.thumb_key
      having coalesce(sum(g.plays), 0) > 0 or ${withoutPlays ? sql`true` : sql`false`}
       order by coalesce(sum(g.plays), 0) desc, g.post_id desc
       limit ${limit}`,
    );
  const ids = [...new Set(picked)].map(Number);
  const [platformRows, postRows, pickedRows, workRows] = await Promise.all([
    selectRows<{ platform: PublishTargetName; videos: string | number; plays: string | null; likes: string | null; comments: string | null; shares: string | null }>(
      ex,
      sql`${growth}
      select platform, count(*) filter (where published_at >= ${start}) as videos,
             sum(plays) as plays, sum(likes) as likes, sum(comments) as comments, sum(shares) as shares
        from grown group by platform order by platform`,
    ),
    postsOf(sql`true`, top, false),
    ids.length ? postsOf(sql`g.post_id = any(${sql.raw(`'{${ids.join(',')}}'::int[]`)})`, ids.length, true) : Promise.resolve([]),
    selectRows<{ made: string | number; materials: string | number; approvals: string | number }>(
      ex,
      sql`select count(*) filter (where p.created_at >= ${start} and p.created_at < ${end}) as made,
                 count(distinct p.footage_id) filter (where p.created_at >= ${start} and p.created_at < ${end}) as materials,
                 count(*) filter (where p.approval = 'approved' and p.approval_at >= ${start} and p.approval_at < ${end}) as approvals
            from ${videoPosts} p
           where p.merchant_id = ${merchantId}`,
    ),
  ]);
  const num = (value: string | null) => (value === null ? null : Math.max(0, Number(value)));
  const post = (row: PostRow): MonthPost => ({ postId: Number(row.post_id), title: row.title, thumbKey: row.thumb_key, platforms: row.platforms, plays: num(row.plays) ?? 0, likes: num(row.likes) });
  const work = workRows[0];
  return {
    platforms: platformRows.map((row) => ({
      platform: row.platform,
      videos: Number(row.videos),
      plays: num(row.plays),
      likes: num(row.likes),
      comments: num(row.comments),
      shares: num(row.shares),
    })),
    posts: postRows.map(post),
    picked: pickedRows.map(post),
    work: { materialsUsed: Number(work?.materials ?? 0), videosMade: Number(work?.made ?? 0), approvals: Number(work?.approvals ?? 0) },
  };
}
