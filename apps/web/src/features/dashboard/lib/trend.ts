import type { TrendPoint } from '../../../components/trend-chart';

/** One point of a drawn trend: the first day it covers (YYYY-MM-DD) and its value. */
export type { TrendPoint };

/** Past this many days a daily line turns to noise at phone width: the chart sums weeks instead. */
export const MAX_DAILY_POINTS = 120;

/**
 * The points a chart draws: every day as it is for ranges up to MAX_DAILY_POINTS days, and for
 * longer ones (the whole network) one point per 7 days, each the sum of its days, dated by its
 * first day. Weeks count from the first day shown, so the last bar may be a short week.
 */
export function chartPoints(days: readonly TrendPoint[]): { points: TrendPoint[]; weekly: boolean } {
  if (days.length <= MAX_DAILY_POINTS) return { points: [...days], weekly: false };
  const points: TrendPoint[] = [];
  for (let start = 0; start < days.length; start += 7) {
    const week = days.slice(start, start + 7);
    points.push({ date: week[0]!.date, value: week.reduce((sum, day) => sum + day.value, 0) });
  }
  return { points, weekly: true };
}

/** The sum over the range and the best day (null when every day is zero). */
export function trendSummary(days: readonly TrendPoint[]): { total: number; best: TrendPoint | null } {
  let total = 0;
  let best: TrendPoint | null = null;
  for (const day of days) {
    total += day.value;
    if (day.value > 0 && (!best || day.value > best.value)) best = day;
  }
  return { total, best };
}
