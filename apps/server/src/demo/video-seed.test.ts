import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxMetrics } from '../adapters/publishing/index.js';
import { accounts, platformConnections, videoMetricSnapshots, videoPosts, videoPublishJobs } from '../db/schema.js';
import { MetricsCollector } from '../modules/video/metrics-collector.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { metricDaysMismatches } from '../test/video-fixtures.js';
import { DEMO_VIDEO_DAYS, seedDemoVideos, type VideoSeedSummary } from './video-seed.js';

let t: TestApp;
let summary: VideoSeedSummary | null;
let merchantId: number;
const seededAt = new Date();

beforeAll(async () => {
  t = await createTestApp();
  summary = await seedDemoVideos(t.app.services, seededAt);
  const [client] = await t.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, 'client@example.com'));
  merchantId = client!.id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the demo video history', () => {
  it('connects the demo merchant through the sandbox and publishes a video a day for 90 days', async () => {
    // 90 days of history, one post still in review, one awaiting approval, one scheduled.
    expect(summary).toMatchObject({ merchants: 1, connections: 4, posts: DEMO_VIDEO_DAYS + 3, jobs: (DEMO_VIDEO_DAYS + 1) * 4 });
    const connections = await t.database.db.select().from(platformConnections).where(eq(platformConnections.merchantId, merchantId));
    expect(connections.map((c) => [c.platform, c.sandbox, c.state]).sort()).toEqual([
      ['facebook', true, 'connected'],
      ['instagram', true, 'connected'],
      ['tiktok', true, 'connected'],
      ['youtube', true, 'connected'],
    ]);
    const [oldest] = await t.database.db.select({ at: sql<Date>`min(${videoPosts.scheduledAt})` }).from(videoPosts);
    expect(Math.round((seededAt.getTime() - new Date(oldest!.at).getTime()) / 86_400_000)).toBe(DEMO_VIDEO_DAYS);
    const states = await t.database.db
      .select({ state: videoPublishJobs.state, n: sql<number>`count(*)::int` })
      .from(videoPublishJobs)
      .groupBy(videoPublishJobs.state)
      .orderBy(videoPublishJobs.state);
    expect(states).toEqual([
      { state: 'approved', n: DEMO_VIDEO_DAYS * 4 },
      { state: 'reviewing', n: 4 },
    ]);
    const waiting = await t.database.db
      .select({ status: videoPosts.status, approval: videoPosts.approval })
      .from(videoPosts)
      .where(sql`${videoPosts.scheduledAt} > now()`)
      .orderBy(videoPosts.scheduledAt);
    expect(waiting).toEqual([
      { status: 'scheduled', approval: 'pending' },
      { status: 'scheduled', approval: 'not_required' },
    ]);
  });

  it('writes the merchant’s video news about posts that exist: the one awaiting approval opens it', async () => {
    const news = await t.query<{ account_id: number; kind: string; subject_id: number; title: string; post_title: string | null; merchant_id: number | null; approval: string | null }>(sql`
      select n.account_id, n.kind, n.subject_id, n.params->>'title' as title, p.title as post_title, p.merchant_id, p.approval
        from notifications n left join video_posts p on p.id = n.subject_id
       where n.subject_type = 'video_post' order by n.id`);
    expect(news.map((row) => row.kind).sort()).toEqual(['approval_given', 'approval_requested', 'video_published']);
    for (const row of news) {
      expect(row.post_title, row.kind).toBe(row.title);
      expect(row.merchant_id, row.kind).toBe(merchantId);
    }
    expect(news.find((row) => row.kind === 'approval_requested')?.approval).toBe('pending');
    expect(news.find((row) => row.kind === 'approval_given')?.approval).toBe('approved');
  });

  it('opens its connections through the connection service, sealed like any other', async () => {
    const [connection] = await t.database.db.select().from(platformConnections).where(eq(platformConnections.platform, 'youtube'));
    const access = await t.app.services.videoConnections.access(connection!.id);
    expect(access.accessToken).toMatch(/^sbx1\./);
    expect(access.sandbox).toBe(true);
  });

  it('keeps the statistics’ day totals of every reading it seeded, a thousand at a time', async () => {
    const [counts] = await t.query<{ readings: number; rows: number }>(sql`select (select count(*)::int from video_metric_snapshots) as readings, (select count(*)::int from video_metric_days) as rows`);
    expect(counts!.readings).toBeGreaterThan(1000);
    expect(counts!.rows).toBeGreaterThan(100);
    expect(await metricDaysMismatches(t)).toEqual([]);
  });

  it('keeps the numbers the sandbox gives, not available where the platform gives none, growing snapshot by snapshot', async () => {
    const [job] = await t.database.db.select().from(videoPublishJobs).where(eq(videoPublishJobs.platform, 'youtube')).limit(1);
    expect(job).toMatchObject(sandboxMetrics(job!.remoteId!, seededAt, 'youtube'));
    // YouTube's API has no share or save count: not available, never 0.
    expect(job!.shares).toBeNull();
    expect(job!.collections).toBeNull();
    const snapshots = await t.database.db.select().from(videoMetricSnapshots).where(eq(videoMetricSnapshots.jobId, job!.id)).orderBy(videoMetricSnapshots.takenAt);
    expect(snapshots.length).toBeGreaterThan(2);
    const plays = snapshots.map((s) => s.plays!);
    expect([...plays].sort((a, b) => a - b)).toEqual(plays);
    expect(snapshots.at(-1)!.takenAt.getTime()).toBe(seededAt.getTime());
  });

  it('hands over to the statistics collector without a jump', async () => {
    const later = new Date(seededAt.getTime() + 2 * 86_400_000);
    const collector = new MetricsCollector({
      db: t.database.db,
      events: t.app.services.events,
      publishers: t.app.services.publishers,
      connections: () => t.app.services.videoConnections,
      now: () => later,
    });
    const result = await collector.collect();
    expect(result.failed).toBe(0);
    expect(result.read).toBeGreaterThan(0);
    const [read] = await t.database.db.select().from(videoPublishJobs).where(eq(videoPublishJobs.lastMetricsAt, later)).limit(1);
    expect(read).toMatchObject(sandboxMetrics(read!.remoteId!, later, read!.platform));
  });

  it('hands the post still in review to the engine, which takes it on to approved', async () => {
    const engine = t.app.services.videoPublish;
    const [inFlight] = await t.database.db.select().from(videoPublishJobs).where(eq(videoPublishJobs.state, 'reviewing')).limit(1);
    // The sandbox approves five minutes after accepting; the seed accepted it a minute before.
    expect(await engine.advance(inFlight!.id)).toBe('reviewing');
    const events = await t.query<{ type: string }>(sql`select type from events where subject_id = ${String(inFlight!.postId)} order by id`);
    expect(events).toEqual([]);
  });

  it('seeds once', async () => {
    expect(await seedDemoVideos(t.app.services)).toBeNull();
  });
});
