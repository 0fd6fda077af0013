import { describe, expect, it } from 'vitest';
import { chartPoints, MAX_DAILY_POINTS, trendSummary, type TrendPoint } from './trend';

function days(count: number, value: (index: number) => number): TrendPoint[] {
  const start = Date.parse('2026-01-01T00:00:00Z');
  return Array.from({ length: count }, (_, index) => ({ date: new Date(start + index * 86_400_000).toISOString().slice(0, 10), value: value(index) }));
}

describe('chartPoints', () => {
  it('keeps every day of a range up to the daily limit', () => {
    const input = days(90, (index) => index);
    expect(chartPoints(input)).toEqual({ points: input, weekly: false });
  });

  it('sums longer ranges by week, dated by each week’s first day, losing nothing', () => {
    const input = days(MAX_DAILY_POINTS + 10, (index) => index + 1);
    const { points, weekly } = chartPoints(input);
    expect(weekly).toBe(true);
    expect(points).toHaveLength(Math.ceil(input.length / 7));
    expect(points[0]).toEqual({ date: '2026-01-01', value: 1 + 2 + 3 + 4 + 5 + 6 + 7 });
    expect(points[1]!.date).toBe('2026-01-08');
    expect(points.reduce((sum, point) => sum + point.value, 0)).toBe(input.reduce((sum, day) => sum + day.value, 0));
  });
});

describe('trendSummary', () => {
  it('adds the range up and finds its best day', () => {
    expect(trendSummary([
      { date: '2026-01-01', value: 100 },
      { date: '2026-01-02', value: 300 },
      { date: '2026-01-03', value: -50 },
    ])).toEqual({ total: 350, best: { date: '2026-01-02', value: 300 } });
  });

  it('has no best day when nothing happened', () => {
    expect(trendSummary(days(7, () => 0))).toEqual({ total: 0, best: null });
  });
});
