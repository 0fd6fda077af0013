import type { Insights } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleScript } from '../../../test/creative-fixtures.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { videoWorld, type VideoWorld } from '../../../test/video-fixtures.js';
import type { DomainEvent } from '../../events/service.js';
import { OUTCOME_SUBSCRIBER } from './outcome-subscriber.js';
import { postOutcomes } from './reads.js';

/**
 * The post outcomes and `/v1/creative/insights/get` (docs/decisions/084): the subscriber keeps a
 * post's choices and plays from the video module's events; a merchant reads its own figures, or
 * its category's while it has too few; another studio's merchant is not found.
 */
let t: TestApp;
let w: VideoWorld;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const as = <T>(name: string, body: object, lang?: string) => t.call<T>('/v1/creative/insights/get', body, { token: w.tokens.get(name), ...(lang ? { lang } : {}) });

function event<T extends 'video.published' | 'video.plays'>(type: T, merchantId: number, payload: DomainEvent<T>['payload'], at: Date): DomainEvent<T> {
  return {
    id: Math.floor(Math.random() * 1e9),
    type,
    actorId: null,
    subject: { type: 'video_post', id: String(payload.post_id) },
    accountId: merchantId,
    scope: { studioId: null, agentId: null, mainAgentId: null, operatorId: null },
    payload,
    createdAt: at,
    historical: false,
  };
}

/** Outcomes of `merchant` straight into the table: `n` posts, plays by 24 h rising with the index. */
async function seedOutcomes(merchantId: number, n: number, category: string, firstPost: number, hook: (i: number) => string = (i) => (i % 2 ? 'question' : 'offer_first')) {
  for (let i = 0; i < n; i++) {
    const posted = new Date(Date.now() - (i + 2) * DAY);
    await t.query(sql`insert into creative_post_outcomes (post_id, platform, merchant_id, category, language, look, hook_style, template, length_band, opening_kind, music, posted_at, posting_hour, plays_24h, plays_7d, plays, likes, comments, shares)
      values (${firstPost + i}, 'tiktok', ${merchantId}, ${category}, 'en', 'street_pop', ${hook(i)}, 'offer', 'short', 'clip', 'upbeat', ${posted}, 11, ${100 + i * 10}, ${300 + i * 10}, ${400 + i * 10}, 10, 2, 1)`);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  w = await videoWorld(t);
  for (const [maker, merchant, category] of [['studio', 'client', 'restaurant'], ['studio2', 'client2', 'restaurant']] as const) {
    const saved = await t.call('/v1/creative/brief/update', { merchant_id: w.ids.get(merchant), category }, { token: w.tokens.get(maker) });
    expect(saved.code, saved.msg).toBe('200');
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the outcome of a post', () => {
  it('keeps the render’s choices, its length band and hour, and its plays by 24 hours and 7 days', async () => {
    const merchant = w.ids.get('client')!;
    const postId = 900_001;
    const [script] = await t.query<{ id: number }>(sql`insert into creative_scripts (merchant_id, language, engine, template, hook_style, body, fingerprint, estimated_seconds)
      values (${merchant}, 'es', 'template', 'offer', 'question', ${JSON.stringify(sampleScript('es'))}::jsonb, 'x', 12) returning id`);
    await t.query(sql`insert into creative_renders (merchant_id, language, script_id, script, voice, music, state, look, duration_seconds, post_id)
      values (${merchant}, 'es', ${script!.id}, ${JSON.stringify(sampleScript('es'))}::jsonb, 'none', 'bossa', 'done', 'night_market', 12.5, ${postId})`);
    const subscriber = t.app.services.creativeOutcomes;
    expect(subscriber.name).toBe(OUTCOME_SUBSCRIBER);
    const posted = new Date('2026-07-01T02:30:00Z');
    const run = async (e: DomainEvent<'video.published'> | DomainEvent<'video.plays'>) =>
      t.app.services.database.db.transaction(async (tx) => {
        if (e.type === 'video.published') await subscriber.handlers['video.published']!(e as DomainEvent<'video.published'>, tx);
        else await subscriber.handlers['video.plays']!(e as DomainEvent<'video.plays'>, tx);
      });
    const published = event('video.published', merchant, { post_id: postId, job_id: 1, platform: 'tiktok', title: 'Tacos', language: 'es' }, posted);
    await run(published);
    // Delivered twice: the same row.
    await run(published);
    const reading = (hours: number, plays: number) =>
      event('video.plays', merchant, { post_id: postId, job_id: 1, platform: 'tiktok', plays, likes: plays / 10, comments: 1, shares: 0 }, new Date(posted.getTime() + hours * HOUR));
    await run(reading(6, 50));
    await run(reading(23, 120));
    await run(reading(30, 200));
    await run(reading(24 * 8, 900));
    // A reading delivered late changes neither the newest numbers nor the 24-hour figure.
    await run(reading(2, 10));
    const [row] = await postOutcomes(t.app.services.database.db, { merchantIds: [merchant], since: new Date(posted.getTime() - DAY) }, new Date(posted.getTime() + 10 * DAY));
    expect(row).toMatchObject({
      postId,
      platform: 'tiktok',
      category: 'restaurant',
      language: 'es',
      look: 'night_market',
      hookStyle: 'question',
      template: 'offer',
      lengthBand: 'short',
      music: 'bossa',
      postingHour: 19,
      plays24h: 120,
      plays7d: 200,
      plays: 900,
      likes: 90,
    });
    expect(row!.engagementRate).toBeCloseTo(91 / 900);
    await t.query(sql`delete from creative_post_outcomes where post_id = ${postId}`);
  });
});

describe('/v1/creative/insights/get', () => {
  beforeAll(async () => {
    await seedOutcomes(w.ids.get('client2')!, 14, 'restaurant', 100_000, () => 'bold_claim');
    await seedOutcomes(w.ids.get('client')!, 3, 'restaurant', 200_000);
  });

  it('answers a merchant with too few results with its category’s figures, and says so', async () => {
    const answer = await as<Insights>('studio', { merchant_id: w.ids.get('client'), range: '30d' });
    expect(answer.code, answer.msg).toBe('200');
    expect(answer.data.source).toBe('category_prior');
    expect(answer.data.own_measured).toBe(3);
    expect(answer.data.totals.videos).toBe(17);
    // The pool's figures, but only the merchant's own videos as its best and worst.
    expect(answer.data.choices.find((c) => c.dimension === 'hook_style' && c.value === 'bold_claim')?.videos).toBe(14);
    for (const video of [...answer.data.best, ...answer.data.worst]) expect(video.merchant_id).toBe(w.ids.get('client'));
    expect(answer.data.best[0]!.plays_24h).toBe(120);
  });

  it('answers a merchant with enough results with its own, an interval on each choice', async () => {
    await seedOutcomes(w.ids.get('client')!, 12, 'restaurant', 300_000);
    const answer = await as<Insights>('client', { range: '90d' });
    expect(answer.code, answer.msg).toBe('200');
    expect(answer.data.source).toBe('merchant');
    expect(answer.data.merchant_id).toBe(w.ids.get('client'));
    expect(answer.data.totals.videos).toBe(15);
    const question = answer.data.choices.find((c) => c.dimension === 'hook_style' && c.value === 'question')!;
    expect(question.interval!.low).toBeLessThanOrEqual(question.typical_plays_24h!);
    expect(question.interval!.high).toBeGreaterThanOrEqual(question.typical_plays_24h!);
    expect(answer.data.links_counted).toBe(true);
    expect(question.visits).toBe(0);
  });

  it('reads across the caller’s merchants only', async () => {
    const studio = await as<Insights>('studio', {});
    expect(studio.data.source).toBe('merchants');
    expect(studio.data.totals.videos).toBe(15);
    expect(new Set(studio.data.best.map((v) => v.merchant_id))).toEqual(new Set([w.ids.get('client')]));
    const staff = await as<Insights>('super', { range: '365d' });
    expect(staff.data.totals.videos).toBe(29);
  });

  it('is the uniform not-found for another studio’s merchant, and a clear 400 for a bad range', async () => {
    for (const name of ['studio', 'operator', 'client']) expect((await as(name, { merchant_id: w.ids.get('client2') })).code, name).toBe('404');
    expect((await as('super', { merchant_id: w.ids.get('client2') })).code).toBe('200');
    const bad = await as<{ fields: Record<string, string> }>('studio', { range: 'forever' }, 'es');
    expect(bad.code).toBe('400');
    expect(Object.keys(bad.data.fields)).toEqual(['range']);
    expect((await as('agent', {})).code).toBe('403');
  });
});
