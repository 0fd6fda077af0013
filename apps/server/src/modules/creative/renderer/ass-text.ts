import type { TextFace } from './fonts.js';
import { ScriptFace } from './fonts.js';

/**
 * What every text layer shares: the brand colours made legible, text reduced to what the fonts
 * can draw, line breaking with the fonts' own advance widths, and the \\fn switches that draw
 * each run of text with the font of its script.
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

/**
 * The height a line of text takes on the frame by the quality gate's measure: libass's line at a
 * font size with its outline and shadow, a generous 1.25 of the size. A layout that anchors text
 * to the safe area's bottom measures with it, so what it places there passes the gate.
 */
export const DRAWN_LINE_HEIGHT = 1.25;

/** The height `lines` of text at `size` take on the frame by that measure. */
export const drawnHeight = (lines: number, size: number): number => lines * size * DRAWN_LINE_HEIGHT;

// ---------------------------------------------------------------------------------------------
// Colours

export type Rgb = [number, number, number];

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

export function towards(hex: string, target: Rgb, ok: (candidate: string) => boolean): string {
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
export function drawableText(text: string, face: TextFace): string {
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
export function wrapText(text: string, face: TextFace, size: number, maxWidth: number): string[] {
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
export function fitText(text: string, face: TextFace, options: { maxSize: number; minSize: number; maxWidth: number; maxLines: number }): FittedText | null {
  for (let size = Math.round(options.maxSize); size >= Math.round(options.minSize); size -= Math.max(1, Math.round(options.maxSize / 40))) {
    const lines = wrapText(text, face, size, options.maxWidth);
    if (lines.length <= options.maxLines) return { size, lines };
  }
  return null;
}

/** Fits text in `maxLines` or, failing that, cuts it with an ellipsis (a shop name or address). */
export function fitOrTruncate(text: string, face: TextFace, options: { maxSize: number; minSize: number; maxWidth: number; maxLines: number }): FittedText {
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
// Fonts per script

/**
 * Writes text into an ASS event with a \fn switch wherever its script changes (Latin runs in the
 * Latin font, CJK runs in Noto Sans SC), starting from the style's own family. Built from the
 * event's whole text, so punctuation between two pieces resolves as in the full line; pieces are
 * then taken in order (`next`), as karaoke writes them between its \k tags.
 */
export class FontTagger {
  private readonly families: string[];
  private current: string;
  private index = 0;

  constructor(face: TextFace, fullText: string, styleFamily: string) {
    this.current = styleFamily;
    this.families = face instanceof ScriptFace ? face.facesOf(fullText).map((item) => item.family) : [...fullText].map(() => styleFamily);
  }

  next(piece: string): string {
    let out = '';
    for (const char of piece) {
      const family = this.families[this.index] ?? this.current;
      this.index += 1;
      if (family !== this.current && char.trim()) {
        out += `{\\fn${family}}`;
        this.current = family;
      }
      out += char;
    }
    return out;
  }
}

/** `text` with its font switches, for an event drawn in a style whose Fontname is `styleFamily`. */
export function scriptRuns(text: string, face: TextFace, styleFamily: string): string {
  return new FontTagger(face, text, styleFamily).next(text);
}
