import type { ScriptBody, ScriptLanguage } from '@nearcast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  assColor,
  brandPalette,
  breakUnits,
  buildCaptionsAss,
  buildCoverAss,
  captionLayout,
  captionPieces,
  drawableText,
  fitOrTruncate,
  lowerThird,
  luminance,
  safeArea,
  wrapText,
  type FrameSize,
} from './captions-ass.js';
import { layoutEndCard } from './end-card.js';
import { captionFonts, type CaptionFonts } from './fonts.js';
import { planTimeline } from './timeline.js';

const PORTRAIT: FrameSize = { width: 1080, height: 1920 };
const SMALL: FrameSize = { width: 360, height: 640 };

let fonts: CaptionFonts;
beforeAll(async () => {
  fonts = await captionFonts();
});

const LONG_EN = 'Hand-kneaded sourdough, rye, spelt and seeded loaves, proofed slowly for a full day and baked at dawn';
const LONG_ZH = '每天清晨手工揉面，慢发酵二十四小时，酸面包、黑麦面包和多谷物面包新鲜出炉，还有本地烘焙的咖啡';
const CAPTIONS: Array<[ScriptLanguage, string]> = [
  ['en', 'Fresh bread every morning'],
  ['en', LONG_EN],
  ['es', '¿Pan recién horneado? Ven mañana a las 7 en punto, señora'],
  ['zh', '每周二全场八折'],
  ['zh', LONG_ZH],
  ['en', 'https://example.com/a-very-long-link-without-any-spaces-that-must-still-break'],
];

function script(lines: string[]): ScriptBody {
  const line = (text: string) => ({ on_screen: text, spoken: text });
  return {
    title: 't',
    hook: line(lines[0]!),
    beats: lines.slice(1, -1).map(line),
    call_to_action: line(lines[lines.length - 1]!),
    captions: [],
  };
}

interface Dialogue {
  layer: number;
  start: number;
  end: number;
  style: string;
  text: string;
}

function dialogues(ass: string): Dialogue[] {
  const seconds = (value: string) => {
    const [h, m, s] = value.split(':');
    return Number(h) * 3600 + Number(m) * 60 + Number(s);
  };
  return ass
    .split('\n')
    .filter((line) => line.startsWith('Dialogue: '))
    .map((line) => {
      const fields = line.slice('Dialogue: '.length).split(',');
      return { layer: Number(fields[0]), start: seconds(fields[1]!), end: seconds(fields[2]!), style: fields[3]!, text: fields.slice(9).join(',') };
    });
}

const styleLine = (ass: string, name: string) => ass.split('\n').find((line) => line.startsWith(`Style: ${name},`))?.split(',') ?? [];

describe('the safe zone', () => {
  it('keeps text clear of the bottom 20% and the right 15% at every size', () => {
    for (const size of [PORTRAIT, SMALL, { width: 720, height: 1280 }]) {
      const safe = safeArea(size);
      expect(safe.right).toBeLessThanOrEqual(size.width * 0.85);
      expect(safe.bottom).toBeLessThanOrEqual(size.height * 0.8);
      expect(safe.left).toBeGreaterThan(0);
      expect(safe.top).toBeGreaterThan(0);
    }
  });

  it.each(CAPTIONS)('places a %s caption (%s) inside the safe zone, above the lower third, in at most two lines', (language, text) => {
    for (const size of [PORTRAIT, SMALL]) {
      const safe = safeArea(size);
      const third = lowerThird(size, fonts, 'Sunrise Bakery', '123 Main Street, Springfield');
      const layout = captionLayout(size, third.top, false);
      const maxWidth = (safe.right - safe.left) * 0.96;
      const centreX = (safe.left + safe.right) / 2;
      const pieces = captionPieces({ lineIndex: 0, text, start: 0, end: 4, words: null }, fonts.bold, layout, maxWidth);
      expect(pieces.length).toBeGreaterThan(0);
      for (const piece of pieces) {
        expect(piece.lines.length).toBeGreaterThanOrEqual(1);
        expect(piece.lines.length).toBeLessThanOrEqual(2);
        const border = Math.max(2, Math.round(piece.size * 0.09));
        for (const line of piece.lines) {
          const width = fonts.bold.width(line.join('').trimEnd(), piece.size) + 2 * border;
          expect(centreX - width / 2).toBeGreaterThanOrEqual(safe.left);
          expect(centreX + width / 2).toBeLessThanOrEqual(size.width * 0.85);
        }
        // Bottom-anchored at anchorY: the block's outline is the lowest thing drawn.
        expect(layout.anchorY + border).toBeLessThanOrEqual(third.top);
        expect(layout.anchorY - piece.lines.length * fonts.bold.lineHeight(piece.size)).toBeGreaterThanOrEqual(safe.top);
      }
      // Pieces split the cue's time without gaps or overlaps.
      expect(pieces[0]!.start).toBe(0);
      expect(pieces[pieces.length - 1]!.end).toBe(4);
      for (let index = 1; index < pieces.length; index += 1) expect(pieces[index]!.start).toBeCloseTo(pieces[index - 1]!.end, 6);
      // Nothing of the text is lost between the pieces.
      expect(pieces.flatMap((piece) => piece.lines.flat()).join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    }
  });

  it('keeps the lower third inside the safe zone, the shop name on one line (cut with an ellipsis when too long)', () => {
    const size = PORTRAIT;
    const safe = safeArea(size);
    const third = lowerThird(size, fonts, 'The Extraordinarily Long Name of a Small Family Bakery and Coffee House', '123 Main Street, Springfield, IL 62701');
    const name = third.blocks.find((block) => block.style === 'ShopName')!;
    const address = third.blocks.find((block) => block.style === 'Address')!;
    expect(name.lines).toHaveLength(1);
    expect(name.lines[0]).toMatch(/…$/);
    for (const block of [name, address]) {
      const face = block.style === 'ShopName' ? fonts.bold : fonts.regular;
      expect(block.x).toBeGreaterThanOrEqual(safe.left);
      for (const line of block.lines) expect(block.x + face.width(line, block.size)).toBeLessThanOrEqual(size.width * 0.85);
      // Bottom-left anchored (\an1): its bottom is block.y.
      expect(block.y).toBeLessThanOrEqual(safe.bottom);
      expect(block.y - block.lines.length * face.lineHeight(block.size)).toBeGreaterThanOrEqual(safe.top);
    }
    expect(name.y).toBeLessThan(address.y - fonts.regular.lineHeight(address.size) * address.lines.length);
    // The accent bar at their left, from the top of the name to the bottom of the safe zone.
    const bar = third.blocks.find((block) => block.style === 'ThirdBar')!;
    expect(bar).toMatchObject({ x: safe.left, y: third.top, tags: '\\p1' });
    const barWidth = Number(/^m 0 0 l (\d+) 0/.exec(bar.lines[0]!)![1]);
    expect(safe.left + barWidth).toBeLessThan(name.x);
    expect(bar.lines[0]).toContain(` ${Math.round(safe.bottom - third.top)} `);
  });

  it('puts a short call to action on one line, a little smaller, rather than breaking it', () => {
    const card = layoutEndCard({ size: PORTRAIT, fonts, language: 'en', callToAction: 'Come say hi today', shopName: 'Sunrise Bakery', address: '', qrLink: null, hasLogo: false });
    const cta = card.texts.find((block) => block.style === 'EndCta')!;
    expect(cta.lines).toEqual(['Come say hi today']);
    expect(cta.size).toBeGreaterThanOrEqual(PORTRAIT.height * 0.04);
  });

  it('keeps every part of the end card inside the safe zone, the QR code clear of the words', () => {
    for (const language of ['en', 'es', 'zh'] as const) {
      for (const size of [PORTRAIT, SMALL]) {
        const safe = safeArea(size);
        const card = layoutEndCard({ size, fonts, language, callToAction: 'Come say hi today and taste the difference', shopName: 'Sunrise Bakery', address: '123 Main Street, Springfield', qrLink: 'https://example.com/sunrise', hasLogo: true });
        const qr = card.qr!;
        expect(qr.x).toBeGreaterThanOrEqual(safe.left);
        expect(qr.x + qr.size).toBeLessThanOrEqual(size.width * 0.85);
        expect(qr.y + qr.size).toBeLessThanOrEqual(safe.bottom);
        expect(qr.size).toBeGreaterThanOrEqual(size.width * 0.2);
        const logo = card.logo!;
        expect(logo.top).toBeGreaterThanOrEqual(safe.top);
        expect(logo.centreX + logo.maxWidth / 2).toBeLessThanOrEqual(size.width * 0.85);
        // The call to action's box holds its words and stays in the safe zone, above the QR code.
        const box = card.ctaBox!;
        const cta = card.texts.find((block) => block.style === 'EndCta')!;
        expect(box.x).toBeGreaterThanOrEqual(safe.left);
        expect(box.x + box.width).toBeLessThanOrEqual(safe.right + 1);
        expect(box.y).toBeGreaterThanOrEqual(safe.top);
        expect(box.y + box.height).toBeLessThan(qr.y);
        expect(cta.y).toBeGreaterThan(box.y);
        expect(cta.y + cta.lines.length * fonts.bold.lineHeight(cta.size)).toBeLessThan(box.y + box.height);
        for (const line of cta.lines) expect(fonts.bold.width(line, cta.size)).toBeLessThan(box.width);
        const drawn = card.texts.find((block) => block.style === 'EndCtaBox')!;
        expect(drawn).toMatchObject({ x: box.x, y: box.y, tags: '\\p1' });
        expect(drawn.lines[0]).toContain(`l ${box.width} `);
        for (const block of card.texts.filter((candidate) => candidate.style !== 'EndCtaBox')) {
          const face = block.style === 'EndSmall' ? fonts.regular : fonts.bold;
          const height = block.lines.length * face.lineHeight(block.size);
          expect(block.y).toBeGreaterThanOrEqual(safe.top);
          expect(block.y + height).toBeLessThanOrEqual(safe.bottom + 1);
          for (const line of block.lines) {
            const width = face.width(line, block.size);
            expect(block.x - width / 2).toBeGreaterThanOrEqual(safe.left);
            expect(block.x + width / 2).toBeLessThanOrEqual(size.width * 0.85);
          }
          // Above the QR code or below it, never over it.
          expect(block.y + height <= qr.y || block.y >= qr.y + qr.size).toBe(true);
        }
      }
    }
  });
});

describe('font metrics', () => {
  it('measures text as libass draws it: an ASS font size is the line height, ascender to descender, not the em', () => {
    // Noto Sans SC's ideographs are one em wide, and its ascender and descender span 1.448 em.
    expect(fonts.cjk.bold.ascent + fonts.cjk.bold.descent).toBeCloseTo(1.448, 3);
    expect(fonts.bold.lineHeight(96)).toBe(96);
    expect(fonts.bold.width('今天', 96)).toBeCloseTo((2 * 96) / 1.448, 0);
    expect(fonts.regular.width('今', 144.8)).toBeCloseTo(100, 0);
  });
});

describe('line breaking', () => {
  it('breaks alphabetic text between words and CJK text between characters, never before closing punctuation', () => {
    expect(breakUnits('Fresh bread, daily')).toEqual(['Fresh ', 'bread, ', 'daily']);
    expect(breakUnits('新鲜面包，每天。')).toEqual(['新', '鲜', '面', '包，', '每', '天。']);
    expect(breakUnits('「限时」优惠')).toEqual(['「限', '时」', '优', '惠']);
    const lines = wrapText(LONG_ZH, fonts.bold, 80, 600);
    for (const line of lines.slice(1)) expect(line).not.toMatch(/^[，。、！？」]/u);
  });

  it('evens out two lines instead of leaving a stray word', () => {
    const maxWidth = fonts.bold.width('Fresh bread every single morning', 60);
    const lines = wrapText('Fresh bread every single morning at seven', fonts.bold, 60, maxWidth);
    expect(lines).toEqual(['Fresh bread every', 'single morning at seven']);
  });

  it('breaks two lines at a comma rather than inside a phrase when that costs little width', () => {
    const size = 80;
    const zh = wrapText('手工揉面，慢发酵二十四小时', fonts.bold, size, fonts.bold.width('手工揉面慢发酵二十', size));
    expect(zh).toEqual(['手工揉面，', '慢发酵二十四小时']);
    const en = wrapText('Fresh bread every morning, still warm at 7', fonts.bold, 60, fonts.bold.width('Fresh bread every morning, sti', 60));
    expect(en).toEqual(['Fresh bread every morning,', 'still warm at 7']);
  });

  it('drops characters the font cannot draw (an emoji would be a box) and ASS syntax', () => {
    expect(drawableText('Fresh 🍞 bread {\\b1}', fonts.bold)).toBe('Fresh bread (/b1)');
    expect(drawableText('新鲜面包 😀', fonts.bold)).toBe('新鲜面包');
  });

  it('fits a name in one line or cuts it with an ellipsis', () => {
    const fitted = fitOrTruncate('A'.repeat(200), fonts.bold, { maxSize: 40, minSize: 30, maxWidth: 500, maxLines: 1 });
    expect(fitted.lines).toHaveLength(1);
    expect(fitted.lines[0]).toMatch(/…$/);
    expect(fonts.bold.width(fitted.lines[0]!, fitted.size)).toBeLessThanOrEqual(500);
  });
});

describe('the captions document', () => {
  const lines = ['Fresh bread every morning, still warm at 7', 'Hand-kneaded, slow proofed for 24 hours', '20% off every Tuesday', 'Sourdough and rye', 'Come say hi on Main Street'];

  function build(options: { captions?: boolean; language?: ScriptLanguage; textOnly?: boolean } = {}) {
    const timeline = planTimeline(script(lines), options.language ?? 'en', null);
    const palette = brandPalette('#1e3a8a', '#f59e0b');
    const endCard = layoutEndCard({ size: PORTRAIT, fonts, language: 'en', callToAction: 'Come say hi', shopName: 'Sunrise Bakery', address: '123 Main Street', qrLink: 'https://example.com', hasLogo: false });
    const ass = buildCaptionsAss({
      timeline,
      language: options.language ?? 'en',
      size: PORTRAIT,
      fonts,
      palette,
      shopName: 'Sunrise Bakery',
      address: '123 Main Street',
      textOnly: options.textOnly ?? false,
      endCard: endCard.texts,
      ...(options.captions === undefined ? {} : { captions: options.captions }),
    });
    return { ass, timeline, palette };
  }

  it('shows each line’s caption over exactly its time, in at most two lines, inside the safe zone', () => {
    const { ass, timeline } = build();
    const captions = dialogues(ass).filter((event) => event.style === 'Caption' || event.style === 'Karaoke');
    expect(captions.length).toBeGreaterThanOrEqual(timeline.lines.length);
    for (const line of timeline.lines) {
      const own = captions.filter((event) => event.start >= line.start - 0.01 && event.end <= line.end + 0.01);
      expect(own.length).toBeGreaterThan(0);
      expect(Math.min(...own.map((event) => event.start))).toBeCloseTo(line.start, 1);
      expect(Math.max(...own.map((event) => event.end))).toBeCloseTo(line.end, 1);
    }
    for (const event of captions) {
      expect(event.text.split('\\N').length).toBeLessThanOrEqual(2);
      const [, x, y] = /\\pos\((\d+),(\d+)\)/.exec(event.text)!.map(Number);
      expect(x).toBeLessThan(PORTRAIT.width * 0.85);
      expect(y).toBeLessThanOrEqual(PORTRAIT.height * 0.8);
    }
    // Nothing at all is drawn in the bottom 20% or the right 15%, end card included.
    for (const event of dialogues(ass)) {
      const position = /\\pos\((\d+),(\d+)\)/.exec(event.text);
      if (!position) continue;
      expect(Number(position[1])).toBeLessThan(PORTRAIT.width * 0.85);
      expect(Number(position[2])).toBeLessThanOrEqual(PORTRAIT.height * 0.8);
    }
  });

  it('draws the captions in the brand colours: the ink outline and the highlight from the palette', () => {
    const { ass, palette } = build();
    expect(styleLine(ass, 'Caption')[5]).toBe(assColor(palette.ink));
    expect(styleLine(ass, 'Karaoke')[3]).toBe(assColor(palette.highlight));
    expect(styleLine(ass, 'EndCtaBox')[3]).toBe(assColor(palette.accent));
    expect(styleLine(ass, 'EndCta')[3]).toBe(assColor(palette.onAccent));
    // Amber takes dark words, a deep accent white ones.
    expect(palette.onAccent).toBe('#111111');
    expect(brandPalette('#ffffff', '#5b21b6').onAccent).toBe('#ffffff');
    // The palette keeps white text legible: a dark ink, a bright highlight.
    expect(luminance(palette.ink)).toBeLessThanOrEqual(0.12);
    expect(luminance(palette.highlight)).toBeGreaterThanOrEqual(0.4);
  });

  it('shows the lower third during the beats only and the end card words over the end card', () => {
    const { ass, timeline } = build();
    const events = dialogues(ass);
    const beats = timeline.lines.filter((line) => line.kind === 'beat');
    for (const style of ['ShopName', 'Address']) {
      const event = events.find((candidate) => candidate.style === style)!;
      expect(event.start).toBeCloseTo(beats[0]!.start, 1);
      expect(event.end).toBeCloseTo(beats[beats.length - 1]!.end, 1);
    }
    const cta = events.find((event) => event.style === 'EndCta')!;
    expect(cta.start).toBeCloseTo(timeline.endCard.start, 1);
    expect(cta.text).toContain('Come say hi');
  });

  it('leaves out only the captions when asked to (the renderer’s tests compare against that)', () => {
    const events = dialogues(build({ captions: false }).ass);
    expect(events.some((event) => event.style === 'Caption' || event.style === 'Karaoke')).toBe(false);
    expect(events.some((event) => event.style === 'ShopName')).toBe(true);
    expect(events.some((event) => event.style === 'EndCta')).toBe(true);
  });

  it('titles the cover with the hook inside the safe zone', () => {
    const ass = buildCoverAss({ title: 'Fresh bread every morning, still warm at 7', shopName: 'Sunrise Bakery', size: PORTRAIT, fonts, palette: brandPalette('#1e3a8a', '#f59e0b') });
    const events = dialogues(ass);
    const title = events.find((event) => event.style === 'CoverTitle')!;
    expect(title.text).toContain('Fresh bread');
    const [, x, y] = /\\pos\((\d+),(\d+)\)/.exec(title.text)!.map(Number);
    expect(x).toBeLessThan(PORTRAIT.width * 0.85);
    expect(y).toBeGreaterThanOrEqual(safeArea(PORTRAIT).top);
    expect(events.some((event) => event.style === 'CoverShop' && event.text.includes('Sunrise Bakery'))).toBe(true);
    // Two lines rather than three with a stray word.
    expect(title.text.split('\\N')).toHaveLength(2);
  });
});
