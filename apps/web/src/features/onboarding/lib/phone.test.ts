import { describe, expect, it } from 'vitest';
import { formatUsPhone } from './phone';

describe('formatUsPhone', () => {
  it('writes 10 digits the US way, with or without the country code', () => {
    expect(formatUsPhone('3105550142')).toBe('(310) 555-0142');
    expect(formatUsPhone('+1 310.555.0142')).toBe('(310) 555-0142');
  });

  it('leaves anything else as it was', () => {
    expect(formatUsPhone('12345')).toBe('12345');
  });
});
