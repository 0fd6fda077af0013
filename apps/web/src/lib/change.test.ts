import { describe, expect, it } from 'vitest';
import { changeOf, isGoodChange } from './change';

describe('changeOf', () => {
  it.each([
    [120, 100, { direction: 'up', percent: 20 }],
    [80, 100, { direction: 'down', percent: 20 }],
    [1034, 1000, { direction: 'up', percent: 3.4 }],
    [100, 100, { direction: 'flat', percent: 0 }],
    [0, 0, { direction: 'flat', percent: 0 }],
    [5, 0, { direction: 'new' }],
    [0, 7, { direction: 'down', percent: 100 }],
    [100_001, 100_000, { direction: 'flat', percent: 0 }],
    [250, 100, { direction: 'up', percent: 150 }],
  ] as const)('%i against %i', (current, previous, expected) => {
    expect(changeOf(current, previous)).toEqual(expected);
  });

  it('compares refunds (negative revenue) by size, not sign', () => {
    expect(changeOf(-50, -100)).toEqual({ direction: 'up', percent: 50 });
  });
});

describe('isGoodChange', () => {
  it('reads a rise as good only where more is better', () => {
    expect(isGoodChange({ direction: 'up', percent: 5 }, true)).toBe(true);
    expect(isGoodChange({ direction: 'up', percent: 5 }, false)).toBe(false);
    expect(isGoodChange({ direction: 'down', percent: 5 }, false)).toBe(true);
    expect(isGoodChange({ direction: 'new' }, true)).toBe(true);
    expect(isGoodChange({ direction: 'flat', percent: 0 }, true)).toBeNull();
  });
});
