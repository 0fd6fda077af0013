import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CODES, formatMessage, type Footage, type Render } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { addMaterial, fakeRenderer, sampleOrder, sampleScript, testEngine } from '../../test/creative-fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { givePlan } from '../../test/plans.js';
import { videoWorld, type VideoWorld } from '../../test/video-fixtures.js';

/**
 * Renders shared fairly between studios (docs/decisions/073): taken in turn across studios and
 * a studio's merchants, not first in, first out; a studio's queue capped; render/add,
 * plan/run and script/generate limited per account with a 429 in the caller's language and
 * Retry-After; a render refused up front when its merchant's plan lapsed or its storage is
 * full; and a render refused by a rule at render time failed at once, not tried three times.
 */
let t: TestApp;
let w: VideoWorld;
let dataDir: string;
let workRoot: string;
/** Studio A (the demo studio) and its merchants; studio B (`studio2`) and its merchant. */
let merchantA: number;
let merchantA2: number;
let merchantB: number;
let clipB: Footage;

const token = (name: string) => w.tokens.get(name)!;

const order = sampleOrder;

async function addRender(merchantId: number, as: string, lang = 'en') {
  return t.call<Render>('/v1/creative/render/add', { merchant_id: merchantId, language: 'en', script: sampleScript('en'), voice: 'none', music: 'none' }, { token: token(as), lang });
}

/** Cancels every render still waiting, so each test starts from an empty queue. */
async function emptyQueue(): Promise<void> {
  await t.query(sql`update creative_renders set state = 'cancelled', finished_at = now() where state in ('queued', 'rendering')`);
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-render-fair-'));
  workRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-render-fair-work-'));
  t = await createTestApp({
    config: {
      DATA_DIR: dataDir,
      RENDER_SIZE: '360x640',
      RENDER_QUEUE_PER_MERCHANT: 3,
      RENDER_QUEUE_MIN: 3,
      RATE_LIMIT_SCRIPT_PER_MINUTE: 2,
      RATE_LIMIT_PLAN_RUN_PER_MINUTE: 2,
    },
  });
  w = await videoWorld(t);
  merchantA = w.ids.get('client')!;
  merchantB = w.ids.get('client2')!;
  // A second merchant of studio A, to see turns within a studio.
  const created = await t.call<{ id: number }>(
    '/v1/account/add',
    { email: 'client3@example.com', password: 'Fixture-pass-1', username: 'client3', role: 'client' },
    { token: token('super') },
  );
  expect(created.code, created.msg).toBe('200');
  await givePlan(t, 'client3@example.com');
  merchantA2 = created.data.id;
  const assigned = await t.call('/v1/client/studio/set', { client_id: merchantA2, studio_id: w.ids.get('studio') }, { token: token('super') });
  expect(assigned.code, assigned.msg).toBe('200');
  clipB = await addMaterial(t, token('client2'), 'mp4');
}, 180_000);

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(workRoot, { recursive: true, force: true });
});

describe('fair scheduling', () => {
  it('takes another studio’s render before the first studio’s 30 queued, and a studio’s second merchant before its first one’s backlog', async () => {
    await emptyQueue();
    const renders = t.app.services.creativeRenders;
    // Studio A queues 30 (as its daily plans would: the plan's path is not capped), then studio B
    // one, then A's second merchant one.
    const backlog = await renders.enqueue(Array.from({ length: 30 }, () => order(merchantA)));
    const [ofB] = await renders.enqueue([order(merchantB)]);
    const [ofA2] = await renders.enqueue([order(merchantA2)]);
    const e = testEngine(t, { render: fakeRenderer(), workRoot });

    const taken: number[] = [];
    for (let i = 0; i < 4; i++) {
      expect(await e.engine.runNext()).toBe(true);
      const [last] = await t.query<{ id: number }>(sql`select id from creative_renders where state = 'done' order by finished_at desc, id desc limit 1`);
      taken.push(last!.id);
    }
    // First in, first out would make all 30 of A's first. In turn: B's within the first two (one
    // render's time), and A's second merchant before A's first merchant's second render.
    expect(taken.slice(0, 2)).toContain(ofB!.id);
    const a2At = taken.indexOf(ofA2!.id);
    expect(a2At).toBeGreaterThanOrEqual(0);
    const firstMerchantAs = taken.filter((id) => backlog.some((row) => row.id === id));
    expect(taken.indexOf(firstMerchantAs[1] ?? -1) === -1 || a2At < taken.indexOf(firstMerchantAs[1]!)).toBe(true);
    // Every render carries its studio, as the claim reads it.
    const [studioOfB] = await t.query<{ studio_id: number }>(sql`select studio_id from creative_renders where id = ${ofB!.id}`);
    expect(studioOfB!.studio_id).toBe(w.ids.get('studio2'));
  }, 120_000);

  it('keeps taking a busy studio’s renders when nobody else waits (no render is left for lack of a turn)', async () => {
    await emptyQueue();
    const queued = await t.app.services.creativeRenders.enqueue(Array.from({ length: 3 }, () => order(merchantA)));
    const e = testEngine(t, { render: fakeRenderer(), workRoot });
    for (let i = 0; i < 3; i++) expect(await e.engine.runNext()).toBe(true);
    expect(await e.engine.runNext()).toBe(false);
    const states = await t.query<{ state: string }>(sql`select state from creative_renders where id in ${queued.map((row) => row.id)}`);
    expect(states.map((row) => row.state)).toEqual(['done', 'done', 'done']);
  }, 60_000);
});

describe('caps and limits', () => {
  it('refuses a render past the studio’s queue cap with a 429 in the caller’s language and Retry-After', async () => {
    await emptyQueue();
    // Studio B serves one merchant: max(3, 3 × 1) = 3 waiting renders.
    for (let i = 0; i < 3; i++) {
      const added = await addRender(merchantB, 'studio2');
      expect(added.code, added.msg).toBe('200');
    }
    const refused = await addRender(merchantB, 'studio2', 'zh');
    expect(refused.status).toBe(429);
    expect(refused.code).toBe(CODES.tooMany);
    expect(refused.msg).toBe(formatMessage('zh', 'creative.queue_full', { count: 3, max: 3, seconds: 60 }));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/creative/render/add',
      headers: { authorization: `Bearer ${token('studio2')}`, 'content-type': 'application/json' },
      payload: { merchant_id: merchantB, language: 'en', script: sampleScript('en'), voice: 'none', music: 'none' },
    });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('60');
    const [count] = await t.query<{ n: number }>(sql`select count(*)::int as n from creative_renders where merchant_id = ${merchantB} and state = 'queued'`);
    expect(count!.n).toBe(3);
    // Another studio's queue is its own.
    const other = await addRender(merchantA, 'studio');
    expect(other.code, other.msg).toBe('200');
  }, 60_000);

  it('limits script/generate per account: a 429 with Retry-After in the caller’s language, another account unaffected', async () => {
    for (let i = 0; i < 2; i++) {
      const made = await t.call('/v1/creative/script/generate', { merchant_id: merchantA, language: 'en' }, { token: token('studio') });
      expect(made.code, made.msg).toBe('200');
    }
    const limited = await t.call('/v1/creative/script/generate', { merchant_id: merchantA, language: 'en' }, { token: token('studio'), lang: 'es' });
    expect(limited.status).toBe(429);
    expect(limited.code).toBe(CODES.tooMany);
    expect(limited.msg).toMatch(/^Demasiadas solicitudes\. Vuelve a intentarlo dentro de \d+ segundos\.$/);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/creative/script/generate',
      headers: { authorization: `Bearer ${token('studio')}`, 'content-type': 'application/json' },
      payload: { merchant_id: merchantA, language: 'en' },
    });
    expect(response.statusCode).toBe(429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Keyed by account, not by address: staff calling from the same address is not limited.
    const staff = await t.call('/v1/creative/script/generate', { merchant_id: merchantA, language: 'en' }, { token: token('admin') });
    expect(staff.code, staff.msg).toBe('200');
  }, 60_000);

  it('limits plan/run per account with a 429 and Retry-After', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const answers: number[] = [];
    for (let i = 0; i < 3; i++) answers.push((await t.call('/v1/creative/plan/run', { merchant_id: merchantA2, date: today }, { token: token('studio') })).status);
    expect(answers[2]).toBe(429);
    expect(answers.slice(0, 2)).not.toContain(429);
  }, 120_000);

  it('refuses render/add for a merchant whose plan lapsed, with 422 as plan/run does', async () => {
    await t.query(sql`update accounts set expire_at = now() - interval '1 day' where id = ${merchantB}`);
    try {
      await emptyQueue();
      const refused = await addRender(merchantB, 'studio2', 'es');
      expect(refused.status).toBe(422);
      expect(refused.msg).toBe(formatMessage('es', 'creative.plan_inactive'));
      const [count] = await t.query<{ n: number }>(sql`select count(*)::int as n from creative_renders where merchant_id = ${merchantB} and state = 'queued'`);
      expect(count!.n).toBe(0);
    } finally {
      await t.query(sql`update accounts set expire_at = now() + interval '30 days' where id = ${merchantB}`);
    }
  }, 60_000);

  it('refuses render/add when the merchant’s storage cannot hold the file, before any render is queued', async () => {
    await emptyQueue();
    // The default quota (FOOTAGE_QUOTA_MB): no plan of the fixtures has its own.
    const quotaBytes = t.app.services.config.FOOTAGE_QUOTA_MB * 1024 * 1024;
    // Fill the storage to within a few KB of the quota: a render's file (MBs) no longer fits.
    await t.query(sql`update footage set stored_bytes = ${quotaBytes - 4096} where id = ${clipB.id}`);
    try {
      const refused = await addRender(merchantB, 'studio2');
      expect(refused.status).toBe(413);
      // In words about videos still to be made, not about uploading "this file".
      expect(refused.msg).toMatch(/^Your storage is full: .+ of .+ used, and this video with the \d+ already waiting needs about .+\. Delete some materials, let the queue finish or upgrade your plan$/);
      const [count] = await t.query<{ n: number }>(sql`select count(*)::int as n from creative_renders where merchant_id = ${merchantB} and state = 'queued'`);
      expect(count!.n).toBe(0);
    } finally {
      await t.query(sql`update footage set stored_bytes = size where id = ${clipB.id}`);
    }
    const accepted = await addRender(merchantB, 'studio2');
    expect(accepted.code, accepted.msg).toBe('200');
  }, 60_000);

  it('fails a render refused by the quota at render time at once, without a second attempt', async () => {
    await emptyQueue();
    const [queued] = await t.app.services.creativeRenders.enqueue([order(merchantB)]);
    const renderer = fakeRenderer({ fail: () => new AppError(CODES.tooLarge, 'footage.quota_exceeded', { used: '5 GB', quota: '5 GB', size: '2 MB' }) });
    const e = testEngine(t, { render: renderer, workRoot });
    await e.engine.run(queued!.id);
    const [row] = await t.query<{ state: string; attempts: number; not_before: string | null }>(sql`select state, attempts, not_before from creative_renders where id = ${queued!.id}`);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, not_before: null });
    expect(renderer.calls).toHaveLength(1);
    expect(e.sent.filter((job) => job.data.id === queued!.id)).toEqual([]);
    const got = await t.call<Render>('/v1/creative/render/get', { id: queued!.id }, { token: token('studio2') });
    expect(got.data.error).toBe(formatMessage('en', 'footage.quota_exceeded', { used: '5 GB', quota: '5 GB', size: '2 MB' }));
  }, 60_000);
});
