import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatUsd, formatUsdRound } from './money';

describe('dollarsToCents', () => {
  it.each([
    ['19.99', 1999],
    ['0.1', 10],
    ['0.07', 7],
    ['1200', 120_000],
    ['1200.', 120_000],
    ['.5', 50],
    [' 999.00 ', 99_900],
    ['$1 000.50', 100_050],
    ['19,99', 1999],
    ['0', 0],
    ['-2.50', -250],
    ['1000000.00', 100_000_000],
  ])('%j dollars is %i cents', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents);
  });

  it('takes the digits as typed, where multiplying the float by 100 drifts', () => {
    // 1.005 * 100 is 100.49999999999999 and 4.35 * 100 is 434.99999999999994 as floats.
    expect(dollarsToCents('1.005')).toBe(101);
    expect(dollarsToCents('4.35')).toBe(435);
    expect(dollarsToCents(4.35)).toBe(435);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents('19.994')).toBe(1999);
    expect(dollarsToCents('19.995')).toBe(2000);
  });

  it('reads every cent amount back from its own dollar text', () => {
    for (let cents = 0; cents <= 200_000; cents += 1) {
      if (dollarsToCents(centsToDollars(cents)) !== cents) throw new Error(`round trip of ${cents} failed`);
      if (dollarsToCents(Number(centsToDollars(cents))) !== cents) throw new Error(`numeric round trip of ${cents} failed`);
    }
  });

  it('answers undefined for a blank field and NaN for what is not a number', () => {
    expect(dollarsToCents('')).toBeUndefined();
    expect(dollarsToCents('   ')).toBeUndefined();
    expect(dollarsToCents(null)).toBeUndefined();
    expect(dollarsToCents(undefined)).toBeUndefined();
    for (const text of ['abc', '1.2.3', '.', '-', '12a', '1e3']) expect(dollarsToCents(text), text).toBeNaN();
    expect(dollarsToCents(Number.POSITIVE_INFINITY)).toBeNaN();
    expect(dollarsToCents('9'.repeat(20))).toBeNaN();
  });
});

describe('centsToDollars', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1999, '19.99'],
    [120_000, '1200.00'],
    [-250, '-2.50'],
  ])('%i cents is %s', (cents, text) => {
    expect(centsToDollars(cents)).toBe(text);
  });
});

describe('formatUsd', () => {
  it('shows US dollars with grouping and cents', () => {
    expect(formatUsd(1999, 'en-US')).toBe('$19.99');
    expect(formatUsd(120_000, 'en-US')).toBe('$1,200.00');
    expect(formatUsd(0, 'en-US')).toBe('$0.00');
  });

  it('keeps the plain dollar sign in the other interface languages', () => {
    expect(formatUsd(123_450, 'zh-CN')).toBe('$1,234.50');
    expect(formatUsd(1999, 'es-ES')).toMatch(/^19,99\s\$$/);
    expect(formatUsd(123_450, 'es-ES')).toMatch(/^1\.?234,50\s\$$/);
  });

  it('always writes the cents, so one amount reads the same on every page', () => {
    expect(formatUsd(99_900, 'en-US')).toBe('$999.00');
    expect(formatUsd(99_950, 'en-US')).toBe('$999.50');
    expect(formatUsd(99_900, 'zh-CN')).toBe('$999.00');
    expect(formatUsd(99_900, 'es-ES')).toMatch(/^999,00\s\$$/);
  });

  it('formats the largest safe amount digit for digit', () => {
    // cents / 100 as a float would print "…409.90".
    expect(formatUsd(Number.MAX_SAFE_INTEGER, 'en-US')).toBe('$90,071,992,547,409.91');
  });
});

describe('formatUsd across the interface languages', () => {
  it('keeps a plain dollar sign in every language, never "US$"', () => {
    expect(formatUsd(123_450, 'zh-CN')).toBe('$1,234.50');
    expect(formatUsd(123_450, 'es-ES')).toMatch(/^1\.?234,50\s\$$/);
    for (const locale of ['en-US', 'zh-CN', 'es-ES']) expect(formatUsd(100_000, locale)).not.toMatch(/US\$|USD/);
  });
});

describe('formatUsdRound', () => {
  it('writes the landing page’s round figures with the same symbol in the same place', () => {
    expect(formatUsdRound(700, 'en-US')).toBe('$700');
    expect(formatUsdRound(14_000, 'en-US')).toBe('$14,000');
    expect(formatUsdRound(700, 'es-ES')).toMatch(/^700\s\$$/);
    expect(formatUsdRound(700, 'zh-CN')).toBe('$700');
  });
});
