import { describe, expect, it } from 'vitest';
import { RENEWAL_WINDOWS, urgencyOf } from './renewals';

describe('urgencyOf', () => {
  it('matches the 7 / 15 / 30 day windows', () => {
    expect(RENEWAL_WINDOWS).toEqual([7, 15, 30]);
    expect(urgencyOf(0)).toBe('urgent');
    expect(urgencyOf(7)).toBe('urgent');
    expect(urgencyOf(8)).toBe('soon');
    expect(urgencyOf(15)).toBe('soon');
    expect(urgencyOf(29)).toBe('later');
  });
});
