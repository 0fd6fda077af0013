import { describe, expect, it } from 'vitest';
import { countdownTo, timeStatusAt } from './countdown';

describe('countdownTo', () => {
  const now = Date.UTC(2026, 11, 1, 12, 0, 0);

  it('splits what is left into days, hours, minutes and seconds', () => {
    expect(countdownTo(now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(countdownTo(now + 59_999, now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 59 });
  });

  it('is over at the start and after it', () => {
    expect(countdownTo(now, now)).toBeNull();
    expect(countdownTo(now + 999, now)).toBeNull();
    expect(countdownTo(now - 60_000, now)).toBeNull();
  });
});

describe('timeStatusAt', () => {
  const live = { start_time: '2026-12-01T18:00:00.000Z', end_time: '2026-12-01T19:30:00.000Z' };

  it('moves from upcoming to live now to ended on the reader clock', () => {
    expect(timeStatusAt(live, Date.parse('2026-12-01T17:59:59Z'))).toBe('upcoming');
    expect(timeStatusAt(live, Date.parse('2026-12-01T18:00:00Z'))).toBe('live');
    expect(timeStatusAt(live, Date.parse('2026-12-01T19:29:59Z'))).toBe('live');
    expect(timeStatusAt(live, Date.parse('2026-12-01T19:30:00Z'))).toBe('ended');
  });
});
