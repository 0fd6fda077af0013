import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ScriptBody, ScriptLanguage } from '@nearcast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools } from '../../../adapters/media/index.js';
import { brandPalette, safeArea, type TextBlock } from './captions-ass.js';
import { layoutEndCard } from './end-card.js';
import { captionFonts, type CaptionFonts } from './fonts.js';
import { lookById } from './looks.js';
import { planTimeline, renderVideo, type RenderResult } from './renderer.js';

/**
 * The coupon's line read back from the pixels of a real render's end card: a short, small
 * (360×640) video with no material in English and in Chinese, its end card's coupon row compared
 * with each language's line drawn on its own by libass in our fonts (the code in the Latin face).
 * The row must look like its own language's line and unlike the others': the words a viewer
 * sees, not only what the document says.
 */

const run = promisify(execFile);
const tools = resolveMediaTools({ MEDIA_BINARIES: 'bundled', FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
const SIZE = { width: 360, height: 640 };
const CODE = 'TACO5';
const BRAND = { shopName: 'Sunrise Bakery', address: '123 Main Street, Springfield', primary: '#1e3a8a', accent: '#f59e0b', qrLink: 'https://example.com/go/k7m2q9', phone: '2135550101' };
const CASES: Array<{ language: ScriptLanguage; look: string; script: ScriptBody; callToAction: string }> = [
  { language: 'en', look: 'classic', callToAction: 'Come say hi', script: scriptOf(['Fresh bread', 'Come say hi']) },
  { language: 'zh', look: 'headline', callToAction: '今天就来', script: scriptOf(['新鲜面包', '今天就来']) },
];

function scriptOf(lines: string[]): ScriptBody {
  const line = (text: string) => ({ on_screen: text, spoken: text });
  return { title: 'Test', hook: line(lines[0]!), beats: [], call_to_action: line(lines[lines.length - 1]!), captions: [] };
}

let dir: string;
let fonts: CaptionFonts;
const renders = new Map<ScriptLanguage, RenderResult>();
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-coupon-test-'));
  fonts = await captionFonts();
  for (const item of CASES) {
    const input = {
      script: item.script,
      language: item.language,
      brand: { ...BRAND, callToAction: item.callToAction, logoPath: null, coupon: CODE },
      look: lookById(item.look),
      clips: [],
      music: null,
      voice: null,
      size: SIZE,
      workDir: path.join(dir, item.language),
      timeoutMs: 120_000,
      captions: false,
    };
    renders.set(item.language, await renderVideo(tools, input));
  }
}, 120_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** Luma (0–255) of one frame, row by row: of a video at `seconds`, or of an image file. */
async function lumaOf(file: string, seconds: number | null): Promise<Buffer> {
  const seek = seconds === null ? [] : ['-ss', seconds.toFixed(3)];
  const { stdout } = await run(tools.ffmpeg, ['-hide_banner', '-v', 'error', ...seek, '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 });
  expect(stdout.length).toBe(SIZE.width * SIZE.height);
  return stdout;
}

/** The end card as the renderer lays it out for a case (the same pure function, the same inputs). */
function cardOf(item: (typeof CASES)[number], coupon: string) {
  const look = lookById(item.look);
  return layoutEndCard({
    size: SIZE,
    fonts,
    language: item.language,
    callToAction: item.callToAction,
    shopName: BRAND.shopName,
    address: BRAND.address,
    qrLink: BRAND.qrLink,
    hasLogo: false,
    phone: BRAND.phone,
    palette: brandPalette(BRAND.primary, BRAND.accent),
    layout: look.endCard,
    paletteUse: look.palette,
    titleFont: look.titleFont,
    coupon,
  });
}

/**
 * `words` drawn alone where `block` stands, over the card's ground, by libass in our fonts: the
 * Chinese words in the CJK face, the code (and any Latin) in the Latin one, written out here
 * rather than by the renderer's own tagging.
 */
async function referenceOf(block: TextBlock, ground: string, words: Array<{ text: string; cjk: boolean }>, name: string): Promise<Buffer> {
  const text = words.map((word) => `{\\fn${word.cjk ? fonts.cjk.bold.family : fonts.bold.family}}${word.text}`).join('');
  const ass = [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${SIZE.width}`,
    `PlayResY: ${SIZE.height}`,
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: TV.709',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Ref,${fonts.bold.family},20,&H00FFFFFF,&H00FFFFFF,&HFF000000,&HFF000000,-1,0,0,0,100,100,0,0,1,0,0,8,0,0,0,1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    `Dialogue: 0,0:00:00.00,0:00:10.00,Ref,,0,0,0,,{\\an${block.align}\\pos(${Math.round(block.x)},${Math.round(block.y)})\\fs${Math.round(block.size)}${block.tags ?? ''}}${text}`,
    '',
  ].join('\n');
  const assFile = path.join(dir, `${name}.ass`);
  const png = path.join(dir, `${name}.png`);
  await fs.writeFile(assFile, ass);
  const filter = `color=c=0x${ground.replace('#', '')}:s=${SIZE.width}x${SIZE.height}:d=1,format=yuv420p,ass=filename='${assFile}':fontsdir='${fonts.dir}'`;
  await run(tools.ffmpeg, ['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', filter, '-frames:v', '1', png], { env: { ...process.env, FONTCONFIG_FILE: fonts.fontconfigFile } });
  return lumaOf(png, null);
}

/** Mean absolute luma difference of two frames over rows `y0`–`y1` across the safe area. */
function distance(a: Buffer, b: Buffer, y0: number, y1: number): number {
  const safe = safeArea(SIZE);
  let sum = 0;
  let count = 0;
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(SIZE.height, Math.ceil(y1)); y += 1) {
    for (let x = Math.floor(safe.left); x < Math.ceil(safe.right); x += 1) {
      sum += Math.abs(a[y * SIZE.width + x]! - b[y * SIZE.width + x]!);
      count += 1;
    }
  }
  return sum / count;
}

/** Each language's coupon line as words in their faces. */
const LINES: Record<ScriptLanguage, Array<{ text: string; cjk: boolean }>> = {
  en: [{ text: `Say ${CODE} at the counter`, cjk: false }],
  es: [{ text: `Di ${CODE} en el mostrador`, cjk: false }],
  zh: [
    { text: '到店出示优惠码 ', cjk: true },
    { text: CODE, cjk: false },
  ],
};

describe('the coupon on a rendered end card', () => {
  for (const item of CASES) {
    it(`reads as the ${item.language} line, the code in the Latin face, not as another language’s`, async () => {
      const result = renders.get(item.language)!;
      // The render passed its own language check with the code on its card.
      expect(result.quality?.find((check) => check.check === 'language')?.ok).toBe(true);
      const timeline = planTimeline(item.script, item.language, null);
      const frame = await lumaOf(result.videoPath, timeline.endCard.start + 1.5);
      const card = cardOf(item, CODE);
      const block = card.texts.find((text) => text.lines.join(' ').includes(CODE))!;
      expect(block).toBeDefined();
      // What the line stands on: the band behind it (the split layout's top), else the card's ground.
      const band = (card.bands ?? []).find((item) => item.y <= block.y && block.y < item.y + item.height && item.height > SIZE.height * 0.1);
      const ground = band?.color ?? card.background ?? BRAND.primary;
      const top = block.y - 2;
      const bottom = block.y + block.lines.length * fonts.bold.lineHeight(block.size) + 2;
      // The row is not bare ground: there is ink where the line stands.
      const bare = await referenceOf(block, ground, [{ text: ' ', cjk: false }], `${item.language}-bare`);
      const own = await referenceOf(block, ground, LINES[item.language], `${item.language}-own`);
      const ownDistance = distance(frame, own, top, bottom);
      expect(distance(frame, bare, top, bottom)).toBeGreaterThan(ownDistance * 3);
      for (const other of (['en', 'es', 'zh'] as const).filter((language) => language !== item.language)) {
        const reference = await referenceOf(block, ground, LINES[other], `${item.language}-as-${other}`);
        expect(distance(frame, reference, top, bottom), other).toBeGreaterThan(ownDistance * 3);
      }
      if (item.language === 'zh') {
        // The code drawn by the CJK face instead of the Latin one would not match as well.
        const cjkCode = await referenceOf(block, ground, [{ text: `到店出示优惠码 ${CODE}`, cjk: true }], 'zh-cjk-code');
        expect(distance(frame, cjkCode, top, bottom)).toBeGreaterThan(ownDistance * 1.5);
      }
      // And the end card without a coupon leaves that row to the ground (or to what moved into it).
      const without = cardOf(item, '');
      expect(without.texts.some((text) => text.lines.join(' ').includes(CODE))).toBe(false);
    });
  }
});
