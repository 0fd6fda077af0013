import { describe, expect, it } from 'vitest';
import {
  byPlatformOrder,
  costView,
  emptyKind,
  formatCount,
  formatMetric,
  formatPercent,
  formatReportMonth,
  linkFreshFor,
  nextReportDate,
  parseReportMonth,
  monthChangeOf,
  reportIdOf,
} from './report-view';

describe('parseReportMonth', () => {
  it('reads a calendar month', () => {
    expect(parseReportMonth('2026-10')).toEqual({ year: 2026, month: 10 });
    expect(parseReportMonth('2027-01')).toEqual({ year: 2027, month: 1 });
  });

  it('refuses anything that is not YYYY-MM', () => {
    for (const text of ['2026-13', '2026-00', '2026-1', '2026-10-01', 'October', '']) expect(parseReportMonth(text), text).toBeNull();
  });
});

describe('formatReportMonth', () => {
  it('writes the month in the spec’s style (2026/10) whatever the reader’s language', () => {
    expect(formatReportMonth('2026-10')).toBe('2026/10');
  });

  it('keeps the calendar month whatever the reader’s zone (January is not shifted into December)', () => {
    expect(formatReportMonth('2027-01')).toBe('2027/01');
    expect(formatReportMonth('2026-12')).toBe('2026/12');
  });

  it('shows text that is not a month as it came', () => {
    expect(formatReportMonth('soon')).toBe('soon');
  });
});

describe('monthChangeOf', () => {
  it('moves as the dashboard’s figures do', () => {
    expect(monthChangeOf(1034, 1000)).toEqual({ direction: 'up', percent: 3.4 });
    expect(monthChangeOf(12, 0)).toEqual({ direction: 'new' });
  });

  it('compares nothing when either month is not known', () => {
    expect(monthChangeOf(12, null)).toBeNull();
    expect(monthChangeOf(null, 12)).toBeNull();
    expect(monthChangeOf(null, null)).toBeNull();
  });
});

describe('formatMetric', () => {
  it('writes a count in the reader’s digits, and a missing one as not available, never 0', () => {
    expect(formatMetric(1234567, 'en-US', 'n/a')).toBe('1,234,567');
    expect(formatMetric(1234567, 'es-ES', 'n/d')).toBe('1.234.567');
    expect(formatMetric(0, 'en-US', 'n/a')).toBe('0');
    expect(formatMetric(null, 'en-US', 'n/a')).toBe('n/a');
    expect(formatCount(4200, 'zh-CN')).toBe('4,200');
  });

  it('writes a percentage with the reader’s decimal mark', () => {
    expect(formatPercent(3.4, 'en-US')).toBe('3.4');
    expect(formatPercent(3.4, 'es-ES')).toBe('3,4');
  });
});

describe('costView', () => {
  const plan = { name: 'Growth', price_cents: 29900 };
  const plays = (value: number) => ({ value, previous: null });

  it('shows the cost with its move, lower being compared like any figure', () => {
    expect(costView({ cost_per_thousand_cents: 250, previous_cost_per_thousand_cents: 500, plan, plays_figure: plays(120_000) })).toEqual({
      kind: 'value',
      cents: 250,
      change: { direction: 'down', percent: 50 },
    });
    expect(costView({ cost_per_thousand_cents: 250, previous_cost_per_thousand_cents: null, plan, plays_figure: plays(120_000) })).toEqual({
      kind: 'value',
      cents: 250,
      change: null,
    });
  });

  it('says why there is no cost: no plan, no plays, or plays nobody reported', () => {
    expect(costView({ cost_per_thousand_cents: null, previous_cost_per_thousand_cents: null, plan: null, plays_figure: plays(500) })).toEqual({ kind: 'no_plan' });
    expect(costView({ cost_per_thousand_cents: null, previous_cost_per_thousand_cents: 300, plan, plays_figure: plays(0) })).toEqual({ kind: 'no_plays' });
    expect(costView({ cost_per_thousand_cents: null, previous_cost_per_thousand_cents: null, plan, plays_figure: plays(500) })).toEqual({ kind: 'unavailable' });
  });
});

describe('platforms', () => {
  it('lists platforms in the contract’s order, the sandbox last', () => {
    const rows = [{ platform: 'sandbox' }, { platform: 'youtube' }, { platform: 'tiktok' }];
    expect(byPlatformOrder(rows).map((row) => row.platform)).toEqual(['tiktok', 'youtube', 'sandbox']);
  });
});

describe('nextReportDate', () => {
  it('is the first of the next month, across a year’s end', () => {
    expect(nextReportDate(new Date(2026, 9, 17, 15, 0))).toEqual(new Date(2026, 10, 1));
    expect(nextReportDate(new Date(2026, 11, 31, 23, 59))).toEqual(new Date(2027, 0, 1));
  });
});

describe('emptyKind', () => {
  it('tells a merchant its first report is coming, and others what they narrowed to', () => {
    expect(emptyKind('client', false)).toBe('client');
    expect(emptyKind('studio', false)).toBe('others');
    expect(emptyKind('super', true)).toBe('filtered');
  });
});

describe('linkFreshFor', () => {
  it('renews a signed link a minute before it expires', () => {
    const now = Date.parse('2026-11-01T10:00:00Z');
    expect(linkFreshFor('2026-11-01T10:15:00Z', now)).toBe(14 * 60_000);
    expect(linkFreshFor('2026-11-01T10:00:30Z', now)).toBe(0);
    expect(linkFreshFor('not a time', now)).toBe(0);
  });

  it('never waits longer than a day, however far off the expiry (a longer timer would fire at once)', () => {
    expect(linkFreshFor('2099-01-01T00:00:00Z', Date.parse('2026-11-01T10:00:00Z'))).toBe(24 * 60 * 60 * 1000);
  });
});

describe('reportIdOf', () => {
  it('reads a report id from the address, and nothing else', () => {
    expect(reportIdOf('123')).toBe(123);
    for (const text of [null, '', '0', '-4', '1.5', 'abc', '12abc', '99999999999']) expect(reportIdOf(text), String(text)).toBeNull();
  });
});
