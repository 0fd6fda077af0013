import type { PostOutcome } from './types.js';

/**
 * The insights' arithmetic (docs/decisions/084), pure: outcomes in, figures out.
 *
 * Plays are heavy-tailed (one video in fifty travels), so a mean of plays says more about the
 * one lucky video than about the choice. Each choice's figures are therefore its median plays by
 * 24 hours, and its "typical" plays: the geometric mean, exp(mean of ln(1 + plays)) − 1, with an
 * 80% normal-approximation interval on that mean of logs (mean ± 1.2816 · sd / √n), taken back to
 * plays. The interval says how sure: narrow with many posts that agree, wide or absent (under two
 * posts) otherwise. Engagement is pooled, Σ(likes + comments + shares) / Σ plays, so a video with
 * three plays and one like does not outweigh one with ten thousand.
 */

export const CHOICE_DIMENSIONS = ['look', 'hook_style', 'template', 'language', 'length_band', 'opening_kind', 'music', 'posting_hour', 'platform'] as const;
export type ChoiceDimension = (typeof CHOICE_DIMENSIONS)[number];

/** z for a two-sided 80% interval. */
const Z80 = 1.2816;

export interface LinkCounts {
  visits: number;
  redemptions: number;
}

export interface Interval {
  low: number;
  high: number;
}

export interface Figures {
  /** Posts (a post on several platforms counts once). */
  posts: number;
  /** Videos: a post on one platform. */
  videos: number;
  /** Of those, the videos old enough to have plays by 24 hours. */
  measured: number;
  medianPlays24h: number | null;
  medianPlays7d: number | null;
  typicalPlays24h: number | null;
  interval: Interval | null;
  engagementRate: number | null;
  /** null while the link counts are not available. */
  visits: number | null;
  redemptions: number | null;
}

export interface ChoiceFigures extends Figures {
  dimension: ChoiceDimension;
  value: string;
}

/** The value of a choice an outcome was made with, as a string, or null when not known. */
export function choiceOf(outcome: PostOutcome, dimension: ChoiceDimension): string | null {
  switch (dimension) {
    case 'look':
      return outcome.look;
    case 'hook_style':
      return outcome.hookStyle;
    case 'template':
      return outcome.template;
    case 'language':
      return outcome.language;
    case 'length_band':
      return outcome.lengthBand;
    case 'opening_kind':
      return outcome.openingKind;
    case 'music':
      return outcome.music;
    case 'posting_hour':
      return outcome.postingHour === null ? null : String(outcome.postingHour);
    case 'platform':
      return outcome.platform;
  }
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  // A typed array sorts numbers natively, several times faster than a comparator.
  const sorted = Float64Array.from(values).sort();
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The geometric-mean plays and its 80% interval, from plays of several videos. */
export function typicalPlays(plays: readonly number[]): { typical: number | null; interval: Interval | null } {
  const n = plays.length;
  if (n === 0) return { typical: null, interval: null };
  const logs = plays.map((value) => Math.log1p(Math.max(0, value)));
  const mean = logs.reduce((sum, value) => sum + value, 0) / n;
  const variance = n < 2 ? null : logs.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1);
  const { typicalPlays24h, interval } = typicalOfLogs(n, mean, variance);
  return { typical: typicalPlays24h, interval };
}

/** The geometric-mean plays and its 80% interval from n, the mean and the sample variance of ln(1 + plays). */
function typicalOfLogs(n: number, mean: number | null, variance: number | null): { typicalPlays24h: number | null; interval: Interval | null } {
  if (n === 0 || mean === null) return { typicalPlays24h: null, interval: null };
  const typical = Math.expm1(mean);
  if (n < 2 || variance === null) return { typicalPlays24h: typical, interval: null };
  const half = (Z80 * Math.sqrt(variance)) / Math.sqrt(n);
  return { typicalPlays24h: typical, interval: { low: Math.max(0, Math.expm1(mean - half)), high: Math.expm1(mean + half) } };
}

/** The figures of a set of outcomes; `links` the counts per post, or null when not available. */
export function figuresOf(outcomes: readonly PostOutcome[], links: ReadonlyMap<number, LinkCounts> | null): Figures {
  const plays24h = outcomes.flatMap((o) => (o.plays24h === null ? [] : [o.plays24h]));
  const plays7d = outcomes.flatMap((o) => (o.plays7d === null ? [] : [o.plays7d]));
  let engaged = 0;
  let played = 0;
  for (const o of outcomes) {
    if (!o.plays || o.plays <= 0) continue;
    played += o.plays;
    engaged += (o.likes ?? 0) + (o.comments ?? 0) + (o.shares ?? 0);
  }
  const posts = new Set(outcomes.map((o) => o.postId));
  let visits: number | null = null;
  let redemptions: number | null = null;
  if (links) {
    // A post's link counts once, however many platforms it went to.
    visits = 0;
    redemptions = 0;
    for (const postId of posts) {
      const counts = links.get(postId);
      visits += counts?.visits ?? 0;
      redemptions += counts?.redemptions ?? 0;
    }
  }
  const { typical, interval } = typicalPlays(plays24h);
  return {
    posts: posts.size,
    videos: outcomes.length,
    measured: plays24h.length,
    medianPlays24h: median(plays24h),
    medianPlays7d: median(plays7d),
    typicalPlays24h: typical,
    interval,
    engagementRate: played > 0 ? engaged / played : null,
    visits,
    redemptions,
  };
}

/** The dimension and value of the row that holds the figures of the whole set. */
export const TOTAL = '*';

/**
 * One choice value's sums as the database reduces them (figures-repository.ts), or the whole
 * set's (dimension and value TOTAL): what `figuresOf` would count from the rows themselves.
 */
export interface ChoiceSums {
  dimension: ChoiceDimension | typeof TOTAL;
  value: string;
  posts: number;
  videos: number;
  measured: number;
  medianPlays24h: number | null;
  medianPlays7d: number | null;
  /** Mean and sample variance of ln(1 + plays by 24 hours), over the measured videos. */
  logMean: number | null;
  logVariance: number | null;
  /** Σ plays and Σ(likes + comments + shares) over the videos with plays. */
  played: number;
  engaged: number;
  /** Σ over the value's distinct posts of their link counts. */
  visits: number;
  redemptions: number;
}

/** The figures of a set from its sums, as `figuresOf` makes them from its rows. */
export function figuresOfSums(sums: ChoiceSums, linksCounted: boolean): Figures {
  return {
    posts: sums.posts,
    videos: sums.videos,
    measured: sums.measured,
    medianPlays24h: sums.medianPlays24h,
    medianPlays7d: sums.medianPlays7d,
    ...typicalOfLogs(sums.measured, sums.logMean, sums.logVariance),
    engagementRate: sums.played > 0 ? sums.engaged / sums.played : null,
    visits: linksCounted ? sums.visits : null,
    redemptions: linksCounted ? sums.redemptions : null,
  };
}

/** The totals' and every choice value's figures from their sums, in `choiceFigures`' order. */
export function figuresFromSums(rows: readonly ChoiceSums[], linksCounted: boolean): { totals: Figures; choices: ChoiceFigures[] } {
  const total = rows.find((row) => row.dimension === TOTAL);
  const empty: ChoiceSums = { dimension: TOTAL, value: TOTAL, posts: 0, videos: 0, measured: 0, medianPlays24h: null, medianPlays7d: null, logMean: null, logVariance: null, played: 0, engaged: 0, visits: 0, redemptions: 0 };
  const choices: ChoiceFigures[] = [];
  for (const dimension of CHOICE_DIMENSIONS) {
    const values = rows.filter((row) => row.dimension === dimension).map((row) => ({ dimension, value: row.value, ...figuresOfSums(row, linksCounted) }));
    choices.push(...values.sort(byTypicalPlays));
  }
  return { totals: figuresOfSums(total ?? empty, linksCounted), choices };
}

/**
 * Best first: typical plays, then more videos, then the value's name. Typical plays within a
 * billionth of each other are a tie: a sum of logs taken in another order (the database's)
 * differs in its last bits, and that must not reorder equal choices.
 */
function byTypicalPlays(a: ChoiceFigures, b: ChoiceFigures): number {
  const x = a.typicalPlays24h ?? -1;
  const y = b.typicalPlays24h ?? -1;
  const tie = Math.abs(y - x) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
  return (tie ? 0 : y - x) || b.videos - a.videos || a.value.localeCompare(b.value);
}

/** Every choice value's figures, each dimension's values by typical plays, best first. */
export function choiceFigures(outcomes: readonly PostOutcome[], links: ReadonlyMap<number, LinkCounts> | null): ChoiceFigures[] {
  const answer: ChoiceFigures[] = [];
  for (const dimension of CHOICE_DIMENSIONS) {
    const groups = new Map<string, PostOutcome[]>();
    for (const outcome of outcomes) {
      const value = choiceOf(outcome, dimension);
      if (value === null || value === '') continue;
      const group = groups.get(value);
      if (group) group.push(outcome);
      else groups.set(value, [outcome]);
    }
    const rows = [...groups].map(([value, group]) => ({ dimension, value, ...figuresOf(group, links) }));
    rows.sort(byTypicalPlays);
    answer.push(...rows);
  }
  return answer;
}

/**
 * The best and worst videos by plays by 24 hours (7 days, then the newest reading, break ties):
 * only videos old enough to be measured; the worst never repeat the best.
 */
export function bestAndWorst(outcomes: readonly PostOutcome[], count: number): { best: PostOutcome[]; worst: PostOutcome[] } {
  const measured = outcomes.filter((o) => o.plays24h !== null);
  const score = (o: PostOutcome) => [o.plays24h ?? 0, o.plays7d ?? 0, o.plays ?? 0] as const;
  const ranked = [...measured].sort((a, b) => {
    const [a1, a2, a3] = score(a);
    const [b1, b2, b3] = score(b);
    return b1 - a1 || b2 - a2 || b3 - a3 || b.postedAt.getTime() - a.postedAt.getTime();
  });
  const best = ranked.slice(0, count);
  const taken = new Set(best);
  const worst = ranked
    .slice()
    .reverse()
    .filter((o) => !taken.has(o))
    .slice(0, count);
  return { best, worst };
}
