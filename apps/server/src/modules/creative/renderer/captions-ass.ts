import type { ScriptLanguage } from '@nearcast/contract';
import { assColor, contrast, drawableText, fitOrTruncate, fitText, safeArea, scriptRuns, towards, type FrameSize, type Palette, type Rgb } from './ass-text.js';
import { captionEvents, captionLayout, DEFAULT_CAPTION_LOOK, titleEvents, type AssEvent, type CaptionContext } from './caption-styles.js';
import type { CaptionFonts, TextFace } from './fonts.js';
import type { LatinDisplayFont, Look, PaletteUse } from './look-types.js';
import { lowerThird, type TextBlock } from './lower-third-ass.js';
import type { Timeline } from './timeline.js';

/**
 * Everything drawn as text — captions, a look's title, the lower third, the end card's words,
 * the cover's title — as one ASS subtitle document that libass burns in (the `ass` filter):
 * text shaping, outlines, boxes, fades, motion and karaoke come from libass at the cost of
 * drawing glyphs, with no per-frame work of ours. Lines are wrapped with the fonts' own advance
 * widths, so a cue never has more than two lines and nothing reaches the platforms' buttons;
 * every run of text names the font of its script (\fn), so Latin text is never drawn with the
 * CJK font's full-width punctuation.
 */

export * from './ass-text.js';
export { captionLayout, captionPieces, DEFAULT_CAPTION_LOOK, type AssEvent, type CaptionLayout, type CaptionLook, type CaptionPiece } from './caption-styles.js';
export { lowerThird, roundedRect, type LowerThird, type TextBlock } from './lower-third-ass.js';

/** What the captions read of a look; without one, today's look. */
export type CaptionsLook = Pick<Look, 'caption' | 'titleFont' | 'lowerThird' | 'palette'>;
export const DEFAULT_LOOK: CaptionsLook = { caption: DEFAULT_CAPTION_LOOK, titleFont: 'body', lowerThird: 'accent_bar', palette: 'primary' };

const timestamp = (seconds: number) => {
  const centis = Math.max(0, Math.round(seconds * 100));
  const hours = Math.floor(centis / 360_000);
  const minutes = Math.floor((centis % 360_000) / 6000);
  const secs = Math.floor((centis % 6000) / 100);
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(secs).padStart(2, '0')}.${String(centis % 100).padStart(2, '0')}`;
};

interface StyleSpec {
  name: string;
  /** The style's Fontname; the Latin body family when absent. */
  font?: string;
  bold: boolean;
  size: number;
  primary: string;
  secondary?: string;
  outline: string;
  back: string;
  /** 1 outline and shadow, 3 an opaque box (coloured by `outline`, padded by `border`). */
  borderStyle: 1 | 3;
  border: number;
  shadow: number;
  alignment: number;
}

function assDocument(size: FrameSize, fonts: CaptionFonts, styles: StyleSpec[], events: AssEvent[]): string {
  const styleLine = (style: StyleSpec) =>
    [
      `Style: ${style.name}`,
      style.font ?? fonts.bold.family,
      Math.round(style.size),
      style.primary,
      style.secondary ?? style.primary,
      style.outline,
      style.back,
      style.bold ? -1 : 0,
      0,
      0,
      0,
      100,
      100,
      0,
      0,
      style.borderStyle,
      Math.round(style.border),
      Math.round(style.shadow),
      style.alignment,
      0,
      0,
      0,
      1,
    ].join(',');
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${size.width}`,
    `PlayResY: ${size.height}`,
    // Lines break only where we put \N: we wrapped them to the safe area with the font's widths.
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: TV.709',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    ...styles.map(styleLine),
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events
      .filter((event) => event.end > event.start)
      .map((event) => `Dialogue: ${event.layer ?? 0},${timestamp(event.start)},${timestamp(event.end)},${event.style},,0,0,0,,${event.text}`),
    '',
  ].join('\n');
}

/** A block's text with its font switches (drawings, `\p1`, are shapes and left as they are). */
const blockText = (block: TextBlock, face: TextFace, family: string) => {
  const drawing = block.tags?.includes('\\p1') ?? false;
  const lines = drawing ? block.lines : linesWithRuns(block.lines, face, family);
  return `{\\an${block.align}\\pos(${Math.round(block.x)},${Math.round(block.y)})\\fs${Math.round(block.size)}${block.tags ?? ''}}${lines.join('\\N')}`;
};

/**
 * Each line with its font switches. libass keeps a \fn past \N, so a line that opens in the
 * style's family after one that ended in another (a Chinese line, then a Latin coupon code)
 * names the style's family again; lines that were right already are left as they were.
 */
function linesWithRuns(lines: readonly string[], face: TextFace, family: string): string[] {
  let inEffect = family;
  return lines.map((line) => {
    let text = scriptRuns(line, face, family);
    if (inEffect !== family && !text.startsWith('{\\fn')) text = `{\\fn${family}}${text}`;
    const switches = [...text.matchAll(/\{\\fn([^}\\]+)\}/g)];
    inEffect = switches.length > 0 ? switches[switches.length - 1]![1]! : inEffect;
    return text;
  });
}

export interface CaptionsInput {
  timeline: Timeline;
  language: ScriptLanguage;
  size: FrameSize;
  fonts: CaptionFonts;
  palette: Palette;
  shopName: string;
  address: string;
  /** No clips or images: captions sit in the middle, larger, over the brand colours. */
  textOnly: boolean;
  /** The end card's words, placed by the end card's layout. */
  endCard: TextBlock[];
  /** False leaves the captions and the look's title out (and nothing else): the renderer's tests compare against it. */
  captions?: boolean;
  /** The video's look: caption style, title font, lower third and use of the palette. */
  look?: CaptionsLook;
}

/** The captions' colours for a look's use of the palette: the ink behind and around the words, the highlight. */
export function captionColours(palette: Palette, use: PaletteUse): { ink: string; highlight: string } {
  const white: Rgb = [255, 255, 255];
  if (use === 'accent') return { ink: palette.accentBox, highlight: towards(palette.primary, white, (candidate) => contrastOk(candidate, palette.accentBox)) };
  if (use === 'dark_highlight') return { ink: '#111111', highlight: palette.highlight };
  return { ink: palette.ink, highlight: palette.highlight };
}
const contrastOk = (candidate: string, ground: string) => contrast(candidate, ground) >= 3;

export function buildCaptionsAss(input: CaptionsInput): string {
  const { size, fonts, palette, timeline } = input;
  const look = input.look ?? DEFAULT_LOOK;
  const colours = captionColours(palette, look.palette);
  const safe = safeArea(size);
  const third = lowerThird(size, fonts, input.shopName, input.address, look.lowerThird);
  const layout = captionLayout(size, third.top, input.textOnly, look.caption);
  const centreX = (safe.left + safe.right) / 2;
  const titleFace = fonts.display[look.titleFont];
  const context: CaptionContext = {
    look: look.caption,
    layout,
    face: fonts.bold,
    family: fonts.bold.family,
    centreX,
    maxWidth: (safe.right - safe.left) * 0.96,
    frameWidth: size.width,
    highlight: assColor(colours.highlight),
    plain: assColor('#ffffff'),
  };
  const events: AssEvent[] = [];

  if (input.captions !== false) {
    timeline.cues.forEach((cue, order) => events.push(...captionEvents(cue, context, order)));
    // The line's on-screen words become the title of title_and_spoken; the other styles leave
    // them out, their captions being the words said (docs/decisions/079).
    if (look.caption.style === 'title_and_spoken') {
      const titles = timeline.lines.filter((line) => line.onScreen).map((line) => ({ text: line.onScreen, start: line.start, end: line.end }));
      events.push(...titleEvents(titles, size, titleFace, titleFace.family, look.caption.uppercase));
    }
  }

  const beats = timeline.lines.filter((line) => line.kind === 'beat');
  const first = beats[0];
  const last = beats[beats.length - 1];
  if (first && last) {
    for (const block of third.blocks) {
      const face = /Address/.test(block.style) ? fonts.regular : fonts.bold;
      events.push({ start: first.start, end: last.end, style: block.style, text: blockText({ ...block, tags: `\\fad(250,250)${block.tags ?? ''}` }, face, face.family), layer: 1 });
    }
  }

  if (input.textOnly) {
    // Over plain brand colours, an accent bar sweeps in under each caption: motion the eye follows.
    const barWidth = Math.round((safe.right - safe.left) * 0.5);
    const barHeight = Math.max(4, Math.round(size.height * 0.008));
    const y = Math.round(layout.anchorY + layout.maxSize * 1.6);
    for (const line of timeline.lines) {
      const from = Math.round(safe.left - barWidth);
      const to = Math.round(centreX - barWidth / 2);
      const sweep = Math.round(Math.min(600, (line.end - line.start) * 400));
      events.push({
        start: line.start,
        end: line.end,
        style: 'Shape',
        text: `{\\an7\\move(${from},${y},${to},${y},0,${sweep})\\p1}m 0 0 l ${barWidth} 0 ${barWidth} ${barHeight} 0 ${barHeight}{\\p0}`,
        layer: 0,
      });
    }
  }

  for (const block of input.endCard) {
    // The headline (EndCta) in the look's display face, as its titles; the rest in the body faces.
    const face = block.style === 'EndSmall' ? fonts.regular : block.style === 'EndCta' ? titleFace : fonts.bold;
    events.push({ start: timeline.endCard.start, end: timeline.endCard.end + 1, style: block.style, text: blockText({ ...block, tags: `\\fad(300,0)${block.tags ?? ''}` }, face, face.family), layer: 3 });
  }

  const captionSize = layout.maxSize;
  const boxed = look.caption.style === 'boxed_karaoke';
  // boxed_karaoke: an opaque box of the ink behind each line (BorderStyle 3); the others an outline.
  const captionBorder: Pick<StyleSpec, 'borderStyle' | 'border' | 'shadow'> = boxed
    ? { borderStyle: 3, border: captionSize * 0.09, shadow: 0 }
    : { borderStyle: 1, border: captionSize * 0.09, shadow: captionSize * 0.05 };
  const clear = assColor('#000000', 0xff);
  const styles: StyleSpec[] = [
    { name: 'Caption', bold: true, size: captionSize, primary: assColor('#ffffff'), outline: assColor(colours.ink), back: assColor('#000000', 0x80), ...captionBorder, alignment: 2 },
    { name: 'Karaoke', bold: true, size: captionSize, primary: assColor(colours.highlight), secondary: assColor('#ffffff'), outline: assColor(colours.ink), back: assColor('#000000', 0x80), ...captionBorder, alignment: 2 },
    { name: 'Title', font: titleFace.family, bold: true, size: size.height * 0.056, primary: assColor('#ffffff'), outline: assColor(colours.ink), back: assColor('#000000', 0x60), borderStyle: 1, border: size.height * 0.005, shadow: size.height * 0.003, alignment: 8 },
    { name: 'ShopName', bold: true, size: size.height * 0.03, primary: assColor('#ffffff'), outline: assColor(colours.ink), back: clear, borderStyle: 3, border: size.height * 0.008, shadow: 0, alignment: 1 },
    { name: 'Address', bold: false, size: size.height * 0.021, primary: assColor('#ffffff'), outline: assColor('#000000', 0x50), back: clear, borderStyle: 3, border: size.height * 0.008, shadow: 0, alignment: 1 },
    { name: 'ShopNamePlain', bold: true, size: size.height * 0.03, primary: assColor('#ffffff'), outline: assColor('#000000', 0x90), back: clear, borderStyle: 1, border: 0, shadow: 0, alignment: 1 },
    { name: 'AddressPlain', bold: false, size: size.height * 0.021, primary: assColor('#ffffff'), outline: assColor('#000000', 0x90), back: clear, borderStyle: 1, border: 0, shadow: 0, alignment: 1 },
    { name: 'ShopNameOnAccent', bold: true, size: size.height * 0.03, primary: assColor(palette.onAccent), outline: clear, back: clear, borderStyle: 1, border: 0, shadow: 0, alignment: 1 },
    { name: 'ThirdBar', bold: false, size: 20, primary: assColor(palette.accent), outline: clear, back: clear, borderStyle: 1, border: 0, shadow: 0, alignment: 7 },
    { name: 'ThirdShape', bold: false, size: 20, primary: assColor(palette.accent), outline: clear, back: clear, borderStyle: 1, border: 0, shadow: 0, alignment: 7 },
    { name: 'ThirdRibbon', bold: false, size: 20, primary: assColor(colours.ink, 0x20), outline: clear, back: clear, borderStyle: 1, border: 0, shadow: 0, alignment: 7 },
    { name: 'Shape', bold: false, size: 20, primary: assColor(palette.highlight), outline: clear, back: clear, borderStyle: 1, border: 0, shadow: 0, alignment: 7 },
    ...endCardStyles(size, palette, titleFace.family),
  ];
  return assDocument(size, fonts, styles, events);
}

/** The Latin display family of a look's titles (the end card may use it too). */
export function displayFamily(fonts: CaptionFonts, font: LatinDisplayFont): string {
  return fonts.display[font].family;
}

function endCardStyles(size: FrameSize, palette: Palette, headlineFamily: string): StyleSpec[] {
  const onPrimary = assColor(palette.onPrimary);
  const clear = assColor('#000000', 0xff);
  return [
    // The call to action's words over one rounded box of the accent (EndCtaBox, drawn by the layout).
    { name: 'EndCtaBox', bold: false, size: 20, primary: assColor(palette.accent), outline: clear, back: clear, borderStyle: 1, border: 0, shadow: 0, alignment: 7 },
    { name: 'EndCta', font: headlineFamily, bold: true, size: size.height * 0.05, primary: assColor(palette.onAccent), outline: clear, back: clear, borderStyle: 1, border: 0, shadow: 0, alignment: 8 },
    { name: 'EndShop', bold: true, size: size.height * 0.034, primary: onPrimary, outline: clear, back: clear, borderStyle: 1, border: 0, shadow: 0, alignment: 8 },
    { name: 'EndSmall', bold: false, size: size.height * 0.021, primary: onPrimary, outline: clear, back: clear, borderStyle: 1, border: 0, shadow: 0, alignment: 8 },
  ];
}

/** The cover's title (the hook) and shop name, drawn over the chosen frame at any time. */
export function buildCoverAss(input: { title: string; shopName: string; size: FrameSize; fonts: CaptionFonts; palette: Palette }): string {
  const { size, fonts, palette } = input;
  const safe = safeArea(size);
  const centreX = (safe.left + safe.right) / 2;
  const padding = size.height * 0.012;
  const maxWidth = safe.right - safe.left - 2 * padding;
  const events: AssEvent[] = [];
  const title = drawableText(input.title, fonts.bold);
  let bottom = size.height * 0.3;
  if (title) {
    // Two lines a little smaller read better than three with a stray word.
    const maxSize = size.height * 0.058;
    const fitted =
      fitText(title, fonts.bold, { maxSize, minSize: maxSize * 0.7, maxWidth, maxLines: 2 }) ??
      fitOrTruncate(title, fonts.bold, { maxSize, minSize: size.height * 0.036, maxWidth, maxLines: 3 });
    const top = size.height * 0.3 - (fitted.lines.length * fonts.bold.lineHeight(fitted.size)) / 2;
    events.push({ start: 0, end: 36_000, style: 'CoverTitle', text: blockText({ style: 'CoverTitle', lines: fitted.lines, size: fitted.size, align: 8, x: centreX, y: top }, fonts.bold, fonts.bold.family) });
    bottom = top + fitted.lines.length * fonts.bold.lineHeight(fitted.size) + padding;
  }
  const shop = drawableText(input.shopName, fonts.bold);
  if (shop) {
    const fitted = fitOrTruncate(shop, fonts.bold, { maxSize: size.height * 0.028, minSize: size.height * 0.02, maxWidth, maxLines: 1 });
    events.push({ start: 0, end: 36_000, style: 'CoverShop', text: blockText({ style: 'CoverShop', lines: fitted.lines, size: fitted.size, align: 8, x: centreX, y: bottom + size.height * 0.025 }, fonts.bold, fonts.bold.family) });
  }
  return assDocument(size, fonts, [
    { name: 'CoverTitle', bold: true, size: size.height * 0.058, primary: assColor('#ffffff'), outline: assColor(palette.ink), back: assColor('#000000', 0xff), borderStyle: 3, border: padding, shadow: 0, alignment: 8 },
    { name: 'CoverShop', bold: true, size: size.height * 0.028, primary: assColor(palette.onAccent), outline: assColor(palette.accent), back: assColor('#000000', 0xff), borderStyle: 3, border: size.height * 0.008, shadow: 0, alignment: 8 },
  ], events);
}
