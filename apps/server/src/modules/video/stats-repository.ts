import type { PublishTargetName } from '@nearcast/contract';
import { and, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../access/caller.js';
import { visibleMerchantIds } from '../../access/scope.js';
import { selectRows, type Executor } from '../../db/client.js';
import { platformConnections, videoMetricSnapshots, videoPosts, videoPublishJobs } from '../../db/schema/video.js';

/** The statistics of published videos, read from their jobs and the jobs' metric snapshots. */

export interface MetricSums {
  plays: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  collections: number | null;
}

export interface PlatformGrowth extends MetricSums {
  platform: PublishTargetName;
  sandbox: boolean;
  videos: number;
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

/**
 * Growth per platform since `since` (null: everything): each job's newest reading minus its
 * last reading before `since` (none: zero, as a video published inside the range started from
 * nothing). A metric is null for a platform where no job has ever had a value for it, so "not
 * available" is never summed into a 0.
 */
export async function growthByPlatform(ex: Executor, scope: StatsScope, since: Date | null): Promise<PlatformGrowth[]> {
  const sinceSql = since ? sql`${since.toISOString()}::timestamptz` : sql`null::timestamptz`;
  const rows = await selectRows<{
    platform: PublishTargetName;
    sandbox: boolean;
    videos: string | number;
    plays: string | null;
    likes: string | null;
    comments: string | null;
    shares: string | null;
    collections: string | null;
  }>(
    ex,
    sql`
    with jobs as (
      select j.id, j.platform, coalesce(c.sandbox, j.platform = 'sandbox') as sandbox, j.published_at,
             j.plays, j.likes, j.comments, j.shares, j.collections
        from ${videoPublishJobs} j
        left join ${platformConnections} c on c.id = j.connection_id
       where ${jobScope(scope)}
    ), base as (
      select jobs.*, b.plays as b_plays, b.likes as b_likes, b.comments as b_comments, b.shares as b_shares, b.collections as b_collections
        from jobs
        left join lateral (
          select s.plays, s.likes, s.comments, s.shares, s.collections
            from ${videoMetricSnapshots} s
           where s.job_id = jobs.id and ${sinceSql} is not null and s.taken_at < ${sinceSql}
           order by s.taken_at desc
           limit 1
        ) b on true
    )
    select platform, bool_or(sandbox) as sandbox,
           count(*) filter (where ${sinceSql} is null or published_at >= ${sinceSql}) as videos,
           sum(plays - coalesce(b_plays, 0)) as plays,
           sum(likes - coalesce(b_likes, 0)) as likes,
           sum(comments - coalesce(b_comments, 0)) as comments,
           sum(shares - coalesce(b_shares, 0)) as shares,
           sum(collections - coalesce(b_collections, 0)) as collections
      from base
     group by platform`,
  );
  const num = (value: string | null) => (value === null ? null : Math.max(0, Number(value)));
  return rows.map((row) => ({
    platform: row.platform,
    sandbox: row.sandbox,
    videos: Number(row.videos),
    plays: num(row.plays),
    likes: num(row.likes),
    comments: num(row.comments),
    shares: num(row.shares),
    collections: num(row.collections),
  }));
}

export interface DailyPoint extends MetricSums {
  platform: PublishTargetName;
  date: string;
}

/**
 * Cumulative totals per platform and day from `from` to `to` (UTC days): for each day, each job's
 * last reading on or before the end of that day, summed. Days before a job's first reading add
 * nothing for it; a metric is null on a day where no job's reading has a value for it.
 *
 * Each job contributes its last reading before the range and its last reading of each day inside
 * it, as the change from its previous one; a running sum of the changes per platform over the days
 * gives the totals. (A lookup per job per day instead cost ten times as much on PGlite.)
 */
export async function dailySeries(ex: Executor, scope: StatsScope, from: Date, to: Date): Promise<DailyPoint[]> {
  const first = sql`${from.toISOString().slice(0, 10)}::date`;
  const last = sql`${to.toISOString().slice(0, 10)}::date`;
  const rows = await selectRows<{
    platform: PublishTargetName;
    date: string;
    plays: string | null;
    likes: string | null;
    comments: string | null;
    shares: string | null;
    collections: string | null;
  }>(
    ex,
    sql`
    with jobs as (
      select j.id, j.platform from ${videoPublishJobs} j where ${jobScope(scope)}
    ), readings as (
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
      select * from (
        select distinct on (x.job_id, 3) x.job_id, jobs.platform, (x.taken_at at time zone 'UTC')::date as day,
               x.plays, x.likes, x.comments, x.shares, x.collections
          from jobs
          join ${videoMetricSnapshots} x on x.job_id = jobs.id
           and x.taken_at >= ${first}::timestamp at time zone 'UTC' and x.taken_at < (${last} + 1)::timestamp at time zone 'UTC'
         order by x.job_id, 3, x.taken_at desc
      ) daily_readings
    ), changes as (
      select platform, greatest(day, ${first}) as day,
             coalesce(plays, 0) - coalesce(lag(plays) over w, 0) as plays, (plays is not null)::int - (lag(plays) over w is not null)::int as has_plays,
             coalesce(likes, 0) - coalesce(lag(likes) over w, 0) as likes, (likes is not null)::int - (lag(likes) over w is not null)::int as has_likes,
             coalesce(comments, 0) - coalesce(lag(comments) over w, 0) as comments, (comments is not null)::int - (lag(comments) over w is not null)::int as has_comments,
             coalesce(shares, 0) - coalesce(lag(shares) over w, 0) as shares, (shares is not null)::int - (lag(shares) over w is not null)::int as has_shares,
             coalesce(collections, 0) - coalesce(lag(collections) over w, 0) as collections, (collections is not null)::int - (lag(collections) over w is not null)::int as has_collections
        from readings
      window w as (partition by job_id order by day)
    ), daily as (
      select platform, day, count(*) as readings, sum(plays) as plays, sum(has_plays) as has_plays, sum(likes) as likes, sum(has_likes) as has_likes, sum(comments) as comments, sum(has_comments) as has_comments, sum(shares) as shares, sum(has_shares) as has_shares, sum(collections) as collections, sum(has_collections) as has_collections
        from changes
       group by platform, day
    ), series as (
      select g.platform, g.day, sum(coalesce(d.readings, 0)) over p as readings,
             case when sum(coalesce(d.has_plays, 0)) over p > 0 then sum(coalesce(d.plays, 0)) over p end as plays,
             case when sum(coalesce(d.has_likes, 0)) over p > 0 then sum(coalesce(d.likes, 0)) over p end as likes,
             case when sum(coalesce(d.has_comments, 0)) over p > 0 then sum(coalesce(d.comments, 0)) over p end as comments,
             case when sum(coalesce(d.has_shares, 0)) over p > 0 then sum(coalesce(d.shares, 0)) over p end as shares,
             case when sum(coalesce(d.has_collections, 0)) over p > 0 then sum(coalesce(d.collections, 0)) over p end as collections
        from (select distinct platform from daily) platforms
        cross join lateral (select platforms.platform, d::date as day from generate_series(${first}, ${last}, interval '1 day') d) g
        left join daily d on d.platform = g.platform and d.day = g.day
      window p as (partition by g.platform order by g.day)
    )
    select platform, to_char(day, 'YYYY-MM-DD') as date, plays, likes, comments, shares, collections
      from series
     where readings > 0
     order by platform, day`,
  );
  const num = (value: string | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    platform: row.platform,
    date: row.date,
    plays: num(row.plays),
    likes: num(row.likes),
    comments: num(row.comments),
    shares: num(row.shares),
    collections: num(row.collections),
  }));
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
 * started from nothing). Per platform, and per post for the month's leading videos.
 */
export async function monthOfMerchant(
  ex: Executor,
  merchantId: number,
  from: Date,
  to: Date,
  top: number,
): Promise<{ platforms: MonthPlatform[]; posts: MonthPost[]; work: MonthWork }> {
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
  const [platformRows, postRows, workRows] = await Promise.all([
    selectRows<{ platform: PublishTargetName; videos: string | number; plays: string | null; likes: string | null; comments: string | null; shares: string | null }>(
      ex,
      sql`${growth}
      select platform, count(*) filter (where published_at >= ${start}) as videos,
             sum(plays) as plays, sum(likes) as likes, sum(comments) as comments, sum(shares) as shares
        from grown group by platform order by platform`,
    ),
    selectRows<{ post_id: number; title: string; thumb_key: string | null; platforms: PublishTargetName[]; plays: string | null; likes: string | null }>(
      ex,
      sql`${growth}
      select g.post_id, p.title, p.thumb_key, array_agg(distinct g.platform order by g.platform) as platforms,
             coalesce(sum(g.plays), 0) as plays, sum(g.likes) as likes
        from grown g join ${videoPosts} p on p.id = g.post_id
       group by g.post_id, p.title, p.thumb_key
      having coalesce(sum(g.plays), 0) > 0
       order by coalesce(sum(g.plays), 0) desc, g.post_id desc
       limit ${top}`,
    ),
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
    posts: postRows.map((row) => ({
      postId: Number(row.post_id),
      title: row.title,
      thumbKey: row.thumb_key,
      platforms: row.platforms,
      plays: num(row.plays) ?? 0,
      likes: num(row.likes),
    })),
    work: { materialsUsed: Number(work?.materials ?? 0), videosMade: Number(work?.made ?? 0), approvals: Number(work?.approvals ?? 0) },
  };
}
