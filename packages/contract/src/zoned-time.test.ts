import { describe, expect, it } from 'vitest';
import { addDays, calendarDay, hourOfDay, instantOfWallClock, wallClockAt, zoneOffsetMinutes } from './zoned-time.js';

describe('time on a zone’s calendar', () => {
  // 02:30 UTC on 2 December: still the 1st, 18:30, in Los Angeles; the 2nd, 10:30, in Shanghai.
  const at = new Date('2026-12-02T02:30:15Z');

  it('reads the wall clock, the day and the hour of an instant in a zone', () => {
    expect(wallClockAt(at, 'America/Los_Angeles')).toEqual({ year: 2026, month: 12, day: 1, hour: 18, minute: 30, second: 15 });
    expect(calendarDay(at, 'America/Los_Angeles')).toBe('2026-12-01');
    expect(calendarDay(at, 'Asia/Shanghai')).toBe('2026-12-02');
    expect(hourOfDay(at, 'Asia/Shanghai')).toBe(10);
    // Midnight is hour 0, never 24.
    expect(hourOfDay(Date.UTC(2026, 0, 1), 'UTC')).toBe(0);
    expect(() => calendarDay(at, 'Not/AZone')).toThrow(RangeError);
  });

  it('reads a zone’s offset in minutes, summer time included', () => {
    expect(zoneOffsetMinutes(Date.UTC(2026, 0, 1), 'America/New_York')).toBe(-300);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 1), 'America/New_York')).toBe(-240);
    expect(zoneOffsetMinutes(at, 'Asia/Kolkata')).toBe(330);
    expect(zoneOffsetMinutes(at, 'UTC')).toBe(0);
  });

  it('finds the instant of a wall-clock time, across a change of offset too', () => {
    expect(new Date(instantOfWallClock('2026-12-01', 18 * 60 + 30, 'America/Los_Angeles')).toISOString()).toBe('2026-12-02T02:30:00.000Z');
    // 8 March 2026: Los Angeles moves from -8 to -7 at 02:00; 12:00 that day is summer time.
    expect(new Date(instantOfWallClock('2026-03-08', 12 * 60, 'America/Los_Angeles')).toISOString()).toBe('2026-03-08T19:00:00.000Z');
    // 02:30 does not exist that day: it resolves to the offset after the change (10:30 UTC = 03:30 PDT).
    expect(new Date(instantOfWallClock('2026-03-08', 2 * 60 + 30, 'America/Los_Angeles')).toISOString()).toBe('2026-03-08T09:30:00.000Z');
  });

  it('counts calendar days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
