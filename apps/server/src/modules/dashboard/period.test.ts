import { describe, expect, it } from 'vitest';
import { daysBetween, periodOf } from './period.js';

const NOW = new Date('2026-03-01T23:59:00Z');

describe('dashboard periods', () => {
  it('covers the range ending today and the same length just before it', () => {
    expect(periodOf('today', NOW)).toEqual({ range: 'today', from: '2026-03-01', to: '2026-03-01', previous_from: '2026-02-28', previous_to: '2026-02-28' });
    expect(periodOf('yesterday', NOW)).toEqual({ range: 'yesterday', from: '2026-02-28', to: '2026-02-28', previous_from: '2026-02-27', previous_to: '2026-02-27' });
    expect(periodOf('7d', NOW)).toEqual({ range: '7d', from: '2026-02-23', to: '2026-03-01', previous_from: '2026-02-16', previous_to: '2026-02-22' });
    const ninety = periodOf('90d', NOW);
    expect(daysBetween(ninety.from, ninety.to)).toHaveLength(90);
    expect(daysBetween(ninety.previous_from!, ninety.previous_to!)).toHaveLength(90);
  });

  it('starts the whole network at its first day, with no previous period', () => {
    expect(periodOf('all', NOW, '2025-11-02')).toEqual({ range: 'all', from: '2025-11-02', to: '2026-03-01', previous_from: null, previous_to: null });
    expect(periodOf('all', NOW, null).from).toBe('2026-03-01');
  });
});
