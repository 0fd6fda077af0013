import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNT_TYPE, formatMessage, type BulkApproveResult, type Render, type ReviewCount } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeRenderer, sampleScript, testEngine } from '../../test/creative-fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { connectSandbox, videoWorld, type VideoWorld } from '../../test/video-fixtures.js';

/**
 * The studio's review queue (docs/decisions/074): render/list without a merchant serves every
 * merchant of the caller's scope, oldest plan day first, with what waits per merchant; bulk
 * approval answers each draft alone and never publishes one twice.
 */
let t: TestApp;
let w: VideoWorld;
let dataDir: string;
let workRoot: string;

type Queue = { list: Render[]; total: number; by_merchant: ReviewCount[] };
const as = (name: string, lang?: string) => ({ token: w.tokens.get(name)!, ...(lang ? { lang } : {}) });

/** A render asked for by the merchant's studio and made: a draft waiting for review. */
async function draftOf(studio: string, merchant: string, language: 'en' | 'es' = 'en', planDate?: string): Promise<Render> {
  const made = await t.call<Render>('/v1/creative/render/add', { merchant_id: w.ids.get(merchant), language, script: sampleScript(language) }, as(studio));
  expect(made.code, made.msg).toBe('200');
  await testEngine(t, { render: fakeRenderer(), workRoot }).engine.run(made.data.id);
  if (planDate) await t.query(sql`update creative_renders set origin = 'plan', plan_date = ${planDate} where id = ${made.data.id}`);
  const done = await t.call<Render>('/v1/creative/render/get', { id: made.data.id }, as(studio));
  expect(done.data).toMatchObject({ state: 'done', draft: 'pending' });
  return done.data;
}

async function queue(name: string, body: object = {}): Promise<Queue> {
  const got = await t.call<Queue>('/v1/creative/render/list', { page_size: 100, ...body }, as(name));
  expect(got.code, got.msg).toBe('200');
  return got.data;
}

async function postsOf(renderIds: number[]): Promise<number> {
  const rows = await t.query<{ n: number }>(
    sql`select count(*)::int as n from video_posts p join creative_renders r on r.output_footage_id = p.footage_id where r.id = any(${`{${renderIds.join(',')}}`}::int[])`,
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-review-queue-'));
  workRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-review-queue-work-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  w = await videoWorld(t);
  await connectSandbox(t, w.tokens.get('studio')!, w.ids.get('client')!);
  await connectSandbox(t, w.tokens.get('studio2')!, w.ids.get('client2')!);
}, 180_000);

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(workRoot, { recursive: true, force: true });
});

describe('the review queue', () => {
  let late: Render;
  let early: Render;
  let middle: Render;
  let failed: Render;
  let asked: Render;

  beforeAll(async () => {
    late = await draftOf('studio', 'client', 'en', '2026-11-20');
    early = await draftOf('studio', 'client', 'en', '2026-11-18');
    middle = await draftOf('studio2', 'client2', 'es', '2026-11-19');
    failed = await draftOf('studio', 'client', 'en', '2026-11-17');
    await t.query(sql`update creative_renders set state = 'failed', error = ${'creative.failure.tool|{}'} where id = ${failed.id}`);
    // An approved draft whose merchant asked for changes on its post.
    asked = await draftOf('studio2', 'client2', 'es', '2026-11-16');
    await t.query(
      sql`update creative_renders set draft = 'approved', merchant_answer = 'changes_requested', merchant_answer_note = 'Brighter, please', merchant_answer_at = now() where id = ${asked.id}`,
    );
  }, 120_000);

  it('serves staff every merchant’s pending drafts, oldest plan day first, with counts per merchant', async () => {
    const got = await queue('admin', { review: 'pending', sort: 'plan_day' });
    expect(got.list.map((row) => row.id)).toEqual([early.id, middle.id, late.id]);
    expect(got.total).toBe(3);
    const counts = Object.fromEntries(got.by_merchant.map((row) => [row.merchant_id, row]));
    expect(counts[w.ids.get('client')!]).toMatchObject({ pending: 2, failed: 1, changes_requested: 0 });
    expect(counts[w.ids.get('client2')!]).toMatchObject({ pending: 1, failed: 0, changes_requested: 1 });
    expect(got.by_merchant.every((row) => row.merchant_name !== '')).toBe(true);
  });

  it('serves a studio only its own merchants, the failed and the changes asked as their own states', async () => {
    const pending = await queue('studio', { review: 'pending', sort: 'plan_day' });
    expect(pending.list.map((row) => row.id)).toEqual([early.id, late.id]);
    expect(pending.by_merchant.map((row) => row.merchant_id)).toEqual([w.ids.get('client')]);
    expect((await queue('studio', { review: 'failed' })).list.map((row) => row.id)).toEqual([failed.id]);
    expect((await queue('studio', { review: 'changes_requested' })).list).toEqual([]);
    expect((await queue('studio2', { review: 'changes_requested' })).list.map((row) => row.id)).toEqual([asked.id]);
  });

  it('filters by language and day, the counts with it, and lets an operator and a merchant read their own', async () => {
    const spanish = await queue('admin', { language: 'es', review: 'pending' });
    expect(spanish.list.map((row) => row.id)).toEqual([middle.id]);
    expect(spanish.by_merchant.map((row) => row.merchant_id)).toEqual([w.ids.get('client2')]);
    const day = await queue('admin', { date: '2026-11-18' });
    expect(day.list.map((row) => row.id)).toEqual([early.id]);
    expect(day.by_merchant).toEqual([expect.objectContaining({ merchant_id: w.ids.get('client'), pending: 1, failed: 0 })]);
    const operator = await queue('operator', { review: 'pending', sort: 'plan_day' });
    expect(operator.list.map((row) => row.id)).toEqual([early.id, late.id]);
    const merchant = await queue('client2', { review: 'pending' });
    expect(merchant.list.map((row) => row.id)).toEqual([middle.id]);
    expect(merchant.by_merchant.map((row) => row.merchant_id)).toEqual([w.ids.get('client2')]);
  });

  it('refuses an unknown review state or order with a 400 in the caller’s language', async () => {
    const bad = await t.call('/v1/creative/render/list', { review: 'maybe' }, as('studio', 'es'));
    expect(bad.code).toBe('400');
    expect((await t.call('/v1/creative/render/list', { sort: 'newest' }, as('studio'))).code).toBe('400');
  });
});

describe('bulk approval', () => {
  it('answers each draft alone — another studio’s, a decided one, one still rendering, duplicates — and publishes each once', async () => {
    const [first, second] = [await draftOf('studio', 'client'), await draftOf('studio', 'client')];
    const decided = await draftOf('studio', 'client');
    expect((await t.call('/v1/creative/draft/reject', { id: decided.id, reason: 'Too dark' }, as('studio'))).code).toBe('200');
    const theirs = await draftOf('studio2', 'client2');
    const rendering = await t.call<Render>('/v1/creative/render/add', { merchant_id: w.ids.get('client'), language: 'en', script: sampleScript('en') }, as('studio'));
    await t.query(sql`update creative_renders set state = 'rendering' where id = ${rendering.data.id}`);

    const ids = [first.id, theirs.id, decided.id, first.id, rendering.data.id, second.id, 999_999];
    const answer = await t.call<{ results: BulkApproveResult[] }>('/v1/creative/draft/bulk-approve', { ids }, as('studio', 'es'));
    expect(answer.code, answer.msg).toBe('200');
    const results = answer.data.results;
    expect(results.map((row) => row.id)).toEqual([first.id, theirs.id, decided.id, rendering.data.id, second.id, 999_999]);
    const byId = new Map(results.map((row) => [row.id, row]));
    for (const id of [first.id, second.id]) {
      expect(byId.get(id)).toMatchObject({ ok: true, error: null, render: { id, draft: 'approved' } });
      expect(byId.get(id)!.render!.post_id).not.toBeNull();
    }
    expect(byId.get(theirs.id)).toEqual({ id: theirs.id, ok: false, render: null, error: { code: '404', message: formatMessage('es', 'error.not_found') } });
    expect(byId.get(999_999)!.error!.code).toBe('404');
    expect(byId.get(decided.id)!.error).toEqual({ code: '409', message: formatMessage('es', 'creative.draft_already_rejected') });
    expect(byId.get(rendering.data.id)!.error).toEqual({ code: '422', message: formatMessage('es', 'creative.draft_not_ready') });

    // Again, and twice at once: nothing is published a second time.
    const [again, racing] = await Promise.all([
      t.call<{ results: BulkApproveResult[] }>('/v1/creative/draft/bulk-approve', { ids: [first.id, second.id] }, as('studio')),
      t.call<{ results: BulkApproveResult[] }>('/v1/creative/draft/bulk-approve', { ids: [second.id, first.id] }, as('admin')),
    ]);
    for (const row of [...again.data.results, ...racing.data.results]) {
      expect(row).toMatchObject({ ok: false, error: { code: '409', message: formatMessage('en', 'creative.draft_already_approved') } });
    }
    expect(await postsOf([first.id, second.id])).toBe(2);
    expect(await postsOf([theirs.id, decided.id])).toBe(0);
    // The other studio's draft is still waiting for its own studio.
    expect((await t.call<Render>('/v1/creative/render/get', { id: theirs.id }, as('studio2'))).data.draft).toBe('pending');
  });

  it('approves a batch raced by another: each draft becomes one post', async () => {
    const drafts = [await draftOf('studio', 'client'), await draftOf('studio', 'client'), await draftOf('studio', 'client')];
    const ids = drafts.map((row) => row.id);
    const [a, b] = await Promise.all([
      t.call<{ results: BulkApproveResult[] }>('/v1/creative/draft/bulk-approve', { ids }, as('studio')),
      t.call<{ results: BulkApproveResult[] }>('/v1/creative/draft/bulk-approve', { ids: [...ids].reverse() }, as('studio')),
    ]);
    for (const id of ids) {
      const answers = [a, b].map((response) => response.data.results.find((row) => row.id === id)!);
      expect(answers.filter((row) => row.ok)).toHaveLength(1);
    }
    expect(await postsOf(ids)).toBe(3);
  });

  it('refuses no ids and more than 500 with a 400, and lets neither an operator nor a merchant approve', async () => {
    const none = await t.call('/v1/creative/draft/bulk-approve', { ids: [] }, as('studio', 'zh'));
    expect(none.code).toBe('400');
    expect(JSON.stringify(none)).toContain(formatMessage('zh', 'creative.drafts_required'));
    const many = await t.call('/v1/creative/draft/bulk-approve', { ids: Array.from({ length: 501 }, (_, index) => index + 1) }, as('studio'));
    expect(many.code).toBe('400');
    const most = await t.call<{ results: BulkApproveResult[] }>('/v1/creative/draft/bulk-approve', { ids: Array.from({ length: 500 }, () => 999_999) }, as('studio'));
    expect(most.code, most.msg).toBe('200');
    expect(most.data.results).toHaveLength(1);
    for (const name of ['operator', 'client']) expect((await t.call('/v1/creative/draft/bulk-approve', { ids: [1] }, as(name))).code, name).toBe('403');
  });
});

describe('a studio’s morning', () => {
  it('opens the queue of 100 pending drafts over 20 merchants in under a second', async () => {
    const studioId = w.ids.get('studio')!;
    const merchants = await t.query<{ id: number }>(
      sql`insert into accounts (email, password_hash, referral_code, company_short_name, account_type, studio_id, pay_status)
          select 'morning-' || n || '@example.com', 'unused', 'MORNING' || n, 'Morning shop ' || n, ${ACCOUNT_TYPE.client}, ${studioId}, 1
            from generate_series(1, 20) as n returning id`,
    );
    // Five drafts a merchant, over the last three days, waiting for review.
    await t.query(
      sql`insert into creative_renders (merchant_id, studio_id, language, script, voice, music, state, progress, origin, plan_date, plan_slot)
          select m.id, ${studioId}, 'en', ${JSON.stringify(sampleScript('en'))}::jsonb, 'none', 'none', 'done', 100, 'plan',
                 (date '2026-11-25' + (slot % 3)), slot
            from unnest(${`{${merchants.map((row) => row.id).join(',')}}`}::int[]) as m(id), generate_series(1, 5) as slot`,
    );
    await queue('studio', { review: 'pending', sort: 'plan_day' });
    const started = performance.now();
    const got = await queue('studio', { review: 'pending', sort: 'plan_day', page_size: 100 });
    const elapsed = performance.now() - started;
    expect(got.list).toHaveLength(100);
    expect(got.by_merchant.filter((row) => row.merchant_name.startsWith('Morning shop')).map((row) => row.pending)).toEqual(Array.from({ length: 20 }, () => 5));
    const days = got.list.map((row) => row.plan_date!);
    expect(days).toEqual([...days].sort());
    expect(elapsed).toBeLessThan(1000);
  });
});
