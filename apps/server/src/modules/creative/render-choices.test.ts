import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Footage, Render } from '@nearcast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMaterial, fakeRenderer, sampleScript, testEngine } from '../../test/creative-fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { videoWorld, type VideoWorld } from '../../test/video-fixtures.js';
import { LOOKS } from './renderer/looks.js';

/**
 * A render's look and opening shot, through the engine and `render/get`: the renderer is given
 * the look the render records, the opening shot is the first clip it is given, and renders asked
 * for by hand one after another take looks not used that week and material not used yet.
 */
let t: TestApp;
let w: VideoWorld;
let merchantId: number;
let library: Footage[];
let dataDir: string;
let workRoot: string;

const studio = () => w.tokens.get('studio')!;
const client = () => w.tokens.get('client')!;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-render-choices-'));
  workRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-render-choices-work-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  w = await videoWorld(t);
  merchantId = w.ids.get('client')!;
  library = [];
  for (const kind of ['mp4', 'png', 'mp4', 'png', 'mp4', 'png'] as const) library.push(await addMaterial(t, client(), kind));
}, 240_000);

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(workRoot, { recursive: true, force: true });
});

describe('a render’s look and opening shot', () => {
  it('is chosen when its inputs are gathered, given to the renderer and told by render/get; the next render by hand takes another look and fresh material', async () => {
    const renderer = fakeRenderer();
    const e = testEngine(t, { render: renderer, workRoot });
    const made: Render[] = [];
    for (let index = 0; index < 2; index += 1) {
      const added = await t.call<Render>('/v1/creative/render/add', { merchant_id: merchantId, language: 'en', script: sampleScript('en') }, { token: studio() });
      expect(added.code, added.msg).toBe('200');
      expect(added.data.look).toBeNull();
      await e.engine.run(added.data.id);
      const got = await t.call<Render>('/v1/creative/render/get', { id: added.data.id }, { token: studio() });
      expect(got.code, got.msg).toBe('200');
      made.push(got.data);
    }
    const ids = new Set(library.map((item) => item.id));
    for (const [index, render] of made.entries()) {
      expect(render.state).toBe('done');
      expect(LOOKS.map((look) => look.id)).toContain(render.look);
      expect(renderer.calls[index]!.look?.id).toBe(render.look);
      expect(ids).toContain(render.opening_footage_id);
      expect(render.footage_ids[0]).toBe(render.opening_footage_id);
    }
    expect(made[1]!.look).not.toBe(made[0]!.look);
    // Six items and a script of five lines: the second video opens on the one item the first left.
    expect(made[1]!.opening_footage_id).not.toBe(made[0]!.opening_footage_id);
    const unused = [...ids].filter((id) => !made[0]!.footage_ids.includes(id));
    expect(unused).toContain(made[1]!.opening_footage_id);
  }, 240_000);
});
