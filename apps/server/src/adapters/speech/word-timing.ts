import type { ScriptLanguage } from '@nearcast/contract';
import type { VoiceWord } from './voice-engine.js';

/**
 * A caption word of a line: what a viewer reads as one word. `from`/`to` are UTF-16 offsets into
 * the line's text; `weight` is how long it takes to say relative to its neighbours.
 */
export interface CaptionWord {
  text: string;
  from: number;
  to: number;
  weight: number;
}

const HAN_OR_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const SPOKEN_CHARACTER = /[\p{L}\p{N}]/u;
const SPOKEN_CHARACTERS = /[\p{L}\p{N}]/gu;
const SPACE = /^\s+$/u;

/** A CJK character is a syllable: it takes about as long to say as three Latin letters (READING_CHARS_PER_SECOND). */
const CJK_WEIGHT = 3;

const SEGMENTER_LOCALE: Record<ScriptLanguage, string> = { en: 'en', es: 'es', zh: 'zh' };

/**
 * Splits a line into caption words. Spaces separate words in English and Spanish; Chinese has
 * none, so ICU's dictionary segmentation (Intl.Segmenter) finds its words (每天|早上|新鲜…).
 * Punctuation is never a word of its own: it joins the word it touches ("it,", "¿Pan", "面包，"),
 * so a caption shows it without giving it a moment of speech.
 */
export function captionWords(text: string, language: ScriptLanguage): CaptionWord[] {
  const spans: Array<{ from: number; to: number }> = [];
  let gap = true;
  let pending: { from: number; to: number } | null = null;
  for (const segment of new Intl.Segmenter(SEGMENTER_LOCALE[language], { granularity: 'word' }).segment(text)) {
    const from = segment.index;
    const to = from + segment.segment.length;
    const last = spans.at(-1);
    if (SPACE.test(segment.segment)) {
      // Punctuation standing between spaces (a dash) belongs to the word before it.
      if (pending && last) {
        last.to = pending.to;
        pending = null;
      }
      gap = true;
      continue;
    }
    const wordLike = segment.isWordLike === true || SPOKEN_CHARACTER.test(segment.segment);
    if (!wordLike) {
      if (!gap && last && !pending) last.to = to;
      else pending = pending ? { from: pending.from, to } : { from, to };
      gap = false;
      continue;
    }
    // "e.g." or "don't" are several segments but one word; Chinese words next to each other stay apart.
    const joins =
      !gap && !pending && last !== undefined && !HAN_OR_KANA.test(segment.segment) && !HAN_OR_KANA.test(text.slice(last.to - 1, last.to));
    if (joins) last.to = to;
    else spans.push({ from: pending?.from ?? from, to });
    pending = null;
    gap = false;
  }
  if (pending) {
    const last = spans.at(-1);
    if (last) last.to = pending.to;
    else spans.push(pending);
  }
  return spans.map(({ from, to }) => {
    const word = text.slice(from, to);
    return { text: word, from, to, weight: weightOf(word) };
  });
}

function weightOf(word: string): number {
  let weight = 0;
  for (const character of word.match(SPOKEN_CHARACTERS) ?? []) weight += HAN_OR_KANA.test(character) ? CJK_WEIGHT : 1;
  return Math.max(1, weight);
}

/**
 * The measured estimate: the line's words spread over its measured duration in proportion to
 * their length. Providers that return only audio give no timings; this keeps a caption's word
 * within a fraction of a second of its sound, which is what word-by-word captions need.
 */
export function estimateWordTimes(words: readonly CaptionWord[], duration: number, offset = 0): VoiceWord[] {
  const total = words.reduce((sum, word) => sum + word.weight, 0);
  let done = 0;
  return words.map((word) => {
    const start = offset + (duration * done) / total;
    done += word.weight;
    return { text: word.text, start: round(start), end: round(offset + (duration * done) / total) };
  });
}

/** A moment the engine reported: the character where a spoken word begins (or a clause ends), and when. */
export interface EngineMark {
  kind: 'word' | 'clause-end';
  /** UTF-16 offset into the line's text. */
  at: number;
  /** Seconds from the start of the line's clip. */
  time: number;
}

/**
 * Word times from the engine's own word events: a caption word starts when the first engine word
 * inside it starts and ends at the engine's next mark (the next word or the pause at a comma),
 * so the pause after a clause is not shown as speech. The engine's words can differ from the
 * caption's (eSpeak says 20% as two words and Chinese character by character), which is why
 * the marks are matched by position, not by count. Null when some caption word has no mark
 * inside it or the times do not run forward; the caller then uses the estimate.
 */
export function wordTimesFromMarks(words: readonly CaptionWord[], marks: readonly EngineMark[], speechEnd: number, offset = 0): VoiceWord[] | null {
  const times = [...new Set(marks.map((mark) => mark.time))].sort((a, b) => a - b);
  const result: VoiceWord[] = [];
  let previousEnd = 0;
  for (const word of words) {
    const inside = marks.filter((mark) => mark.kind === 'word' && mark.at >= word.from && mark.at < word.to);
    if (inside.length === 0) return null;
    const start = Math.min(...inside.map((mark) => mark.time));
    const lastStart = Math.max(...inside.map((mark) => mark.time));
    const end = Math.min(times.find((time) => time > lastStart) ?? speechEnd, speechEnd);
    if (start < previousEnd - 1e-6 || end <= start) return null;
    result.push({ text: word.text, start: round(offset + start), end: round(offset + end) });
    previousEnd = end;
  }
  return result;
}

/**
 * Chinese timings character by character: each word is split into its characters (a Latin word
 * or number inside stays whole, punctuation stays with the character it touches) and the word's
 * time shared among them by how long each takes to say, so a caption can light each character
 * as it is said. Words without Han characters are kept as they are.
 */
export function characterWords(words: readonly VoiceWord[]): VoiceWord[] {
  const result: VoiceWord[] = [];
  for (const word of words) {
    if (!/\p{Script=Han}/u.test(word.text)) {
      result.push(word);
      continue;
    }
    const units: string[] = [];
    let pending = '';
    for (const piece of word.text.match(/[\p{L}\p{N}]+|[^\p{L}\p{N}]/gu) ?? []) {
      const pieces = HAN_OR_KANA.test(piece) ? [...piece] : [piece];
      for (const unit of pieces) {
        if (!SPOKEN_CHARACTER.test(unit)) {
          // Punctuation: after a character it closes it; before any, it opens the next.
          if (units.length > 0) units[units.length - 1] += unit;
          else pending += unit;
        } else {
          units.push(pending + unit);
          pending = '';
        }
      }
    }
    if (pending) units.push(pending);
    const weights = units.map(weightOf);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let done = 0;
    for (const [index, unit] of units.entries()) {
      const start = word.start + ((word.end - word.start) * done) / total;
      done += weights[index] ?? 1;
      const character: VoiceWord = { text: unit, start: round(start), end: round(word.start + ((word.end - word.start) * done) / total) };
      // A caption breaks between words where it can: the characters of one word say they belong together.
      if (index < units.length - 1) character.joinsNext = true;
      result.push(character);
    }
  }
  return result;
}

/** Milliseconds are finer than any caption needs; rounding keeps the numbers readable in logs. */
export function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
