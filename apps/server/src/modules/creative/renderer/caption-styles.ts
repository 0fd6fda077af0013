import { breakUnits, drawableText, fitOrTruncate, fitText, FontTagger, safeArea, wrapText, type FrameSize } from './ass-text.js';
import { unitTimes, type CaptionCue } from './caption-cues.js';
import type { TextFace } from './fonts.js';
import type { CaptionPosition, CaptionStyle } from './look-types.js';

/**
 * The four caption styles of the looks, each drawn with libass's own animation tags (no
 * per-frame work of ours): `\k` lights each word as it is said, `\t` scales, `\move` slides and
 * `\fad` fades. Every style keeps its text inside the safe area, its lines wrapped with the
 * fonts' own widths, at most two lines a piece.
 */

export interface CaptionLook {
  style: CaptionStyle;
  position: CaptionPosition;
  uppercase: boolean;
}

/** Without a look: today's captions (two lines, lit word by word, low in the frame, in a box of the ink). */
export const DEFAULT_CAPTION_LOOK: CaptionLook = { style: 'boxed_karaoke', position: 'lower', uppercase: false };

export interface AssEvent {
  start: number;
  end: number;
  style: string;
  text: string;
  layer?: number;
}

export interface CaptionLayout {
  /** Caption size bounds in pixels. */
  maxSize: number;
  minSize: number;
  /** The captions' anchor point's height, with the ASS alignment it anchors (bottom, middle or top centre). */
  anchorY: number;
  align: 2 | 5 | 8;
}

/** Sizes of each style on a frame `height` tall: a large pop, small words under a title, two lines otherwise. */
const STYLE_SIZES: Record<CaptionStyle, { max: number; min: number }> = {
  boxed_karaoke: { max: 0.042, min: 0.03 },
  kinetic_lines: { max: 0.046, min: 0.03 },
  word_pop: { max: 0.058, min: 0.04 },
  title_and_spoken: { max: 0.032, min: 0.024 },
};

/** The captions' size and place, given where the lower third begins. */
export function captionLayout(size: FrameSize, lowerThirdTop: number, textOnly: boolean, look: CaptionLook = DEFAULT_CAPTION_LOOK): CaptionLayout {
  const sizes = STYLE_SIZES[look.style];
  if (textOnly) return { maxSize: size.height * sizes.max * 1.24, minSize: size.height * sizes.min * 1.13, anchorY: size.height * 0.46, align: 5 };
  const maxSize = size.height * sizes.max;
  const minSize = size.height * sizes.min;
  // Under a title the spoken words always sit low, out of the title's way.
  const position = look.style === 'title_and_spoken' ? 'lower' : look.position;
  if (position === 'middle') return { maxSize, minSize, anchorY: size.height * 0.5, align: 5 };
  if (position === 'upper') return { maxSize, minSize, anchorY: safeArea(size).top + size.height * 0.1, align: 8 };
  return { maxSize, minSize, anchorY: Math.min(size.height * 0.64, lowerThirdTop - size.height * 0.025), align: 2 };
}

export interface CaptionPiece {
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
export function captionPieces(cue: CaptionCue, face: TextFace, layout: CaptionLayout, maxWidth: number): CaptionPiece[] {
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

/** What a style needs to draw a cue. */
export interface CaptionContext {
  look: CaptionLook;
  layout: CaptionLayout;
  face: TextFace;
  /** The Fontname of the caption styles (the Latin body family). */
  family: string;
  centreX: number;
  maxWidth: number;
  frameWidth: number;
  /** The highlight and plain text colours as ASS colours (word_pop sets them inline). */
  highlight: string;
  plain: string;
}

/** How wide a style may wrap: the ones that scale or slide keep room to do so inside the safe area. */
export function styleWidth(style: CaptionStyle, maxWidth: number): number {
  return style === 'word_pop' ? maxWidth * 0.8 : style === 'kinetic_lines' ? maxWidth * 0.92 : maxWidth;
}

const cueText = (cue: CaptionCue, look: CaptionLook): CaptionCue =>
  look.uppercase ? { ...cue, text: cue.text.toLocaleUpperCase(), words: cue.words?.map((word) => ({ ...word, text: word.text.toLocaleUpperCase() })) ?? null } : cue;

/** The events of one cue in the look's style. `order` alternates the kinetic slides' direction. */
export function captionEvents(rawCue: CaptionCue, ctx: CaptionContext, order: number): AssEvent[] {
  const cue = cueText(rawCue, ctx.look);
  const width = styleWidth(ctx.look.style, ctx.maxWidth);
  const events: AssEvent[] = [];
  for (const [index, piece] of captionPieces(cue, ctx.face, ctx.layout, width).entries()) {
    const style = piece.times ? 'Karaoke' : 'Caption';
    if (ctx.look.style === 'word_pop' && piece.times) {
      events.push(...popEvents(piece, ctx));
      continue;
    }
    const border = Math.max(2, Math.round(piece.size * 0.09));
    const x = Math.round(ctx.centreX);
    const y = Math.round(ctx.layout.anchorY);
    let motion: string;
    if (ctx.look.style === 'kinetic_lines') {
      // Each piece slides in from alternate sides while growing to full size.
      const shift = Math.round(ctx.frameWidth * 0.025) * ((order + index) % 2 === 0 ? -1 : 1);
      motion = `\\move(${x + shift},${y},${x},${y},0,240)\\fscx86\\fscy86\\t(0,240,\\fscx100\\fscy100)\\fad(100,60)`;
    } else if (ctx.look.style === 'title_and_spoken') {
      motion = `\\pos(${x},${y})\\fad(120,80)`;
    } else {
      motion = `\\pos(${x},${y})\\fscx92\\fscy92\\t(0,140,\\fscx100\\fscy100)\\fad(90,60)`;
    }
    const tags = `{\\an${ctx.layout.align}${motion}\\fs${piece.size}\\bord${border}\\shad${ctx.look.style === 'boxed_karaoke' ? 0 : Math.round(piece.size * 0.05)}}`;
    events.push({ start: piece.start, end: piece.end, style, text: tags + karaokeText(piece, ctx), layer: 2 });
  }
  return events;
}

/** Karaoke: each unit turns from the secondary colour (white) to the highlight as it is said. */
function karaokeText(piece: CaptionPiece, ctx: CaptionContext): string {
  const units = piece.lines.flat();
  const tagger = new FontTagger(ctx.face, units.join(''), ctx.family);
  if (!piece.times) {
    return piece.lines.map((line) => tagger.next(line.join('')).trimEnd()).join('\\N');
  }
  // Durations come from boundaries rounded once to centiseconds, so they never drift.
  const mark = (seconds: number) => Math.round((Math.min(Math.max(seconds, piece.start), piece.end) - piece.start) * 100);
  const marks = units.map((_, index) => mark(piece.times?.[index] ?? piece.start));
  marks.push(mark(piece.end));
  let text = (marks[0] ?? 0) > 0 ? `{\\k${marks[0]}}` : '';
  let unitIndex = 0;
  for (const [lineIndex, line] of piece.lines.entries()) {
    if (lineIndex > 0) text = `${text.trimEnd()}\\N`;
    for (const unit of line) {
      text += `{\\k${Math.max(0, (marks[unitIndex + 1] ?? 0) - (marks[unitIndex] ?? 0))}}${tagger.next(unit)}`;
      unitIndex += 1;
    }
  }
  return text.trimEnd();
}

/**
 * word_pop: the piece builds up word by word (character by character in Chinese). Each word
 * pops in large in the highlight colour as it is said and settles to white; the words still to
 * come hold their place unseen, so the line never reflows.
 */
function popEvents(piece: CaptionPiece, ctx: CaptionContext): AssEvent[] {
  const units = piece.lines.flat();
  const times = piece.times ?? [];
  const border = Math.max(3, Math.round(piece.size * 0.11));
  const head = `{\\an${ctx.layout.align}\\pos(${Math.round(ctx.centreX)},${Math.round(ctx.layout.anchorY)})\\fs${piece.size}\\bord${border}\\shad${Math.round(piece.size * 0.06)}}`;
  const events: AssEvent[] = [];
  for (let current = 0; current < units.length; current += 1) {
    const start = current === 0 ? piece.start : Math.max(piece.start, times[current] ?? piece.start);
    const end = current === units.length - 1 ? piece.end : Math.min(piece.end, times[current + 1] ?? piece.end);
    if (end <= start) continue;
    const tagger = new FontTagger(ctx.face, units.join(''), ctx.family);
    let text = head;
    let index = 0;
    for (const [lineIndex, line] of piece.lines.entries()) {
      if (lineIndex > 0) text = `${text.trimEnd()}\\N`;
      for (const unit of line) {
        const shown = tagger.next(unit);
        if (index < current) text += `{\\alpha&H00&\\1c${ctx.plain}\\fscx100\\fscy100}${shown}`;
        else if (index === current) text += `{\\alpha&H00&\\1c${ctx.highlight}\\fscx112\\fscy112\\t(0,160,\\fscx100\\fscy100)}${shown}`;
        else text += `{\\alpha&HFF&\\fscx100\\fscy100}${shown}`;
        index += 1;
      }
    }
    events.push({ start, end, style: 'Caption', text: text.trimEnd(), layer: 2 });
  }
  return events;
}

/** The title of title_and_spoken: a line's on-screen words, bold, at the top of the safe area. */
export interface TitleLine {
  text: string;
  start: number;
  end: number;
}

export function titleEvents(lines: readonly TitleLine[], size: FrameSize, face: TextFace, family: string, uppercase: boolean): AssEvent[] {
  const safe = safeArea(size);
  const centreX = (safe.left + safe.right) / 2;
  const maxWidth = (safe.right - safe.left) * 0.9;
  const events: AssEvent[] = [];
  for (const line of lines) {
    const text = drawableText(uppercase ? line.text.toLocaleUpperCase() : line.text, face);
    if (!text) continue;
    const fitted = fitText(text, face, { maxSize: size.height * 0.056, minSize: size.height * 0.04, maxWidth, maxLines: 2 }) ??
      fitOrTruncate(text, face, { maxSize: size.height * 0.04, minSize: size.height * 0.03, maxWidth, maxLines: 3 });
    const duration = Math.round((line.end - line.start) * 1000);
    const tagger = new FontTagger(face, fitted.lines.join(''), family);
    // In with a pop, then a slow push-in for as long as it stays: a title that never stands still.
    const tags = `{\\an8\\pos(${Math.round(centreX)},${Math.round(safe.top + size.height * 0.02)})\\fs${fitted.size}\\fad(150,120)\\fscx82\\fscy82\\t(0,240,\\fscx100\\fscy100)\\t(240,${Math.max(241, duration)},\\fscx105\\fscy105)}`;
    events.push({ start: line.start, end: line.end, style: 'Title', text: tags + fitted.lines.map((item) => tagger.next(item)).join('\\N'), layer: 2 });
  }
  return events;
}
