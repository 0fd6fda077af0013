import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-11-23T12:00:00Z');

describe('relativeTime', () => {
  it.each([
    ['2026-11-23T11:59:40Z', 'en-US', 'now'],
    ['2026-11-23T11:55:00Z', 'en-US', '5 minutes ago'],
    ['2026-11-23T09:00:00Z', 'en-US', '3 hours ago'],
    ['2026-11-22T10:00:00Z', 'en-US', 'yesterday'],
    ['2026-11-13T12:00:00Z', 'en-US', 'last week'],
    ['2026-11-02T12:00:00Z', 'en-US', '3 weeks ago'],
    ['2026-11-21T12:00:00Z', 'es-ES', 'anteayer'],
    ['2026-11-23T09:00:00Z', 'zh-CN', '3小时前'],
  ])('%s in %s', (iso, locale, expected) => {
    expect(relativeTime(iso, locale, now)).toBe(expected);
  });
});
