import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { BATCH_NICENESS, resolveMediaTools, runProcess, type MediaTools } from '../../adapters/media/index.js';
import { processMedia } from './media-processing.js';

describe('processing a video', () => {
  let dir: string;
  let tools: MediaTools;
  let video: string;
  let calls: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-media-processing-'));
    const real = resolveMediaTools(loadConfig());
    video = path.join(dir, 'made.mp4');
    await runProcess(real.ffmpeg, ['-hide_banner', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=s=320x240:r=30:d=1', '-pix_fmt', 'yuv420p', video], { timeoutMs: 30_000 });
    // The real ffmpeg behind a script that writes down each run's niceness and arguments first.
    calls = path.join(dir, 'calls.txt');
    const logged = path.join(dir, 'ffmpeg');
    await fs.writeFile(logged, `#!/bin/sh\necho "$(nice) $*" >> '${calls}'\nexec '${real.ffmpeg}' "$@"\n`, { mode: 0o755 });
    tools = { ...real, ffmpeg: logged };
  });

  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  const runs = async () => (await fs.readFile(calls, 'utf8').catch(() => '')).split('\n').filter((line) => line !== '');
  const decodesWhole = async () => (await runs()).filter((line) => line.includes('-f null')).length;

  it('decodes an upload whole once, and a video the platform rendered not again', async () => {
    const work = await fs.mkdtemp(path.join(dir, 'work-'));
    const upload = await processMedia(tools, { type: 'video', mime: 'video/mp4', file: video }, work);
    expect(upload.ok).toBe(true);
    expect(await decodesWhole()).toBe(1);
    const rendered = await processMedia(tools, { type: 'video', mime: 'video/mp4', file: video, madeHere: true }, work);
    expect(rendered).toMatchObject({ ok: true, thumbnail: { mime: 'image/jpeg' } });
    expect(await decodesWhole()).toBe(1);
  }, 60_000);

  it('decodes and transcodes at the batch niceness, beside requests, and makes a thumbnail at ours', async () => {
    await fs.rm(calls, { force: true });
    const work = await fs.mkdtemp(path.join(dir, 'work-'));
    // A container browsers do not play: the upload gets a preview.
    const upload = await processMedia(tools, { type: 'video', mime: 'video/x-matroska', file: video }, work);
    expect(upload).toMatchObject({ ok: true, preview: { mime: 'video/mp4' } });
    const niceness = async (match: string) => (await runs()).filter((line) => line.includes(match)).map((line) => Number(line.split(' ')[0]));
    expect(await niceness('-f null')).toEqual([Math.max(BATCH_NICENESS, os.getPriority())]);
    expect(await niceness('libx264')).toEqual([Math.max(BATCH_NICENESS, os.getPriority())]);
    expect(await niceness('-frames:v 1')).toEqual([os.getPriority()]);
  }, 60_000);
});
