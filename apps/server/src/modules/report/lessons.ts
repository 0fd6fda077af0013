import { REPORT_LESSON_DIMENSIONS } from '@nearcast/contract';
import { armOfHour, type Dimension } from '../creative/learning/arms.js';
import { whyText } from '../creative/learning/reason.js';
import type { PostOutcome } from '../creative/insights/reads.js';
import type { StoredLesson } from './facts.js';

/**
 * "What the plan learned this month": for each of the plan's dimensions (hook style, look, length,
 * posting hour), the merchant's choice whose videos of the month had the most typical plays by
 * 24 hours, against the best other choice, said in the words the plan's drafts use for their
 * reasons (creative/learning/reason.ts). The evidence is the post outcomes the insights read, a
 * video being a post on one platform as there; only videos old enough to be measured count.
 *
 * Typical plays are the geometric mean the insights use, exp(mean ln(1 + plays)) − 1, so one video
 * that travelled does not make a choice look good; the ratio is of 1 + typical plays, which is the
 * learner's exp(difference of mean log plays). The rival is the best other choice, never a weak
 * one picked to flatter, and a choice needs a few videos on each side before anything is said.
 */

/** Measured videos each side of a comparison needs (the learner's own evidence floor). */
export const LESSON_MIN_VIDEOS = 3;
/** Below this ratio the two are too close to call a lesson. */
export const LESSON_MIN_RATIO = 1.1;

/** A choice's value in a dimension, as the plan names its arms; null when the video does not record it. */
function valueOf(outcome: PostOutcome, dimension: Dimension): string | null {
  switch (dimension) {
    case 'hook':
      return outcome.hookStyle;
    case 'look':
      return outcome.look;
    case 'length':
      return outcome.lengthBand;
    case 'hour':
      return outcome.postingHour === null ? null : armOfHour(outcome.postingHour);
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The month's lessons, in the dimensions' order; none where no choice clearly did better. */
export function lessonsOf(outcomes: readonly PostOutcome[]): StoredLesson[] {
  const measured = outcomes.filter((o): o is PostOutcome & { plays24h: number } => o.plays24h !== null);
  const lessons: StoredLesson[] = [];
  for (const dimension of REPORT_LESSON_DIMENSIONS) {
    const logs = new Map<string, number[]>();
    for (const outcome of measured) {
      const value = valueOf(outcome, dimension);
      if (value === null || value === '') continue;
      const list = logs.get(value) ?? [];
      list.push(Math.log1p(Math.max(0, outcome.plays24h)));
      logs.set(value, list);
    }
    const ranked = [...logs]
      .filter(([, list]) => list.length >= LESSON_MIN_VIDEOS)
      .map(([value, list]) => ({ value, videos: list.length, mean: list.reduce((sum, x) => sum + x, 0) / list.length }))
      .sort((a, b) => b.mean - a.mean || b.videos - a.videos || a.value.localeCompare(b.value));
    const [best, rival] = ranked;
    if (!best || !rival) continue;
    // Rounded once, so the figure and the words agree.
    const ratio = Math.round(Math.exp(best.mean - rival.mean) * 10) / 10;
    if (ratio < LESSON_MIN_RATIO) continue;
    const text = whyText(dimension, best.value, { kind: 'evidence', versus: rival.value, ratio, posts: best.videos });
    lessons.push({
      dimension,
      value: best.value,
      versus: rival.value,
      ratio,
      videos: best.videos,
      versus_videos: rival.videos,
      text: { en: capitalise(text.en), es: capitalise(text.es), zh: text.zh },
    });
  }
  return lessons;
}
