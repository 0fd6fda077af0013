import type { Insights } from '@nearcast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { seedDemoInsights, type InsightsSeedSummary } from './insights-seed.js';
import { DEMO_VIDEO_DAYS, seedDemoVideos } from './video-seed.js';

let t: TestApp;
let summary: InsightsSeedSummary;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoVideos(t.app.services);
  summary = await seedDemoInsights(t.app.services);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the demo’s post outcomes', () => {
  it('are the video history replayed, every published post given its choices', async () => {
    // The demo merchant's 90 days on four platforms (the network's merchants are not seeded here).
    expect(summary.outcomes).toBe(DEMO_VIDEO_DAYS * 4);
    expect(summary.posts).toBe(DEMO_VIDEO_DAYS);
    // A second replay hands nothing over again.
    expect(await t.app.services.events.replay('creative.post-outcomes')).toBe(0);
  });

  it('open the merchant’s insights on its own figures, leaning where the demo says', async () => {
    const token = await t.login('client@example.com');
    const answer = await t.call<Insights>('/v1/creative/insights/get', { range: '90d' }, { token });
    expect(answer.code, answer.msg).toBe('200');
    const { data } = answer;
    expect(data.source).toBe('merchant');
    expect(data.category).toBeNull();
    expect(data.totals.videos).toBeGreaterThanOrEqual((DEMO_VIDEO_DAYS - 1) * 4);
    expect(data.totals.median_plays_24h).toBeGreaterThan(0);
    expect(data.totals.engagement_rate).toBeGreaterThan(0);
    const hook = (value: string) => data.choices.find((c) => c.dimension === 'hook_style' && c.value === value);
    expect(hook('question')!.typical_plays_24h!).toBeGreaterThan(hook('offer_first')!.typical_plays_24h!);
    for (const dimension of ['look', 'hook_style', 'template', 'language', 'length_band', 'opening_kind', 'music', 'posting_hour', 'platform']) {
      expect(data.choices.some((c) => c.dimension === dimension), dimension).toBe(true);
    }
    expect(data.best).toHaveLength(3);
    expect(data.best[0]!.plays_24h!).toBeGreaterThanOrEqual(data.worst[0]!.plays_24h!);
  });
});
