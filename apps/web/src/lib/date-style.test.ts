import { describe, expect, it } from 'vitest';
import { formatDay, formatDayTime, formatMonth, NO_DATE, weekdayOf, zoneNameOf } from './date-style';

// 2026-11-28 23:30 UTC: still the 28th in Los Angeles, already the 29th in Shanghai.
const AT = '2026-11-28T23:30:00.000Z';

describe('the zh-CN date style (spec §9)', () => {
  it('writes a day, a time and a month the same way in every zone it is given', () => {
    expect(formatDay(AT, 'UTC')).toBe('2026/11/28');
    expect(formatDayTime(AT, 'UTC')).toBe('2026/11/28 23:30');
    expect(formatDayTime(AT, 'America/Los_Angeles')).toBe('2026/11/28 15:30');
    expect(formatDayTime(AT, 'Asia/Shanghai')).toBe('2026/11/29 07:30');
    expect(formatMonth(AT, 'UTC')).toBe('2026/11');
  });

  it('counts hours from 00 to 23', () => {
    expect(formatDayTime('2026-11-28T00:05:00.000Z', 'UTC')).toBe('2026/11/28 00:05');
  });

  it('names the weekday and the zone in the reader’s language', () => {
    expect(weekdayOf(AT, 'en-US', 'UTC')).toBe('Sat');
    expect(weekdayOf(AT, 'zh-CN', 'UTC')).toBe('周六');
    expect(zoneNameOf(AT, 'en-US', 'America/Los_Angeles')).toBe('PST');
  });

  it('says nothing made up for an invalid date or an unknown zone', () => {
    expect(formatDay('not a date')).toBe(NO_DATE);
    expect(formatDayTime(AT, 'Mars/Olympus_Mons')).toBe(NO_DATE);
    expect(weekdayOf('not a date', 'en-US')).toBe('');
    expect(zoneNameOf(AT, 'en-US', 'Mars/Olympus_Mons')).toBe('');
  });
});
