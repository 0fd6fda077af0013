import { describe, expect, it } from 'vitest';
import { costPer, costPerThousand, dueMonth, monthIn, monthWindow, previousMonth } from './facts.js';
import { changeText, monthName } from './report-pdf.js';

describe('the month a report is due for', () => {
  it('comes on the first in the merchant’s zone, west of UTC', () => {
    // 07:59 UTC on December 1st is 23:59 on November 30th in Los Angeles (PST, UTC−8).
    expect(dueMonth(new Date('2026-12-01T07:59:00Z'), 'America/Los_Angeles')).toBe('2026-10');
    expect(dueMonth(new Date('2026-12-01T08:00:00Z'), 'America/Los_Angeles')).toBe('2026-11');
  });

  it('waits for the month to end in UTC, east of it', () => {
    // Shanghai's December 1st begins at 16:00 UTC on November 30th: November is not over in UTC.
    expect(monthIn(new Date('2026-11-30T16:00:00Z'), 'Asia/Shanghai')).toBe('2026-12');
    expect(dueMonth(new Date('2026-11-30T16:00:00Z'), 'Asia/Shanghai')).toBe('2026-10');
    expect(dueMonth(new Date('2026-12-01T00:00:00Z'), 'Asia/Shanghai')).toBe('2026-11');
  });

  it('crosses the year', () => {
    expect(previousMonth('2027-01')).toBe('2026-12');
    expect(dueMonth(new Date('2027-01-01T12:00:00Z'), 'UTC')).toBe('2026-12');
    expect(monthWindow('2026-12')).toEqual({ start: new Date('2026-12-01T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z'), from: '2026-12-01', to: '2026-12-31' });
    expect(monthWindow('2028-02').to).toBe('2028-02-29');
  });
});

describe('the report’s words', () => {
  it('prices a thousand plays, or says nothing without plays or a plan', () => {
    expect(costPerThousand(99_900, 12_345)).toBe(8_092);
    expect(costPerThousand(99_900, 0)).toBeNull();
    expect(costPerThousand(null, 12_345)).toBeNull();
  });

  it('prices a visit and a redemption, or says nothing without any or without a plan', () => {
    expect(costPer(99_900, 130)).toBe(768);
    expect(costPer(99_900, 3)).toBe(33_300);
    expect(costPer(99_900, 0)).toBeNull();
    expect(costPer(null, 130)).toBeNull();
  });

  it('writes the month in the spec’s style and the change in each language', () => {
    // Spec §9's style in every language: a month is 2026/10 whoever reads it.
    expect(monthName('2026-10')).toBe('2026/10');
    expect(monthName('2027-01')).toBe('2027/01');
    expect(changeText(123, 100, 'en-US', '2026/09')).toBe('+23% vs 2026/09');
    expect(changeText(50, 100, 'es-ES', '2026/09')?.replace(/\s/g, ' ')).toBe('-50 % frente a 2026/09');
    expect(changeText(80, 100, 'zh-CN', '2026/09')).toBe('较 2026/09 -20%');
    expect(changeText(5, 0, 'zh-CN', '2026/09')).toBe('本月新增');
    expect(changeText(null, 10, 'en-US', '2026/09')).toBeNull();
    expect(changeText(10, null, 'en-US', '2026/09')).toBeNull();
  });
});
