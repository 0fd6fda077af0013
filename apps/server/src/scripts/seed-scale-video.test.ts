import { ACCOUNT_TYPE } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MetricsCollector } from '../modules/video/metrics-collector.js';
import { metricsDue } from '../modules/video/publish-repository.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { backfillDashboard } from './dashboard-backfill.js';
import { seedScaleVideo } from './seed-scale-video.js';

/**
 * seed:scale's videos on a handful of scale-shaped merchants: who publishes, how many readings
 * each video has, and that the rows are ones the running platform takes over — the collector
 * opens the sealed tokens and carries the numbers on without going backwards.
 */
let t: TestApp;
const DAY = 86_400_000;
const seededAt = new Date(Date.now() - 2 * DAY);

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const [studio] = await t.query<{ id: number }>(sql`
    insert into accounts (email, password_hash, username, name, account_type, referral_code, created_at)
    values ('scale-studio-1@example.com', 'x', 'studio1', 'Studio 1', ${ACCOUNT_TYPE.studio}, 'R-studio-1', now() - interval '400 days')
    returning id`);
  // Merchants 4 and 8 are every fourth; 8 has never paid.
  for (let i = 1; i <= 8; i++) {
    await t.query(sql`
      insert into accounts (email, password_hash, username, name, account_type, studio_id, pay_status, company_short_name, referral_code, created_at)
      values (${`scale-client-${i}@example.com`}, 'x', ${`client${i}`}, ${`Merchant ${i}`}, ${ACCOUNT_TYPE.client}, ${studio!.id}, ${i === 8 ? 0 : 1},
              ${`Shop ${i}`}, ${`R-client-${i}`}, now() - interval '300 days')`);
  }
  await seedScaleVideo(t.database.db, t.app.services.config.PLATFORM_TOKEN_KEY, () => undefined, seededAt);
}, 120_000);
afterAll(() => t.close());

describe('seed:scale videos', () => {
  it('gives every fourth paying merchant two sandbox connections and four videos on both, with their readings', async () => {
    const rows = await t.query<{ email: string; connections: number; posts: number; jobs: number; snapshots: number }>(sql`
      select a.email,
             (select count(*)::int from platform_connections c where c.merchant_id = a.id and c.sandbox and c.state = 'connected') as connections,
             (select count(*)::int from video_posts p where p.merchant_id = a.id and p.status = 'done') as posts,
             (select count(*)::int from video_publish_jobs j where j.merchant_id = a.id and j.state = 'approved') as jobs,
             (select count(*)::int from video_metric_snapshots s where s.merchant_id = a.id) as snapshots
        from accounts a where a.email like 'scale-client-%' and a.id in (select merchant_id from video_posts)`);
    expect(rows).toMatchObject([{ email: 'scale-client-4@example.com', connections: 2, posts: 4, jobs: 8 }]);
    // Readings 1 h, 6 h, 1, 2, 4, 7, 14, 30 and 60 days after going out, and the last one: at
    // least two per job, and on one at most ten.
    expect(rows[0]!.snapshots).toBeGreaterThanOrEqual(8 * 2);
    expect(rows[0]!.snapshots).toBeLessThanOrEqual(8 * 10);
    const drift = await t.query<{ n: number }>(sql`
      select count(*)::int as n from video_publish_jobs j
       where j.plays is distinct from (select s.plays from video_metric_snapshots s where s.job_id = j.id order by s.taken_at desc limit 1)
          or j.last_metrics_at is distinct from (select max(s.taken_at) from video_metric_snapshots s where s.job_id = j.id)`);
    expect(drift).toEqual([{ n: 0 }]);
  });

  it('records what the platform would have told of it, as history the dashboards are built from', async () => {
    const counted = await t.query<{ type: string; n: number; dispatched: number }>(sql`
      select type, count(*)::int as n, count(dispatched_at)::int as dispatched from events group by type order by type`);
    const [jobs] = await t.query<{ n: number; connections: number }>(sql`
      select count(*)::int as n, (select count(*)::int from platform_connections) as connections from video_publish_jobs where published_at is not null`);
    // A reading is told when it shows more plays than the one before it.
    const [grew] = await t.query<{ n: number }>(sql`
      select count(*)::int as n from (
        select plays, lag(plays) over (partition by job_id order by taken_at) as before from video_metric_snapshots) r
       where r.plays > coalesce(r.before, 0)`);
    expect(counted).toEqual([
      { type: 'connection.connected', n: jobs!.connections, dispatched: jobs!.connections },
      { type: 'video.plays', n: grew!.n, dispatched: grew!.n },
      { type: 'video.published', n: jobs!.n, dispatched: jobs!.n },
    ]);
    // Replayed into the rollups, the platform's plays are every video's latest reading.
    await backfillDashboard(t.app.services);
    const [platform] = await t.query<{ plays: number; videos: number }>(sql`
      select sum(plays)::int as plays, sum(videos_published)::int as videos from dashboard_daily where scope_kind = 'platform'`);
    const [latest] = await t.query<{ plays: number }>(sql`select sum(plays)::int as plays from video_publish_jobs`);
    expect(platform).toEqual({ plays: latest!.plays, videos: jobs!.n });
  });

  it('spreads the videos over the last 90 days and their last readings over each one\'s interval, as a running collector would', async () => {
    const ages = await t.query<{ quarter: number }>(sql`
      select floor(extract(epoch from (${seededAt.toISOString()}::timestamptz - scheduled_at)) / (22.5 * 86400))::int as quarter
        from video_posts order by scheduled_at desc`);
    expect(ages.map((a) => a.quarter)).toEqual([0, 1, 2, 3]);
    // Nothing is due at the seed's moment, and the readings did not all happen at it.
    expect(await metricsDue(t.database.db, seededAt, 100)).toEqual([]);
    const [moments] = await t.query<{ n: number }>(sql`select count(distinct last_metrics_at)::int as n from video_publish_jobs`);
    expect(moments!.n).toBeGreaterThan(4);
  });

  it('is taken over by the collector: the tokens open and the numbers carry on, a batch at a time', async () => {
    const latest = sql`select distinct on (job_id) job_id, plays::float8 as plays from video_metric_snapshots where plays is not null order by job_id, taken_at desc`;
    const before = await t.query<{ job_id: number; plays: number }>(latest);
    // One account whose tokens cannot be opened: its four videos fail, once each, and the pass
    // still reaches every other video, two per query.
    const [broken] = await t.query<{ id: number }>(sql`
      update platform_connections set sealed_tokens = 'v1.AAAA.AAAA.AAAA' where id = (select min(id) from platform_connections) returning id`);
    const { services } = t.app;
    const collector = new MetricsCollector({ db: t.database.db, events: services.events, publishers: services.publishers, connections: () => services.videoConnections, batchSize: 2 });
    expect(await collector.collect()).toEqual({ read: 4, failed: 4 });
    const after = await t.query<{ job_id: number; plays: number }>(latest);
    expect(after).toHaveLength(before.length);
    for (const reading of after) {
      expect(reading.plays).toBeGreaterThanOrEqual(before.find((b) => b.job_id === reading.job_id)!.plays);
    }
    const unread = await t.query<{ connection_id: number }>(sql`
      select distinct connection_id from video_publish_jobs where last_metrics_at < now() - interval '1 hour'`);
    expect(unread).toEqual([{ connection_id: broken!.id }]);
  });

  it('is skipped when already there', async () => {
    const count = sql`select count(*)::int as n from video_posts`;
    const before = await t.query(count);
    expect(await seedScaleVideo(t.database.db, t.app.services.config.PLATFORM_TOKEN_KEY, () => undefined)).toBeNull();
    expect(await t.query(count)).toEqual(before);
  });
});
