import { describe, expect, it } from 'vitest';
import { toPlaysPoints } from './series';

const metrics = { plays: null, likes: null, comments: null, shares: null, collections: null };
const point = (date: string, plays: number | null) => ({ date, ...metrics, plays });

describe('toPlaysPoints', () => {
  it('puts every platform on every day, in date order, with a gap where a platform has no number', () => {
    const points = toPlaysPoints([
      { platform: 'tiktok', sandbox: true, videos: 2, metrics, series: [point('2026-11-02', 30), point('2026-11-01', 10)] },
      { platform: 'youtube', sandbox: false, videos: 1, metrics, series: [point('2026-11-02', null), point('2026-11-03', 7)] },
    ]);
    expect(points).toEqual([
      { day: '2026-11-01', values: { tiktok: 10, youtube: null } },
      { day: '2026-11-02', values: { tiktok: 30, youtube: null } },
      { day: '2026-11-03', values: { tiktok: null, youtube: 7 } },
    ]);
  });

  it('answers no rows when no platform has a series', () => {
    expect(toPlaysPoints([])).toEqual([]);
  });
});
