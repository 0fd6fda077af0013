import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { calendarDay, formatMessage, type Plan, type Render, type VideoPost } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../access/caller.js';
import { addMaterial, creativeAt, fakeRenderer, sampleScript, testEngine } from '../../test/creative-fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { connectSandbox, videoWorld, type VideoWorld } from '../../test/video-fixtures.js';

/**
 * Drafts (docs/decisions/047): a finished render approved becomes one post through the video
 * module on the merchant's connected platforms at the next free posting hour (asking the
 * merchant's approval when the plan says so); a second approval is a conflict, never a second
 * post; a rejection keeps its reason; a render not yet done cannot be decided; and with the
 * studio's review off the plan's drafts are handed on as soon as they are rendered.
 */
let t: TestApp;
let w: VideoWorld;
let merchantId: number;
let dataDir: string;
let workRoot: string;

const studio = () => ({ token: w.tokens.get('studio')! });

/** A render asked for and made: a draft waiting for the studio. */
async function doneDraft(): Promise<Render> {
  const made = await t.call<Render>('/v1/creative/render/add', { merchant_id: merchantId, language: 'en', script: sampleScript('en') }, studio());
  expect(made.code, made.msg).toBe('200');
  await testEngine(t, { render: fakeRenderer(), workRoot }).engine.run(made.data.id);
  const done = await t.call<Render>('/v1/creative/render/get', { id: made.data.id }, studio());
  expect(done.data).toMatchObject({ state: 'done', draft: 'pending' });
  return done.data;
}

async function approve(id: number, body: Record<string, unknown> = {}, lang?: 'en' | 'es' | 'zh') {
  return t.call<Render>('/v1/creative/draft/approve', { id, ...body }, { ...studio(), ...(lang ? { lang } : {}) });
}

async function post(id: number): Promise<VideoPost> {
  const read = await t.call<VideoPost>('/v1/video/get', { id }, studio());
  expect(read.code, read.msg).toBe('200');
  return read.data;
}

async function postsOfFootage(footageId: number) {
  return t.query<{ id: number }>(sql`select id from video_posts where footage_id = ${footageId}`);
}

/** The wall-clock time of an instant in Los Angeles (the demo merchant's city), e.g. "12:00". */
function laTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Los_Angeles', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

async function studioCaller(): Promise<Caller> {
  return (await t.app.services.accounts.actingAs(w.ids.get('studio')!))!;
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-draft-'));
  workRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-draft-work-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  w = await videoWorld(t);
  merchantId = w.ids.get('client')!;
  await addMaterial(t, w.tokens.get('client')!, 'mp4');
  await connectSandbox(t, w.tokens.get('studio')!, merchantId);
}, 180_000);

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(workRoot, { recursive: true, force: true });
});

describe('approving a draft', () => {
  it('makes one video post of the rendered material on the merchant’s connected platforms, at the next posting hour', async () => {
    const draft = await doneDraft();
    const before = Date.now();
    const approved = await approve(draft.id);
    expect(approved.code, approved.msg).toBe('200');
    expect(approved.data).toMatchObject({ draft: 'approved', state: 'done' });
    expect(approved.data.post_id).not.toBeNull();

    const made = await post(approved.data.post_id!);
    expect(made).toMatchObject({
      merchant_id: merchantId,
      title: 'Taco Tuesday',
      footage_id: draft.output_footage_id,
      platforms: ['sandbox'],
      status: 'scheduled',
      approval: 'not_required',
      language: 'en',
      captions: [{ language: 'en', caption: 'Taco Tuesday', hashtags: ['tacos'] }],
    });
    // A posting hour of the merchant's day, at least a quarter of an hour ahead.
    expect(['09:00', '12:00', '15:00', '18:30', '20:30']).toContain(laTime(made.scheduled_at!));
    expect(new Date(made.scheduled_at!).getTime()).toBeGreaterThan(before + 15 * 60_000);
    // The rendered material is marked used by the post.
    const [material] = await t.query<{ usage: string; usage_video_ids: number[] }>(sql`select usage, usage_video_ids from footage where id = ${draft.output_footage_id}`);
    expect(material).toEqual({ usage: 'completed', usage_video_ids: [made.id] });
  });

  it('answers a second approval with a conflict in the caller’s language, and never makes a second post, also when both come at once', async () => {
    const draft = await doneDraft();
    const [a, b] = await Promise.all([approve(draft.id), approve(draft.id, {}, 'es')]);
    const codes = [a.code, b.code].sort();
    expect(codes).toEqual(['200', '409']);
    const refused = a.code === '409' ? a : b;
    expect(refused.msg).toBe(formatMessage(refused === b ? 'es' : 'en', 'creative.draft_already_approved'));
    const again = await approve(draft.id, {}, 'zh');
    expect(again).toMatchObject({ code: '409', msg: formatMessage('zh', 'creative.draft_already_approved') });
    expect(await postsOfFootage(draft.output_footage_id!)).toHaveLength(1);
  });

  it('asks the merchant’s approval through a review link when the plan says so, unless the approval says otherwise', async () => {
    const on = await t.call<Plan>('/v1/creative/plan/update', { merchant_id: merchantId, merchant_approval: true }, studio());
    expect(on.data.merchant_approval).toBe(true);
    try {
      const draft = await doneDraft();
      const approved = await approve(draft.id);
      const asked = await post(approved.data.post_id!);
      expect(asked.approval).toBe('pending');
      expect(await t.query(sql`select post_id from video_review_links where post_id = ${asked.id} and revoked_at is null`)).toEqual([{ post_id: asked.id }]);
      // The merchant is told (the notification center reads this event).
      expect(await t.query(sql`select account_id from events where type = 'video.approval_requested' and subject_id = ${String(asked.id)}`)).toEqual([{ account_id: merchantId }]);

      const direct = await doneDraft();
      const without = await post((await approve(direct.id, { require_approval: false })).data.post_id!);
      expect(without.approval).toBe('not_required');
      expect(await t.query(sql`select id from video_review_links where post_id = ${without.id}`)).toEqual([]);
    } finally {
      await t.call('/v1/creative/plan/update', { merchant_id: merchantId, merchant_approval: false }, studio());
    }
  });

  it('answers a render that is not a finished draft with a clear refusal in the caller’s language', async () => {
    const queued = await t.call<Render>('/v1/creative/render/add', { merchant_id: merchantId, language: 'en', script: sampleScript('en') }, studio());
    const early = await approve(queued.data.id, {}, 'es');
    expect(early).toMatchObject({ code: '422', msg: formatMessage('es', 'creative.draft_not_ready') });
    expect(await t.call('/v1/creative/draft/reject', { id: queued.data.id, reason: 'Too dark' }, { ...studio(), lang: 'zh' })).toMatchObject({
      code: '422',
      msg: formatMessage('zh', 'creative.draft_not_ready'),
    });
    await t.call('/v1/creative/render/cancel', { id: queued.data.id }, studio());
    expect((await approve(queued.data.id)).code).toBe('422');
    const read = await t.call<Render>('/v1/creative/render/get', { id: queued.data.id }, studio());
    expect(read.data).toMatchObject({ draft: 'pending', post_id: null });
  });

  it('refuses platforms the merchant has not connected, in the caller’s language, and leaves the draft waiting', async () => {
    const draft = await doneDraft();
    const refused = await approve(draft.id, { platforms: ['tiktok'] }, 'es');
    expect(refused.code).toBe('400');
    expect(refused.msg).toBe(formatMessage('es', 'video.not_connected', { platform: 'TikTok' }));
    const read = await t.call<Render>('/v1/creative/render/get', { id: draft.id }, studio());
    expect(read.data).toMatchObject({ draft: 'pending', post_id: null });
    expect((await approve(draft.id)).code).toBe('200');
  });
});

describe('rejecting a draft', () => {
  it('keeps the reason; a second decision is a conflict; a reason is required', async () => {
    const draft = await doneDraft();
    const empty = await t.call('/v1/creative/draft/reject', { id: draft.id, reason: '  ' }, { ...studio(), lang: 'es' });
    expect(empty).toMatchObject({ code: '400', msg: formatMessage('es', 'creative.reason_required') });
    const rejected = await t.call<Render>('/v1/creative/draft/reject', { id: draft.id, reason: 'The music is too loud' }, studio());
    expect(rejected.code, rejected.msg).toBe('200');
    expect(rejected.data).toMatchObject({ draft: 'rejected', reject_reason: 'The music is too loud', post_id: null });
    const again = await t.call('/v1/creative/draft/reject', { id: draft.id, reason: 'Still loud' }, { ...studio(), lang: 'zh' });
    expect(again).toMatchObject({ code: '409', msg: formatMessage('zh', 'creative.draft_already_rejected') });
    expect(await approve(draft.id, {}, 'es')).toMatchObject({ code: '409', msg: formatMessage('es', 'creative.draft_already_rejected') });
    expect(await postsOfFootage(draft.output_footage_id!)).toEqual([]);
  });
});

describe('posting hours', () => {
  it('gives each approved draft the earliest free posting hour of the merchant’s day, never one another draft holds', async () => {
    // A Tuesday in Los Angeles (UTC−8), far enough ahead that every hour is in the future.
    let clock = Date.parse('2036-01-15T16:00:00Z'); // 08:00
    const line = creativeAt(t, () => new Date(clock));
    const caller = await studioCaller();
    const approveAt = async () => {
      const draft = await doneDraft();
      const render = await line.creativeDrafts.approve(caller, { id: draft.id }, 'en');
      return (await post(render.post_id!)).scheduled_at!;
    };
    expect(await approveAt()).toBe('2036-01-15T17:00:00.000Z'); // 09:00
    expect(await approveAt()).toBe('2036-01-15T20:00:00.000Z'); // 12:00
    clock = Date.parse('2036-01-15T18:00:00Z'); // 10:00: 12:00 is taken, 15:00 is the next free hour
    expect(await approveAt()).toBe('2036-01-15T23:00:00.000Z'); // 15:00
    clock = Date.parse('2036-01-16T05:00:00Z'); // 21:00: the day is over
    expect(await approveAt()).toBe('2036-01-16T17:00:00.000Z'); // the 16th, 09:00
    clock = Date.parse('2036-01-16T16:00:00Z'); // the 16th, 08:00: 09:00 is taken by the draft approved last night
    expect(await approveAt()).toBe('2036-01-16T20:00:00.000Z'); // 12:00
    // Two approvals at once take two hours.
    const [a, b] = await Promise.all([doneDraft(), doneDraft()]);
    const both = await Promise.all([a, b].map((draft) => line.creativeDrafts.approve(caller, { id: draft.id }, 'en')));
    const times = await Promise.all(both.map(async (render) => (await post(render.post_id!)).scheduled_at));
    expect(times.sort()).toEqual(['2036-01-16T23:00:00.000Z', '2036-01-17T02:30:00.000Z']); // 15:00 and 18:30
  });
});

describe('without the studio’s review', () => {
  it('hands the plan’s drafts on as soon as they are rendered: one post each, spread over the posting hours, approval asked when the plan says', async () => {
    const off = await t.call<Plan>('/v1/creative/plan/update', { merchant_id: merchantId, studio_review: false, merchant_approval: true, mix: { en: 1, es: 1, zh: 1 } }, studio());
    expect(off.data).toMatchObject({ studio_review: false, merchant_approval: true });
    try {
      // Today in the merchant's time zone: a run is for today or the week ahead.
      const today = calendarDay(new Date(), off.data.time_zone);
      const run = await t.call<{ renders: Render[] }>('/v1/creative/plan/run', { merchant_id: merchantId, date: today }, studio());
      expect(run.code, run.msg).toBe('200');
      // The day is made in the background: its renders are there once the run is idle.
      await t.app.services.creativePlans.idle();
      const day = await t.call<{ list: Render[] }>('/v1/creative/render/list', { merchant_id: merchantId, date: today, page_size: 100 }, studio());
      const renders = day.data.list.filter((render) => render.origin === 'plan').sort((a, b) => a.id - b.id);
      expect(renders).toHaveLength(3);
      const e = testEngine(t, { render: fakeRenderer(), workRoot, onDone: (id) => t.app.services.creativePlans.afterRender(id) });
      for (const render of renders) await e.engine.run(render.id);
      const posts: VideoPost[] = [];
      for (const render of renders) {
        const read = await t.call<Render>('/v1/creative/render/get', { id: render.id }, studio());
        expect(read.data).toMatchObject({ state: 'done', draft: 'approved' });
        expect(read.data.post_id).not.toBeNull();
        expect(await postsOfFootage(read.data.output_footage_id!)).toHaveLength(1);
        posts.push(await post(read.data.post_id!));
      }
      expect(posts.map((item) => item.approval)).toEqual(['pending', 'pending', 'pending']);
      // Each asks the merchant through its own review link.
      const links = await t.query<{ post_id: number }>(sql`select post_id from video_review_links where post_id in ${posts.map((item) => item.id)} and revoked_at is null order by post_id`);
      expect(links.map((link) => link.post_id)).toEqual(posts.map((item) => item.id).sort((a, b) => a - b));
      expect(new Set(posts.map((item) => item.scheduled_at)).size).toBe(3);
      expect(posts.map((item) => item.language)).toEqual(['en', 'es', 'zh']);
      // A render asked for by hand still waits for the studio.
      const manual = await doneDraft();
      expect(manual.draft).toBe('pending');
    } finally {
      await t.call('/v1/creative/plan/update', { merchant_id: merchantId, studio_review: true, merchant_approval: false }, studio());
    }
  });
});
