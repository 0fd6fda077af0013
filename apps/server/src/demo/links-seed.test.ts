import type { MonthlyReport } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previousMonth } from '../modules/report/facts.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { seedDemoInsights } from './insights-seed.js';
import { seedDemoLinks, type LinksSeedSummary } from './links-seed.js';
import { seedDemoVideos } from './video-seed.js';

/** The demo's short links: its videos' visits and redemptions, as its monthly reports then state them. */
let t: TestApp;
let summary: LinksSeedSummary;
const NOW = new Date('2026-11-28T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoVideos(t.app.services, NOW);
  await seedDemoInsights(t.app.services, NOW);
  summary = await seedDemoLinks(t.app.services, NOW);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('the demo’s short links', () => {
  it('give each published video a link with visits and a few redemptions, none after now, quickly', async () => {
    expect(summary.links).toBeGreaterThan(80);
    expect(summary.visits).toBeGreaterThan(summary.links);
    expect(summary.redemptions).toBeGreaterThan(0);
    expect(summary.redemptions).toBeLessThan(summary.visits * 0.1);
    // A step of the first start: well under a second's work for the demo's few hundred posts.
    expect(summary.ms).toBeLessThan(5_000);
    const [late] = await t.query<{ n: number }>(
      sql`select (select count(*) from attribution_visit_days where day > '2026-11-28')::int + (select count(*) from attribution_redemptions where created_at > ${NOW})::int as n`,
    );
    expect(late!.n).toBe(0);
    // The counters on each link are what its days and redemptions add up to.
    const [off] = await t.query<{ n: number }>(
      sql`select count(*)::int as n from attribution_links l
           where l.visits <> (select coalesce(sum(visits), 0) from attribution_visit_days d where d.code = l.code)
              or l.redemptions <> (select count(*) from attribution_redemptions r where r.code = l.code)`,
    );
    expect(off!.n).toBe(0);
    // A second run changes nothing.
    expect((await seedDemoLinks(t.app.services, NOW)).links).toBe(0);
  });

  it('open the demo merchant’s last report on believable visits and redemptions', async () => {
    const [merchant] = await t.query<{ id: number }>(sql`select id from accounts where email = 'client@example.com'`);
    const month = previousMonth('2026-11');
    const row = await t.app.services.reports.build(merchant!.id, month, new Date('2026-11-01T08:00:00Z'));
    const token = await t.login('client@example.com');
    const report = await t.call<MonthlyReport>('/v1/report/monthly/get', { id: row!.id }, { token });
    expect(report.code, report.msg).toBe('200');
    const { data } = report;
    expect(data.visits).toBeGreaterThan(100);
    expect(data.redemptions).toBeGreaterThan(0);
    expect(data.top_by_visits).toHaveLength(5);
    expect(data.top_by_visits!.every((video) => video.title !== '' && video.visits! > 0)).toBe(true);
    expect(data.top.some((video) => video.visits! > 0)).toBe(true);
    expect(data.lessons!.length).toBeGreaterThan(0);
  });
});
