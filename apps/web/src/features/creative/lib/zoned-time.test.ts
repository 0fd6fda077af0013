import { describe, expect, it } from 'vitest';
import { zonedToIso } from './dates';

describe('a time picked in the merchant’s zone', () => {
  it('is that wall-clock time where the merchant is, in winter and in summer', () => {
    expect(zonedToIso('2026-12-02', '09:30', 'America/Los_Angeles')).toBe('2026-12-02T17:30:00.000Z');
    expect(zonedToIso('2026-07-01', '09:30', 'America/Los_Angeles')).toBe('2026-07-01T16:30:00.000Z');
    expect(zonedToIso('2026-12-02', '09:30', 'Asia/Shanghai')).toBe('2026-12-02T01:30:00.000Z');
  });
});
