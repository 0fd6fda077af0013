import { describe, expect, it } from 'vitest';
import { formatUsd } from './money';

describe('formatUsd', () => {
  it('shows integer cents as dollars, dropping .00 on whole amounts', () => {
    expect(formatUsd(100_000, 'en-US')).toBe('$1,000');
    expect(formatUsd(123_456, 'en-US')).toBe('$1,234.56');
    expect(formatUsd(5, 'en-US')).toBe('$0.05');
    expect(formatUsd(0, 'en-US')).toBe('$0');
  });

  it('follows the interface language but stays in US dollars', () => {
    expect(formatUsd(100_000, 'zh-CN')).toBe('US$1,000');
    expect(formatUsd(123_456, 'es-ES')).toMatch(/^1234,56\s?US\$$/);
  });
});
