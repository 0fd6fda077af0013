import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { addPost, connectSandbox, videoWorld, type VideoWorld } from '../../test/video-fixtures.js';

/**
 * The statistics' daily series, checked against its definition written the plain way: for each
 * platform and day, every job's last reading by the end of that day, summed (SQL's sum: a metric
 * no job has a value for stays null). Several jobs on two platforms, readings on some days only,
 * several on one day, missing metrics, and jobs that start before and inside the range.
 */
let t: TestApp;
let w: VideoWorld;

beforeAll(async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-video-series-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir, PUBLIC_URL: 'https://nearcast.example.com' } });
  w = await videoWorld(t);
}, 120_000);
afterAll(() => t?.close());

type Point = { date: string; plays: number | null; likes: number | null; comments: number | null; shares: number | null; collections: number | null };
type Metrics = Omit<Point, 'date'>;
type Stats = { platforms: { platform: string; metrics: Metrics; series: Point[] }[] };

/** The series of the last `days` UTC days by definition, for a merchant's videos or one post's. */
async function byDefinition(merchantId: number, days: number, postId?: number): Promise<Record<string, Point[]>> {
  const rows = await t.query<{ platform: string } & Record<keyof Point, string | null>>(sql`
    with days as (
      select d::date as day from generate_series((now() at time zone 'UTC')::date - ${days - 1}::int, (now() at time zone 'UTC')::date, interval '1 day') d
    ), jobs as (
      select j.id, j.platform from video_publish_jobs j
       where j.merchant_id = ${merchantId} and j.published_at is not null and (${postId ?? null}::int is null or j.post_id = ${postId ?? null}::int)
    )
    select jobs.platform, to_char(days.day, 'YYYY-MM-DD') as date,
           sum(s.plays) as plays, sum(s.likes) as likes, sum(s.comments) as comments, sum(s.shares) as shares, sum(s.collections) as collections
      from days cross join jobs
      join lateral (
        select x.plays, x.likes, x.comments, x.shares, x.collections from video_metric_snapshots x
         where x.job_id = jobs.id and x.taken_at < (days.day + 1)::timestamp at time zone 'UTC'
         order by x.taken_at desc limit 1
      ) s on true
     group by jobs.platform, days.day
     order by jobs.platform, days.day`);
  const series: Record<string, Point[]> = {};
  const num = (value: string | null) => (value === null ? null : Number(value));
  for (const row of rows) {
    (series[row.platform] ??= []).push({ date: row.date!, plays: num(row.plays), likes: num(row.likes), comments: num(row.comments), shares: num(row.shares), collections: num(row.collections) });
  }
  return series;
}

describe('the daily series of video statistics', () => {
  it('matches its definition for every range', async () => {
    const merchant = w.ids.get('client')!;
    const studio = { token: w.tokens.get('studio')! };
    await connectSandbox(t, studio.token, merchant);
    const jobs: number[] = [];
    for (let i = 0; i < 4; i += 1) jobs.push((await addPost(t, studio.token, merchant, { title: `Series ${i}` })).jobs[0]!.id);
    // Two of the jobs count as another platform's, so the series has two platforms.
    await t.query(sql`update video_publish_jobs set state = 'approved', published_at = now() - interval '120 days',
                        platform = case when id in (${jobs[2]!}, ${jobs[3]!}) then 'tiktok' else platform end
                      where id in (${sql.join(jobs.map((id) => sql`${id}`), sql`, `)})`);
    // A fixed pseudo-random pattern: readings at hours ago, some metrics missing.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (const [index, job] of jobs.entries()) {
      const startsHoursAgo = [2000, 600, 100, 30][index]!;
      let plays = 0;
      for (let hoursAgo = startsHoursAgo; hoursAgo > 0; hoursAgo -= 1 + (next() % 40)) {
        plays += next() % 500;
        const likes = index === 1 ? null : Math.floor(plays / 10);
        const shares = next() % 7 === 0 ? null : Math.floor(plays / 50);
        await t.query(sql`insert into video_metric_snapshots (job_id, merchant_id, platform, taken_at, plays, likes, comments, shares, collections)
          select id, merchant_id, platform, now() - make_interval(hours => ${hoursAgo}), ${plays}, ${likes}, null, ${shares}, ${index}
            from video_publish_jobs where id = ${job}`);
      }
    }

    const post = (await t.query<{ post_id: number }>(sql`select post_id from video_publish_jobs where id = ${jobs[0]!}`))[0]!.post_id;
    for (const [range, days] of [['7d', 7], ['30d', 30], ['all', 90]] as const) {
      for (const postId of [undefined, post]) {
        const scope = postId === undefined ? { merchant_id: merchant } : { post_id: postId };
        const stats = await t.call<Stats>('/v1/video/stats', { range, ...scope }, studio);
        expect(stats.code, stats.msg).toBe('200');
        const got = Object.fromEntries(stats.data.platforms.filter((row) => row.series.length > 0).map((row) => [row.platform, row.series]));
        const expected = await byDefinition(merchant, days, postId);
        expect(Object.keys(expected)).toEqual(postId === undefined ? ['sandbox', 'tiktok'] : ['sandbox']);
        expect(got, `${range} ${JSON.stringify(scope)}`).toEqual(expected);
        // The growth is the chart's last point less the day's before its first (nothing, for all
        // time), never below zero; a metric no reading gives stays null.
        const withDayBefore = await byDefinition(merchant, days + 1, postId);
        for (const row of stats.data.platforms) {
          const last = expected[row.platform]!.at(-1)!;
          const before = withDayBefore[row.platform]!.find((point) => point.date < expected[row.platform]![0]!.date && range !== 'all');
          const growth = Object.fromEntries(
            (['plays', 'likes', 'comments', 'shares', 'collections'] as const).map((metric) => {
              const now = last[metric];
              return [metric, now === null ? null : Math.max(0, now - (before?.[metric] ?? 0))];
            }),
          );
          expect(row.metrics, `${range} ${row.platform} ${JSON.stringify(scope)}`).toEqual(growth);
        }
      }
    }
  });
});
