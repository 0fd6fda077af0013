import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ScriptBody } from '@nearcast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools, run } from '../../../adapters/media/index.js';
import { renderVideo, type RenderInput } from './renderer.js';
import { makeClip } from './synthetic-media.js';

/**
 * Libraries a merchant really has: a clip of a single frame (a photo saved as a video) and clips
 * with no sound track. Each renders into a whole video, and the quality gate says what it saw.
 */
const tools = resolveMediaTools({ MEDIA_BINARIES: 'bundled', FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
const line = (text: string) => ({ on_screen: text, spoken: text });
const script: ScriptBody = {
  title: 'Bakery',
  hook: line('Warm bread at seven'),
  beats: [line('Slow proofed sourdough'), line('Rye and spelt loaves')],
  call_to_action: line('Visit us today'),
  captions: [],
};

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-odd-library-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const inputOf = (clips: RenderInput['clips'], workDir: string): RenderInput => ({
  script,
  language: 'en',
  brand: { shopName: 'Rye & Co', address: '5 Mill Lane', primary: '#2c3e50', accent: '#e67e22', callToAction: '', qrLink: null, logoPath: null },
  clips,
  music: { bed: 'lounge' },
  voice: null,
  size: { width: 360, height: 640 },
  workDir,
  timeoutMs: 240_000,
  seed: 'odd',
});

describe('a library of one-frame and silent clips', () => {
  it('renders whole, at the loudness of its music, and the gate reads the picture and the sound', async () => {
    const oneFrame = path.join(dir, 'one-frame.mp4');
    await run(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=640x360', '-frames:v', '1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', oneFrame], 60_000);
    const silent = await makeClip(tools, path.join(dir, 'silent.mp4'), { width: 360, height: 640, seconds: 4 });
    const result = await renderVideo(tools, inputOf([
      { path: oneFrame, kind: 'video', duration: null, width: 640, height: 360 },
      { path: silent, kind: 'video', duration: 4, width: 360, height: 640 },
    ], path.join(dir, 'work')));
    expect(result.duration).toBeGreaterThan(8);
    const checks = Object.fromEntries((result.quality ?? []).map((check) => [check.check, check]));
    expect(Object.keys(checks).sort()).toEqual(['duration', 'language', 'loudness', 'picture', 'safe_zone']);
    // The clips bring no sound; the music bed does, at the platforms' level.
    expect(checks.loudness).toMatchObject({ ok: true });
    expect(checks.duration!.ok && checks.safe_zone!.ok && checks.language!.ok).toBe(true);
    // The single frame is held for its line as the shots move on: no stuck or black stretch.
    expect(checks.picture).toMatchObject({ ok: true, message: 'creative.quality.picture_ok|{}' });
  }, 300_000);
});
