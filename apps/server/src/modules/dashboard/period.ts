import { addDays, type DashboardPeriod, type DashboardRange } from '@nearcast/contract';

const LENGTH: Record<Exclude<DashboardRange, 'all'>, { days: number; endsDaysAgo: number }> = {
  today: { days: 1, endsDaysAgo: 0 },
  yesterday: { days: 1, endsDaysAgo: 1 },
  '7d': { days: 7, endsDaysAgo: 0 },
  '30d': { days: 30, endsDaysAgo: 0 },
  '90d': { days: 90, endsDaysAgo: 0 },
};

/** YYYY-MM-DD of a time, in UTC (the rollups' days). */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The UTC days a range covers, inclusive, ending today (or yesterday), and the same number of
 * days right before them. `all` starts at `firstDay` (the scope's first day with anything in
 * it, today when it has none) and has no previous period.
 */
export function periodOf(range: DashboardRange, now: Date, firstDay: string | null = null): DashboardPeriod {
  const today = dayOf(now);
  if (range === 'all') {
    const from = firstDay !== null && firstDay < today ? firstDay : today;
    return { range, from, to: today, previous_from: null, previous_to: null };
  }
  const { days, endsDaysAgo } = LENGTH[range];
  const to = addDays(today, -endsDaysAgo);
  const from = addDays(to, -(days - 1));
  return { range, from, to, previous_from: addDays(from, -days), previous_to: addDays(from, -1) };
}

/** Every day from `from` to `to`, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
  return out;
}
