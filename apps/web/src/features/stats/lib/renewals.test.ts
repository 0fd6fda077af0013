import { describe, expect, it } from 'vitest';
import { daysLeft, RENEWAL_WINDOWS, urgencyOf } from './renewals';

const now = new Date('2026-05-01T12:00:00Z');

describe('daysLeft', () => {
  it('counts whole days to the expiry', () => {
    expect(daysLeft('2026-05-08T12:00:00Z', now)).toBe(7);
    expect(daysLeft('2026-05-08T11:59:59Z', now)).toBe(6);
    expect(daysLeft('2026-05-01T18:00:00Z', now)).toBe(0);
  });

  it('never goes below zero and has nothing to say without a date', () => {
    expect(daysLeft('2026-04-20T00:00:00Z', now)).toBe(0);
    expect(daysLeft(null, now)).toBeNull();
    expect(daysLeft('not a date', now)).toBeNull();
  });
});

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
