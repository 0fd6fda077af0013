import fs from 'node:fs/promises';
import path from 'node:path';
import { scriptBody, type Envelope, type Footage, type RenderProgress, type ScriptBodyInput, type UploadResponse } from '@nearcast/contract';
import { expect } from 'vitest';
import { resolveMediaTools } from '../adapters/media/index.js';
import { createCreativeServices, type CreativeDeps, type CreativeServices } from '../modules/creative/production-line.js';
import type { RenderOrder } from '../modules/creative/render-service.js';
import { RenderEngine, type RenderEngineDeps, type RenderEngineSettings, type Renderer, type RendererInput } from '../modules/creative/render-engine.js';
import { generatedMedia, type GeneratedKind } from './generated-media.js';
import type { TestApp } from './harness.js';
import { multipartBody } from './multipart.js';

const CONTENT_TYPES: Partial<Record<GeneratedKind, string>> = { mp4: 'video/mp4', png: 'image/png', jpg: 'image/jpeg', m4a: 'audio/mp4', wav: 'audio/wav' };

/**
 * A merchant's material of a real generated file, added through the API and processed at once
 * (no queue runs in API tests), so it is active as a studio would find it.
 */
export async function addMaterial(t: TestApp, merchantToken: string, kind: GeneratedKind = 'mp4'): Promise<Footage> {
  return addMaterialFile(t, merchantToken, { name: `sample.${kind}`, contentType: CONTENT_TYPES[kind] ?? 'application/octet-stream', bytes: await generatedMedia(kind) });
}

/**
 * A merchant's material of any bytes, added and processed as addMaterial does; `status` is
 * what processing must make of it (a corrupt file is `failed`).
 */
export async function addMaterialFile(
  t: TestApp,
  merchantToken: string,
  file: { name: string; contentType: string; bytes: Buffer },
  status: Footage['status'] = 'active',
): Promise<Footage> {
  const form = multipartBody({}, { filename: file.name, contentType: file.contentType, content: file.bytes });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/base/oss/temp',
    headers: { ...form.headers, authorization: `Bearer ${merchantToken}` },
    payload: form.body,
  });
  const upload = response.json() as Envelope<UploadResponse>;
  expect(upload.code, upload.msg).toBe('200');
  const added = await t.call<Footage>('/v1/footage/add', { upload_id: upload.data.id }, { token: merchantToken });
  expect(added.code, added.msg).toBe('200');
  await t.app.services.material.process(added.data.id);
  const done = await t.call<Footage>('/v1/footage/get', { id: added.data.id }, { token: merchantToken });
  expect(done.data.status, done.data.failure_reason ?? '').toBe(status);
  return done.data;
}

/** A short script in a language, valid as the contract reads it. */
export function sampleScript(language: 'en' | 'es' | 'zh' = 'en'): ScriptBodyInput {
  const texts = {
    en: { title: 'Taco Tuesday', hook: 'Hungry yet?', beats: ['Fresh tortillas daily', 'Two tacos, one price', 'Open until 10 pm'], cta: 'Come by tonight' },
    es: { title: 'Martes de tacos', hook: '¿Ya tienes hambre?', beats: ['Tortillas frescas cada día', 'Dos tacos, un precio', 'Abierto hasta las 10'], cta: 'Ven esta noche' },
    zh: { title: '塔可星期二', hook: '饿了吗？', beats: ['每天现做玉米饼', '两份塔可一个价', '营业到晚上十点'], cta: '今晚就来' },
  }[language];
  return {
    title: texts.title,
    hook: { on_screen: texts.hook, spoken: texts.hook },
    beats: texts.beats.map((beat) => ({ on_screen: beat, spoken: beat })),
    call_to_action: { on_screen: texts.cta, spoken: texts.cta },
    captions: [{ platform: 'sandbox', caption: texts.title, hashtags: ['tacos'] }],
  };
}

/** A render asked for by hand for a merchant: the sample English script, the library's choice of material, no voice or music. */
export function sampleOrder(merchantId: number): RenderOrder {
  return {
    merchantId,
    language: 'en',
    scriptId: null,
    script: scriptBody.parse(sampleScript('en')),
    footageIds: [],
    voice: 'none',
    music: 'none',
    musicFootageId: null,
    createdById: null,
    origin: 'manual',
  };
}

/**
 * A renderer standing in for ffmpeg where the video itself is not the point: it reports
 * progress and hands back a real (tiny) MP4 and JPEG, and records what it was given.
 */
export function fakeRenderer(options: { fail?: () => Error | null; delayMs?: number } = {}): Renderer & { calls: RendererInput[] } {
  const calls: RendererInput[] = [];
  const render = async (_tools: unknown, input: RendererInput) => {
    calls.push(input);
    for (const percent of [10, 50, 90]) {
      input.onProgress?.(percent);
      await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 5));
      if (input.signal?.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
    }
    const failure = options.fail?.();
    if (failure) throw failure;
    const videoPath = path.join(input.workDir, 'out.mp4');
    const coverPath = path.join(input.workDir, 'cover.jpg');
    await fs.writeFile(videoPath, await generatedMedia('mp4'));
    await fs.writeFile(coverPath, await generatedMedia('jpg'));
    const size = (await fs.stat(videoPath)).size;
    return { videoPath, coverPath, duration: 1, width: 320, height: 240, size, renderMs: 5 };
  };
  return Object.assign(render, { calls });
}

/** What the job queue was asked to do by an engine under test (no queue runs in tests). */
export interface SentJob {
  name: string;
  data: { id?: number };
  options: { startAfter?: Date | undefined; singletonKey?: string | undefined };
}

/**
 * A renderer that stays in the middle of its run until the test lets it finish (`finish()`),
 * fail (`fail(error)`), or forever (`hang`: a worker that died, which neither finishes nor
 * hears a cancel). It reports progress every few milliseconds while it waits and gives up with
 * an AbortError when its signal aborts (unless it hangs).
 */
export function gatedRenderer(options: { hang?: boolean; beforeReturn?: () => Promise<void> } = {}) {
  const calls: RendererInput[] = [];
  const aborted: boolean[] = [];
  let started!: () => void;
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  let outcome: { error: Error | null } | null = null;
  const render: Renderer = async (_tools, input) => {
    calls.push(input);
    const index = calls.length - 1;
    aborted[index] = false;
    started();
    let percent = 1;
    for (;;) {
      input.onProgress?.(Math.min(97, percent++));
      if (!options.hang && input.signal?.aborted) {
        aborted[index] = true;
        throw Object.assign(new Error('The render was cancelled'), { name: 'AbortError' });
      }
      if (!options.hang && outcome) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (outcome!.error) throw outcome!.error;
    const videoPath = path.join(input.workDir, 'out.mp4');
    const coverPath = path.join(input.workDir, 'cover.jpg');
    await fs.writeFile(videoPath, await generatedMedia('mp4'));
    await fs.writeFile(coverPath, await generatedMedia('jpg'));
    await options.beforeReturn?.();
    return { videoPath, coverPath, duration: 1, width: 320, height: 240, size: (await fs.stat(videoPath)).size, renderMs: 5 };
  };
  return {
    render,
    calls,
    /** Whether each call saw its signal abort. */
    aborted,
    started: startedPromise,
    finish: () => void (outcome = { error: null }),
    fail: (error: Error) => void (outcome = { error }),
  };
}

/** A voice engine that says nothing (the embedded default), for every engine name. */
const SILENT = { available: true, speak: () => Promise.resolve(null) };

export interface TestEngine {
  engine: RenderEngine;
  sent: SentJob[];
  progress: RenderProgress[];
}

/**
 * A render engine over a test app's services, as a render process would build it, with a
 * renderer of the test's choice, its own work folder, a clock the test moves, and a job queue
 * that only records what it was asked (the test runs the jobs by calling `run`).
 */
export function testEngine(
  t: Pick<TestApp, 'app' | 'database'>,
  options: {
    render: Renderer;
    workRoot: string;
    now?: () => Date;
    settings?: Partial<RenderEngineSettings>;
    materials?: RenderEngineDeps['materials'];
    onDone?: RenderEngineDeps['onDone'];
    onFailed?: RenderEngineDeps['onFailed'];
    /** Voice engines in place of the silent ones. */
    voices?: Partial<RenderEngineDeps['voices']>;
    /** The short links of the end cards' QR codes (the app's attribution service); none: the brief's link. */
    shortLinks?: RenderEngineDeps['shortLinks'];
  },
): TestEngine {
  const services = t.app.services;
  const sent: SentJob[] = [];
  const progress: RenderProgress[] = [];
  const engine = new RenderEngine({
    db: t.database.db,
    jobs: {
      send: (name: string, data: object, sendOptions: SentJob['options'] = {}) => {
        sent.push({ name, data: data as SentJob['data'], options: sendOptions });
        return Promise.resolve(null);
      },
    },
    storage: services.storage,
    uploads: services.uploads,
    materials: options.materials ?? services.material,
    briefs: services.creativeBriefs,
    progress: {
      publish: (message) => {
        progress.push(message);
        return Promise.resolve();
      },
    },
    tools: () => resolveMediaTools(services.config),
    render: options.render,
    voices: { none: SILENT, local: SILENT, cloud: SILENT, ...options.voices },
    ...(options.onDone ? { onDone: options.onDone } : {}),
    ...(options.onFailed ? { onFailed: options.onFailed } : {}),
    ...(options.shortLinks ? { shortLinks: options.shortLinks } : {}),
    ...(options.now ? { now: options.now } : {}),
    settings: { size: { width: 180, height: 320 }, timeoutSeconds: 60, concurrency: 1, workRoot: options.workRoot, ...options.settings },
  });
  return { engine, sent, progress };
}

/**
 * The production line of a test app built again on the app's own database and modules, with
 * some of its parts replaced (a clock the test sets, a job queue that records, another model).
 */
export function creativeWith(t: Pick<TestApp, 'app' | 'database'>, replaced: Partial<CreativeDeps> = {}): CreativeServices {
  const services = t.app.services;
  return createCreativeServices({
    config: services.config,
    db: t.database.db,
    jobs: services.jobs,
    storage: services.storage,
    uploads: services.uploads,
    material: services.material,
    accounts: services.accounts,
    areas: services.areas,
    video: services.video,
    connections: services.videoConnections,
    reviews: services.videoReviews,
    hub: services.notificationHub,
    tools: () => resolveMediaTools(services.config),
    ...replaced,
  });
}

/** The production line around a clock the test sets (the daily plan's mornings, the drafts' posting hours). */
export function creativeAt(t: Pick<TestApp, 'app' | 'database'>, now: () => Date): CreativeServices {
  return creativeWith(t, { now });
}
