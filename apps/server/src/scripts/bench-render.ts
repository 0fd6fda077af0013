/**
 * How fast the renderer makes a video, against the floor of what this ffmpeg can do at all.
 *
 * A 30-second 1080×1920 video — four clips (landscape and portrait, 30 and 60 fps, one of them
 * long), two photos, captions, a voice, a music bed, the lower third and the end card with its
 * QR code, in the costliest look (looks.ts: zoom punches between shots, landscape material over
 * its blurred fill) — rendered alternately with the floor: the same ffmpeg binary encoding 30 s of a
 * 1080×1920 testsrc with the same preset, quality and rate limits (with x264's default threads
 * and look-ahead, not the render's leaner ones, so the floor stays what this ffmpeg can do at
 * all). Prints the medians and their ratio (target ≤ 1.4×), the peak memory of the render's
 * largest ffmpeg run (VmHWM; target < 600 MB) and of its runs at once (the sum of their resident
 * memory, sampled), and then videos per hour per core from renders made back to back.
 *
 *   npm run bench:render                          # 3 rounds, a batch of 10
 *   npm run bench:render -- --rounds 1 --batch 2  # quicker
 *   npm run bench:render -- --look classic        # another look than the costliest
 */
import fs from 'node:fs/promises';
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ScriptBody } from '@nearcast/contract';
import { loadConfig } from '../config.js';
import { resolveMediaTools } from '../adapters/media/index.js';
import { renderVideo, planTimeline, type RenderInput } from '../modules/creative/renderer/renderer.js';
import { lookById, SLOWEST_LOOK_ID } from '../modules/creative/renderer/looks.js';
import { makeClip, makeImage, makeVoice, voiceLines } from '../modules/creative/renderer/synthetic-media.js';
import { floorMs, median } from './render-floor.js';

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const rounds = option('rounds', 3);
const batch = option('batch', 10);
const SIZE = { width: 1080, height: 1920 };
const LOOK_ID = process.argv.includes('--look') ? process.argv[process.argv.indexOf('--look') + 1]! : SLOWEST_LOOK_ID;
const SECONDS = 30;

const tools = resolveMediaTools(loadConfig());
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-bench-render-'));
const cores = os.availableParallelism();

/**
 * The highest VmHWM (peak resident memory) of any ffmpeg this process has started, read from
 * /proc while they run: a high-water mark, so sampling it now and then still finds the peak.
 */
function watchChildren(): { stop: () => { peakKb: number; togetherKb: number } } {
  let peakKb = 0;
  let togetherKb = 0;
  const sample = () => {
    let now = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const status = readFileSync(`/proc/${entry}/status`, 'utf8');
        if (!new RegExp(`^PPid:\\s+${process.pid}$`, 'm').test(status)) continue;
        const hwm = /^VmHWM:\s+(\d+) kB/m.exec(status);
        if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
        const rss = /^VmRSS:\s+(\d+) kB/m.exec(status);
        if (rss) now += Number(rss[1]);
      } catch {
        // The process ended between the listing and the read.
      }
    }
    togetherKb = Math.max(togetherKb, now);
  };
  const timer = setInterval(sample, 100);
  return {
    stop: () => {
      clearInterval(timer);
      return { peakKb, togetherKb };
    },
  };
}

try {
  console.log(`preparing material in ${dir} (${cores} cores, ffmpeg ${tools.ffmpeg})`);
  const clips: RenderInput['clips'] = [
    { path: await makeClip(tools, path.join(dir, 'landscape.mp4'), { width: 1920, height: 1080, seconds: 12 }), kind: 'video', duration: 12, width: 1920, height: 1080 },
    { path: await makeClip(tools, path.join(dir, 'portrait.mp4'), { width: 1080, height: 1920, seconds: 8 }), kind: 'video', duration: 8, width: 1080, height: 1920 },
    { path: await makeClip(tools, path.join(dir, 'long.mp4'), { width: 1280, height: 720, seconds: 120, source: 'testsrc' }), kind: 'video', duration: 120, width: 1280, height: 720 },
    { path: await makeClip(tools, path.join(dir, 'sixty.mp4'), { width: 1920, height: 1080, seconds: 6, fps: 60, source: 'mandelbrot' }), kind: 'video', duration: 6, width: 1920, height: 1080 },
    { path: await makeImage(tools, path.join(dir, 'photo.jpg'), { width: 4000, height: 3000 }), kind: 'image', duration: null, width: 4000, height: 3000 },
    { path: await makeImage(tools, path.join(dir, 'square.jpg'), { width: 1080, height: 1350, source: 'testsrc2=s=1080x1350' }), kind: 'image', duration: null, width: 1080, height: 1350 },
  ];
  const logo = await makeImage(tools, path.join(dir, 'logo.png'), { width: 400, height: 200, source: 'color=c=orange:s=400x200' });
  const script: ScriptBody = {
    title: 'Bench',
    hook: { on_screen: 'Fresh bread every morning, still warm at 7', spoken: 'Fresh bread every morning, still warm at seven.' },
    beats: [
      { on_screen: 'Hand-kneaded, slow proofed for 24 hours', spoken: 'Hand-kneaded and slow proofed for a full day.' },
      { on_screen: 'Sourdough, rye and seeded loaves', spoken: 'Sourdough, rye and seeded loaves every day.' },
      { on_screen: '20% off every Tuesday', spoken: 'Twenty percent off every Tuesday.' },
      { on_screen: 'Coffee from a local roaster', spoken: 'And coffee from a roaster down the road.' },
    ],
    call_to_action: { on_screen: 'Come say hi on Main Street', spoken: 'Come say hi on Main Street.' },
    captions: [],
  };
  // Six lines spoken so that, with the tail after the last word and the end card, the video is 30 s.
  const lines = voiceLines(6, SECONDS - 3.1);
  const voiceSeconds = lines[lines.length - 1]!.end + 0.05;
  const voicePath = await makeVoice(tools, path.join(dir, 'voice.wav'), lines, voiceSeconds);
  const input = (workDir: string): RenderInput => ({
    script,
    language: 'en',
    brand: { shopName: 'Sunrise Bakery', address: '123 Main Street, Springfield', primary: '#1e3a8a', accent: '#f59e0b', callToAction: 'Come say hi today', qrLink: 'https://example.com/sunrise-bakery', logoPath: logo, phone: '3105550101' },
    // The costliest look: every cut a zoom punch over the outgoing shot's tail, the poster end card.
    look: lookById(LOOK_ID),
    clips,
    music: { bed: 'upbeat' },
    voice: { path: voicePath, duration: voiceSeconds, lines },
    size: SIZE,
    workDir,
    timeoutMs: 600_000,
  });
  const timeline = planTimeline(script, 'en', input(dir).voice);
  console.log(`video: ${timeline.duration.toFixed(2)} s, ${timeline.lines.length} lines, ${clips.length} clips and photos`);

  const floor = () => floorMs(tools, dir, SECONDS, SIZE);
  let renderCount = 0;
  const render = async () => {
    const workDir = path.join(dir, `render-${renderCount++}`);
    const result = await renderVideo(tools, input(workDir));
    await fs.rm(workDir, { recursive: true, force: true });
    return result;
  };

  const floors: number[] = [];
  const renders: number[] = [];
  let peakKb = 0;
  let togetherKb = 0;
  for (let round = 1; round <= rounds; round += 1) {
    floors.push(await floor());
    const watch = watchChildren();
    const result = await render();
    const memory = watch.stop();
    peakKb = Math.max(peakKb, memory.peakKb);
    togetherKb = Math.max(togetherKb, memory.togetherKb);
    renders.push(result.renderMs);
    console.log(`round ${round}: floor ${(floors.at(-1)! / 1000).toFixed(1)} s, render ${(result.renderMs / 1000).toFixed(1)} s (${(result.size / 1e6).toFixed(1)} MB, ${result.duration.toFixed(2)} s)`);
  }
  const floorMedian = median(floors);
  const renderMedian = median(renders);
  console.log(`floor median ${(floorMedian / 1000).toFixed(1)} s · render median ${(renderMedian / 1000).toFixed(1)} s · ratio ${(renderMedian / floorMedian).toFixed(2)}× (target ≤ 1.4×)`);
  console.log(`peak memory of one of the render's ffmpeg runs: ${Math.round(peakKb / 1024)} MB (target < 600 MB); of its runs at once: ${Math.round(togetherKb / 1024)} MB`);

  const started = Date.now();
  for (let index = 0; index < batch; index += 1) await render();
  const hours = (Date.now() - started) / 3_600_000;
  console.log(`${batch} renders back to back in ${(hours * 3600).toFixed(0)} s: ${(batch / hours).toFixed(0)} videos an hour, ${(batch / hours / cores).toFixed(0)} per core`);
} finally {
  await fs.rm(dir, { recursive: true, force: true });
}
