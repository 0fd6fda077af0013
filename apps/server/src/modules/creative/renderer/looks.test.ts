import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ScriptBody, ScriptLanguage } from '@nearcast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools } from '../../../adapters/media/index.js';
import { chooseLook, chooseMaterial, type ChoiceRender } from '../render-choices.js';
import type { RecentRenderChoice } from '../render-choice-repository.js';
import { brandPalette } from './captions-ass.js';
import { GRAPH_INPUT } from './caption-test-kit.js';
import { END_CARD_MIN_TEXT, layoutEndCard } from './end-card.js';
import { captionFonts } from './fonts.js';
import { END_CARD_LAYOUTS, TRANSITIONS } from './look-types.js';
import { LOOKS, lookById } from './looks.js';
import { MAX_UPSCALE, reframeOf } from './reframe.js';
import { buildRenderGraph, type RenderClip } from './render-graph.js';
import { planTimeline, renderVideo, type RenderInput } from './renderer.js';
import { makeClip, makeImage } from './synthetic-media.js';

/**
 * Looks: the library, the day's choice of look and material, the reframing rule, the
 * transitions across the segments' runs, and the end card with the phone read back from the frame. The
 * renders are a day's five videos at 360×640, saved under the temp folder's `nearcast-looks`
 * for a contact sheet (../shared/tools/contact-sheet.sh).
 */

const run = promisify(execFile);
const tools = resolveMediaTools({ MEDIA_BINARIES: 'bundled', FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
const SIZE = { width: 360, height: 640 };
const PALETTE = brandPalette('#b91c1c', '#facc15');

const script = (lines: string[]): ScriptBody => ({
  title: 'Looks',
  hook: { on_screen: lines[0]!, spoken: '' },
  beats: lines.slice(1, -1).map((line) => ({ on_screen: line, spoken: '' })),
  call_to_action: { on_screen: lines[lines.length - 1]!, spoken: '' },
  captions: [],
});

describe('the library of looks', () => {
  it('has at least 8 coherent looks with their own ids, using every transition and end card layout', () => {
    expect(LOOKS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(LOOKS.map((look) => look.id)).size).toBe(LOOKS.length);
    expect(new Set(LOOKS.map((look) => look.transition))).toEqual(new Set(TRANSITIONS));
    expect(new Set(LOOKS.map((look) => look.endCard))).toEqual(new Set(END_CARD_LAYOUTS));
    // Any two looks differ in at least two of the things a viewer notices first.
    for (const a of LOOKS) {
      for (const b of LOOKS) {
        if (a === b) continue;
        const differences = [a.caption.style !== b.caption.style, a.transition !== b.transition, a.endCard !== b.endCard, a.palette !== b.palette, a.lowerThird !== b.lowerThird];
        expect(differences.filter(Boolean).length, `${a.id} and ${b.id}`).toBeGreaterThanOrEqual(2);
      }
    }
    expect(lookById('nonsense').id).toBe('classic');
  });
});

describe('a merchant’s day', () => {
  const day = (slot: number, planDate = '2026-12-02'): ChoiceRender => ({ id: 100 + slot, merchantId: 7, planDate, planSlot: slot, seed: `7:${planDate}:${slot}` });
  const library = Array.from({ length: 12 }, (_, index) => ({ id: index + 1 }));

  it('gives the five videos of a day five different looks, the same again for the same day', () => {
    for (const date of ['2026-12-01', '2026-12-02', '2026-12-03', '2027-01-15']) {
      const looks = [0, 1, 2, 3, 4].map((slot) => chooseLook(day(slot, date), []).id);
      expect(new Set(looks).size).toBe(5);
      expect([0, 1, 2, 3, 4].map((slot) => chooseLook(day(slot, date), []).id)).toEqual(looks);
    }
  });

  it('opens each video of the day on its own material and deals the rest out without overlap while it lasts', () => {
    const picks = [0, 1, 2, 3, 4].map((slot) => chooseMaterial(library, 5, day(slot), []));
    expect(new Set(picks.map((pick) => pick[0]!.id)).size).toBe(5);
    // Twelve items over five slots: each slot's own lane (two or three items) comes first.
    const lanes = picks.map((pick) => pick.slice(0, 2).map((item) => item.id));
    expect(new Set(lanes.flat()).size).toBe(10);
    for (const pick of picks) expect(new Set(pick.map((item) => item.id)).size).toBe(5);
  });

  it('uses material of the last 7 days again only when the library is exhausted, the least recent first', () => {
    const recent: RecentRenderChoice[] = [
      { id: 1, look: 'street_pop', footageIds: [1, 2, 3, 4], planDate: '2026-12-01', createdAt: new Date('2026-12-01T10:00:00Z') },
      { id: 2, look: 'headline', footageIds: [5, 6, 7, 8], planDate: null, createdAt: new Date('2026-11-30T10:00:00Z') },
    ];
    const manual: ChoiceRender = { id: 9, merchantId: 7, planDate: null, planSlot: null, seed: 'by-hand' };
    const pick = chooseMaterial(library, 8, manual, recent).map((item) => item.id);
    expect(pick.slice(0, 4).sort((a, b) => a - b)).toEqual([9, 10, 11, 12]);
    // Then the items used two days ago before yesterday's.
    expect(pick.slice(4, 8).sort((a, b) => a - b)).toEqual([5, 6, 7, 8]);
    // A manual render takes a look nobody used this week.
    expect(['street_pop', 'headline']).not.toContain(chooseLook(manual, recent).id);
    const allButClassic = LOOKS.filter((look) => look.id !== 'classic').map((look, index) => ({ ...recent[0]!, id: 50 + index, look: look.id }));
    expect(chooseLook(manual, allButClassic).id).toBe('classic');
  });
});

describe('reframing', () => {
  /** Every segment's run read as one: its chains and its inputs, in the video's order. */
  const graphOf = (clips: RenderClip[], lookId = 'classic', size = { width: 1080, height: 1920 }) => {
    const { segments } = renderGraphOf(clips, lookId, size);
    return { graph: segments.map((segment) => segment.graph).join(';\n'), inputArgs: segments.flatMap((segment) => segment.inputArgs) };
  };
  const renderGraphOf = (clips: RenderClip[], lookId: string, size: { width: number; height: number }) =>
    buildRenderGraph({
      ...GRAPH_INPUT,
      timeline: planTimeline(script(['Hot tacos', 'Fresh salsa', 'Open late', 'Since 1998', 'Come by today']), 'en', null),
      size,
      clips,
      palette: PALETTE,
      look: lookById(lookId),
    });

  it('never upscales a picture past 1.5× without the blurred fill: a 1169×584 photo is shown whole over its blur', () => {
    const frame = { width: 1080, height: 1920 };
    const photo = reframeOf({ width: 1169, height: 584 }, frame);
    expect(photo).toMatchObject({ mode: 'fill' });
    expect(photo.scale).toBeLessThanOrEqual(MAX_UPSCALE);
    for (const source of [{ width: 1080, height: 1920 }, { width: 720, height: 1280 }, { width: 600, height: 1000 }, { width: 1080, height: 1080 }, { width: 4000, height: 3000 }, { width: 320, height: 240 }]) {
      const reframe = reframeOf(source, frame);
      if (reframe.mode === 'cover') expect(reframe.scale, `${source.width}×${source.height}`).toBeLessThanOrEqual(MAX_UPSCALE);
      else expect(reframe.scale).toBeLessThanOrEqual(MAX_UPSCALE);
    }
    expect(reframeOf({ width: 1080, height: 1080 }, frame).mode).toBe('fill');
    expect(reframeOf({ width: 600, height: 1000 }, frame).mode).toBe('fill');
    expect(reframeOf({ width: 720, height: 1280 }, frame).mode).toBe('cover');

    // In the graph: the photo's chain splits into a blurred ground and the whole photo, scaled
    // to the frame's width less its pan room (0.82×), laid over the middle.
    const graph = graphOf([{ path: '/m/photo.jpg', kind: 'image', duration: null, width: 1169, height: 584 }]).graph.split(';\n');
    const ground = graph.find((chain) => chain.startsWith('[framed0_a]'))!;
    expect(ground).toMatch(/boxblur=/);
    expect(ground).toMatch(/eq=brightness=-/);
    const whole = graph.find((chain) => chain.startsWith('[framed0_b]'))!;
    const [, width, height] = /scale=(\d+):(\d+)/.exec(whole)!;
    expect(Number(width) / 1169).toBeLessThanOrEqual(MAX_UPSCALE);
    expect(Number(width)).toBe(964);
    expect(Number(height)).toBe(482);
    expect(graph.find((chain) => chain.startsWith('[framed0_bg][framed0_fg]overlay'))).toBeDefined();
    // Every scale of a picture in the graph: none enlarges more than 1.5× unless it is a fill's ground.
    for (const chain of graph.filter((chain) => /^\[framed\d+_b\]/.test(chain))) expect(Number(/scale=(\d+)/.exec(chain)![1]) / 1169).toBeLessThanOrEqual(MAX_UPSCALE);
  });

  it('builds each transition into the next segment: the outgoing shot’s tail read again and laid over its start', () => {
    const clips: RenderClip[] = [
      { path: '/m/a.mp4', kind: 'video', duration: 30, width: 1920, height: 1080 },
      { path: '/m/b.jpg', kind: 'image', duration: null, width: 1080, height: 1920 },
    ];
    const expected: Record<string, RegExp | null> = {
      crossfade: /fade=t=out:st=0:d=[\d.]+:alpha=1/,
      slide: /overlay=x='-main_w\*/,
      wipe: /pad=w=iw\+\d+:h=ih:x=\d+:y=0:color=0xfacc15/,
      zoom_punch: /zoompan=z='1\+0\.35\*on\/\d+'/,
      dip: null,
      cut: null,
    };
    for (const look of LOOKS) {
      const { graph, inputArgs } = graphOf(clips, look.id);
      // Each concat joins a reading to the ground it may end on; the segments are joined by the
      // last run, which copies them.
      expect(graph.match(/concat=n=\d+/g)?.length ?? 0).toBe(graph.match(/\]\[(tail)?ground\d+\]concat=n=2/g)?.length ?? 0);
      const pattern = expected[look.transition];
      // A shot's stream is never split to make its tail (ffmpeg 4.1 queued every later shot
      // waiting on such a split): a clip's tail is the clip opened again, a still's its last window.
      expect(graph).not.toMatch(/tailsrc|\[body\d+\]/);
      const opened = inputArgs.filter((arg) => arg === '/m/a.mp4').length;
      if (pattern) {
        expect(graph, look.id).toMatch(pattern);
        // Six segments (five shots and the end card): five tails, each of its own frames.
        expect(graph.match(/\[tail\d+\];?$/gm), look.id).toHaveLength(5);
        expect(opened, look.id).toBe(6);
      } else {
        expect(graph).not.toMatch(/\[tail\d+\]/);
        expect(opened, look.id).toBe(3);
        expect(/fade=t=out:st=[\d.]+:d=/.test(graph)).toBe(look.transition === 'dip');
      }
    }
  });
});

describe('the end card', () => {
  it('draws the phone, the call to action and the address at 48 px or more (on 1080) in every layout', async () => {
    const fonts = await captionFonts();
    for (const size of [{ width: 1080, height: 1920 }, SIZE]) {
      for (const layout of END_CARD_LAYOUTS) {
        const card = layoutEndCard({ size, fonts, language: 'es', callToAction: 'Llama y reserva tu mesa', shopName: 'Carmen’s Tacos', address: '1234 Sunset Blvd, Los Ángeles', qrLink: 'https://example.com', hasLogo: true, phone: '3105550101', palette: PALETTE, layout });
        const text = card.texts.filter((block) => !block.tags?.includes('\\p1'));
        expect(text.map((block) => block.lines.join(' ')).join(' | '), layout).toContain('Llama al (310) 555-0101');
        for (const block of text) expect(block.size, `${layout}: ${block.lines.join(' ')}`).toBeGreaterThanOrEqual(Math.floor(size.width * END_CARD_MIN_TEXT));
        expect(card.qr!.size).toBeGreaterThanOrEqual(size.width * 0.2);
        for (const block of text) expect(block.y).toBeLessThan(size.height * 0.8);
      }
    }
  });
});

describe('a day of five videos in five looks', () => {
  let dir: string;
  const out = path.join(os.tmpdir(), 'nearcast-looks');
  const day: Array<{ language: ScriptLanguage; lines: string[]; cta: string }> = [
    { language: 'en', lines: ['Tacos al pastor, off the spit', 'Tortillas pressed by hand', 'Salsa verde made fresh', 'Open late every night'], cta: 'Call ahead and skip the line' },
    { language: 'en', lines: ['Taco Tuesday is back', 'Two tacos for five dollars', 'Carnitas, asada or veggie', 'Every Tuesday all day'], cta: 'Order at the counter' },
    { language: 'es', lines: ['Tacos al pastor recién hechos', 'Tortillas hechas a mano', 'Salsa verde del día', 'Abierto hasta tarde'], cta: 'Llama y pide para llevar' },
    { language: 'es', lines: ['Vuelve el martes de tacos', 'Dos tacos por cinco dólares', 'Carnitas, asada o vegetariano', 'Todos los martes'], cta: 'Pide en el mostrador' },
    { language: 'zh', lines: ['现烤牧师塔可', '手工压制玉米饼', '每天新鲜青酱', '营业到深夜'], cta: '来电预订免排队' },
  ];
  let clips: RenderClip[];

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-looks-test-'));
    await fs.mkdir(out, { recursive: true });
    clips = [
      { path: await makeClip(tools, path.join(dir, 'wide.mp4'), { width: 640, height: 360, seconds: 4 }), kind: 'video', duration: 4, width: 640, height: 360 },
      { path: await makeImage(tools, path.join(dir, 'photo.jpg'), { width: 1169, height: 584 }), kind: 'image', duration: null, width: 1169, height: 584 },
      { path: await makeClip(tools, path.join(dir, 'tall.mp4'), { width: 360, height: 640, seconds: 4, source: 'mandelbrot' }), kind: 'video', duration: 4, width: 360, height: 640 },
      { path: await makeImage(tools, path.join(dir, 'square.jpg'), { width: 600, height: 600, source: 'testsrc2=s=600x600' }), kind: 'image', duration: null, width: 600, height: 600 },
      { path: await makeImage(tools, path.join(dir, 'portrait.jpg'), { width: 720, height: 1280, source: 'testsrc=s=720x1280' }), kind: 'image', duration: null, width: 720, height: 1280 },
    ];
  }, 120_000);
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('renders each in its own look, its end card showing the shop’s phone (in the captions and in the frame)', async () => {
    const render: ChoiceRender = { id: 1, merchantId: 3, planDate: '2026-12-02', planSlot: 0, seed: '' };
    for (const [slot, video] of day.entries()) {
      const look = chooseLook({ ...render, planSlot: slot }, []);
      const order = chooseMaterial(clips.map((clip, index) => ({ ...clip, id: index + 1 })), 3, { ...render, planSlot: slot }, []);
      const workDir = path.join(dir, `render-${slot}`);
      const input: RenderInput = {
        script: script([...video.lines.slice(0, 3), video.cta]),
        language: video.language,
        brand: { shopName: 'Carmen’s Tacos', address: '1234 Sunset Blvd, Los Angeles', primary: '#b91c1c', accent: '#facc15', callToAction: video.cta, qrLink: 'https://example.com/carmens', logoPath: null, phone: '(310) 555-0101' },
        clips: order.map(({ id: _id, ...clip }) => clip),
        music: null,
        voice: null,
        size: SIZE,
        workDir,
        timeoutMs: 120_000,
        look,
        seed: `3:2026-12-02:${slot}`,
      };
      const result = await renderVideo(tools, input);
      await fs.copyFile(result.videoPath, path.join(out, `${slot + 1}-${video.language}-${look.id}.mp4`));
      const ass = await fs.readFile(path.join(workDir, 'captions.ass'), 'utf8');
      // The words without their override tags (a font change may sit inside a line).
      expect(ass.replace(/\{[^}]*\}/g, '')).toContain('(310) 555-0101');

      // The phone's block on the end card, read back: glyph pixels (far from the ground) where it is drawn.
      const card = layoutEndCard({ size: SIZE, fonts: await captionFonts(), language: video.language, callToAction: video.cta, shopName: 'Carmen’s Tacos', address: '1234 Sunset Blvd, Los Angeles', qrLink: 'https://example.com/carmens', hasLogo: false, phone: '(310) 555-0101', palette: PALETTE, layout: look.endCard, paletteUse: look.palette });
      const phone = card.texts.find((block) => block.lines.join(' ').includes('555-0101'))!;
      const timeline = planTimeline(input.script, video.language, null);
      const frame = await grab(result.videoPath, timeline.endCard.start + 1.5);
      const ground = hex(card.background!);
      const lineHeight = phone.size * 1.2;
      const top = phone.align >= 7 ? phone.y : phone.y - lineHeight;
      let ink = 0;
      let total = 0;
      for (let y = Math.round(top + lineHeight * 0.2); y < top + lineHeight * 0.8; y += 1) {
        for (let x = 0; x < SIZE.width * 0.85; x += 1) {
          const at = (y * SIZE.width + x) * 3;
          total += 1;
          if (Math.abs(frame[at]! - ground[0]) + Math.abs(frame[at + 1]! - ground[1]) + Math.abs(frame[at + 2]! - ground[2]) > 150) ink += 1;
        }
      }
      expect(ink / total, `${look.id}: the phone's glyphs`).toBeGreaterThan(0.04);
    }
  }, 300_000);
});

const hex = (value: string): [number, number, number] => [1, 3, 5].map((at) => Number.parseInt(value.slice(at, at + 2), 16)) as [number, number, number];

async function grab(file: string, seconds: number): Promise<Buffer> {
  const { stdout } = await run(tools.ffmpeg, ['-hide_banner', '-v', 'error', '-ss', seconds.toFixed(3), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}
