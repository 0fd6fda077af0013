import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { formatMessage, scriptBody, type Footage, type Render } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryMailer } from '../../adapters/mail/index.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase, selectRows } from '../../db/client.js';
import { seedDemo } from '../../demo/seed.js';
import { addMaterial, fakeRenderer, gatedRenderer, sampleScript, testEngine, type TestEngine } from '../../test/creative-fixtures.js';
import { createFreshDatabase } from '../../test/fresh-postgres.js';
import { generatedMedia } from '../../test/generated-media.js';
import { createTestApp, testDatabaseUrl, type TestApp } from '../../test/harness.js';
import { dieAt, killWorkerWhen } from '../../test/leased-work-harness.js';
import type { RenderWorkerOptions } from '../../test/render-worker.js';
import { videoWorld, type VideoWorld } from '../../test/video-fixtures.js';
import { MediaFailedError, probe, resolveMediaTools } from '../../adapters/media/index.js';
import type { RenderEngineDeps } from './render-engine.js';
import { renderVideo } from './renderer/renderer.js';
import { RENDER_JOB } from './render-service.js';

/**
 * The render engine (docs/decisions/050) against a real database, storage and material
 * library, with stand-in renderers: a render's life from queued to done, cancels, retries with
 * back-off, the time limit, and crash safety — a worker that dies before or after its checkpoint
 * is carried on by another after its lease runs out, and two workers racing make one video;
 * and a real render process (ffmpeg and all) killed with SIGKILL mid-render.
 */
let t: TestApp;
let w: VideoWorld;
let merchantId: number;
let clip: Footage;
let photo: Footage;
let dataDir: string;
let workRoot: string;
let clock = Date.now();
const now = () => new Date(clock);
const LEASE_MS = 60_000;

const studio = () => w.tokens.get('studio')!;
const client = () => w.tokens.get('client')!;

async function addRender(body: Record<string, unknown> = {}): Promise<Render> {
  const made = await t.call<Render>(
    '/v1/creative/render/add',
    { merchant_id: merchantId, language: 'en', script: sampleScript('en'), footage_ids: [clip.id, photo.id], ...body },
    { token: studio() },
  );
  expect(made.code, made.msg).toBe('200');
  expect(made.data.state).toBe('queued');
  return made.data;
}

async function getRender(id: number, lang: 'en' | 'es' | 'zh' = 'en'): Promise<Render> {
  const got = await t.call<Render>('/v1/creative/render/get', { id }, { token: studio(), lang });
  expect(got.code, got.msg).toBe('200');
  return got.data;
}

/** The materials a render became (the footage rows that name it). */
async function outputsOf(id: number) {
  return t.query<{ id: number; status: string; type: string; merchant_id: number; upload_id: number }>(
    sql`select id, status, type, merchant_id, upload_id from footage where render_id = ${id}`,
  );
}

async function row(id: number) {
  const [found] = await t.query<{ state: string; attempts: number; upload_id: number | null; output_footage_id: number | null; not_before: string | null }>(
    sql`select state, attempts, upload_id, output_footage_id, not_before from creative_renders where id = ${id}`,
  );
  return { ...found!, not_before: found!.not_before === null ? null : new Date(found!.not_before) };
}

async function lastUploadId(): Promise<number> {
  const [found] = await t.query<{ id: number | null }>(sql`select max(id)::int as id from uploads`);
  return found?.id ?? 0;
}

/** Uploads of the merchant made after `after` (a render's stored file is one). */
async function uploadsSince(after: number) {
  return t.query<{ id: number; claimed: boolean }>(sql`select id, claimed_at is not null as claimed from uploads where id > ${after} and owner_id = ${merchantId}`);
}

/** Work folders of a render (all of them without an id) still on disk, in any process's folder under `root`. */
async function workLeft(id?: number, root = workRoot): Promise<string[]> {
  const left: string[] = [];
  for (const instance of await fs.readdir(root)) {
    if (!instance.startsWith('nearcast-renders-')) continue;
    const names = await fs.readdir(path.join(root, instance)).catch(() => [] as string[]);
    left.push(...names.filter((name) => name !== 'owner.json' && (id === undefined || name.startsWith(`${id}-`))).map((name) => `${instance}/${name}`));
  }
  return left;
}

/**
 * The workers abandoned so far stand for processes that were killed: their work folders now
 * name a pid that has ended, as a killed process's would (they share this test's pid).
 */
async function abandonedWorkersDied(): Promise<void> {
  const dead = spawnSync(process.execPath, ['-e', '']).pid;
  for (const instance of await fs.readdir(workRoot)) {
    const owner = path.join(workRoot, instance, 'owner.json');
    const text = await fs.readFile(owner, 'utf8').catch(() => null);
    if (text) await fs.writeFile(owner, JSON.stringify({ ...(JSON.parse(text) as object), pid: dead }));
  }
}

/** The footage service as the engine reaches it, with one step replaced. */
function materialsWith(replace: Partial<RenderEngineDeps['materials']>): RenderEngineDeps['materials'] {
  const footage = t.app.services.material;
  return {
    mediaOf: (...args) => footage.mediaOf(...args),
    libraryOf: (...args) => footage.libraryOf(...args),
    addRendered: (...args) => footage.addRendered(...args),
    markUsed: (...args) => footage.markUsed(...args),
    ...replace,
  };
}

/** Runs the render jobs a sweep queued for `id`, as the queue would. */
async function runSwept(e: TestEngine, id: number): Promise<void> {
  const jobs = e.sent.filter((job) => job.name === RENDER_JOB && job.data.id === id);
  expect(jobs.length, 'the sweep queued the render').toBeGreaterThan(0);
  for (const job of jobs) await e.engine.run(job.data.id!);
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-render-engine-'));
  workRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-render-work-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  w = await videoWorld(t);
  merchantId = w.ids.get('client')!;
  clip = await addMaterial(t, client(), 'mp4');
  photo = await addMaterial(t, client(), 'png');
}, 180_000);

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(workRoot, { recursive: true, force: true });
});

describe('a render’s life', () => {
  it('goes queued → rendering (progress published) → done, with exactly one output material in the merchant’s library and a cover', async () => {
    const render = await addRender();
    const renderer = fakeRenderer();
    const e = testEngine(t, { render: renderer, workRoot, now });
    await e.engine.run(render.id);

    // Progress reached the stream: rendering from 0, a step of the renderer's, then done.
    const states = e.progress.filter((item) => item.id === render.id);
    expect(states[0]).toMatchObject({ state: 'rendering', progress: 0, merchant_id: merchantId });
    expect(states.some((item) => item.state === 'rendering' && item.progress > 0)).toBe(true);
    expect(states.at(-1)).toMatchObject({ state: 'done', progress: 100 });

    const done = await getRender(render.id);
    expect(done).toMatchObject({ state: 'done', progress: 100, attempts: 1, error: null, duration: 1 });
    expect(done.output_footage_id).not.toBeNull();
    expect(done.video_url).toBeTruthy();
    expect(done.cover_url).toBeTruthy();
    expect(done.timings.started_at).toBeTruthy();
    expect(done.timings.finished_at).toBeTruthy();

    // The renderer was given the picked material, in the storyboard's order.
    expect(renderer.calls).toHaveLength(1);
    expect(renderer.calls[0]!.clips.map((item) => item.kind)).toEqual(['video', 'image']);

    const outputs = await outputsOf(render.id);
    expect(outputs).toEqual([expect.objectContaining({ id: done.output_footage_id, status: 'active', type: 'video', merchant_id: merchantId })]);
    // The merchant finds it in its library, tagged as made by AI in its language.
    const material = await t.call<Footage>('/v1/footage/get', { id: done.output_footage_id }, { token: client() });
    expect(material.code, material.msg).toBe('200');
    expect(material.data).toMatchObject({ status: 'active', type: 'video', tags: ['AI', 'en'] });
    // … among the videos the studio made, not among its own uploads.
    const library = await t.call<{ list: Footage[] }>('/v1/footage/list', { type: 'video', origin: 'studio', page_size: 100 }, { token: client() });
    expect(library.data.list.map((item) => item.id)).toContain(done.output_footage_id);
    const uploads = await t.call<{ list: Footage[] }>('/v1/footage/list', { type: 'video', page_size: 100 }, { token: client() });
    expect(uploads.data.list.map((item) => item.id)).not.toContain(done.output_footage_id);
    // The materials it used are marked used.
    for (const used of [clip, photo]) {
      const read = await t.call<Footage>('/v1/footage/get', { id: used.id }, { token: client() });
      expect(read.data.usage, `material ${used.id}`).toBe('completed');
    }
    // The cover and the video are served.
    for (const url of [done.cover_url!, done.video_url!]) {
      const served = await t.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search });
      expect(served.statusCode, url).toBe(200);
    }
    const cover = await t.app.inject({ method: 'GET', url: new URL(done.cover_url!).pathname + new URL(done.cover_url!).search });
    expect(cover.headers['content-type']).toContain('image/jpeg');

    // A second delivery of the same job changes nothing.
    await e.engine.run(render.id);
    expect(renderer.calls).toHaveLength(1);
    expect(await outputsOf(render.id)).toHaveLength(1);
    expect(await workLeft()).toEqual([]);
  });

  it('hands the renderer the brief’s phone and coupon code for the end card', async () => {
    const studioToken = { token: studio() };
    const before = await t.call<{ phone: string; coupon_code: string }>('/v1/creative/brief/get', { merchant_id: merchantId }, studioToken);
    expect(before.code, before.msg).toBe('200');
    const updated = await t.call('/v1/creative/brief/update', { merchant_id: merchantId, phone: '(213) 555-0123', coupon_code: 'TACO5' }, studioToken);
    expect(updated.code, updated.msg).toBe('200');
    try {
      const render = await addRender();
      const renderer = fakeRenderer();
      await testEngine(t, { render: renderer, workRoot, now }).engine.run(render.id);
      expect(renderer.calls[0]!.brand).toMatchObject({ phone: '(213) 555-0123', coupon: 'TACO5' });
    } finally {
      await t.call('/v1/creative/brief/update', { merchant_id: merchantId, phone: before.data.phone, coupon_code: before.data.coupon_code }, studioToken);
    }
  });

  it('cancels a queued render: nothing is rendered and no material is made', async () => {
    const render = await addRender();
    const cancelled = await t.call<Render>('/v1/creative/render/cancel', { id: render.id }, { token: studio(), lang: 'es' });
    expect(cancelled.code, cancelled.msg).toBe('200');
    expect(cancelled.data).toMatchObject({ state: 'cancelled', error: 'Cancelado' });
    const renderer = fakeRenderer();
    await testEngine(t, { render: renderer, workRoot, now }).engine.run(render.id);
    expect(renderer.calls).toHaveLength(0);
    expect(await outputsOf(render.id)).toEqual([]);
    expect((await getRender(render.id)).state).toBe('cancelled');
    // Cancelled once is cancelled: a second cancel says why it cannot, in the caller's language.
    const again = await t.call('/v1/creative/render/cancel', { id: render.id }, { token: studio(), lang: 'zh' });
    expect(again).toMatchObject({ code: '422', msg: '只有排队中或渲染中的视频可以取消' });
  });

  it('cancels a render while it renders: the renderer’s signal aborts, the state is cancelled, no material, no work folder', async () => {
    const render = await addRender();
    const renderer = gatedRenderer();
    const e = testEngine(t, { render: renderer.render, workRoot, now });
    const running = e.engine.run(render.id);
    await renderer.started;
    expect((await getRender(render.id)).state).toBe('rendering');
    const cancelled = await t.call<Render>('/v1/creative/render/cancel', { id: render.id }, { token: studio() });
    expect(cancelled.code, cancelled.msg).toBe('200');
    await running;
    expect(renderer.aborted).toEqual([true]);
    expect(await getRender(render.id)).toMatchObject({ state: 'cancelled', output_footage_id: null, video_url: null });
    expect(await outputsOf(render.id)).toEqual([]);
    expect(await workLeft()).toEqual([]);
  });

  it('stops a cancelled render even when its renderer reports no progress', async () => {
    const render = await addRender();
    const renderer = gatedRenderer();
    const silent: typeof renderer.render = (tools, input) => renderer.render(tools, { ...input, onProgress: () => {} });
    const e = testEngine(t, { render: silent, workRoot, now, settings: { leaseMs: 800 } });
    const running = e.engine.run(render.id);
    await renderer.started;
    expect((await t.call('/v1/creative/render/cancel', { id: render.id }, { token: studio() })).code).toBe('200');
    await running;
    expect(renderer.aborted).toEqual([true]);
    expect(await outputsOf(render.id)).toEqual([]);
  });

  it('lets a cancel that arrives as the renderer finishes win: the stored file is dropped and no material is made', async () => {
    const before = await lastUploadId();
    const render = await addRender();
    const renderer = gatedRenderer({
      beforeReturn: async () => {
        const cancelled = await t.call('/v1/creative/render/cancel', { id: render.id }, { token: studio() });
        expect(cancelled.code, cancelled.msg).toBe('200');
      },
    });
    const e = testEngine(t, { render: renderer.render, workRoot, now });
    const running = e.engine.run(render.id);
    await renderer.started;
    renderer.finish();
    await running;
    expect(await getRender(render.id)).toMatchObject({ state: 'cancelled', output_footage_id: null });
    expect(await outputsOf(render.id)).toEqual([]);
    expect(await uploadsSince(before)).toEqual([]);
    expect((await row(render.id)).upload_id).toBeNull();
    expect(await workLeft()).toEqual([]);
  });

  it('refuses a cancel once the file is stored (a conflict, in the caller’s language) and finishes with its one material', async () => {
    const render = await addRender();
    let reached!: () => void;
    const atMaterial = new Promise<void>((resolve) => (reached = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const e = testEngine(t, {
      render: fakeRenderer(),
      workRoot,
      now,
      materials: materialsWith({
        addRendered: async (...args) => {
          reached();
          await gate;
          return t.app.services.material.addRendered(...args);
        },
      }),
    });
    const running = e.engine.run(render.id);
    await atMaterial;
    const refused = await t.call('/v1/creative/render/cancel', { id: render.id }, { token: studio(), lang: 'es' });
    expect(refused).toMatchObject({ code: '409', msg: formatMessage('es', 'creative.render_finishing') });
    open();
    await running;
    expect((await getRender(render.id)).state).toBe('done');
    expect(await outputsOf(render.id)).toHaveLength(1);
  });
});

describe('failures', () => {
  it('retries a failing render with a growing back-off, then fails it with the reason in the caller’s language', async () => {
    const render = await addRender();
    const detail = 'ffmpeg ended with 1: Invalid data found when processing input';
    const renderer = fakeRenderer({ fail: () => new Error(detail) });
    const e = testEngine(t, { render: renderer, workRoot, now, settings: { maxAttempts: 3, retryDelaySeconds: 30 } });

    await e.engine.run(render.id);
    const first = await row(render.id);
    expect(first).toMatchObject({ state: 'queued', attempts: 1 });
    expect(first.not_before!.getTime() - clock).toBe(30_000);
    expect(e.sent.at(-1)).toMatchObject({ name: RENDER_JOB, data: { id: render.id }, options: { startAfter: first.not_before } });
    // While it waits, the last attempt's reason is shown with it.
    expect(await getRender(render.id, 'es')).toMatchObject({ state: 'queued', error: formatMessage('es', 'creative.failure.tool') });

    // Delivered too early (a duplicate job): nothing is rendered, the job is put back for later.
    await e.engine.run(render.id);
    expect(renderer.calls).toHaveLength(1);
    expect(e.sent.at(-1)).toMatchObject({ options: { startAfter: first.not_before } });

    clock = first.not_before!.getTime() + 1000;
    await e.engine.run(render.id);
    const second = await row(render.id);
    expect(second).toMatchObject({ state: 'queued', attempts: 2 });
    expect(second.not_before!.getTime() - clock).toBe(60_000);

    clock = second.not_before!.getTime() + 1000;
    await e.engine.run(render.id);
    expect(renderer.calls).toHaveLength(3);
    const failed = await getRender(render.id, 'zh');
    expect(failed).toMatchObject({ state: 'failed', attempts: 3, output_footage_id: null, error: formatMessage('zh', 'creative.failure.tool') });
    expect((await getRender(render.id, 'en')).error).toBe('The video could not be rendered: the encoder stopped unexpectedly; trying again may help');
    expect(e.progress.filter((item) => item.id === render.id).map((item) => item.state)).toEqual(['rendering', 'rendering', 'queued', 'rendering', 'rendering', 'queued', 'rendering', 'rendering', 'failed']);
    expect(await outputsOf(render.id)).toEqual([]);
    expect(await workLeft()).toEqual([]);
  });

  it('says in plain words which clip the encoder could not open (the real renderer, its ffmpeg failing on the clip), keeping its output for staff alone', async () => {
    const render = await addRender();
    let work = '';
    // A clip both probes read that ffmpeg then cannot open (it changed under the render): an
    // ffmpeg that says what ffmpeg 7 says then, and is the real one for every other run.
    const real = resolveMediaTools(t.app.services.config).ffmpeg;
    const fake = path.join(workRoot, 'ffmpeg-unreadable-clip.sh');
    await fs.writeFile(
      fake,
      [
        '#!/bin/sh',
        'for arg in "$@"; do',
        '  case "$arg" in */clip-0.*)',
        '    echo "[in#1 @ 0x5581f0c2c340] Error opening input: Invalid data found when processing input" >&2',
        '    echo "Error opening input file $arg." >&2',
        '    echo "Error opening input files: Invalid data found when processing input" >&2',
        '    exit 254;;',
        '  esac',
        'done',
        `exec '${real}' "$@"`,
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    const unreadable: RenderEngineDeps['render'] = (tools, input) => {
      work = input.workDir;
      return renderVideo({ ...tools, ffmpeg: fake }, input);
    };
    const e = testEngine(t, { render: unreadable, workRoot, now, settings: { maxAttempts: 1 } });
    await e.engine.run(render.id);

    for (const lang of ['en', 'es'] as const) {
      const failed = await getRender(render.id, lang);
      expect(failed.state).toBe('failed');
      expect(failed.error).toBe(formatMessage(lang, 'creative.failure.tool_input', { name: clip.name }));
      expect(failed.error).not.toMatch(/\/|libx264|0x[0-9a-f]/i);
      expect(failed).not.toHaveProperty('error_detail');
    }
    const admin = await t.call<Render>('/v1/creative/render/get', { id: render.id }, { token: w.tokens.get('admin')! });
    expect(admin.code, admin.msg).toBe('200');
    expect(admin.data.error_detail).toMatch(/ffmpeg ended with/);
    expect(admin.data.error_detail).toContain('<work>/clip-0');
    expect(admin.data.error_detail).not.toContain(work);
    // The merchant reads the plain words too, in a list as in one render.
    const mine = await t.call<{ list: Render[] }>('/v1/creative/render/list', { merchant_id: merchantId, page: 1, page_size: 50 }, { token: client() });
    expect(mine.code, mine.msg).toBe('200');
    expect(mine.data.list.find((item) => item.id === render.id)).not.toHaveProperty('error_detail');
    const staffList = await t.call<{ list: Render[] }>('/v1/creative/render/list', { merchant_id: merchantId, page: 1, page_size: 50 }, { token: w.tokens.get('super')! });
    expect(staffList.data.list.find((item) => item.id === render.id)?.error_detail).toContain('<work>');
    expect(await workLeft()).toEqual([]);
    await fs.rm(fake);
  }, 60_000);

  it('says the encoder stopped when no input is to blame: no path, x264 statistics or address reaches the user, all of it reaches staff', async () => {
    const render = await addRender();
    const failing: RenderEngineDeps['render'] = (_tools, input) => {
      const stderr = [
        `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from '${input.clips[0]!.path}':`,
        `[libx264 @ 0x224f3500] frame I:1     Avg QP:20.41  size: 14563`,
        `[libx264 @ 0x224f3500] mb P  I16..4:  2.4%  0.0%  0.7%  P16..4: 31.5%  6.4%  2.2%  0.0%  0.0%    skip:56.9%`,
        `[libx264 @ 0x224f3500] kb/s:371.40`,
        `[out#0/mp4 @ 0x5611c0] Error muxing a packet`,
        `Conversion failed! ${input.workDir}/out.mp4`,
      ].join('\n');
      return Promise.reject(new MediaFailedError('ffmpeg ended with 255', stderr));
    };
    const e = testEngine(t, { render: failing, workRoot, now, settings: { maxAttempts: 1 } });
    await e.engine.run(render.id);
    for (const lang of ['en', 'es'] as const) {
      const failed = await getRender(render.id, lang);
      expect(failed).toMatchObject({ state: 'failed', error: formatMessage(lang, 'creative.failure.tool') });
      expect(failed.error).not.toMatch(/\/|libx264|0x[0-9a-f]/i);
    }
    const admin = await t.call<Render>('/v1/creative/render/get', { id: render.id }, { token: w.tokens.get('admin')!, lang: 'es' });
    expect(admin.data.error).toBe(formatMessage('es', 'creative.failure.tool'));
    expect(admin.data.error_detail).toContain('[libx264 @ 0x224f3500] kb/s:371.40');
    expect(admin.data.error_detail).toContain('Conversion failed! <work>/out.mp4');
    expect(admin.data.error_detail).not.toContain(workRoot);
  });

  it('notes a voice that failed without its paths, addresses or raw output', async () => {
    const render = await addRender({ voice: 'local' });
    const broken = {
      available: true,
      speak: () => Promise.reject(Object.assign(new Error('piper ended with 1'), { stderr: '[onnx @ 0x7ffd3a] /opt/nearcast/voices/en_US-amy.onnx: No such file or directory\n' })),
    };
    const e = testEngine(t, { render: fakeRenderer(), workRoot, now, voices: { local: broken } });
    await e.engine.run(render.id);
    const done = await getRender(render.id, 'es');
    expect(done.state).toBe('done');
    const note = done.notes.find((item) => item.startsWith('No se pudo generar la voz'));
    expect(note).toBe(formatMessage('es', 'creative.note.voice_fallback', { detail: 'piper ended with 1; “en_US-amy.onnx”: No such file or directory' }));
    expect(done.notes.join(' ')).not.toMatch(/\/|0x[0-9a-f]/i);
  });

  it('stops a render that runs past its time limit, even one whose renderer ignores the limit, and says so', async () => {
    const render = await addRender();
    const renderer = gatedRenderer();
    const e = testEngine(t, { render: renderer.render, workRoot, now, settings: { timeoutSeconds: 1, maxAttempts: 1 } });
    const started = Date.now();
    await e.engine.run(render.id);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(renderer.calls[0]!.timeoutMs).toBeLessThanOrEqual(1000);
    expect(renderer.aborted).toEqual([true]);
    expect(await getRender(render.id, 'es')).toMatchObject({ state: 'failed', error: 'El renderizado superó 1 minutos y se detuvo' });
    expect(await outputsOf(render.id)).toEqual([]);
    expect(await workLeft()).toEqual([]);
  });
});

describe('crash safety', () => {
  it('carries on a render whose worker died after storing the file: no second render, exactly one material and one upload', async () => {
    const before = await lastUploadId();
    const render = await addRender();
    let reached!: () => void;
    const died = new Promise<void>((resolve) => (reached = resolve));
    const frozen = clock;
    // The first worker stores the file, then never comes back (its promise is abandoned, as a killed process's would be).
    const dead = testEngine(t, {
      render: fakeRenderer(),
      workRoot,
      now: () => new Date(frozen),
      materials: materialsWith({
        addRendered: () => {
          reached();
          return new Promise<never>(() => {});
        },
      }),
    });
    await dieAt(() => dead.engine.run(render.id), died);
    expect(await row(render.id)).toMatchObject({ state: 'rendering', output_footage_id: null });
    expect((await row(render.id)).upload_id).not.toBeNull();
    expect(await workLeft(render.id)).toHaveLength(1);
    await abandonedWorkersDied();

    const renderer = fakeRenderer();
    const next = testEngine(t, { render: renderer, workRoot, now });
    // Held until the lease runs out: neither a delivery nor the sweep takes it.
    await next.engine.run(render.id);
    expect(await next.engine.sweep()).toBeGreaterThanOrEqual(0);
    expect(next.sent.filter((job) => job.data.id === render.id)).toEqual([]);
    expect((await row(render.id)).state).toBe('rendering');

    clock += LEASE_MS + 1000;
    await next.engine.sweep();
    await runSwept(next, render.id);
    expect(renderer.calls).toHaveLength(0);
    const done = await getRender(render.id);
    expect(done).toMatchObject({ state: 'done', attempts: 2 });
    expect(await outputsOf(render.id)).toEqual([expect.objectContaining({ id: done.output_footage_id, status: 'active' })]);
    expect(await uploadsSince(before)).toEqual([expect.objectContaining({ claimed: true })]);
    // The dead worker's folder went with the sweep.
    expect(await workLeft()).toEqual([]);
  });

  it('renders again a render whose worker died mid-render, ending with exactly one material and one upload', async () => {
    const before = await lastUploadId();
    const render = await addRender();
    const frozen = clock;
    const hung = gatedRenderer({ hang: true });
    await dieAt(() => testEngine(t, { render: hung.render, workRoot, now: () => new Date(frozen) }).engine.run(render.id), hung.started);
    expect(await row(render.id)).toMatchObject({ state: 'rendering', upload_id: null });
    await abandonedWorkersDied();

    clock += LEASE_MS + 1000;
    const renderer = fakeRenderer();
    const next = testEngine(t, { render: renderer, workRoot, now });
    await next.engine.sweep();
    await runSwept(next, render.id);
    expect(renderer.calls).toHaveLength(1);
    expect(await getRender(render.id)).toMatchObject({ state: 'done', attempts: 2 });
    expect(await outputsOf(render.id)).toHaveLength(1);
    expect(await uploadsSince(before)).toEqual([expect.objectContaining({ claimed: true })]);
    expect(await workLeft()).toEqual([]);
  });

  it('sends a render waiting its turn again at most once per job lifetime, one whose worker died within a minute', async () => {
    const waiting = await addRender();
    const died = await addRender();
    const frozen = clock;
    const hung = gatedRenderer({ hang: true });
    await dieAt(() => testEngine(t, { render: hung.render, workRoot, now: () => new Date(frozen) }).engine.run(died.id), hung.started);

    clock += LEASE_MS + 3 * 60_000;
    const next = testEngine(t, { render: fakeRenderer(), workRoot, now, settings: { timeoutSeconds: 600 } });
    await next.engine.sweep();
    const sentFor = (id: number) => next.sent.filter((job) => job.name === RENDER_JOB && job.data.id === id).map((job) => job.options);
    // Queued and never leased: its own job is most likely still ahead in the queue.
    expect(sentFor(waiting.id)).toEqual([{ singletonKey: `render-${waiting.id}`, singletonSeconds: 720 }]);
    // Its lease ran out: the worker is gone, and the next attempt should not wait.
    expect(sentFor(died.id)).toEqual([{ singletonKey: `render-${died.id}`, singletonSeconds: 60 }]);
    await runSwept(next, waiting.id);
    await runSwept(next, died.id);
    expect((await getRender(waiting.id)).state).toBe('done');
    expect((await getRender(died.id)).state).toBe('done');
  });

  it('fails a render that takes its worker down on every attempt instead of trying it forever, saying why', async () => {
    const render = await addRender();
    const hung = gatedRenderer({ hang: true });
    for (let attempt = 1; attempt <= 3; attempt++) {
      const frozen = clock;
      const before = hung.calls.length;
      void testEngine(t, { render: hung.render, workRoot, now: () => new Date(frozen) }).engine.run(render.id);
      await expect.poll(() => hung.calls.length, { timeout: 10_000 }).toBe(before + 1);
      clock += LEASE_MS + 1000;
    }
    await abandonedWorkersDied();
    const last = testEngine(t, { render: fakeRenderer(), workRoot, now });
    await last.engine.sweep();
    await runSwept(last, render.id);
    const failed = await getRender(render.id, 'es');
    expect(failed).toMatchObject({ state: 'failed', attempts: 3, error: formatMessage('es', 'creative.failure.interrupted', { count: 3 }) });
    expect(await outputsOf(render.id)).toEqual([]);
    expect(await workLeft(render.id)).toEqual([]);
  });

  it('lets only one of two workers racing on one render make it', async () => {
    const before = await lastUploadId();
    const render = await addRender();
    const renderer = gatedRenderer();
    const first = testEngine(t, { render: renderer.render, workRoot, now });
    const second = testEngine(t, { render: renderer.render, workRoot, now });
    const both = Promise.all([first.engine.run(render.id), second.engine.run(render.id), first.engine.run(render.id)]);
    await renderer.started;
    renderer.finish();
    await both;
    expect(renderer.calls).toHaveLength(1);
    expect(await getRender(render.id)).toMatchObject({ state: 'done', attempts: 1 });
    expect(await outputsOf(render.id)).toHaveLength(1);
    expect(await uploadsSince(before)).toHaveLength(1);
  });

  it('lets only one of two workers resuming a stored render after its worker died make the material', async () => {
    const before = await lastUploadId();
    const render = await addRender();
    let reached!: () => void;
    const died = new Promise<void>((resolve) => (reached = resolve));
    const frozen = clock;
    const dead = testEngine(t, {
      render: fakeRenderer(),
      workRoot,
      now: () => new Date(frozen),
      materials: materialsWith({
        addRendered: () => {
          reached();
          return new Promise<never>(() => {});
        },
      }),
    });
    await dieAt(() => dead.engine.run(render.id), died);
    clock += LEASE_MS + 1000;
    const renderer = fakeRenderer();
    const a = testEngine(t, { render: renderer, workRoot, now });
    const b = testEngine(t, { render: renderer, workRoot, now });
    await Promise.all([a.engine.run(render.id), b.engine.run(render.id)]);
    expect(renderer.calls).toHaveLength(0);
    expect((await getRender(render.id)).state).toBe('done');
    expect(await outputsOf(render.id)).toHaveLength(1);
    expect(await uploadsSince(before)).toHaveLength(1);
  });
});

describe('a render process killed with SIGKILL', () => {
  /**
   * The whole process dies mid-render, its ffmpeg with it (the process group is killed, as a
   * container's OOM kill or a lost machine would). On PGlite the child holds the data folder
   * alone: this process prepares it, closes it, and opens it again only once the child is dead.
   */
  it('leaves the render to the next worker, which makes exactly one output from the same data', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-render-kill-'));
    const files = path.join(root, 'data');
    const pgliteDir = path.join(root, 'db');
    const work = path.join(root, 'work');
    await fs.mkdir(work);
    const pg = testDatabaseUrl ? await createFreshDatabase(testDatabaseUrl, 'nc_kill') : null;
    const config = loadConfig({ NODE_ENV: 'test' }, { DATA_DIR: files, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SCRYPT_LOG_N: 10 });
    const open = async () => {
      const database = await openDatabase(pg ? { url: pg.url, poolSize: 2 } : { dataDir: pgliteDir });
      return { database, app: await buildApp({ config, database, mailer: new MemoryMailer() }) };
    };
    const line = (text: string) => ({ on_screen: text, spoken: text });
    try {
      // 1. The merchant, a clip of its own and a render asked for, written by this process.
      let { database, app } = await open();
      await database.migrate();
      await seedDemo(database.db, (password) => app.services.accounts.hash(password));
      await app.ready();
      const [merchant] = await selectRows<{ id: number }>(database.db, sql`select id from accounts where email = 'client@example.com'`);
      const merchantId = merchant!.id;
      const clipUpload = await app.services.uploads.acceptTemp({ id: merchantId }, undefined, { stream: Readable.from(await generatedMedia('mp4')) });
      const clipId = await app.services.material.addFromUpload(merchantId, clipUpload.id, { tusId: null, name: 'Street', fileName: 'street.mp4', tags: [], note: '' }, { queue: false });
      await app.services.material.process(clipId);
      const script = scriptBody.parse({
        title: 'Taco Tuesday',
        hook: line('Hungry yet? Tuesday is taco day'),
        beats: ['Fresh tortillas pressed every morning', 'Two tacos, one price, all day long', 'Salsa made from scratch in our kitchen', 'Open late until ten every night'].map(line),
        call_to_action: line('Come by tonight and bring a friend'),
        captions: [],
      });
      const [render] = await app.services.creativeRenders.enqueue([
        { merchantId, language: 'en', scriptId: null, script, footageIds: [clipId], voice: 'none', music: 'warm', musicFootageId: null, createdById: null, origin: 'manual' },
      ]);
      const id = render!.id;
      await app.close();
      await database.close();

      // 2. A render process takes it, and is killed while ffmpeg encodes.
      const options: RenderWorkerOptions = {
        dataDir: files,
        ...(pg ? { databaseUrl: pg.url } : { pgliteDir }),
        workRoot: work,
        renderId: id,
        size: { width: 180, height: 320 },
      };
      const { ended, events: said, output } = await killWorkerWhen<{ event: string; percent?: number }>({
        script: 'apps/server/src/test/render-worker.ts',
        options,
        // The process and its ffmpeg, at once, while ffmpeg encodes.
        when: (event) => event.event === 'ffmpeg' && event.percent! < 90,
        timeoutMs: 150_000,
      });
      expect(ended, output).toBe('SIGKILL');
      expect(said.some((event) => event.event === 'ffmpeg'), output).toBe(true);
      expect(said.some((event) => event.event === 'finished'), output).toBe(false);

      // 3. What the dead process left: the render mid-way under its lease, its work folder.
      ({ database, app } = await open());
      await app.ready();
      const rowOf = async () =>
        (await selectRows<{ state: string; attempts: number; upload_id: number | null; output_footage_id: number | null; lease_until: string | null }>(
          database.db,
          sql`select state, attempts, upload_id, output_footage_id, lease_until from creative_renders where id = ${id}`,
        ))[0]!;
      const left = await rowOf();
      expect(left).toMatchObject({ state: 'rendering', attempts: 1, upload_id: null, output_footage_id: null });
      expect(new Date(left.lease_until!).getTime()).toBeGreaterThan(Date.now());
      expect(await workLeft(id, work)).toHaveLength(1);

      // 4. Once its lease has run out, the sweep hands it to the next worker, which renders it for real.
      const later = Date.now() + 61_000;
      const next = testEngine({ app, database }, { render: renderVideo, workRoot: work, now: () => new Date(later) });
      await next.engine.sweep();
      const jobs = next.sent.filter((job) => job.name === RENDER_JOB && job.data.id === id);
      expect(jobs).toHaveLength(1);
      await next.engine.run(id);
      const done = await rowOf();
      expect(done).toMatchObject({ state: 'done', attempts: 2 });
      const outputs = await selectRows<{ id: number; status: string; key: string; upload_id: number }>(database.db, sql`select id, status, key, upload_id from footage where render_id = ${id}`);
      expect(outputs).toHaveLength(1);
      expect(outputs[0]).toMatchObject({ id: done.output_footage_id, status: 'active', upload_id: done.upload_id });
      const uploads = await selectRows<{ id: number; claimed: boolean }>(
        database.db,
        sql`select id, claimed_at is not null as claimed from uploads where owner_id = ${merchantId} and id <> ${clipUpload.id}`,
      );
      expect(uploads).toEqual([{ id: done.upload_id, claimed: true }]);
      // The one stored video is a real 180×320 video, and nothing is left in the work folder.
      const stored = path.join(root, 'output.mp4');
      await fs.writeFile(stored, (await app.services.storage.get(outputs[0]!.key)).body as Readable);
      const video = (await probe(resolveMediaTools(config), stored)).streams.find((stream) => stream.codec_type === 'video');
      expect(video).toMatchObject({ width: 180, height: 320 });
      expect(await workLeft(undefined, work)).toEqual([]);
      // The killed process's own folder went with the sweep: only the live engine's is left.
      expect(await fs.readdir(work)).toHaveLength(1);
      await app.close();
      await database.close();
    } finally {
      await pg?.drop();
      await fs.rm(root, { recursive: true, force: true });
    }
  }, 400_000);
});
