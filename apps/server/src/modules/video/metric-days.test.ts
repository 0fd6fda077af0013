import { ACCOUNT_TYPE } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseUrl, type TestApp } from '../../test/harness.js';
import { addPost, connectSandbox, metricDaysMismatches, videoWorld, type VideoWorld } from '../../test/video-fixtures.js';

/**
 * The statistics' day totals (`video_metric_days`), kept by a trigger on the readings, checked
 * against their definition (metricDaysMismatches) after every kind of change. The demo's seeded
 * history is checked the same way in demo/video-seed.test.ts.
 */
let t: TestApp;
let w: VideoWorld;
let merchant: number;
let jobs: number[];

beforeAll(async () => {
  t = await createTestApp();
  w = await videoWorld(t);
  merchant = w.ids.get('client')!;
  const studio = w.tokens.get('studio')!;
  await connectSandbox(t, studio, merchant);
  jobs = [];
  for (let i = 0; i < 3; i += 1) jobs.push((await addPost(t, studio, merchant, { title: `Days ${i}` })).jobs[0]!.id);
  await t.query(sql`update video_publish_jobs set state = 'approved', published_at = now() - interval '40 days' where id in ${sql.raw(`(${jobs.join(', ')})`)}`);
}, 120_000);
afterAll(() => t?.close());

/** Readings of a job at hours ago, added in one statement in the order given. */
async function read(job: number, readings: [hoursAgo: number, plays: number | null, likes?: number | null][]): Promise<void> {
  const values = sql.join(
    readings.map(([hoursAgo, plays, likes = null]) => sql`(${hoursAgo}::int, ${plays}::bigint, ${likes}::bigint)`),
    sql`, `,
  );
  await t.query(sql`insert into video_metric_snapshots (job_id, merchant_id, platform, taken_at, plays, likes, shares)
    select j.id, j.merchant_id, j.platform, now() - make_interval(hours => v.hours_ago), v.plays, v.likes, v.plays / 10
      from video_publish_jobs j cross join (values ${values}) v(hours_ago, plays, likes)
     where j.id = ${job}
    on conflict do nothing
    returning id`);
}

describe('the day totals of video statistics', () => {
  it('follow readings added one at a time, in order', async () => {
    await read(jobs[0]!, [[24 * 30, 10, 1]]);
    await read(jobs[0]!, [[24 * 20, 50, 4]]);
    await read(jobs[1]!, [[24 * 20 + 2, 7]]);
    await read(jobs[0]!, [[5, 90, null]]);
    await read(jobs[0]!, [[1, 120, 12]]);
    expect(await metricDaysMismatches(t)).toEqual([]);
  });

  it('follow readings added out of order: before every other, between days, and earlier on a day that has a later one', async () => {
    await read(jobs[1]!, [[24 * 35, 2]]);
    await read(jobs[0]!, [[24 * 25, 30, 2]]);
    await read(jobs[0]!, [[24 * 20 + 1, 40, 3]]);
    await read(jobs[1]!, [[24 * 20 + 5, 5, 1]]);
    expect(await metricDaysMismatches(t)).toEqual([]);
  });

  it('follow a batch of readings of several jobs in any order, with missing metrics', async () => {
    await read(jobs[2]!, [
      [24 * 3, 300, null],
      [24 * 10, 100, 9],
      [24 * 3 + 1, 250, 20],
      [24 * 38, null, null],
      [2, 400, 33],
    ]);
    await t.query(sql`insert into video_metric_snapshots (job_id, merchant_id, platform, taken_at, plays, comments)
      select j.id, j.merchant_id, j.platform, now() - make_interval(days => v.days_ago), v.plays, v.plays / 100
        from video_publish_jobs j cross join (values (1, 15), (12, 9), (2, 14)) v(days_ago, plays)
       where j.id = ${jobs[1]!}`);
    expect(await metricDaysMismatches(t)).toEqual([]);
  });

  it('move nothing for a reading the insert skips or refuses', async () => {
    const before = await t.query(sql`select * from video_metric_days order by merchant_id, platform, day`);
    const [taken] = await t.query<{ taken_at: string }>(sql`select taken_at::text from video_metric_snapshots where job_id = ${jobs[0]!} order by taken_at desc limit 1`);
    await t.query(sql`insert into video_metric_snapshots (job_id, merchant_id, platform, taken_at, plays)
      select id, merchant_id, platform, ${taken!.taken_at}::timestamptz, 999999 from video_publish_jobs where id = ${jobs[0]!}
      on conflict do nothing`);
    await expect(
      t.query(sql`insert into video_metric_snapshots (job_id, merchant_id, platform, taken_at, plays)
        select id, merchant_id, platform, ${taken!.taken_at}::timestamptz, 999999 from video_publish_jobs where id = ${jobs[0]!}`),
    ).rejects.toThrow();
    expect(await t.query(sql`select * from video_metric_days order by merchant_id, platform, day`)).toEqual(before);
  });

  it('refuse a changed reading: a correction is a new one', async () => {
    const refusal = await t.query(sql`update video_metric_snapshots set plays = plays + 1 where job_id = ${jobs[0]!}`).then(
      () => 'done',
      (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
    );
    expect(refusal).toMatch(/video metric readings are not changed \(UPDATE/);
    expect(await metricDaysMismatches(t)).toEqual([]);
  });

  it('follow readings removed one by one and a post removed with all its readings', async () => {
    await t.query(sql`delete from video_metric_snapshots where id = (select id from video_metric_snapshots where job_id = ${jobs[0]!} order by taken_at limit 1 offset 2)`);
    await t.query(sql`delete from video_metric_snapshots where id = (select id from video_metric_snapshots where job_id = ${jobs[2]!} order by taken_at desc limit 1)`);
    expect(await metricDaysMismatches(t)).toEqual([]);
    await t.query(sql`delete from video_posts where id = (select post_id from video_publish_jobs where id = ${jobs[1]!})`);
    expect(await t.query(sql`select 1 from video_metric_snapshots where job_id = ${jobs[1]!}`)).toEqual([]);
    expect(await metricDaysMismatches(t)).toEqual([]);
  });

  it('follow readings added by transactions at once, each holding its merchant until it commits', async () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.database.db.transaction(async (tx) => {
          const job = jobs[i % 2 === 0 ? 0 : 2]!;
          await tx.execute(sql`insert into video_metric_snapshots (job_id, merchant_id, platform, taken_at, plays, likes)
            select id, merchant_id, platform, now() - make_interval(hours => ${next() % 900}, secs => ${i}), ${next() % 5000}, ${i % 3 === 0 ? null : next() % 300}
              from video_publish_jobs where id = ${job}
            on conflict do nothing`);
          // Another statement later in the transaction: the lock on the merchant lasts until commit.
          await tx.execute(sql`select pg_sleep(0.01)`);
        }),
      ),
    );
    expect(await metricDaysMismatches(t)).toEqual([]);
  });

  it('follow readings of 10,000 merchants (1,000 on PGlite) written in one transaction and deleted in another', async () => {
    // A bulk write (a seed, a backfill) or delete (a purge): when the trigger held a lock per
    // merchant until commit, this ran out of PostgreSQL's shared lock table (64 × max_connections
    // entries for every session together) at its default settings. PGlite has no such limit and
    // takes two minutes over 10,000: a tenth shows the same totals there.
    const merchants = testDatabaseUrl ? 10_000 : 1_000;
    await t.query(sql`insert into accounts (email, password_hash, username, name, account_type, referral_code)
      select 'bulk-' || i || '@example.com', 'x', 'bulk' || i, 'Bulk ' || i, ${ACCOUNT_TYPE.client}, 'BULK' || i
        from generate_series(1, ${merchants}) i`);
    await t.query(sql`insert into video_posts (merchant_id, title, file_key, file_name, file_mime, file_size, captions, platforms, language, status)
      select id, 'Bulk', 'bulk.mp4', 'bulk.mp4', 'video/mp4', 1, '[]'::jsonb, '{sandbox}', 'en', 'done' from accounts where email like 'bulk-%'`);
    await t.query(sql`insert into video_publish_jobs (post_id, merchant_id, platform, language, state, published_at)
      select id, merchant_id, 'sandbox', 'en', 'approved', now() - interval '10 days'
        from video_posts where merchant_id in (select id from accounts where email like 'bulk-%')`);
    const bulkJobs = sql`select id, merchant_id, platform from video_publish_jobs where merchant_id in (select id from accounts where email like 'bulk-%')`;
    await t.database.db.transaction(async (tx) => {
      // Three readings a job over the last days, then one earlier than all of them.
      await tx.execute(sql`insert into video_metric_snapshots (job_id, merchant_id, platform, taken_at, plays, likes)
        select j.id, j.merchant_id, j.platform, now() - make_interval(hours => v.hours_ago + j.id % 7), v.plays + j.id % 13, case when j.id % 5 = 0 then null else v.plays / 10 end
          from (${bulkJobs}) j cross join (values (50, 10), (30, 40), (2, 90)) v(hours_ago, plays)`);
      await tx.execute(sql`insert into video_metric_snapshots (job_id, merchant_id, platform, taken_at, plays)
        select j.id, j.merchant_id, j.platform, now() - interval '4 days', 1 from (${bulkJobs}) j`);
    });
    const [written] = await t.query<{ merchants: number; readings: number }>(sql`
      select count(distinct merchant_id)::int as merchants, count(*)::int as readings
        from video_metric_snapshots where merchant_id in (select id from accounts where email like 'bulk-%')`);
    expect(written).toEqual({ merchants, readings: merchants * 4 });
    expect(await metricDaysMismatches(t)).toEqual([]);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`delete from video_metric_snapshots where merchant_id in (select id from accounts where email like 'bulk-%')`);
    });
    expect(await metricDaysMismatches(t)).toEqual([]);
    const [left] = await t.query<{ jobs: number; plays: number }>(sql`
      select coalesce(sum(jobs), 0)::int as jobs, coalesce(sum(plays), 0)::int as plays
        from video_metric_days where merchant_id in (select id from accounts where email like 'bulk-%')`);
    expect(left).toEqual({ jobs: 0, plays: 0 });
  }, 300_000);

  it('can be rebuilt from the readings alone', async () => {
    await t.query(sql`select video_metric_days_rebuild()`);
    expect((await t.query(sql`select 1 from video_metric_days`)).length).toBeGreaterThan(10);
    expect(await metricDaysMismatches(t)).toEqual([]);
  });

  it('empty with the readings', async () => {
    await t.query(sql`truncate video_metric_snapshots`);
    expect(await t.query(sql`select 1 from video_metric_days`)).toEqual([]);
  });
});
