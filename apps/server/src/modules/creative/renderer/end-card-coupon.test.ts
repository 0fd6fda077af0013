import { createHash } from 'node:crypto';
import type { ScriptLanguage } from '@nearcast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCRIPTS, dialogues, visibleText, charactersWithFonts } from './caption-test-kit.js';
import { brandPalette, buildCaptionsAss, safeArea, type FrameSize } from './captions-ass.js';
import { layoutEndCard, type EndCardLayout } from './end-card.js';
import { captionFonts, type CaptionFonts } from './fonts.js';
import { END_CARD_LAYOUTS, type EndCardLayoutName } from './look-types.js';
import { LOOKS } from './looks.js';
import { insideSafeArea, foreignText, textEvents } from './quality-gate.js';
import { buildRenderGraph, encoderFor } from './render-graph.js';
import { planTimeline } from './timeline.js';

/**
 * The coupon line of the end card, read back from the ASS document the render burns in and from
 * the graph: in the video's language, the code whole on one line and in the Latin face, at least
 * 48 px at 1080 wide, inside the safe area and clear of the QR code, the logo and the other
 * words; and without a coupon, the very graph and document the end card had before it.
 */

let fonts: CaptionFonts;
beforeAll(async () => {
  fonts = await captionFonts();
});

const PALETTE = brandPalette('#7c2d12', '#facc15');
const BRAND = { shopName: 'Carmen’s Tacos', address: '1200 Sunset Blvd, Los Angeles, CA 90026', callToAction: 'Come by tonight', qrLink: 'https://nearcast.example/go/k7m2q9', phone: '2135550101' };
/** A card with every row full: a long call to action and shop name, the demo's two-line one. */
const CROWDED = { ...BRAND, shopName: 'Carmen’s Tacos y Mariscos del Sunset', callToAction: 'Order at the counter or call ahead' };
const LANGUAGES: ScriptLanguage[] = ['en', 'es', 'zh'];
const SIZES: FrameSize[] = [
  { width: 1080, height: 1920 },
  { width: 360, height: 640 },
];
const lookFor = (layout: EndCardLayoutName) => LOOKS.find((look) => look.endCard === layout)!;

/** The end card, its ASS document and the graph of a render in the look of `layout`. */
function renderOf(layout: EndCardLayoutName, language: ScriptLanguage, size: FrameSize, coupon?: string, extra: { hasLogo?: boolean; brand?: typeof BRAND } = {}) {
  const brand = extra.brand ?? BRAND;
  const look = lookFor(layout);
  const card = layoutEndCard({
    size,
    fonts,
    language,
    ...brand,
    hasLogo: extra.hasLogo ?? true,
    palette: PALETTE,
    layout: look.endCard,
    paletteUse: look.palette,
    titleFont: look.titleFont,
    ...(coupon === undefined ? {} : { coupon }),
  });
  const timeline = planTimeline(SCRIPTS[language], language, null);
  const ass = buildCaptionsAss({ timeline, language, size, fonts, palette: PALETTE, shopName: brand.shopName, address: brand.address, textOnly: false, endCard: card.texts, look });
  const graph = buildRenderGraph({
    timeline,
    size,
    clips: [{ path: '/w/clip.mp4', kind: 'video', duration: 20, width: 1080, height: 1920 }],
    palette: PALETTE,
    captionsFile: '/w/captions.ass',
    coverAssFile: '/w/cover.ass',
    fontsDir: '/w/fonts',
    endCard: card,
    qrFile: '/w/qr.png',
    logoPath: '/w/logo.png',
    voice: null,
    music: { path: '/w/bed.m4a', gainDb: -12 },
    videoFile: '/w/video.mp4',
    coverFile: '/w/cover.jpg',
    encoder: encoderFor(size),
    loudness: { integrated: -14, truePeak: -1, range: 11 },
    look,
  });
  return { card, ass, graph };
}

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

/** The coupon's event of a document: the end card's words (layer 3) that hold the code. */
const couponEvent = (ass: string, code: string) => dialogues(ass).find((event) => event.layer === 3 && visibleText(event.text).replace(/\s+/g, ' ').includes(code));

/** The end card's events and styles of a document: what the coupon may change of it. */
const endCardWords = (ass: string) => ass.split('\n').filter((line) => /^Style: End|^Dialogue: 3,/.test(line));

/** The end card's words and their layout, pinned as they were before the coupon came. */
const WITHOUT_COUPON: Record<string, string> = {
  'stacked/en/1080': '8b5211bc9ca6b10f',
  'stacked/en/360': '5c94929f6d3c8119',
  'stacked/es/1080': 'daae5ebda33badb4',
  'stacked/es/360': '757788c6b70d511a',
  'stacked/zh/1080': 'cf668bc38c74ce89',
  'stacked/zh/360': 'a2450c0afbfd0c4b',
  'split/en/1080': 'a019f86f5fc7632c',
  'split/en/360': '4e4268920feef023',
  'split/es/1080': '89558b9405efeb2d',
  'split/es/360': '7b96e340e7b81cc3',
  'split/zh/1080': 'b5058b428c72b8a6',
  'split/zh/360': 'f54fc42cf6350eb6',
  'badge/en/1080': '71242fc71d962327',
  'badge/en/360': '99c7dfc2f6057502',
  'badge/es/1080': '18df491b80eded62',
  'badge/es/360': '7571843593a9e1cd',
  'badge/zh/1080': 'e2545e2b0859146b',
  'badge/zh/360': '9b2bee1d89081dc4',
  'poster/en/1080': '1d38e878e75bc7cf',
  'poster/en/360': 'af21ce75282e3f66',
  'poster/es/1080': '6b0c726c4401c7d7',
  'poster/es/360': '27e38c1f705f0d85',
  'poster/zh/1080': '85ccda00d1c99334',
  'poster/zh/360': '795df2893c8c2cb3',
};

describe('a brief without a coupon', () => {
  it('keeps the end card, its document and the graph exactly as they were, in every layout and language', () => {
    for (const layout of END_CARD_LAYOUTS) {
      for (const language of LANGUAGES) {
        for (const size of SIZES) {
          const key = `${layout}/${language}/${size.width}`;
          const without = renderOf(layout, language, size);
          // No coupon, an empty one and one of spaces are the same brief, to the byte.
          for (const empty of ['', '   ']) {
            const other = renderOf(layout, language, size, empty);
            expect(other.graph, key).toEqual(without.graph);
            expect(other.ass, key).toBe(without.ass);
            expect(other.card, key).toEqual(without.card);
          }
          // What the card drew before coupons existed (its layout, its words and their styles);
          // a deliberate change of the card updates these.
          expect(digest({ card: without.card, words: endCardWords(without.ass) }), key).toBe(WITHOUT_COUPON[key]);
        }
      }
    }
  });
});

const LINES: Record<ScriptLanguage, (code: string) => string> = {
  en: (code) => `Say ${code} at the counter`,
  es: (code) => `Di ${code} en el mostrador`,
  zh: (code) => `到店出示优惠码${code}`,
};
/** The words of an event as one line: spaces between lines and around the code left out for Chinese. */
const readAs = (text: string, language: ScriptLanguage) => {
  const words = visibleText(text).replace(/\s+/g, ' ').trim();
  return language === 'zh' ? words.replace(/\s/g, '') : words;
};

interface Box {
  name: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Where each thing of the card is drawn: the words by their faces' widths, the QR code, the logo's box, the CTA's box. */
function boxesOf(card: EndCardLayout, look: (typeof LOOKS)[number]): Box[] {
  const boxes: Box[] = [];
  for (const block of card.texts) {
    if (block.style === 'EndCtaBox') continue;
    const face = block.style === 'EndSmall' ? fonts.regular : block.style === 'EndCta' ? fonts.display[look.titleFont] : fonts.bold;
    const width = Math.max(...block.lines.map((line) => face.width(line, block.size)));
    const height = block.lines.length * face.lineHeight(block.size);
    const x0 = block.align === 8 ? block.x - width / 2 : block.x;
    boxes.push({ name: `${block.style}:${block.lines.join(' ')}`, x0, y0: block.y, x1: x0 + width, y1: block.y + height });
  }
  if (card.qr) boxes.push({ name: 'qr', x0: card.qr.x, y0: card.qr.y, x1: card.qr.x + card.qr.size, y1: card.qr.y + card.qr.size });
  if (card.logo) boxes.push({ name: 'logo', x0: card.logo.centreX - card.logo.maxWidth / 2, y0: card.logo.top, x1: card.logo.centreX + card.logo.maxWidth / 2, y1: card.logo.top + card.logo.maxHeight });
  return boxes;
}

describe('a brief with a coupon', () => {
  it('names the code on the end card in the video’s language, the code whole, in the Latin face, at 48 px or more at 1080', () => {
    for (const code of ['TACO5', 'SPRING-SALE-2026-TACOS5']) {
      for (const layout of END_CARD_LAYOUTS) {
        for (const language of LANGUAGES) {
          for (const size of SIZES) {
            const key = `${code} ${layout}/${language}/${size.width}`;
            const { ass } = renderOf(layout, language, size, code);
            const event = couponEvent(ass, code);
            expect(event, key).toBeDefined();
            expect(readAs(event!.text, language), key).toBe(readAs(LINES[language](code), language));
            // Never split: one line of the event holds the whole code.
            expect(event!.text.split('\\N').some((line) => visibleText(line).includes(code)), key).toBe(true);
            // Drawn in the Latin face (no full-width letters from the CJK font), at a legible size.
            const latin = charactersWithFonts(event!.text, fonts.bold.family).filter(({ char }) => /[A-Z0-9-]/.test(char));
            expect(latin.map(({ char }) => char).join(''), key).toContain(code);
            for (const { family } of latin) expect(family, key).toBe(fonts.bold.family);
            expect(Number(/\\fs(\d+)/.exec(event!.text)![1]), key).toBeGreaterThanOrEqual(Math.floor((48 * size.width) / 1080));
            // The words are the video's language alone (the code is a name), and no other language's line is there.
            expect(foreignText([visibleText(event!.text)], language, [code]), key).toBeNull();
            for (const other of LANGUAGES.filter((item) => item !== language)) expect(readAs(ass, other).includes(readAs(LINES[other](code), other)), key).toBe(false);
          }
        }
      }
    }
  });

  it('sits inside the safe area, clear of the QR code, the logo, the phone, the address and the call to action', () => {
    for (const [hasLogo, brand] of [[true, BRAND], [false, BRAND], [true, CROWDED]] as const) {
      for (const layout of END_CARD_LAYOUTS) {
        for (const language of LANGUAGES) {
          for (const size of SIZES) {
            const key = `${layout}/${language}/${size.width}${hasLogo ? ' logo' : ''}${brand === CROWDED ? ' crowded' : ''}`;
            const { card, ass } = renderOf(layout, language, size, 'TACO5', { hasLogo, brand });
            // No word of the card leaves the safe area by the quality gate's measure for the coupon's sake.
            const outside = (document: string) => textEvents(document).filter((event) => !insideSafeArea(event, size)).map((event) => event.lines.join(' '));
            const before = outside(renderOf(layout, language, size, undefined, { hasLogo, brand }).ass);
            for (const words of outside(ass)) expect(before, `${key}: ${words}`).toContain(words);
            // The coupon's line passes the quality gate's safe-area check.
            const line = textEvents(ass).find((event) => event.lines.join(' ').includes('TACO5'));
            expect(line && insideSafeArea(line, size), key).toBe(true);
            const safe = safeArea(size);
            const boxes = boxesOf(card, lookFor(layout));
            const coupon = boxes.find((box) => box.name.includes('TACO5'))!;
            expect(coupon, key).toBeDefined();
            expect(coupon.x0, key).toBeGreaterThanOrEqual(safe.left - 1);
            expect(coupon.x1, key).toBeLessThanOrEqual(safe.right + 1);
            expect(card.qr!.y + card.qr!.size, key).toBeLessThanOrEqual(safe.bottom + 1);
            for (const other of boxes) if (other !== coupon) expect(overlaps(coupon, other), `${key}: coupon over ${other.name}`).toBe(false);
            // Nor does the rest of the card overlap now that the line takes its room.
            for (const [index, a] of boxes.entries()) for (const b of boxes.slice(index + 1)) expect(overlaps(a, b), `${key}: ${a.name} over ${b.name}`).toBe(false);
          }
        }
      }
    }
  });

  it('changes the graph only where the end card is drawn', () => {
    for (const layout of END_CARD_LAYOUTS) {
      for (const language of LANGUAGES) {
        const size = SIZES[0]!;
        const without = renderOf(layout, language, size).graph;
        const withCoupon = renderOf(layout, language, size, 'TACO5').graph;
        // The shots, the sound and the join are the same runs; the end card's segment is last.
        expect(withCoupon.segments.slice(0, -1)).toEqual(without.segments.slice(0, -1));
        expect(withCoupon.sound).toEqual(without.sound);
        expect(withCoupon.join).toEqual(without.join);
        const [card, cardWithCoupon] = [without.segments.at(-1)!, withCoupon.segments.at(-1)!];
        expect(cardWithCoupon.inputArgs).toEqual(card.inputArgs);
        expect(cardWithCoupon.outputArgs).toEqual(card.outputArgs);
        const before = card.graph.split(';\n');
        const after = cardWithCoupon.graph.split(';\n');
        expect(after.length).toBe(before.length);
        after.forEach((chain, index) => {
          if (chain !== before[index]) expect(chain, `${layout}/${language}`).toMatch(/\[(endbg|qr|endlogo)\]/);
        });
      }
    }
  });

  it('draws a full-width code as the half-width one', () => {
    const { ass } = renderOf('stacked', 'zh', SIZES[0]!, 'ＴＡＣＯ５');
    expect(readAs(couponEvent(ass, 'TACO5')!.text, 'zh')).toBe('到店出示优惠码TACO5');
    expect(ass).not.toContain('ＴＡＣＯ５');
  });
});
