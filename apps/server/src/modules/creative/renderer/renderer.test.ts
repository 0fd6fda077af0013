import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ScriptBody, ScriptLanguage } from '@nearcast/contract';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools } from '../../../adapters/media/index.js';
import { brandPalette, captionLayout, captionPieces, lowerThird, safeArea } from './captions-ass.js';
import { layoutEndCard } from './end-card.js';
import { captionFonts } from './fonts.js';
import { renderVideo, planTimeline, type RenderInput, type RenderResult, type Timeline } from './renderer.js';
import { makeClip, makeImage, makeMusic, makeVoice, voiceLines } from './synthetic-media.js';

/**
 * The renderer end to end, with the bundled ffmpeg: every video is checked as a platform would
 * see it (ffprobe for its streams and layout, ebur128 for its loudness) and as a viewer would
 * (frames decoded to pixels: the right material at the right time, the captions drawn, in the
 * safe zone, the end card in the brand colour with a QR code that reads back as the link). The
 * renders are small (360×640) and short, so the whole file stays well within a couple of
 * minutes on two cores; only the abort and time-limit tests render at full size, and are
 * stopped a few seconds in.
 */

const run = promisify(execFile);
const tools = resolveMediaTools({ MEDIA_BINARIES: 'bundled', FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
const SIZE = { width: 360, height: 640 };
const W = SIZE.width;
const H = SIZE.height;

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-renderer-test-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Measuring a video

interface Stream {
  codec_type: string;
  codec_name: string;
  profile?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  nb_frames?: string;
  sample_rate?: string;
  channels?: number;
  duration?: string;
}

async function ffprobe(file: string): Promise<{ streams: Stream[]; format: { duration: string; format_name: string } }> {
  const { stdout } = await run(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  return JSON.parse(stdout) as { streams: Stream[]; format: { duration: string; format_name: string } };
}

/** The top-level boxes of an MP4, in file order. */
async function topLevelBoxes(file: string): Promise<string[]> {
  const data = await fs.readFile(file);
  const boxes: string[] = [];
  let at = 0;
  while (at + 8 <= data.length) {
    let size = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    if (size === 1) size = Number(data.readBigUInt64BE(at + 8));
    else if (size === 0) size = data.length - at;
    boxes.push(type);
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

/** Integrated loudness (LUFS) and true peak (dBTP) as ffmpeg's EBU R128 meter reports them. */
async function loudness(file: string): Promise<{ integrated: number; truePeak: number }> {
  const { stderr } = await run(tools.ffmpeg, ['-hide_banner', '-nostats', '-i', file, '-map', '0:a:0', '-af', 'ebur128=peak=true', '-f', 'null', '-']);
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]);
  const truePeak = Number(/True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1]);
  return { integrated, truePeak };
}

/** One decoded frame as RGB pixels: of a video at `seconds`, or of an image. */
class Frame {
  constructor(
    readonly width: number,
    readonly height: number,
    readonly rgb: Buffer,
  ) {}

  static async of(file: string, seconds: number | null, width = W, height = H): Promise<Frame> {
    const seek = seconds === null ? [] : ['-ss', seconds.toFixed(3)];
    const { stdout } = await run(tools.ffmpeg, ['-hide_banner', '-v', 'error', ...seek, '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(stdout.length).toBe(width * height * 3);
    return new Frame(width, height, stdout);
  }

  pixel(x: number, y: number): [number, number, number] {
    const at = (Math.round(y) * this.width + Math.round(x)) * 3;
    return [this.rgb[at]!, this.rgb[at + 1]!, this.rgb[at + 2]!];
  }

  luma(x: number, y: number): number {
    const [r, g, b] = this.pixel(x, y);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }

  /** The mean colour of a box given in fractions of the frame. */
  mean(box: Box): [number, number, number] {
    const sum = [0, 0, 0];
    let count = 0;
    this.each(box, (x, y) => {
      const pixel = this.pixel(x, y);
      for (let channel = 0; channel < 3; channel += 1) sum[channel]! += pixel[channel]!;
      count += 1;
    });
    return sum.map((value) => value / count) as [number, number, number];
  }

  /** The share of a box's pixels within `tolerance` of `colour` on every channel. */
  share(box: Box, colour: [number, number, number], tolerance = 24): number {
    let near = 0;
    let count = 0;
    this.each(box, (x, y) => {
      const pixel = this.pixel(x, y);
      if (pixel.every((value, channel) => Math.abs(value - colour[channel]!) <= tolerance)) near += 1;
      count += 1;
    });
    return near / count;
  }

  each(box: Box, visit: (x: number, y: number) => void): void {
    for (let y = Math.floor(box.y0 * this.height); y < Math.ceil(box.y1 * this.height); y += 1) {
      for (let x = Math.floor(box.x0 * this.width); x < Math.ceil(box.x1 * this.width); x += 1) visit(x, y);
    }
  }
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
const WHOLE: Box = { x0: 0, y0: 0, x1: 1, y1: 1 };

/**
 * Where two frames differ clearly (luma by more than 40 of 255): how many pixels, and the box of
 * the rows and columns with at least five such pixels (the two encodes differ by a stray pixel
 * here and there around sharp edges, which is not text), and how many bands of rows they make.
 */
function difference(a: Frame, b: Frame, box: Box = WHOLE): { pixels: number; share: number; left: number; right: number; top: number; bottom: number; bands: number } {
  let pixels = 0;
  let total = 0;
  const rows = new Map<number, number>();
  const columns = new Map<number, number>();
  a.each(box, (x, y) => {
    const delta = Math.abs(a.luma(x, y) - b.luma(x, y));
    total += 1;
    if (delta > 40) {
      pixels += 1;
      rows.set(y, (rows.get(y) ?? 0) + 1);
      columns.set(x, (columns.get(x) ?? 0) + 1);
    }
  });
  const kept = (counts: Map<number, number>) => [...counts].filter(([, count]) => count >= 5).map(([at]) => at);
  const ys = kept(rows).sort((p, q) => p - q);
  const xs = kept(columns);
  // Bands of rows (lines of text) separated by at least two rows without any.
  const bands = ys.filter((y, index) => index === 0 || y - ys[index - 1]! > 2).length;
  return {
    pixels,
    share: pixels / total,
    left: Math.min(...xs),
    right: Math.max(...xs),
    top: Math.min(...ys),
    bottom: Math.max(...ys),
    bands,
  };
}

const hexRgb = (hex: string): [number, number, number] => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
const mid = (line: { start: number; end: number }) => (line.start + line.end) / 2;

/** The streams every video must have, its size, its frame count and length against its timeline, and its layout. */
async function expectPlatformReady(result: RenderResult, timeline: Timeline) {
  const probed = await ffprobe(result.videoPath);
  const video = probed.streams.filter((stream) => stream.codec_type === 'video');
  const audio = probed.streams.filter((stream) => stream.codec_type === 'audio');
  expect(video).toHaveLength(1);
  expect(audio).toHaveLength(1);
  expect(video[0]).toMatchObject({ codec_name: 'h264', profile: 'High', pix_fmt: 'yuv420p', width: W, height: H, r_frame_rate: '30/1', avg_frame_rate: '30/1' });
  expect(audio[0]).toMatchObject({ codec_name: 'aac', sample_rate: '48000', channels: 2 });
  // Exactly the timeline's frames (so every cut and caption is where it was planned) …
  expect(Number(video[0]!.nb_frames)).toBe(timeline.frames);
  // … and the file as long as the timeline says, sound included.
  expect(Math.abs(Number(probed.format.duration) - timeline.duration)).toBeLessThanOrEqual(0.1);
  expect(Math.abs(Number(audio[0]!.duration) - timeline.duration)).toBeLessThanOrEqual(0.1);
  expect(result).toMatchObject({ width: W, height: H });
  expect(result.duration).toBeCloseTo(Number(probed.format.duration), 3);
  expect(result.size).toBe((await fs.stat(result.videoPath)).size);
  // +faststart: the index (moov) before the media (mdat), so playback starts before the download ends.
  const boxes = await topLevelBoxes(result.videoPath);
  expect(boxes).toContain('moov');
  expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
}

async function expectLoudness(file: string) {
  const measured = await loudness(file);
  expect(Math.abs(measured.integrated + 14), `integrated ${measured.integrated} LUFS`).toBeLessThanOrEqual(1);
  expect(measured.truePeak, `true peak ${measured.truePeak} dBTP`).toBeLessThanOrEqual(-1);
}

async function expectCover(result: RenderResult) {
  const probed = await ffprobe(result.coverPath);
  expect(probed.streams[0]).toMatchObject({ codec_name: 'mjpeg', width: W, height: H });
  return Frame.of(result.coverPath, null);
}

// ---------------------------------------------------------------------------------------------
// Inputs

const BRAND = { shopName: 'Sunrise Bakery', address: '123 Main Street, Springfield', primary: '#1e3a8a', accent: '#f59e0b', callToAction: 'Come say hi today', qrLink: 'https://example.com/sunrise-bakery' };

function scriptOf(lines: string[]): ScriptBody {
  const line = (text: string) => ({ on_screen: text, spoken: text });
  return { title: 'Test', hook: line(lines[0]!), beats: lines.slice(1, -1).map(line), call_to_action: line(lines[lines.length - 1]!), captions: [] };
}

let renderCount = 0;
function inputOf(overrides: Partial<RenderInput> & Pick<RenderInput, 'script' | 'clips'>, language: ScriptLanguage = 'en'): RenderInput {
  return {
    language,
    brand: { ...BRAND, logoPath: null },
    music: { bed: 'upbeat' },
    voice: null,
    size: SIZE,
    workDir: path.join(dir, `render-${(renderCount += 1)}`),
    timeoutMs: 120_000,
    ...overrides,
  };
}

/** The processes this one started whose command line names `needle` (the render's work folder). */
function childrenNaming(needle: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!new RegExp(`^PPid:\\s+${process.pid}$`, 'm').test(readFileSync(`/proc/${entry}/status`, 'utf8'))) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) found.push(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return found;
}
const alive = (pid: number) => {
  try {
    // A zombie has no command line left: it is dead, only not yet reaped.
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').length > 0;
  } catch {
    return false;
  }
};

// ---------------------------------------------------------------------------------------------

describe('a voiced video from mixed material', () => {
  const COLOURS = { landscape: '#d02828', portrait: '#28b040', sixty: '#2850d0' } as const;
  const LINES = ['Fresh bread every morning, still warm at 7', 'Hand-kneaded, slow proofed for 24 hours', 'Sourdough, rye and seeded loaves', '20% off every Tuesday', 'Come say hi on Main Street'];
  let input: RenderInput;
  let timeline: Timeline;
  let result: RenderResult;
  let plain: RenderResult;
  const progress: number[] = [];

  beforeAll(async () => {
    const clips: RenderInput['clips'] = [
      { path: await makeClip(tools, path.join(dir, 'landscape.mp4'), { width: 640, height: 360, seconds: 4, source: 'color', color: COLOURS.landscape, audio: true }), kind: 'video', duration: 4, width: 640, height: 360 },
      { path: await makeClip(tools, path.join(dir, 'portrait.mp4'), { width: 360, height: 640, seconds: 3, source: 'color', color: COLOURS.portrait }), kind: 'video', duration: 3, width: 360, height: 640 },
      // A long clip: only the seconds its shot fills are read.
      { path: await makeClip(tools, path.join(dir, 'long.mp4'), { width: 320, height: 180, seconds: 90, source: 'testsrc' }), kind: 'video', duration: 90, width: 320, height: 180 },
      { path: await makeClip(tools, path.join(dir, 'sixty.mp4'), { width: 640, height: 360, seconds: 3, fps: 60, source: 'color', color: COLOURS.sixty }), kind: 'video', duration: 3, width: 640, height: 360 },
      { path: await makeImage(tools, path.join(dir, 'photo.jpg'), { width: 1200, height: 900 }), kind: 'image', duration: null, width: 1200, height: 900 },
    ];
    const lines = voiceLines(LINES.length, 7);
    const seconds = lines[lines.length - 1]!.end + 0.05;
    const voice = { path: await makeVoice(tools, path.join(dir, 'voice.wav'), lines, seconds), duration: seconds, lines };
    const logo = await makeImage(tools, path.join(dir, 'logo.png'), { width: 200, height: 100, source: 'color=c=orange:s=200x100' });
    input = inputOf({ script: scriptOf(LINES), clips, voice, music: { bed: 'upbeat' }, seed: 'renderer-test', brand: { ...BRAND, logoPath: logo }, onProgress: (percent) => progress.push(percent) });
    timeline = planTimeline(input.script, 'en', voice);
    result = await renderVideo(tools, input);
    plain = await renderVideo(tools, { ...input, workDir: path.join(dir, 'plain'), captions: false, onProgress: undefined });
  }, 180_000);

  it('is a platform-ready H.264 High / AAC, 30 fps, 360×640 MP4 with +faststart, exactly as long as its timeline', async () => {
    await expectPlatformReady(result, timeline);
    // The voice decides the timeline: a little over the 7 s spoken, plus the end card.
    expect(timeline.duration).toBeGreaterThan(9.5);
    expect(timeline.duration).toBeLessThan(11);
  });

  it('reports progress from 0 to 100, never going back', () => {
    expect(progress[0]).toBe(0);
    expect(progress[progress.length - 1]).toBe(100);
    for (let index = 1; index < progress.length; index += 1) expect(progress[index]!).toBeGreaterThan(progress[index - 1]!);
  });

  it('mixes the voice and the ducked music to −14 LUFS integrated and at most −1 dBTP true peak', async () => {
    await expectLoudness(result.videoPath);
  });

  it('shows each clip over its own line: portrait material cropped to fill, landscape whole over its darkened blur (60 fps alike)', async () => {
    // The top quarter is the material (portrait) or its blurred, darkened fill (landscape); the
    // middle band, above the captions, is the material itself.
    const top: Box = { x0: 0, y0: 0, x1: 1, y1: 0.25 };
    const middle: Box = { x0: 0.05, y0: 0.4, x1: 0.95, y1: 0.58 };
    const expected: Array<string | null> = [COLOURS.landscape, COLOURS.portrait, null, COLOURS.sixty, null];
    for (const [index, line] of timeline.lines.entries()) {
      const frame = await Frame.of(plain.videoPath, mid(line));
      const colour = expected[index];
      if (colour) {
        expect(frame.share(middle, hexRgb(colour)), `line ${index}`).toBeGreaterThan(0.97);
        const fill = frame.mean(top).reduce((sum, channel) => sum + channel, 0);
        const own = hexRgb(colour).reduce((sum, channel) => sum + channel, 0);
        if (colour === COLOURS.portrait) expect(frame.share(top, hexRgb(colour)), `line ${index}`).toBeGreaterThan(0.97);
        else expect(fill, `line ${index}: the fill is darker than the clip`).toBeLessThan(own * 0.9);
      } else {
        // The long test pattern and the photo: busy pictures, not a flat colour or black.
        const [r, g, b] = frame.mean(top);
        expect(r + g + b, `line ${index}`).toBeGreaterThan(60);
        for (const flat of Object.values(COLOURS)) expect(frame.share(top, hexRgb(flat))).toBeLessThan(0.5);
      }
    }
    // A cut is where the timeline puts it: the frame before the second line is still the first clip's.
    const before = await Frame.of(plain.videoPath, (timeline.lines[1]!.startFrame - 6) / 30);
    expect(before.share(middle, hexRgb(COLOURS.landscape))).toBeGreaterThan(0.97);
  });

  it('burns in the captions at each line’s time, inside the safe zone (clear of the bottom 20% and the right 15%)', async () => {
    // What the layout planned for each caption: its widest line, outline included.
    const fonts = await captionFonts();
    const safe = safeArea(SIZE);
    const layout = captionLayout(SIZE, lowerThird(SIZE, fonts, BRAND.shopName, BRAND.address).top, false);
    for (const [index, line] of timeline.lines.entries()) {
      // The cue on screen mid-line (a few of the line's spoken words), seen in its own middle,
      // once its pop-in is over.
      const cue = timeline.cues.find((candidate) => candidate.start <= mid(line) && candidate.end > mid(line))!;
      const at = (cue.start + cue.end) / 2;
      const [captioned, bare] = await Promise.all([Frame.of(result.videoPath, at), Frame.of(plain.videoPath, at)]);
      const diff = difference(captioned, bare);
      const [piece] = captionPieces(cue, fonts.bold, layout, (safe.right - safe.left) * 0.96);
      const planned = Math.max(...piece!.lines.map((units) => fonts.bold.width(units.join('').trimEnd(), piece!.size))) + 2 * Math.max(2, Math.round(piece!.size * 0.09));
      // The text is as wide as planned (its measure is libass's own), so the wrapping can be trusted.
      expect((diff.right - diff.left + 1) / planned, `line ${index}`).toBeGreaterThan(0.88);
      expect((diff.right - diff.left + 1) / planned, `line ${index}`).toBeLessThan(1.08);
      // Text covers a real part of the frame (a line of 27 px letters is about 0.5% of it) …
      expect(diff.share, `line ${index}`).toBeGreaterThan(0.004);
      // … and nothing of it reaches the platforms' buttons or their caption area (2 px for the encoder's blur).
      expect(diff.right, `line ${index}`).toBeLessThan(W * 0.85 + 2);
      expect(diff.bottom, `line ${index}`).toBeLessThan(H * 0.8 + 2);
      expect(diff.left).toBeGreaterThan(2);
      // One or two lines of text, never more: bands of changed rows with clear rows between them.
      expect(diff.bands, `line ${index}`).toBeGreaterThanOrEqual(1);
      expect(diff.bands, `line ${index}`).toBeLessThanOrEqual(2);
      expect(diff.bottom - diff.top, `line ${index}`).toBeLessThan(2.5 * 0.042 * H * 1.45);
    }
    // The end card carries no captions: there the two renders are the same picture.
    const end = timeline.endCard.start + 1.5;
    const [captioned, bare] = await Promise.all([Frame.of(result.videoPath, end), Frame.of(plain.videoPath, end)]);
    expect(difference(captioned, bare).share).toBeLessThan(0.001);
  });

  it('shows the shop’s name and address in a lower third during the beats, not over the hook', async () => {
    const third: Box = { x0: 0.06, y0: 0.66, x1: 0.6, y1: 0.8 };
    const hook = await Frame.of(plain.videoPath, mid(timeline.lines[0]!));
    const beat = await Frame.of(plain.videoPath, mid(timeline.lines[1]!));
    // No words over the hook: only the landscape clip's darkened fill there.
    expect(hook.share(third, [255, 255, 255], 40)).toBeLessThan(0.001);
    // White words on a box in the brand's ink over the green clip.
    expect(beat.share(third, hexRgb(COLOURS.portrait))).toBeLessThan(0.8);
    expect(beat.share(third, hexRgb(brandPalette(BRAND.primary, BRAND.accent).ink), 30)).toBeGreaterThan(0.1);
    expect(beat.share(third, [255, 255, 255], 40)).toBeGreaterThan(0.005);
  });

  it('ends on the brand colour with the logo and a QR code that reads back as the shop’s link', async () => {
    const frame = await Frame.of(result.videoPath, timeline.endCard.start + 1.5);
    // Past the safe zone on the right there is only the background: the brand's primary colour.
    expect(frame.share({ x0: 0.9, y0: 0.2, x1: 0.98, y1: 0.75 }, hexRgb(BRAND.primary), 12)).toBeGreaterThan(0.98);
    const card = layoutEndCard({ size: SIZE, fonts: await captionFonts(), language: 'en', callToAction: BRAND.callToAction, shopName: BRAND.shopName, address: BRAND.address, qrLink: BRAND.qrLink, hasLogo: true });
    // The orange logo in its box.
    const logo = card.logo!;
    expect(frame.share({ x0: (logo.centreX - 10) / W, y0: (logo.top + logo.maxHeight / 2 - 5) / H, x1: (logo.centreX + 10) / W, y1: (logo.top + logo.maxHeight / 2 + 5) / H }, [255, 165, 0], 40)).toBeGreaterThan(0.9);
    // The QR code, module by module: what a phone's camera would read.
    const qr = QRCode.create(BRAND.qrLink, { errorCorrectionLevel: 'M' });
    const modules = qr.modules.size;
    const box = card.qr!;
    const pitch = box.size / (modules + 4);
    let matching = 0;
    for (let row = 0; row < modules; row += 1) {
      for (let col = 0; col < modules; col += 1) {
        const dark = frame.luma(box.x + (col + 2.5) * pitch, box.y + (row + 2.5) * pitch) < 128;
        if (dark === Boolean(qr.modules.get(row, col))) matching += 1;
      }
    }
    expect(matching / (modules * modules)).toBeGreaterThan(0.97);
  });

  it('makes a cover from the hook’s frames, titled with the hook', async () => {
    const cover = await expectCover(result);
    // The hook's clip behind …
    expect(cover.share({ x0: 0, y0: 0.5, x1: 1, y1: 0.64 }, hexRgb(COLOURS.landscape))).toBeGreaterThan(0.9);
    // … and the title over it, where the cover puts it (around 30% down).
    const title = difference(cover, await Frame.of(plain.videoPath, mid(timeline.lines[0]!)), { x0: 0, y0: 0.15, x1: 1, y1: 0.45 });
    expect(title.share).toBeGreaterThan(0.05);
    expect(title.right).toBeLessThan(W * 0.85 + 2);
  });
});

describe('a video from images only, with the merchant’s own music', () => {
  let timeline: Timeline;
  let result: RenderResult;

  beforeAll(async () => {
    const music = await makeMusic(tools, path.join(dir, 'song.m4a'), { seconds: 8, coverArt: true });
    const clips: RenderInput['clips'] = [
      // An audio file that came in as a clip is no picture: it is left out.
      { path: music, kind: 'video', duration: 8, width: 64, height: 64 },
      { path: await makeImage(tools, path.join(dir, 'wide.jpg'), { width: 1600, height: 900, source: 'testsrc2=s=1600x900' }), kind: 'image', duration: null, width: 1600, height: 900 },
      { path: await makeImage(tools, path.join(dir, 'tall.png'), { width: 600, height: 1000 }), kind: 'image', duration: null, width: 600, height: 1000 },
    ];
    const input = inputOf({ script: scriptOf(['Warm bread', 'Slow proofed', 'Rye and spelt', 'Tuesday deals', 'Visit us']), clips, music: { path: music } });
    timeline = planTimeline(input.script, 'en', null);
    result = await renderVideo(tools, input);
  }, 120_000);

  it('is platform-ready, as long as its timeline, with the music looped to its length at −14 LUFS / −1 dBTP', async () => {
    await expectPlatformReady(result, timeline);
    // Longer than the 8 s song: the music loops.
    expect(timeline.duration).toBeGreaterThan(12);
    await expectLoudness(result.videoPath);
    // Still sounding near the end (before the fade-out): looped, not padded with silence.
    const { stderr } = await run(tools.ffmpeg, ['-hide_banner', '-nostats', '-ss', String(timeline.duration - 3), '-t', '1', '-i', result.videoPath, '-map', '0:a', '-af', 'volumedetect', '-f', 'null', '-']);
    expect(Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1])).toBeGreaterThan(-30);
  });

  it('pans and zooms slowly over each still, filling the frame', async () => {
    const line = timeline.lines[0]!;
    const [early, late] = await Promise.all([Frame.of(result.videoPath, line.start + 0.3), Frame.of(result.videoPath, line.end - 0.3)]);
    const top: Box = { x0: 0, y0: 0, x1: 1, y1: 0.3 };
    expect(difference(early, late, top).share).toBeGreaterThan(0.05);
    // No black bars: the picture reaches every edge.
    for (const frame of [early, late]) {
      for (const edge of [{ x0: 0, y0: 0, x1: 1, y1: 0.02 }, { x0: 0, y0: 0, x1: 0.02, y1: 0.6 }, { x0: 0.98, y0: 0, x1: 1, y1: 0.6 }]) {
        expect(frame.share(edge, [0, 0, 0], 16)).toBeLessThan(0.5);
      }
    }
  });

  it('makes a cover of the right size', async () => {
    await expectCover(result);
  });
});

describe('a video with no material at all, in Chinese', () => {
  // Two renders whose hooks say different things in as many characters, the rest alike.
  const HOOKS = ['新鲜面包每天出炉', '咖啡甜点限时优惠'];
  const REST = ['手工揉面慢发酵', '酸面包和黑麦面包', '每周二全场八折', '今天就来主街'];
  let timeline: Timeline;
  let results: RenderResult[];

  beforeAll(async () => {
    const logo = await makeImage(tools, path.join(dir, 'zh-logo.png'), { width: 200, height: 100, source: 'color=c=orange:s=200x100' });
    results = [];
    for (const hook of HOOKS) {
      const input = inputOf({ script: scriptOf([hook, ...REST]), clips: [], music: { bed: 'warm' }, brand: { ...BRAND, shopName: '日出面包坊', address: '春田市主街123号', callToAction: '今天就来尝尝', logoPath: logo } }, 'zh');
      timeline = planTimeline(input.script, 'zh', null);
      results.push(await renderVideo(tools, input));
    }
  }, 120_000);

  it('is still a platform-ready video, in the brand’s colours with its logo, at −14 LUFS', async () => {
    await expectPlatformReady(results[0]!, timeline);
    await expectLoudness(results[0]!.videoPath);
    const frame = await Frame.of(results[0]!.videoPath, mid(timeline.lines[0]!));
    // The brand's primary colour behind the words, the logo near the top.
    expect(frame.share({ x0: 0.88, y0: 0.3, x1: 1, y1: 0.9 }, hexRgb(BRAND.primary), 12)).toBeGreaterThan(0.98);
    expect(frame.share({ x0: 0.3, y0: 0.1, x1: 0.6, y1: 0.2 }, [255, 165, 0], 40)).toBeGreaterThan(0.3);
    // The next line changes to the darker ink: the shots alternate.
    const next = await Frame.of(results[0]!.videoPath, mid(timeline.lines[1]!));
    const ink = hexRgb(brandPalette(BRAND.primary, BRAND.accent).ink);
    expect(next.share({ x0: 0.88, y0: 0.3, x1: 1, y1: 0.9 }, ink, 12)).toBeGreaterThan(0.98);
    await expectCover(results[0]!);
  });

  it('draws the Chinese captions with real glyphs, not boxes', async () => {
    // Why this shows real glyphs: a font without CJK would draw every character as the same
    // "missing glyph" box, so two captions of as many different characters would be the same
    // picture; the two hooks differ over much of the caption (and the renderer would have left
    // characters its font lacks out altogether, which shows here as no difference at all).
    // Where both renders say the same thing, the pictures are the same: the difference is the
    // words, not noise of the encoder.
    const caption: Box = { x0: 0.06, y0: 0.3, x1: 0.85, y1: 0.6 };
    const hookTime = mid(timeline.lines[0]!);
    const [first, second] = await Promise.all(results.map((result) => Frame.of(result.videoPath, hookTime)));
    const differs = difference(first!, second!, caption);
    expect(differs.share).toBeGreaterThan(0.03);
    // The differing pixels spread across the whole caption: eight characters, each its own shape.
    expect(differs.right - differs.left).toBeGreaterThan(W * 0.4);
    const beatTime = mid(timeline.lines[2]!);
    const same = await Promise.all(results.map((result) => Frame.of(result.videoPath, beatTime)));
    expect(difference(same[0]!, same[1]!, caption).share).toBeLessThan(0.002);
    // And the caption itself is there: strokes of the caption's colours over the brand colour.
    // The words are lit at reading pace: the ones read so far in the highlight, the rest white.
    const highlight = hexRgb(brandPalette(BRAND.primary, BRAND.accent).highlight);
    expect(first!.share(caption, [255, 255, 255], 30) + first!.share(caption, highlight, 30)).toBeGreaterThan(0.02);
  });
});

describe('stopping a render', () => {
  let clips: RenderInput['clips'];
  beforeAll(async () => {
    clips = [
      { path: await makeClip(tools, path.join(dir, 'stop.mp4'), { width: 1280, height: 720, seconds: 6 }), kind: 'video', duration: 6, width: 1280, height: 720 },
      { path: await makeImage(tools, path.join(dir, 'stop.jpg'), { width: 1600, height: 1200 }), kind: 'image', duration: null, width: 1600, height: 1200 },
    ];
  }, 60_000);

  /** A full-size render (many seconds of work), watched: which ffmpeg processes it ran. */
  async function watchedRender(input: RenderInput, whileRunning?: (pids: number[]) => void) {
    const seen = new Set<number>();
    const timer = setInterval(() => {
      const pids = childrenNaming(input.workDir);
      for (const pid of pids) seen.add(pid);
      if (pids.length > 0) whileRunning?.(pids);
    }, 20);
    const started = Date.now();
    try {
      const error = await renderVideo(tools, input).then(
        () => null,
        (caught: unknown) => caught as Error,
      );
      return { error, seen: [...seen], ms: Date.now() - started };
    } finally {
      clearInterval(timer);
    }
  }

  async function expectNothingLeft(input: RenderInput, seen: number[]) {
    expect(seen.length).toBeGreaterThan(0);
    for (const pid of seen) expect(alive(pid), `ffmpeg ${pid} still running`).toBe(false);
    const files = await fs.readdir(input.workDir);
    expect(files).not.toContain('video.mp4');
    expect(files).not.toContain('cover.jpg');
  }

  const bigInput = (overrides: Partial<RenderInput>) =>
    inputOf({ script: scriptOf(['Fresh bread every morning', 'Hand-kneaded', 'Slow proofed for a day', 'Twenty percent off', 'Come say hi']), clips, size: { width: 1080, height: 1920 }, ...overrides });

  it('kills ffmpeg at once when its signal aborts, and leaves no partial video or cover', async () => {
    const controller = new AbortController();
    const input = bigInput({
      signal: controller.signal,
      onProgress: (percent) => {
        // Aborted once ffmpeg has written some of the video.
        if (percent >= 5) controller.abort();
      },
    });
    const { error, seen } = await watchedRender(input);
    expect(error?.name).toBe('AbortError');
    expect(controller.signal.aborted).toBe(true);
    await expectNothingLeft(input, seen);
  }, 90_000);

  it('kills ffmpeg when the render runs past its time limit, saying so, and leaves nothing behind', async () => {
    const input = bigInput({ timeoutMs: 4000 });
    const { error, seen, ms } = await watchedRender(input);
    expect(error?.name).toBe('TimeoutError');
    expect(error?.message).toMatch(/longer than 4 s/);
    // Stopped at the limit, not when the video would have been done.
    expect(ms).toBeLessThan(4000 + 3000);
    await expectNothingLeft(input, seen);
  }, 90_000);

  it('does not start at all when its signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const input = bigInput({ signal: controller.signal });
    const { error, seen } = await watchedRender(input);
    expect(error?.name).toBe('AbortError');
    expect(seen).toHaveLength(0);
  });
});
