import type { ScriptLanguage } from '@nearcast/contract';
import { captionWords, characterWords, estimateWordTimes } from '../../../adapters/speech/index.js';

/**
 * What a caption says and when: a line's words cut into short cues (2–4 words in English and
 * Spanish, 6–10 characters in Chinese), each with the time of every word. With a voice, the
 * words are the spoken ones at the voice's times; without one, the same words paced at reading
 * speed over the line's time (the line lasts as long as reading them takes, `lineSeconds`), so
 * the highlight moves on every word and no caption sits still.
 */

export interface TimedWord {
  text: string;
  start: number;
  end: number;
  /** The next unit is the rest of the same word (a Chinese word timed character by character). */
  joinsNext?: boolean;
}

/** A caption: a few of a line's words, on screen from `start` to `end`, with each word's time. */
export interface CaptionCue {
  lineIndex: number;
  text: string;
  start: number;
  end: number;
  /** Null only for a cue made by hand without times (then no highlight moves). */
  words: TimedWord[] | null;
  /** Whether the times are a voice's or reading pace. */
  paced?: 'voice' | 'reading';
}

/** How much a cue holds: words in English and Spanish, characters in Chinese. */
export const CUE_BOUNDS: Record<ScriptLanguage, { min: number; max: number; target: number }> = {
  en: { min: 2, max: 4, target: 3 },
  es: { min: 2, max: 4, target: 3 },
  zh: { min: 6, max: 10, target: 8 },
};

const HAN = /\p{Script=Han}/gu;
const LATIN_RUN = /[\p{L}\p{N}]+/gu;
const CLAUSE_END = /[,.!?;:，。！？；：、…]["”’)）」』]*$/u;
const SENTENCE_END = /[.!?。！？…]["”’)）」』]*$/u;
/** Words a cue should not end on: they lead into the next word ("pressed by | hand"). */
const LEADING_WORDS: Record<ScriptLanguage, ReadonlySet<string>> = {
  en: new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'and', 'or', 'with', 'from', 'our', 'your', 'my', 'every']),
  es: new Set(['a', 'al', 'de', 'del', 'el', 'la', 'los', 'las', 'un', 'una', 'en', 'por', 'para', 'con', 'y', 'o', 'que', 'su', 'tu', 'mi', 'cada']),
  zh: new Set(),
};
const CJK = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;
const CJK_PUNCTUATION = /[\u3000-\u303f\uff00-\uffef]/u;

/** A word's share of a cue: 1 per word in English and Spanish; in Chinese 1 per character (a Latin word counts as one). */
export function cueLength(text: string, language: ScriptLanguage): number {
  if (language !== 'zh') return text.trim() ? text.trim().split(/\s+/).length : 0;
  const han = text.match(HAN)?.length ?? 0;
  const latin = text.replace(HAN, ' ').match(LATIN_RUN)?.length ?? 0;
  return han + latin;
}

/** Characters that open or close a group: text hugs them on their inner side ("(213)"). */
const OPENING = /[([{（［｛「『“‘《〈]/u;
const CLOSING = /[)\]}）］｝」』”’》〉]/u;

/**
 * Words joined as they are written: spaces between Latin words, none between Chinese characters
 * or before and after Chinese punctuation, and a space between Han and Latin text ("欢迎来 Carmen’s").
 * Chinese is timed character by character, and a bracket or a number's hyphen travels with the
 * character before it ("电(" then "213)"), so no space follows an opening bracket, precedes a
 * closing one, or splits a number at its hyphen ("555-0101").
 */
export function joinWords(words: readonly { text: string }[]): string {
  let text = '';
  for (const word of words) {
    const before = text.slice(-1);
    const after = word.text.slice(0, 1);
    const bothCjk = CJK.test(before) && CJK.test(after);
    const touchesCjkPunctuation = CJK_PUNCTUATION.test(before) || CJK_PUNCTUATION.test(after);
    const hugsBracket = OPENING.test(before) || CLOSING.test(after);
    const joinsNumber = /\d-$/.test(text) && /^\d/.test(word.text);
    text += text && !bothCjk && !touchesCjkPunctuation && !hugsBracket && !joinsNumber ? ` ${word.text}` : word.text;
  }
  return text;
}

/**
 * Cuts a line's words into cues within the language's bounds, as evenly as possible around the
 * target, preferring to end a cue where a clause ends and never to run one across a sentence's
 * end. A line too short for one full cue is one cue; a length no split can keep within bounds
 * (11 Chinese characters) keeps every cue under the maximum and as long as it can.
 */
export function groupWords<T extends { text: string; joinsNext?: boolean }>(words: readonly T[], language: ScriptLanguage): T[][] {
  if (words.length === 0) return [];
  const bounds = CUE_BOUNDS[language];
  const sizes = words.map((word) => Math.max(1, cueLength(word.text, language)));
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const groupsNeeded = Math.max(1, Math.ceil(total / bounds.max));
  const min = Math.min(bounds.min, Math.floor(total / groupsNeeded));
  const n = words.length;
  const best: number[] = Array.from({ length: n + 1 }, () => Number.POSITIVE_INFINITY);
  const from: number[] = Array.from({ length: n + 1 }, () => -1);
  best[0] = 0;
  for (let end = 1; end <= n; end += 1) {
    let length = 0;
    for (let start = end - 1; start >= 0; start -= 1) {
      length += sizes[start] ?? 1;
      // A single word longer than the maximum is a cue of its own.
      if (length > bounds.max && end - start > 1) break;
      if (length < min && !(start === 0 && end === n)) continue;
      const inner = words.slice(start, end - 1).some((word) => SENTENCE_END.test(word.text)) ? 6 : 0;
      const endWord = words[end - 1];
      const ending = end === n ? 0 : breakCost(endWord, language);
      const cost = (best[start] ?? Number.POSITIVE_INFINITY) + (length - bounds.target) ** 2 + inner + ending;
      if (cost < (best[end] ?? Number.POSITIVE_INFINITY)) {
        best[end] = cost;
        from[end] = start;
      }
    }
  }
  const groups: T[][] = [];
  for (let end = n; end > 0; ) {
    const start = from[end] ?? 0;
    groups.unshift(words.slice(start, end));
    end = start;
  }
  return groups;
}

/** What ending a cue after `word` costs: nothing at a clause's end, more inside a phrase, most inside a word. */
function breakCost(word: { text: string; joinsNext?: boolean } | undefined, language: ScriptLanguage): number {
  if (!word) return 0;
  if (CLAUSE_END.test(word.text)) return 0;
  if (word.joinsNext) return 4;
  return LEADING_WORDS[language].has(normalisedWord(word.text)) ? 4 : 2;
}
const normalisedWord = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** A line's words at reading pace over [start, end]: each takes time in proportion to its length. */
export function readingWords(text: string, language: ScriptLanguage, start: number, end: number): TimedWord[] {
  const words = captionWords(text, language);
  if (words.length === 0) return [];
  const timed = estimateWordTimes(words, Math.max(0, end - start), start);
  return language === 'zh' ? characterWords(timed) : timed;
}

/**
 * The cues of one line over [start, end]. A cue starts when its first word is said (the line's
 * first cue with the line's picture) and stays until the next cue's first word; the last stays
 * to the line's end. Times are kept inside the line, so a rushed voice never puts a cue over the
 * next line's picture.
 */
export function lineCues(lineIndex: number, words: readonly TimedWord[], language: ScriptLanguage, start: number, end: number, paced: 'voice' | 'reading'): CaptionCue[] {
  const clamp = (time: number) => Math.min(end, Math.max(start, time));
  const groups = groupWords(words, language);
  return groups.map((group, index) => {
    const next = groups[index + 1];
    return {
      lineIndex,
      text: joinWords(group),
      start: index === 0 ? start : clamp(group[0]?.start ?? start),
      end: next ? clamp(next[0]?.start ?? end) : end,
      words: group.map((word) => ({ text: word.text, start: clamp(word.start), end: clamp(word.end) })),
      paced,
    };
  });
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
 * When each on-screen unit is said, from the cue's word timings: the units are matched
 * character by character, in order, against the timed words (the same words, broken into lines
 * and perhaps upper-cased). Null when too little matches for a highlight to follow the voice.
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
