import { describe, expect, it } from 'vitest';
import { engagementOf, lengthBandOf, localHour } from './derive.js';
import { bestAndWorst, choiceFigures, figuresOf, median, typicalPlays } from './statistics.js';
import type { PostOutcome } from './types.js';

let nextId = 1;
function outcome(over: Partial<PostOutcome> = {}): PostOutcome {
  const row: PostOutcome = {
    postId: nextId++,
    platform: 'tiktok',
    merchantId: 7,
    renderId: null,
    category: 'restaurant',
    language: 'en',
    look: 'street_pop',
    hookStyle: 'question',
    template: 'offer',
    lengthBand: 'medium',
    durationSeconds: 20,
    openingKind: 'clip',
    music: 'upbeat',
    postedAt: new Date('2026-11-01T18:00:00Z'),
    postingHour: 10,
    plays24h: 100,
    plays7d: 300,
    plays: 400,
    likes: 20,
    comments: 4,
    shares: 0,
    engagementRate: null,
    ...over,
  };
  return { ...row, engagementRate: engagementOf(row) };
}

describe('the derived facts', () => {
  it('bands a length: under 15 s short, 15–30 s medium, over 30 s long, nothing without a length', () => {
    expect([lengthBandOf(8), lengthBandOf(15), lengthBandOf(30), lengthBandOf(31), lengthBandOf(null), lengthBandOf(0)]).toEqual(['short', 'medium', 'medium', 'long', null, null]);
  });
  it('reads the posting hour on the merchant’s clock, UTC’s for an unknown zone', () => {
    const at = new Date('2026-07-01T02:30:00Z');
    expect(localHour(at, 'America/Los_Angeles')).toBe(19);
    expect(localHour(at, 'Asia/Shanghai')).toBe(10);
    expect(localHour(at, 'Not/AZone')).toBe(2);
  });
});

describe('the figures', () => {
  it('takes the median of plays and the geometric mean with an 80% interval that narrows with agreement', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
    expect(median([])).toBeNull();
    const alike = typicalPlays([99, 99, 99, 99]);
    expect(alike.typical).toBeCloseTo(99);
    expect(alike.interval!.low).toBeCloseTo(99);
    expect(alike.interval!.high).toBeCloseTo(99);
    const spread = typicalPlays([9, 99, 999, 9999]);
    expect(spread.typical).toBeCloseTo(Math.expm1((Math.log(10) + Math.log(100) + Math.log(1000) + Math.log(10000)) / 4));
    expect(spread.interval!.low).toBeLessThan(spread.typical!);
    expect(spread.interval!.high).toBeGreaterThan(spread.typical!);
    // One video says nothing about how sure.
    expect(typicalPlays([50]).interval).toBeNull();
  });

  it('pools engagement over plays, counts a post once across platforms, and its link once', () => {
    const a = outcome({ plays: 1000, likes: 50, comments: 0, shares: 0 });
    const b = outcome({ postId: a.postId, platform: 'youtube', plays: 3, likes: 3, comments: 0, shares: 0 });
    const f = figuresOf([a, b], new Map([[a.postId, { visits: 7, redemptions: 2 }]]));
    expect(f.posts).toBe(1);
    expect(f.videos).toBe(2);
    expect(f.engagementRate).toBeCloseTo(53 / 1003);
    expect([f.visits, f.redemptions]).toEqual([7, 2]);
    expect(figuresOf([a], null).visits).toBeNull();
  });

  it('groups every choice, best first, and leaves unknown choices out', () => {
    const rows = [
      outcome({ hookStyle: 'question', plays24h: 900 }),
      outcome({ hookStyle: 'question', plays24h: 700 }),
      outcome({ hookStyle: 'offer_first', plays24h: 20 }),
      outcome({ hookStyle: null, plays24h: 5000, look: null }),
    ];
    const hooks = choiceFigures(rows, null).filter((row) => row.dimension === 'hook_style');
    expect(hooks.map((row) => [row.value, row.videos])).toEqual([
      ['question', 2],
      ['offer_first', 1],
    ]);
    expect(hooks[0]!.medianPlays24h).toBe(800);
    const hours = choiceFigures(rows, null).filter((row) => row.dimension === 'posting_hour');
    expect(hours.map((row) => row.value)).toEqual(['10']);
  });

  it('names the best and the worst measured videos, never the same one twice', () => {
    const rows = [outcome({ plays24h: 5 }), outcome({ plays24h: 500 }), outcome({ plays24h: 50 }), outcome({ plays24h: null })];
    const { best, worst } = bestAndWorst(rows, 2);
    expect(best.map((o) => o.plays24h)).toEqual([500, 50]);
    expect(worst.map((o) => o.plays24h)).toEqual([5]);
  });
});
