import { describe, expect, it } from 'vitest';
import { wallTimeIn, zonedIso } from './zoned-time';

describe('zonedIso', () => {
  it('gives a wall time in a zone its offset, winter and summer', () => {
    expect(zonedIso('2026-12-01T18:00', 'America/Los_Angeles')).toBe('2026-12-01T18:00:00-08:00');
    expect(zonedIso('2026-07-01T18:00', 'America/Los_Angeles')).toBe('2026-07-01T18:00:00-07:00');
    expect(zonedIso('2026-07-01T09:30', 'Asia/Shanghai')).toBe('2026-07-01T09:30:00+08:00');
    expect(zonedIso('2026-07-01T09:30', 'Asia/Kolkata')).toBe('2026-07-01T09:30:00+05:30');
    expect(zonedIso('2026-01-15T00:00', 'UTC')).toBe('2026-01-15T00:00:00+00:00');
  });

  it('names the same instant as the wall time it came from', () => {
    const iso = zonedIso('2026-03-29T12:15', 'Europe/Madrid')!;
    expect(new Date(iso).toISOString()).toBe('2026-03-29T10:15:00.000Z');
    expect(wallTimeIn(iso, 'Europe/Madrid')).toBe('2026-03-29T12:15');
  });

  it('resolves a time skipped by the spring change to the offset after it', () => {
    // 02:30 does not exist in Los Angeles on 2026-03-08 (clocks jump from 02:00 to 03:00).
    expect(zonedIso('2026-03-08T02:30', 'America/Los_Angeles')).toMatch(/-07:00$/);
  });

  it('refuses text that is not a wall time', () => {
    expect(zonedIso('', 'UTC')).toBeNull();
    expect(zonedIso('2026-12-01', 'UTC')).toBeNull();
    expect(zonedIso('tomorrow at six', 'UTC')).toBeNull();
  });
});

describe('wallTimeIn', () => {
  it('shows a UTC instant on the clock of the event zone', () => {
    expect(wallTimeIn('2026-12-02T02:00:00.000Z', 'America/Los_Angeles')).toBe('2026-12-01T18:00');
    expect(wallTimeIn('2026-12-02T02:00:00.000Z', 'Asia/Shanghai')).toBe('2026-12-02T10:00');
    expect(wallTimeIn('not a time', 'UTC')).toBeNull();
  });
});
