import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Footage, Render } from '@nearcast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopSlug } from '../creative/download-name.js';
import { addMaterial, fakeRenderer, sampleScript, testEngine } from '../../test/creative-fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { videoWorld, type VideoWorld } from '../../test/video-fixtures.js';
import { calendarDay } from '@nearcast/contract';

/**
 * Videos made by the studio are their own kind in the merchant's library: listed apart (origin
 * studio, with their own count), never among the merchant's uploads, never offered to make
 * another video from (neither picked by hand nor chosen from the library), and their MP4
 * downloads as `<shop>-<yyyy-mm-dd>-<lang>-<n>.mp4`.
 */
let t: TestApp;
let w: VideoWorld;
let merchantId: number;
let dataDir: string;
let workRoot: string;
let upload: Footage;
const renders: Render[] = [];

const studio = () => ({ token: w.tokens.get('studio')! });
const client = () => ({ token: w.tokens.get('client')! });

async function render(footageIds?: number[]): Promise<Render> {
  const made = await t.call<Render>('/v1/creative/render/add', { merchant_id: merchantId, language: 'en', script: sampleScript('en'), ...(footageIds ? { footage_ids: footageIds } : {}) }, studio());
  expect(made.code, made.msg).toBe('200');
  await testEngine(t, { render: fakeRenderer(), workRoot }).engine.run(made.data.id);
  const done = await t.call<Render>('/v1/creative/render/get', { id: made.data.id }, studio());
  expect(done.data.state).toBe('done');
  return done.data;
}

const ids = (list: { id: number }[]) => list.map((item) => item.id);

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-studio-made-'));
  workRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-studio-made-work-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  w = await videoWorld(t);
  merchantId = w.ids.get('client')!;
  upload = await addMaterial(t, w.tokens.get('client')!, 'mp4');
  renders.push(await render(), await render());
}, 180_000);

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(workRoot, { recursive: true, force: true });
});

describe('the studio’s videos in the merchant’s library', () => {
  it('lists them apart from the merchant’s uploads, for the merchant and for its studio, with their own count', async () => {
    const made = renders.map((item) => item.output_footage_id!);
    for (const [who, body] of [
      [client(), { type: 'video' }],
      [studio(), { type: 'video', merchant_id: merchantId, status: 'active' }],
    ] as const) {
      const uploads = await t.call<{ list: Footage[] }>('/v1/footage/list', { ...body, page_size: 100 }, who);
      expect(uploads.code, uploads.msg).toBe('200');
      expect(ids(uploads.data.list)).toContain(upload.id);
      expect(ids(uploads.data.list).filter((id) => made.includes(id))).toEqual([]);
      expect(uploads.data.list.every((item) => item.origin === 'upload')).toBe(true);

      const studioMade = await t.call<{ list: Footage[] }>('/v1/footage/list', { ...body, origin: 'studio', page_size: 100 }, who);
      expect(ids(studioMade.data.list).sort()).toEqual([...made].sort());
      expect(studioMade.data.list.every((item) => item.origin === 'studio')).toBe(true);
    }
    const counts = await t.call<{ video: number; total: number; studio: number }>('/v1/footage/count', {}, client());
    expect(counts.data).toMatchObject({ video: 1, total: 1, studio: 2 });
    const one = await t.call<Footage>('/v1/footage/get', { id: made[0] }, client());
    expect(one.data.origin).toBe('studio');

    const refused = await t.call('/v1/footage/list', { origin: 'render' }, client());
    expect(refused.code).toBe('400');
  });

  it('never offers them as footage: picked by hand they are refused, and the library’s choice leaves them out', async () => {
    const picked = await t.call('/v1/creative/render/add', { merchant_id: merchantId, language: 'en', script: sampleScript('en'), footage_ids: [renders[0]!.output_footage_id] }, studio());
    expect(picked.code).toBe('400');
    expect(picked.data).toMatchObject({ fields: { footage_ids: expect.any(String) } });

    // What a render is made from: the library's choice, and the materials a render was given.
    const made = renders.map((item) => item.output_footage_id!);
    const library = await t.app.services.material.libraryOf(merchantId, ['video', 'image'], 60);
    expect(ids(library)).toContain(upload.id);
    expect(ids(library).filter((id) => made.includes(id))).toEqual([]);
    expect(await t.app.services.material.mediaOf(merchantId, made)).toEqual([]);
    expect(ids(await t.app.services.material.mediaOf(merchantId, [upload.id]))).toEqual([upload.id]);
  });
});

describe('downloading a studio’s video', () => {
  it('names the file after the shop, the day in the merchant’s zone, the language and its number that day', async () => {
    const day = calendarDay(new Date(renders[0]!.create_time), 'America/Los_Angeles');
    for (const [index, item] of renders.entries()) {
      expect(item.download_url).toBeTruthy();
      const url = new URL(item.download_url!);
      const name = `${shopSlug(item.merchant_name)}-${day}-en-${index + 1}.mp4`;
      expect(url.searchParams.get('download')).toBe(name);
      const served = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
      expect(served.headers['content-type']).toContain('video/mp4');
    }
    // The playing URL stays inline; a renamed download link is refused.
    const inline = new URL(renders[0]!.video_url!);
    expect((await t.app.inject({ method: 'GET', url: inline.pathname + inline.search })).headers['content-disposition']).toBeUndefined();
    const renamed = new URL(renders[0]!.download_url!);
    renamed.searchParams.set('download', 'other.mp4');
    expect((await t.app.inject({ method: 'GET', url: renamed.pathname + renamed.search })).statusCode).toBe(403);
  });
});
