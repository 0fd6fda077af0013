import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { formatMessage, type NotificationListResponse, type Render, type Script } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeRenderer, sampleScript, testEngine } from '../../test/creative-fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { videoWorld, type VideoWorld } from '../../test/video-fixtures.js';
import { recordRenderFailed } from './render-failed.js';

/**
 * Fixing a draft (docs/decisions/074): a failed render is retried as the same render and ends
 * with exactly one video; a render still being made is not retried; a render that fails its
 * last attempt tells its studio; and the scripts on the studio's desk are kept on the server.
 */
let t: TestApp;
let w: VideoWorld;
let dataDir: string;
let workRoot: string;
let merchantId: number;

const as = (name: string, lang?: string) => ({ token: w.tokens.get(name)!, ...(lang ? { lang } : {}) });

async function render(id: number, name = 'studio'): Promise<Render> {
  const got = await t.call<Render>('/v1/creative/render/get', { id }, as(name));
  expect(got.code, got.msg).toBe('200');
  return got.data;
}

/** The engine of a render process, its last attempt recorded as the app records it. */
function engineWith(renderer: ReturnType<typeof fakeRenderer>) {
  return testEngine(t, {
    render: renderer,
    workRoot,
    settings: { maxAttempts: 1 },
    onFailed: (renderId) => recordRenderFailed(t.database.db, t.app.services.events, renderId),
  }).engine;
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-render-retry-'));
  workRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-render-retry-work-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  w = await videoWorld(t);
  merchantId = w.ids.get('client')!;
}, 180_000);

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(workRoot, { recursive: true, force: true });
});

describe('retrying a render', () => {
  it('renders a failed render again as the same render, ending with exactly one video, and tells the studio once of the failure', async () => {
    const made = await t.call<Render>('/v1/creative/render/add', { merchant_id: merchantId, language: 'en', script: sampleScript('en') }, as('studio'));
    expect(made.code, made.msg).toBe('200');
    await engineWith(fakeRenderer({ fail: () => new Error('ffmpeg ended with 255') })).run(made.data.id);
    const failed = await render(made.data.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed.error).not.toBeNull();

    // The studio is told, in its language, and only the studio.
    const owed = await t.query<{ id: number }>(sql`select id::int as id from events where type = 'creative.render_failed' and subject_id = ${String(made.data.id)}`);
    expect(owed).toHaveLength(1);
    await t.app.services.events.deliver({ event_id: owed[0]!.id, subscriber: 'notification.center' });
    const center = async (name: string) =>
      (await t.call<NotificationListResponse>('/v1/notification/list', { tab: 'interactive', page_size: 100 }, as(name, 'es'))).data.list.filter(
        (item) => item.kind === 'render_failed',
      );
    const told = await center('studio');
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe(formatMessage('es', 'notification.kind.render_failed.title'));
    expect(told[0]!.body).toContain('Taco Tuesday');
    expect(told[0]!.link).toBe(`/video?render=${made.data.id}`);
    expect(await center('client')).toEqual([]);

    const retried = await t.call<Render>('/v1/creative/render/retry', { id: made.data.id }, as('studio'));
    expect(retried.code, retried.msg).toBe('200');
    expect(retried.data).toMatchObject({ id: made.data.id, state: 'queued', attempts: 0, error: null, progress: 0 });

    // Queued again: a second retry is refused, clearly.
    const running = await t.call('/v1/creative/render/retry', { id: made.data.id }, as('studio', 'zh'));
    expect(running).toMatchObject({ code: '409', msg: formatMessage('zh', 'creative.render_running') });

    await engineWith(fakeRenderer()).run(made.data.id);
    const done = await render(made.data.id);
    expect(done).toMatchObject({ state: 'done', attempts: 1, error: null, draft: 'pending' });
    const outputs = await t.query<{ n: number }>(sql`select count(*)::int as n from footage where render_id = ${made.data.id}`);
    expect(outputs[0]!.n).toBe(1);
    const renders = await t.query<{ n: number }>(sql`select count(*)::int as n from creative_renders where merchant_id = ${merchantId}`);
    expect(renders[0]!.n).toBe(1);

    expect(await t.call('/v1/creative/render/retry', { id: made.data.id }, as('studio', 'es'))).toMatchObject({
      code: '409',
      msg: formatMessage('es', 'creative.render_done'),
    });
  });

  it('refuses a render that is rendering, and lets a cancelled one be made again', async () => {
    const made = await t.call<Render>('/v1/creative/render/add', { merchant_id: merchantId, language: 'en', script: sampleScript('en') }, as('studio'));
    await t.query(sql`update creative_renders set state = 'rendering', attempts = 1 where id = ${made.data.id}`);
    expect(await t.call('/v1/creative/render/retry', { id: made.data.id }, as('admin'))).toMatchObject({ code: '409', msg: formatMessage('en', 'creative.render_running') });
    expect((await render(made.data.id)).state).toBe('rendering');

    await t.query(sql`update creative_renders set state = 'cancelled', error = ${'creative.failure.cancelled|{}'} where id = ${made.data.id}`);
    const again = await t.call<Render>('/v1/creative/render/retry', { id: made.data.id }, as('studio'));
    expect(again.code, again.msg).toBe('200');
    expect(again.data).toMatchObject({ state: 'queued', attempts: 0, error: null });
    await t.call('/v1/creative/render/cancel', { id: made.data.id }, as('studio'));
  });

  it('keeps to the studio’s queue cap and the merchant’s plan, as render/add does', async () => {
    const made = await t.call<Render>('/v1/creative/render/add', { merchant_id: merchantId, language: 'en', script: sampleScript('en') }, as('studio'));
    await t.query(sql`update creative_renders set state = 'failed' where id = ${made.data.id}`);
    await t.query(sql`update accounts set pay_status = 0 where id = ${merchantId}`);
    try {
      expect(await t.call('/v1/creative/render/retry', { id: made.data.id }, as('studio'))).toMatchObject({
        code: '422',
        msg: formatMessage('en', 'creative.plan_inactive'),
      });
    } finally {
      await t.query(sql`update accounts set pay_status = 1 where id = ${merchantId}`);
    }
    const cap = await t.app.services.creativeRenders.queueLimitOf(w.ids.get('studio')!);
    const waiting = await t.query<{ n: number }>(sql`select count(*)::int as n from creative_renders where studio_id = ${w.ids.get('studio')!} and state = 'queued'`);
    // The studio's queue filled to its cap by renders waiting their turn.
    const inserted = await t.query<{ id: number }>(
      sql`insert into creative_renders (merchant_id, studio_id, language, script, voice, music, state)
          select ${merchantId}, ${w.ids.get('studio')!}, 'en', ${JSON.stringify(sampleScript('en'))}::jsonb, 'none', 'none', 'queued'
            from generate_series(1, ${cap - waiting[0]!.n}) returning id`,
    );
    try {
      const full = await t.call('/v1/creative/render/retry', { id: made.data.id }, as('studio'));
      expect(full.code, full.msg).toBe('429');
      expect((await render(made.data.id)).state).toBe('failed');
    } finally {
      await t.query(sql`delete from creative_renders where id = any(${`{${inserted.map((row) => row.id).join(',')}}`}::int[])`);
    }
  });
});

describe('the script desk', () => {
  it('keeps written and edited scripts on the server until rendered or discarded', async () => {
    const written = await t.call<{ list: Script[] }>('/v1/creative/script/generate', { merchant_id: merchantId, language: 'en', count: 3 }, as('studio'));
    expect(written.code, written.msg).toBe('200');
    const [a, b, c] = written.data.list as [Script, Script, Script];
    expect(written.data.list.every((script) => script.desk && script.update_time === null)).toBe(true);

    const edited = { ...sampleScript('en'), title: 'Taco Tuesday, edited' };
    const updated = await t.call<Script>('/v1/creative/script/update', { id: a.id, body: edited }, as('studio'));
    expect(updated.code, updated.msg).toBe('200');
    expect(updated.data).toMatchObject({ id: a.id, desk: true, body: { title: 'Taco Tuesday, edited' } });
    expect(updated.data.update_time).not.toBeNull();

    expect((await t.call<Script>('/v1/creative/script/update', { id: b.id, desk: false }, as('studio'))).data.desk).toBe(false);
    const rendered = await t.call<Render>('/v1/creative/render/add', { merchant_id: merchantId, language: 'en', script_id: c.id, script: c.body }, as('studio'));
    expect(rendered.code, rendered.msg).toBe('200');

    // A reload: what the desk shows is read back from the server, the edit first.
    const desk = await t.call<{ list: Script[]; total: number }>('/v1/creative/script/list', { merchant_id: merchantId, desk: true }, as('studio'));
    expect(desk.code, desk.msg).toBe('200');
    expect(desk.data.list.map((script) => script.id)).toEqual([a.id]);
    expect(desk.data.list[0]!.body.title).toBe('Taco Tuesday, edited');
    const all = await t.call<{ list: Script[]; total: number }>('/v1/creative/script/list', { merchant_id: merchantId, language: 'en' }, as('operator'));
    expect(all.data.list.map((script) => script.id)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    expect((await t.call('/v1/creative/script/list', { merchant_id: merchantId, language: 'es' }, as('studio'))).data).toMatchObject({ total: 0 });
  });

  it('refuses a bad body clearly, another studio’s script as not found, and an operator or merchant editing', async () => {
    const written = await t.call<{ list: Script[] }>('/v1/creative/script/generate', { merchant_id: merchantId, language: 'en' }, as('studio'));
    const id = written.data.list[0]!.id;
    const bad = await t.call('/v1/creative/script/update', { id, body: { ...sampleScript('en'), beats: [] } }, as('studio', 'es'));
    expect(bad.code).toBe('400');
    expect(JSON.stringify(bad)).toContain(formatMessage('es', 'creative.beats_count'));
    expect((await t.call('/v1/creative/script/update', { id, desk: false }, as('studio2'))).code).toBe('404');
    expect((await t.call('/v1/creative/script/list', { merchant_id: merchantId }, as('studio2'))).code).toBe('404');
    for (const name of ['operator', 'client']) expect((await t.call('/v1/creative/script/update', { id, desk: false }, as(name))).code, name).toBe('403');
    expect((await t.call('/v1/creative/script/list', { merchant_id: merchantId }, as('client'))).code).toBe('403');
  });
});
