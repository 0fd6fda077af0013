import { describe, expect, it } from 'vitest';
import { formatUsPhone } from './phone';

describe('formatUsPhone', () => {
  it('groups a 10-digit US number, with or without its country code and separators', () => {
    expect(formatUsPhone('3105550199')).toBe('(310) 555-0199');
    expect(formatUsPhone('+1 310.555.0199')).toBe('(310) 555-0199');
    expect(formatUsPhone('(310) 555-0199')).toBe('(310) 555-0199');
  });

  it('leaves anything else as stored', () => {
    expect(formatUsPhone('')).toBe('');
    expect(formatUsPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });
});
