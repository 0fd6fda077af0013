import type { ScriptLanguage } from '@nearcast/contract';
import type { CaptionFonts, FontFace } from './fonts.js';
import type { CaptionCue, Timeline, TimedWord } from './timeline.js';

/**
 * Everything drawn as text — captions, the lower third, the end card's words, the cover's
 * title — as one ASS subtitle document that libass burns in (the `ass` filter): text shaping,
 * outlines, boxes, fades and karaoke come from libass at the cost of drawing glyphs, with no
 * per-frame work of ours. Lines are wrapped here, with the font's own advance widths, so a cue
 * never has more than two lines and nothing reaches the platforms' buttons.
 */

export interface FrameSize {
  width: number;
  height: number;
}

/**
 * Where text may go: clear of the bottom 20% (the platforms' caption and music credits) and the
 * right 15% (their like, comment and share buttons), with a margin from the other edges.
 */
export function safeArea(size: FrameSize) {
  return {
    left: Math.round(size.width * 0.06),
    right: Math.round(size.width * 0.85) - Math.round(size.width * 0.02),
    top: Math.round(size.height * 0.08),
    bottom: Math.round(size.height * 0.8) - Math.round(size.height * 0.015),
  };
}
export type SafeArea = ReturnType<typeof safeArea>;

// ---------------------------------------------------------------------------------------------
// Colours

type Rgb = [number, number, number];

const parseHex = (hex: string): Rgb => {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const value = match ? Number.parseInt(match[1] ?? '000000', 16) : 0;
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};
const toHex = ([r, g, b]: Rgb) => `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
const mix = (from: Rgb, to: Rgb, amount: number): Rgb => [0, 1, 2].map((index) => from[index]! + (to[index]! - from[index]!) * amount) as Rgb;

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const linear = parseHex(hex).map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * linear[0]! + 0.7152 * linear[1]! + 0.0722 * linear[2]!;
}

function towards(hex: string, target: Rgb, ok: (candidate: string) => boolean): string {
  for (let step = 0; step <= 10; step += 1) {
    const candidate = toHex(mix(parseHex(hex), target, step / 10));
    if (ok(candidate)) return candidate;
  }
  return toHex(target);
}

/** The brand colours made legible: a dark ink for outlines and boxes, a bright highlight. */
export interface Palette {
  primary: string;
  accent: string;
  /** The primary colour darkened until white text on it reads well. */
  ink: string;
  /** The accent lightened until it stands out on the ink (the karaoke highlight). */
  highlight: string;
  /** Text on the primary colour (the end card's background). */
  onPrimary: string;
  /** The accent darkened or kept, as a box white text reads on. */
  accentBox: string;
  /** Text on the accent itself (the end card's call to action, the cover's shop name): dark or white, whichever reads better. */
  onAccent: string;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export function brandPalette(primary: string, accent: string): Palette {
  const black: Rgb = [0, 0, 0];
  const white: Rgb = [255, 255, 255];
  const normalPrimary = toHex(parseHex(primary));
  const normalAccent = toHex(parseHex(accent));
  return {
    primary: normalPrimary,
    accent: normalAccent,
    ink: towards(normalPrimary, black, (candidate) => luminance(candidate) <= 0.12),
    highlight: towards(normalAccent, white, (candidate) => luminance(candidate) >= 0.4),
    onPrimary: luminance(normalPrimary) > 0.4 ? '#111111' : '#ffffff',
    accentBox: towards(normalAccent, black, (candidate) => luminance(candidate) <= 0.2),
    onAccent: contrast(normalAccent, '#ffffff') >= contrast(normalAccent, '#111111') ? '#ffffff' : '#111111',
  };
}

/** An ASS colour (&HAABBGGRR): alpha 0 is opaque. */
export function assColor(hex: string, alpha = 0): string {
  const [r, g, b] = parseHex(hex);
  const byte = (value: number) => Math.round(value).toString(16).toUpperCase().padStart(2, '0');
  return `&H${byte(alpha)}${byte(b)}${byte(g)}${byte(r)}`;
}

// ---------------------------------------------------------------------------------------------
// Text

/** Text as the font can draw it: no characters it lacks (an emoji would be a tofu box), no ASS syntax. */
export function drawableText(text: string, face: FontFace): string {
  return [...text.replace(/\s+/g, ' ').trim()]
    .map((char) => (char === '{' ? '(' : char === '}' ? ')' : char === '\\' ? '/' : char))
    .filter((char) => char === ' ' || face.has(char.codePointAt(0) ?? 0))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/u;
/** Never at the start of a line (closing punctuation), and never at the end (opening). */
const NO_LINE_START = /^[,.!?;:%)\]}»”’、。，．！？；：）」』】〉》〕…·~～]/u;
const NO_LINE_END = /[([{«“‘（「『【〈《〔]$/u;
/** Where a clause ends: the best place for a caption's line break. */
const CLAUSE_END = /[,.!?;:，。！？；：、…]$/u;

/**
 * The units a line may break between: words (with their trailing space) for alphabetic text,
 * single characters for CJK, punctuation kept with its neighbour.
 */
export function breakUnits(text: string): string[] {
  const units: string[] = [];
  let word = '';
  const flush = () => {
    if (word) units.push(word);
    word = '';
  };
  for (const char of text) {
    if (char === ' ') {
      word += ' ';
      flush();
    } else if (CJK.test(char)) {
      flush();
      units.push(char);
    } else {
      if (word.endsWith(' ')) flush();
      word += char;
    }
  }
  flush();
  const joined: string[] = [];
  for (const unit of units) {
    const previous = joined[joined.length - 1];
    if (previous !== undefined && (NO_LINE_START.test(unit) || NO_LINE_END.test(previous.trimEnd()))) joined[joined.length - 1] = previous + unit;
    else joined.push(unit);
  }
  return joined;
}

/** Wraps `text` into lines no wider than `maxWidth` at `size`, greedily, then evens out two lines. */
export function wrapText(text: string, face: FontFace, size: number, maxWidth: number): string[] {
  const width = (value: string) => face.width(value.trimEnd(), size);
  const units: string[] = [];
  for (const unit of breakUnits(text)) {
    if (width(unit) <= maxWidth) units.push(unit);
    else {
      // A word wider than the line (a long URL) breaks between its characters.
      let piece = '';
      for (const char of unit) {
        if (piece && width(piece + char) > maxWidth) {
          units.push(piece);
          piece = '';
        }
        piece += char;
      }
      if (piece) units.push(piece);
    }
  }
  const lines: string[] = [];
  let current = '';
  for (const unit of units) {
    if (current && width(current + unit) > maxWidth) {
      lines.push(current.trimEnd());
      current = unit;
    } else current += unit;
  }
  if (current.trim()) lines.push(current.trimEnd());
  if (lines.length === 2) {
    // Two lines of similar length read better than a full line and a stray word, and a break
    // at a comma or full stop better than one inside a phrase ("手工揉面，/慢发酵…", not "…，慢/发酵…").
    let best = lines;
    let bestScore = Math.max(...lines.map(width)) - (CLAUSE_END.test(lines[0]!) ? maxWidth * 0.15 : 0);
    for (let split = 1; split < units.length; split += 1) {
      const candidate = [units.slice(0, split).join('').trimEnd(), units.slice(split).join('').trimEnd()];
      const widest = Math.max(...candidate.map(width));
      if (widest > maxWidth || !candidate.every((line) => line.length > 0)) continue;
      const score = widest - (CLAUSE_END.test(candidate[0]!) ? maxWidth * 0.15 : 0);
      if (score < bestScore - 0.5) {
        best = candidate;
        bestScore = score;
      }
    }
    return best;
  }
  return lines;
}

export interface FittedText {
  size: number;
  lines: string[];
}

/** The largest size from `maxSize` down to `minSize` at which `text` wraps into `maxLines`, or null. */
export function fitText(text: string, face: FontFace, options: { maxSize: number; minSize: number; maxWidth: number; maxLines: number }): FittedText | null {
  for (let size = Math.round(options.maxSize); size >= Math.round(options.minSize); size -= Math.max(1, Math.round(options.maxSize / 40))) {
    const lines = wrapText(text, face, size, options.maxWidth);
    if (lines.length <= options.maxLines) return { size, lines };
  }
  return null;
}

/** Fits text in `maxLines` or, failing that, cuts it with an ellipsis (a shop name or address). */
export function fitOrTruncate(text: string, face: FontFace, options: { maxSize: number; minSize: number; maxWidth: number; maxLines: number }): FittedText {
  const fitted = fitText(text, face, options);
  if (fitted) return fitted;
  const size = Math.round(options.minSize);
  const lines = wrapText(text, face, size, options.maxWidth).slice(0, options.maxLines);
  let last = lines[lines.length - 1] ?? '';
  while (last && face.width(`${last}…`, size) > options.maxWidth) last = [...last].slice(0, -1).join('').trimEnd();
  lines[lines.length - 1] = `${last}…`;
  return { size, lines };
}

// ---------------------------------------------------------------------------------------------
// Karaoke

const normalise = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * When each on-screen unit is said, from the voice's word timings: the on-screen words are
 * matched character by character, in order, against the spoken ones (they are often the same
 * words, sometimes fewer). Null when too little matches for a highlight to follow the voice.
 */
export function unitTimes(units: readonly string[], words: readonly TimedWord[]): number[] | null {
  const spoken: Array<{ char: string; time: number }> = [];
  for (const word of words) {
    const chars = [...normalise(word.text)];
    chars.forEach((char, index) => spoken.push({ char, time: word.start + ((word.end - word.start) * index) / chars.length }));
  }
  const times: Array<number | null> = [];
  let cursor = 0;
  let total = 0;
  let matched = 0;
  for (const unit of units) {
    let first: number | null = null;
    for (const char of normalise(unit)) {
      total += 1;
      for (let look = cursor; look < Math.min(spoken.length, cursor + 16); look += 1) {
        if (spoken[look]?.char === char) {
          first ??= spoken[look]?.time ?? null;
          cursor = look + 1;
          matched += 1;
          break;
        }
      }
    }
    times.push(first);
  }
  if (total === 0 || matched / total < 0.6) return null;
  // Units the voice does not say (punctuation, a number written differently) take their neighbour's time.
  const filled: number[] = [];
  for (const [index, time] of times.entries()) {
    const previous = filled[index - 1] ?? words[0]?.start ?? 0;
    filled.push(Math.max(previous, time ?? previous));
  }
  return filled;
}

// ---------------------------------------------------------------------------------------------
// The document

export interface AssEvent {
  start: number;
  end: number;
  style: string;
  text: string;
  layer?: number;
}

const timestamp = (seconds: number) => {
  const centis = Math.max(0, Math.round(seconds * 100));
  const hours = Math.floor(centis / 360_000);
  const minutes = Math.floor((centis % 360_000) / 6000);
  const secs = Math.floor((centis % 6000) / 100);
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(secs).padStart(2, '0')}.${String(centis % 100).padStart(2, '0')}`;
};

interface StyleSpec {
  name: string;
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
      fonts.family,
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

/** A positioned block of text: its lines, size, anchor (ASS \an) and point. */
export interface TextBlock {
  style: string;
  lines: string[];
  size: number;
  align: number;
  x: number;
  y: number;
  tags?: string;
}

const blockText = (block: TextBlock) => `{\\an${block.align}\\pos(${Math.round(block.x)},${Math.round(block.y)})\\fs${Math.round(block.size)}${block.tags ?? ''}}${block.lines.join('\\N')}`;

// ---------------------------------------------------------------------------------------------
// Captions, lower third, end card words

export interface CaptionLayout {
  /** Caption size bounds in pixels. */
  maxSize: number;
  minSize: number;
  /** The captions' anchor: bottom centre (material behind) or centre (brand colour behind). */
  anchorY: number;
  align: 2 | 5;
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
  /** False leaves the captions out (and nothing else): the renderer's tests compare against it. */
  captions?: boolean;
}

/**
 * The lower third (shop name over address, during the beats), in the bottom-left of the safe
 * area. Returns its blocks and where its top is, which the captions stay above.
 */
export function lowerThird(size: FrameSize, fonts: CaptionFonts, shopName: string, address: string): { blocks: TextBlock[]; top: number } {
  const safe = safeArea(size);
  const padding = Math.round(size.height * 0.008);
  // An accent bar down the left of both boxes ties them together as one lower third.
  const bar = Math.max(3, Math.round(size.height * 0.005));
  const left = safe.left + bar + padding;
  const maxWidth = safe.right - left - padding;
  const blocks: TextBlock[] = [];
  let bottom = safe.bottom - padding;
  const addressText = drawableText(address, fonts.regular);
  if (addressText) {
    const fitted = fitOrTruncate(addressText, fonts.regular, { maxSize: size.height * 0.021, minSize: size.height * 0.016, maxWidth, maxLines: 2 });
    blocks.push({ style: 'Address', lines: fitted.lines, size: fitted.size, align: 1, x: left, y: bottom });
    bottom -= fitted.lines.length * fonts.regular.lineHeight(fitted.size) + 2 * padding + Math.round(size.height * 0.004);
  }
  const nameText = drawableText(shopName, fonts.bold);
  if (nameText) {
    const fitted = fitOrTruncate(nameText, fonts.bold, { maxSize: size.height * 0.03, minSize: size.height * 0.021, maxWidth, maxLines: 1 });
    blocks.push({ style: 'ShopName', lines: fitted.lines, size: fitted.size, align: 1, x: left, y: bottom });
    bottom -= fonts.bold.lineHeight(fitted.size) + padding;
  }
  if (blocks.length > 0) {
    const height = Math.round(safe.bottom - bottom);
    blocks.unshift({ style: 'ThirdBar', lines: [`m 0 0 l ${bar} 0 ${bar} ${height} 0 ${height}`], size: 20, align: 7, x: safe.left, y: bottom, tags: '\\p1' });
  }
  return { blocks, top: bottom };
}

/** The captions' size and place, given where the lower third begins. */
export function captionLayout(size: FrameSize, lowerThirdTop: number, textOnly: boolean): CaptionLayout {
  if (textOnly) return { maxSize: size.height * 0.052, minSize: size.height * 0.034, anchorY: size.height * 0.46, align: 5 };
  return {
    maxSize: size.height * 0.042,
    minSize: size.height * 0.03,
    anchorY: Math.min(size.height * 0.64, lowerThirdTop - size.height * 0.025),
    align: 2,
  };
}

interface CaptionPiece {
  start: number;
  end: number;
  size: number;
  /** Lines of units (each unit a word or CJK character with its trailing space). */
  lines: string[][];
  times: number[] | null;
}

/**
 * A cue as one or more on-screen pieces of at most two lines: a text too long for two lines at
 * the smallest caption size is shown in parts, its time shared by their lengths.
 */
export function captionPieces(cue: CaptionCue, face: FontFace, layout: CaptionLayout, maxWidth: number): CaptionPiece[] {
  const text = drawableText(cue.text, face);
  if (!text) return [];
  const fitted = fitText(text, face, { maxSize: layout.maxSize, minSize: layout.minSize, maxWidth, maxLines: 2 });
  const size = fitted?.size ?? Math.round((layout.maxSize + layout.minSize) / 2);
  const lines = fitted?.lines ?? wrapText(text, face, size, maxWidth);
  const lineUnits = lines.map((line) => breakUnits(line));
  const allUnits = lineUnits.flat();
  const times = cue.words ? unitTimes(allUnits, cue.words) : null;
  const groups: string[][][] = [];
  for (let index = 0; index < lineUnits.length; index += 2) groups.push(lineUnits.slice(index, index + 2));
  const lengths = groups.map((group) => group.flat().join('').length);
  const total = lengths.reduce((sum, length) => sum + length, 0) || 1;
  const pieces: CaptionPiece[] = [];
  let start = cue.start;
  let unitOffset = 0;
  for (const [index, group] of groups.entries()) {
    const count = group.flat().length;
    const groupTimes = times ? times.slice(unitOffset, unitOffset + count) : null;
    const last = index === groups.length - 1;
    // With word timings a part ends when the next part's first word is said.
    const nextTime = times && !last ? times[unitOffset + count] : undefined;
    const end = last ? cue.end : (nextTime ?? start + ((cue.end - cue.start) * (lengths[index] ?? 0)) / total);
    pieces.push({ start, end, size, lines: group, times: groupTimes });
    start = end;
    unitOffset += count;
  }
  return pieces;
}

function pieceText(piece: CaptionPiece, layout: CaptionLayout, centreX: number, pop: boolean): string {
  const border = Math.max(2, Math.round(piece.size * 0.09));
  const tags = `{\\an${layout.align}\\pos(${Math.round(centreX)},${Math.round(layout.anchorY)})\\fs${piece.size}\\bord${border}\\shad${Math.round(piece.size * 0.05)}${pop ? '\\fscx92\\fscy92\\t(0,140,\\fscx100\\fscy100)' : ''}\\fad(90,60)}`;
  if (!piece.times) return tags + piece.lines.map((line) => line.join('').trimEnd()).join('\\N');
  // Karaoke: each unit turns from the secondary colour (white) to the highlight as it is said.
  // Durations come from boundaries rounded once to centiseconds, so they never drift.
  const units = piece.lines.flat();
  const mark = (seconds: number) => Math.round((Math.min(Math.max(seconds, piece.start), piece.end) - piece.start) * 100);
  const marks = units.map((_, index) => mark(piece.times?.[index] ?? piece.start));
  marks.push(mark(piece.end));
  let text = (marks[0] ?? 0) > 0 ? `{\\k${marks[0]}}` : '';
  let unitIndex = 0;
  for (const [lineIndex, line] of piece.lines.entries()) {
    if (lineIndex > 0) text = `${text.trimEnd()}\\N`;
    for (const unit of line) {
      text += `{\\k${Math.max(0, (marks[unitIndex + 1] ?? 0) - (marks[unitIndex] ?? 0))}}${unit}`;
      unitIndex += 1;
    }
  }
  return tags + text.trimEnd();
}

export function buildCaptionsAss(input: CaptionsInput): string {
  const { size, fonts, palette, timeline } = input;
  const safe = safeArea(size);
  const third = lowerThird(size, fonts, input.shopName, input.address);
  const layout = captionLayout(size, third.top, input.textOnly);
  const centreX = (safe.left + safe.right) / 2;
  const maxWidth = (safe.right - safe.left) * 0.96;
  const events: AssEvent[] = [];

  for (const cue of input.captions === false ? [] : timeline.cues) {
    for (const [index, piece] of captionPieces(cue, fonts.bold, layout, maxWidth).entries()) {
      events.push({ start: piece.start, end: piece.end, style: piece.times ? 'Karaoke' : 'Caption', text: pieceText(piece, layout, centreX, index === 0), layer: 2 });
    }
  }

  const beats = timeline.lines.filter((line) => line.kind === 'beat');
  const first = beats[0];
  const last = beats[beats.length - 1];
  if (first && last) {
    for (const block of third.blocks) events.push({ start: first.start, end: last.end, style: block.style, text: blockText({ ...block, tags: `\\fad(250,250)${block.tags ?? ''}` }), layer: 1 });
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
    events.push({ start: timeline.endCard.start, end: timeline.endCard.end + 1, style: block.style, text: blockText({ ...block, tags: `\\fad(300,0)${block.tags ?? ''}` }), layer: 3 });
  }

  const captionSize = layout.maxSize;
  const styles: StyleSpec[] = [
    { name: 'Caption', bold: true, size: captionSize, primary: assColor('#ffffff'), outline: assColor(palette.ink), back: assColor('#000000', 0x80), borderStyle: 1, border: captionSize * 0.09, shadow: captionSize * 0.05, alignment: 2 },
    { name: 'Karaoke', bold: true, size: captionSize, primary: assColor(palette.highlight), secondary: assColor('#ffffff'), outline: assColor(palette.ink), back: assColor('#000000', 0x80), borderStyle: 1, border: captionSize * 0.09, shadow: captionSize * 0.05, alignment: 2 },
    { name: 'ShopName', bold: true, size: size.height * 0.03, primary: assColor('#ffffff'), outline: assColor(palette.ink), back: assColor('#000000', 0xff), borderStyle: 3, border: size.height * 0.008, shadow: 0, alignment: 1 },
    { name: 'Address', bold: false, size: size.height * 0.021, primary: assColor('#ffffff'), outline: assColor('#000000', 0x50), back: assColor('#000000', 0xff), borderStyle: 3, border: size.height * 0.008, shadow: 0, alignment: 1 },
    { name: 'ThirdBar', bold: false, size: 20, primary: assColor(palette.accent), outline: assColor('#000000', 0xff), back: assColor('#000000', 0xff), borderStyle: 1, border: 0, shadow: 0, alignment: 7 },
    { name: 'Shape', bold: false, size: 20, primary: assColor(palette.highlight), outline: assColor('#000000', 0xff), back: assColor('#000000', 0xff), borderStyle: 1, border: 0, shadow: 0, alignment: 7 },
    ...endCardStyles(size, fonts, palette),
  ];
  return assDocument(size, fonts, styles, events);
}

function endCardStyles(size: FrameSize, fonts: CaptionFonts, palette: Palette): StyleSpec[] {
  const onPrimary = assColor(palette.onPrimary);
  const clear = assColor('#000000', 0xff);
  return [
    // The call to action's words over one rounded box of the accent (EndCtaBox, drawn by the layout).
    { name: 'EndCtaBox', bold: false, size: 20, primary: assColor(palette.accent), outline: clear, back: clear, borderStyle: 1, border: 0, shadow: 0, alignment: 7 },
    { name: 'EndCta', bold: true, size: size.height * 0.05, primary: assColor(palette.onAccent), outline: clear, back: clear, borderStyle: 1, border: 0, shadow: 0, alignment: 8 },
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
      fitText(title, fonts.bold, { maxSize, minSize: maxSize * 0.8, maxWidth, maxLines: 2 }) ??
      fitOrTruncate(title, fonts.bold, { maxSize, minSize: size.height * 0.036, maxWidth, maxLines: 3 });
    const top = size.height * 0.3 - (fitted.lines.length * fonts.bold.lineHeight(fitted.size)) / 2;
    events.push({ start: 0, end: 36_000, style: 'CoverTitle', text: blockText({ style: 'CoverTitle', lines: fitted.lines, size: fitted.size, align: 8, x: centreX, y: top }) });
    bottom = top + fitted.lines.length * fonts.bold.lineHeight(fitted.size) + padding;
  }
  const shop = drawableText(input.shopName, fonts.bold);
  if (shop) {
    const fitted = fitOrTruncate(shop, fonts.bold, { maxSize: size.height * 0.028, minSize: size.height * 0.02, maxWidth, maxLines: 1 });
    events.push({ start: 0, end: 36_000, style: 'CoverShop', text: blockText({ style: 'CoverShop', lines: fitted.lines, size: fitted.size, align: 8, x: centreX, y: bottom + size.height * 0.025 }) });
  }
  return assDocument(size, fonts, [
    { name: 'CoverTitle', bold: true, size: size.height * 0.058, primary: assColor('#ffffff'), outline: assColor(palette.ink), back: assColor('#000000', 0xff), borderStyle: 3, border: padding, shadow: 0, alignment: 8 },
    { name: 'CoverShop', bold: true, size: size.height * 0.028, primary: assColor(palette.onAccent), outline: assColor(palette.accent), back: assColor('#000000', 0xff), borderStyle: 3, border: size.height * 0.008, shadow: 0, alignment: 8 },
  ], events);
}
