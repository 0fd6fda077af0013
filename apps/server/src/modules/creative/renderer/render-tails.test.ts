import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ScriptBody } from '@nearcast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools } from '../../../adapters/media/index.js';
import { lookById } from './looks.js';
import { renderVideo, type RenderInput } from './renderer.js';
import { makeClip, makeImage } from './synthetic-media.js';

/**
 * A transition's tail is its clip opened again where the shot ends (render-graph.ts): a clip the
 * shot reads to its very end (a 2 s clip at 25 fps slowed over a 2 s shot, as the demo's menu
 * board is) or one whose container claims more seconds than it holds leaves a reading with no
 * frame at all, and ffmpeg 4.1's tpad crashed on it (SIGSEGV, most renders of the demo's
 * material at 360×640). Real renders, small and short, in looks whose transitions have tails.
 */

const run = promisify(execFile);
const tools = resolveMediaTools({ MEDIA_BINARIES: 'bundled', FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
const SIZE = { width: 360, height: 640 };
const line = (text: string) => ({ on_screen: text, spoken: text });
const SCRIPT: ScriptBody = {
  title: 'Tails',
  hook: line('Fresh tacos today'),
  beats: [line('Al pastor off the spit'), line('Handmade tortillas'), line('Open late')],
  call_to_action: line('Come by tonight'),
  captions: [],
};

let dir: string;
let short: string;
let photo: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-tails-test-'));
  // At 25 fps, as the demo's menu board is: its last frame (1.96 s) comes before the point a
  // 2 s shot slowed to 1.02× has read to (1.9608 s), so the tail's reading holds no frame.
  short = await makeClip(tools, path.join(dir, 'short.mp4'), { width: 360, height: 640, seconds: 2, fps: 25 });
  photo = await makeImage(tools, path.join(dir, 'photo.jpg'), { width: 1280, height: 720 });
}, 60_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function render(look: string, clips: RenderInput['clips'], name: string) {
  return renderVideo(tools, {
    script: SCRIPT,
    language: 'en',
    brand: { shopName: 'Carmen’s Tacos', address: '1200 Sunset Blvd', primary: '#7c2d12', accent: '#facc15', qrLink: null, phone: '', callToAction: 'Come by tonight', logoPath: null },
    look: lookById(look),
    clips,
    music: null,
    voice: null,
    size: SIZE,
    workDir: path.join(dir, name),
    timeoutMs: 120_000,
    captions: false,
  });
}

async function frames(file: string): Promise<number> {
  const { stdout } = await run(tools.ffprobe, ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

describe('transition tails', () => {
  it('render when a shot reads its clip to the end, in looks that slide, fade and punch', async () => {
    const clip = { path: short, kind: 'video' as const, duration: 2, width: 360, height: 640 };
    const image = { path: photo, kind: 'image' as const, duration: null, width: 1280, height: 720 };
    for (const look of ['fresh_daily', 'street_pop', 'night_market']) {
      const result = await render(look, [clip, image, clip, image], look);
      expect(result.duration, look).toBeGreaterThan(8);
      expect(await frames(result.videoPath), look).toBeGreaterThan(8 * 30);
    }
  }, 240_000);

  it('render when the container claims seconds its clip does not hold', async () => {
    const overstated = { path: short, kind: 'video' as const, duration: 12, width: 360, height: 640 };
    const result = await render('fresh_daily', [overstated, overstated, overstated], 'overstated');
    expect(result.duration).toBeGreaterThan(8);
    expect(await frames(result.videoPath)).toBeGreaterThan(8 * 30);
  }, 120_000);
});
