import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatUsd } from './money';

describe('centsToDecimal', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1999, '19.99'],
    [100_000, '1000.00'],
    [-250, '-2.50'],
    [12_345_678_901, '123456789.01'],
  ])('%i cents is %s', (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
  });
});

describe('formatUsd', () => {
  it('shows dollars with grouping and two decimals', () => {
    expect(formatUsd(100_000)).toBe('$1,000.00');
    expect(formatUsd(1999)).toBe('$19.99');
    expect(formatUsd(0)).toBe('$0.00');
  });

  it('keeps the dollar sign in other languages', () => {
    expect(formatUsd(123_450, 'zh-CN')).toBe('$1,234.50');
    expect(formatUsd(123_450, 'es-ES')).toMatch(/^1\.?234,50\s\$$/);
  });
});
