import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { NotificationListResponse, Render, ScriptBody, VideoPost } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMaterial, fakeRenderer, sampleScript, testEngine } from '../../test/creative-fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { connectSandbox, videoWorld, type VideoWorld } from '../../test/video-fixtures.js';
import { textKey } from './script-writing.js';
import { addDays, calendarDay } from '@nearcast/contract';

/**
 * The plan keeps its promise (docs/decisions/075): a rejected plan draft is made again for its
 * day and slot, at most twice, with another hook and title; a day's drafts have distinct titles;
 * rejected titles and hooks stay away for 30 days; the studio's reject reason is its own note
 * unless sent; and the merchant's answer on a post shows on the draft, the studio told once.
 */
let t: TestApp;
let w: VideoWorld;
let la: number;
let dataDir: string;
let workRoot: string;

const as = (name: string) => ({ token: w.tokens.get(name)! });
const laDay = (n: number) => addDays(calendarDay(new Date(), 'America/Los_Angeles'), n);

interface PlanRow {
  id: number;
  plan_slot: number;
  plan_round: number;
  draft: string;
  state: string;
  script_id: number;
  hook_style: string;
  title: string;
  hook: string;
}

async function dayRows(day: string): Promise<PlanRow[]> {
  return t.query<PlanRow>(
    sql`select r.id, r.plan_slot, r.plan_round, r.draft, r.state, r.script_id, s.hook_style, r.script->>'title' as title, r.script->'hook'->>'on_screen' as hook
          from creative_renders r join creative_scripts s on s.id = r.script_id
         where r.merchant_id = ${la} and r.plan_date = ${day} order by r.plan_slot, r.plan_round`,
  );
}

/** Renders every queued render of the day with the fake renderer: drafts waiting for the studio. */
async function renderQueued(day: string): Promise<void> {
  const e = testEngine(t, { render: fakeRenderer(), workRoot });
  for (const row of await dayRows(day)) if (row.state === 'queued') await e.engine.run(row.id);
}

async function reject(id: number, reason = 'Too close to last week’s', extra: Record<string, unknown> = {}) {
  const answer = await t.call<Render>('/v1/creative/draft/reject', { id, reason, ...extra }, as('studio'));
  expect(answer.code, answer.msg).toBe('200');
  await t.app.services.creativePlans.idle();
  return answer.data;
}

/** Delivers what was recorded to a subscriber, as the queue would. */
async function deliverTo(subscriber: string): Promise<void> {
  const owed = await t.query<{ id: number }>(
    sql`select e.id::int as id from events e
         where not exists (select 1 from event_deliveries d where d.event_id = e.id and d.subscriber = ${subscriber}) order by e.id`,
  );
  for (const event of owed) await t.app.services.events.deliver({ event_id: event.id, subscriber });
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-replace-'));
  workRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-replace-work-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  w = await videoWorld(t);
  la = w.ids.get('client')!;
  for (const kind of ['mp4', 'png', 'jpg'] as const) await addMaterial(t, w.tokens.get('client')!, kind);
  await connectSandbox(t, w.tokens.get('studio')!, la);
}, 180_000);

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(workRoot, { recursive: true, force: true });
});

describe('a rejected plan draft', () => {
  it('is replaced for its day and slot with another hook and title, twice at most, and the day keeps its 5', async () => {
    const day = laDay(1);
    const run = await t.call('/v1/creative/plan/run', { merchant_id: la, date: day }, as('studio'));
    expect(run.code, run.msg).toBe('200');
    await t.app.services.creativePlans.idle();
    await renderQueued(day);
    const made = await dayRows(day);
    expect(made).toHaveLength(5);
    // Every draft of the day has its own title.
    expect(new Set(made.map((row) => textKey(row.title))).size).toBe(5);

    const first = made.find((row) => row.plan_slot === 0)!;
    await reject(first.id);
    const afterOne = await dayRows(day);
    expect(afterOne).toHaveLength(6);
    const replacement = afterOne.find((row) => row.plan_slot === 0 && row.plan_round === 1)!;
    expect(replacement).toMatchObject({ state: 'queued', draft: 'pending' });
    expect(replacement.hook_style).not.toBe(first.hook_style);
    expect(textKey(replacement.title)).not.toBe(textKey(first.title));
    expect(textKey(replacement.hook)).not.toBe(textKey(first.hook));
    // The day still has its five, each with its own title.
    const standing = afterOne.filter((row) => row.draft !== 'rejected');
    expect(standing).toHaveLength(5);
    expect(new Set(standing.map((row) => textKey(row.title))).size).toBe(5);
    const listed = await t.call<{ list: Render[] }>('/v1/creative/render/list', { merchant_id: la, date: day, page_size: 100 }, as('studio'));
    expect(listed.data.list.filter((render) => render.draft !== 'rejected')).toHaveLength(5);

    // A replacement job run again makes nothing more.
    expect(await t.app.services.creativePlans.replacements.replace(first.id, null)).toBeNull();
    expect(await dayRows(day)).toHaveLength(6);

    // Rejected again: a second replacement; a third rejection of the slot is the studio's answer.
    await renderQueued(day);
    await reject(replacement.id);
    const second = (await dayRows(day)).find((row) => row.plan_slot === 0 && row.plan_round === 2)!;
    expect(second).toMatchObject({ state: 'queued', draft: 'pending' });
    await renderQueued(day);
    await reject(second.id);
    const end = await dayRows(day);
    expect(end.filter((row) => row.plan_slot === 0)).toHaveLength(3);
    expect(end).toHaveLength(7);
    expect(await t.app.services.creativePlans.replacements.replace(second.id, null)).toBeNull();
  }, 240_000);

  it('keeps rejected titles and hooks out of the merchant’s next scripts for 30 days', async () => {
    const rejected = await t.query<{ title: string; hook: string; language: string }>(
      sql`select script->>'title' as title, script->'hook'->>'on_screen' as hook, language from creative_renders where merchant_id = ${la} and draft = 'rejected'`,
    );
    expect(rejected.length).toBeGreaterThan(0);
    const avoided = new Set(rejected.flatMap((row) => [textKey(row.title), textKey(row.hook)]));
    const language = rejected[0]!.language as 'en' | 'es' | 'zh';
    const written = await t.app.services.creativeScripts.write(la, { language, count: 4, seed: `${la}:later`, createdById: null });
    for (const script of written) {
      const body = script.body as ScriptBody;
      expect(avoided.has(textKey(body.title)), body.title).toBe(false);
      expect(avoided.has(textKey(body.hook.on_screen)), body.hook.on_screen).toBe(false);
    }
    expect(new Set(written.map((script) => textKey((script.body as ScriptBody).title))).size).toBe(4);
  });

  it('a manual draft rejected is not replaced', async () => {
    const added = await t.call<Render>('/v1/creative/render/add', { merchant_id: la, language: 'en', script: sampleScript('en') }, as('studio'));
    await testEngine(t, { render: fakeRenderer(), workRoot }).engine.run(added.data.id);
    const before = await t.query<{ n: number }>(sql`select count(*)::int as n from creative_renders where merchant_id = ${la}`);
    await reject(added.data.id);
    const after = await t.query<{ n: number }>(sql`select count(*)::int as n from creative_renders where merchant_id = ${la}`);
    expect(after[0]!.n).toBe(before[0]!.n);
  }, 120_000);
});

describe('the reject reason', () => {
  it('is the studio’s own note: the merchant reads it only when the studio chose to send it', async () => {
    const drafts: Render[] = [];
    for (let n = 0; n < 2; n++) {
      const added = await t.call<Render>('/v1/creative/render/add', { merchant_id: la, language: 'en', script: sampleScript('en') }, as('studio'));
      await testEngine(t, { render: fakeRenderer(), workRoot }).engine.run(added.data.id);
      drafts.push(added.data);
    }
    const kept = await reject(drafts[0]!.id, 'Lighting is off, internal');
    expect(kept.reject_reason).toBe('Lighting is off, internal');
    const sent = await reject(drafts[1]!.id, 'Please send brighter clips', { share_with_merchant: true });
    expect(sent.reject_reason).toBe('Please send brighter clips');

    const mine = async (id: number) => (await t.call<Render>('/v1/creative/render/get', { id }, as('client'))).data;
    expect((await mine(drafts[0]!.id)).reject_reason).toBe('');
    expect((await mine(drafts[1]!.id)).reject_reason).toBe('Please send brighter clips');
    // The studio and staff still read their own note.
    expect((await t.call<Render>('/v1/creative/render/get', { id: drafts[0]!.id }, as('operator'))).data.reject_reason).toBe('Lighting is off, internal');
    const listed = await t.call<{ list: Render[] }>('/v1/creative/render/list', { merchant_id: la, draft: 'rejected', page_size: 100 }, as('client'));
    expect(listed.data.list.find((render) => render.id === drafts[0]!.id)?.reject_reason).toBe('');

    const bad = await t.call('/v1/creative/draft/reject', { id: drafts[0]!.id, reason: 'x', share_with_merchant: 'yes' }, as('studio'));
    expect(bad.code).toBe('400');
  }, 120_000);
});

describe('the merchant’s answer', () => {
  it('shows on the draft with the merchant’s words, keeps the post waiting, and tells the studio once', async () => {
    const added = await t.call<Render>('/v1/creative/render/add', { merchant_id: la, language: 'en', script: sampleScript('en') }, as('studio'));
    await testEngine(t, { render: fakeRenderer(), workRoot }).engine.run(added.data.id);
    const approved = await t.call<Render>('/v1/creative/draft/approve', { id: added.data.id, require_approval: true }, as('studio'));
    expect(approved.code, approved.msg).toBe('200');
    expect(approved.data.merchant_answer).toBeNull();
    const postId = approved.data.post_id!;

    const asked = await t.call<VideoPost>('/v1/video/changes', { id: postId, comment: 'Show the patio, please' }, as('client'));
    expect(asked.code, asked.msg).toBe('200');
    await deliverTo('creative.merchant-answer');
    await deliverTo('notification.center');

    const card = (await t.call<Render>('/v1/creative/render/get', { id: added.data.id }, as('studio'))).data;
    expect(card.merchant_answer).toMatchObject({ state: 'changes_requested', note: 'Show the patio, please' });
    expect(Date.parse(card.merchant_answer!.time)).not.toBeNaN();
    // The merchant reads it on its own draft too, under the same rules as the draft.
    expect((await t.call<Render>('/v1/creative/render/get', { id: added.data.id }, as('client'))).data.merchant_answer?.state).toBe('changes_requested');
    expect((await t.call<Render>('/v1/creative/render/get', { id: added.data.id }, as('studio2'))).code).toBe('404');

    // The post waits: nothing is released to the platforms while changes are asked for.
    const post = (await t.call<VideoPost>('/v1/video/get', { id: postId }, as('studio'))).data;
    expect(post.approval).toBe('changes_requested');
    const jobs = await t.query<{ n: number }>(sql`select count(*)::int as n from video_publish_jobs where post_id = ${postId}`);
    expect(jobs[0]!.n).toBe(0);

    // The event handed over again (a retry after its delivery was lost) changes nothing and tells nobody twice.
    const told = async () =>
      (await t.call<NotificationListResponse>('/v1/notification/list', { tab: 'interactive', page_size: 100 }, as('studio'))).data.list.filter(
        (item) => item.kind === 'changes_requested' && item.subject?.id === postId,
      ).length;
    expect(await told()).toBe(1);
    const [event] = await t.query<{ id: number }>(sql`select id::int as id from events where type = 'video.changes_requested' and subject_id = ${String(postId)}`);
    await t.query(sql`delete from event_deliveries where event_id = ${event!.id} returning event_id`);
    await t.app.services.events.deliver({ event_id: event!.id, subscriber: 'creative.merchant-answer' });
    await t.app.services.events.deliver({ event_id: event!.id, subscriber: 'notification.center' });
    expect(await told()).toBe(1);
    expect((await t.call<Render>('/v1/creative/render/get', { id: added.data.id }, as('studio'))).data.merchant_answer).toEqual(card.merchant_answer);
  }, 120_000);
});
