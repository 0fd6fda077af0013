import { describe, expect, it } from 'vitest';
import { formatDay, formatDayTime, formatMonth, NO_DATE } from './date-style.js';

describe('the one date style, shared by the web and the server (spec §9)', () => {
  it('writes a calendar day or month stored as text as that same day or month when read in UTC', () => {
    expect(formatDay('2031-03-17T00:00:00Z', 'UTC')).toBe('2031/03/17');
    expect(formatMonth('2031-02-01T00:00:00Z', 'UTC')).toBe('2031/02');
    expect(formatMonth('2027-01-01T00:00:00Z', 'UTC')).toBe('2027/01');
  });

  it('writes a moment in the zone it is given, 24-hour, with zero-padded fields', () => {
    const at = new Date('2031-03-05T23:05:00Z');
    expect(formatDayTime(at, 'UTC')).toBe('2031/03/05 23:05');
    expect(formatDayTime(at, 'Asia/Shanghai')).toBe('2031/03/06 07:05');
    expect(formatDayTime(at.getTime(), 'America/Los_Angeles')).toBe('2031/03/05 15:05');
    // The same zone twice: a kept formatter answers the same.
    expect(formatDay(at, 'Asia/Shanghai')).toBe('2031/03/06');
  });

  it('says nothing made up for an invalid date or an unknown zone', () => {
    expect(formatDay('not a date', 'UTC')).toBe(NO_DATE);
    expect(formatMonth(Number.NaN, 'UTC')).toBe(NO_DATE);
    expect(formatDayTime(new Date(0), 'Mars/Olympus_Mons')).toBe(NO_DATE);
  });
});
