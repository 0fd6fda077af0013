import type { PublishTargetName, VideoMetrics } from '@nearcast/contract';

export const METRICS = ['plays', 'likes', 'comments', 'shares', 'collections'] as const;
export type Metric = (typeof METRICS)[number];

/**
 * One source's totals at the end of a UTC day: a merchant's day row (`video_metric_days`) or one
 * job's last reading of that day. `jobs` counts the jobs with a reading by then, `<metric>Jobs`
 * those whose last reading gives the metric; a metric's sum counts only those. A source's totals
 * stand from its row's day until its next row.
 */
export type DayTotals = { source: number; platform: PublishTargetName; day: string; jobs: number } & Record<Metric, number> & Record<`${Metric}Jobs`, number>;

export interface SeriesPoint extends VideoMetrics {
  date: string;
}

export interface PlatformNumbers {
  /** Each day of the range from the first with any reading, as the totals at its end. */
  series: SeriesPoint[];
  /** Today's totals minus those before the range (or all of them); null where no job gives the metric. */
  growth: VideoMetrics;
}

const DAY_MS = 86_400_000;

/**
 * The statistics of a range of UTC days, `firstDay` to `lastDay`, from the sources' day totals
 * (each source's last row before the range, and its rows inside it): per platform, the series of
 * daily totals and the growth over the range (`fromStart`: over all time). Summed here rather
 * than in SQL: the embedded database runs a window over a few hundred rows far slower than
 * JavaScript adds them.
 */
export function numbersByPlatform(rows: readonly DayTotals[], firstDay: string, lastDay: string, fromStart: boolean): Map<PublishTargetName, PlatformNumbers> {
  const sources = new Map<PublishTargetName, Map<number, DayTotals[]>>();
  for (const row of rows) {
    let ofPlatform = sources.get(row.platform);
    if (!ofPlatform) sources.set(row.platform, (ofPlatform = new Map()));
    const ofSource = ofPlatform.get(row.source);
    if (ofSource) ofSource.push(row);
    else ofPlatform.set(row.source, [row]);
  }
  const days = daysFrom(firstDay, lastDay);
  const numbers = new Map<PublishTargetName, PlatformNumbers>();
  for (const [platform, ofPlatform] of sources) {
    const standing = [...ofPlatform.values()].map((list) => list.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)));
    // Each source's position: its last row on or before the day being summed (-1: none yet).
    const at = standing.map(() => -1);
    const before = total(standing.map((list) => list.findLast((row) => row.day < firstDay)));
    const series: SeriesPoint[] = [];
    let today = total([]);
    for (const day of days) {
      for (const [i, list] of standing.entries()) {
        while (at[i]! + 1 < list.length && list[at[i]! + 1]!.day <= day) at[i]! += 1;
      }
      today = total(standing.map((list, i) => (at[i]! >= 0 ? list[at[i]!] : undefined)));
      if (today.jobs > 0) series.push({ date: day, ...metricsOf(today) });
    }
    const growth = metricsOf(today);
    for (const metric of METRICS) {
      const value = growth[metric];
      if (value !== null) growth[metric] = Math.max(0, value - (fromStart ? 0 : before[metric]));
    }
    numbers.set(platform, { series, growth });
  }
  return numbers;
}

type Totals = Omit<DayTotals, 'source' | 'platform' | 'day'>;

function total(rows: readonly (DayTotals | undefined)[]): Totals {
  const sum: Totals = { jobs: 0, plays: 0, playsJobs: 0, likes: 0, likesJobs: 0, comments: 0, commentsJobs: 0, shares: 0, sharesJobs: 0, collections: 0, collectionsJobs: 0 };
  for (const row of rows) {
    if (!row) continue;
    sum.jobs += row.jobs;
    for (const metric of METRICS) {
      sum[metric] += row[metric];
      sum[`${metric}Jobs`] += row[`${metric}Jobs`];
    }
  }
  return sum;
}

/** The totals as the API gives them: a metric no job gives is null, never 0. */
function metricsOf(totals: Totals): VideoMetrics {
  const metrics = {} as VideoMetrics;
  for (const metric of METRICS) metrics[metric] = totals[`${metric}Jobs`] > 0 ? totals[metric] : null;
  return metrics;
}

/** Every UTC day from `first` to `last`, both included, as YYYY-MM-DD. */
function daysFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`), end = Date.parse(`${last}T00:00:00Z`); t <= end; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}
