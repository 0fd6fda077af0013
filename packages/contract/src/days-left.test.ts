import { describe, expect, it } from 'vitest';
import { daysLeft } from './days-left.js';

describe('days left of a plan', () => {
  it('counts calendar days to the end date, whatever the hour of either', () => {
    const end = '2025-11-29T10:00:00Z';
    // Late on the 26th and early on the 26th both say 3 (the end's hour is earlier, then later).
    expect(daysLeft(end, new Date('2025-11-26T23:59:00Z'), 'UTC')).toBe(3);
    expect(daysLeft(end, new Date('2025-11-26T00:01:00Z'), 'UTC')).toBe(3);
    expect(daysLeft('2025-11-29T23:00:00Z', new Date('2025-11-26T01:00:00Z'), 'UTC')).toBe(3);
  });

  it('turns at midnight of the zone, not 24 hours before the end', () => {
    const end = '2025-11-29T10:00:00Z';
    expect(daysLeft(end, new Date('2025-11-27T23:59:59.999Z'), 'UTC')).toBe(2);
    expect(daysLeft(end, new Date('2025-11-28T00:00:00Z'), 'UTC')).toBe(1);
    expect(daysLeft(end, new Date('2025-11-29T00:00:00Z'), 'UTC')).toBe(0);
    expect(daysLeft(end, new Date('2025-11-29T09:59:59Z'), 'UTC')).toBe(0);
  });

  it('reads both days in the zone given, so it agrees with the end date shown there', () => {
    // 02:00 UTC on the 29th is still the 28th in Los Angeles and already the 29th in Shanghai.
    const end = '2025-11-29T02:00:00Z';
    const now = new Date('2025-11-26T20:00:00Z'); // the 26th in LA (12:00), the 27th in Shanghai (04:00)
    expect(daysLeft(end, now, 'America/Los_Angeles')).toBe(2);
    expect(daysLeft(end, now, 'Asia/Shanghai')).toBe(2);
    expect(daysLeft(end, now, 'UTC')).toBe(3);
    // Madrid: now is the 26th at 21:00, the end the 29th at 03:00.
    expect(daysLeft(end, now, 'Europe/Madrid')).toBe(3);
  });

  it('counts a day across a daylight-saving change as one day', () => {
    // Spring forward in New York on 9 March 2025: the 8th to the 10th is two days, 47 hours apart.
    expect(daysLeft('2025-03-10T12:00:00-04:00', new Date('2025-03-08T13:00:00-05:00'), 'America/New_York')).toBe(2);
    // Fall back on 2 November 2025: 49 hours, still two days.
    expect(daysLeft('2025-11-03T00:30:00-05:00', new Date('2025-11-01T00:30:00-04:00'), 'America/New_York')).toBe(2);
  });

  it('is 0 once the end has passed, and null without an end', () => {
    expect(daysLeft('2025-11-29T10:00:00Z', new Date('2025-11-29T10:00:00Z'), 'UTC')).toBe(0);
    expect(daysLeft('2025-11-29T10:00:00Z', new Date('2025-12-05T00:00:00Z'), 'UTC')).toBe(0);
    expect(daysLeft(null, new Date(), 'UTC')).toBeNull();
    expect(daysLeft(undefined, new Date(), 'UTC')).toBeNull();
    expect(daysLeft('not a date', new Date(), 'UTC')).toBeNull();
  });

  it('takes a Date as well as an ISO string', () => {
    expect(daysLeft(new Date('2025-11-29T10:00:00Z'), new Date('2025-11-26T12:00:00Z'), 'UTC')).toBe(3);
  });
});
