import { describe, expect, it } from 'vitest';
import { boardDateOf, todayIn, zonedToIso } from './dates';

describe('the merchant’s day and time, from a browser anywhere', () => {
  it('says today as the merchant’s calendar has it, and the browser’s day for a zone it does not know', () => {
    const lateInLosAngeles = new Date('2026-12-02T07:30:00Z');
    expect(todayIn('America/Los_Angeles', lateInLosAngeles)).toBe('2026-12-01');
    expect(todayIn('Asia/Shanghai', lateInLosAngeles)).toBe('2026-12-02');
    const browserDay = `${lateInLosAngeles.getFullYear()}-${String(lateInLosAngeles.getMonth() + 1).padStart(2, '0')}-${String(lateInLosAngeles.getDate()).padStart(2, '0')}`;
    expect(todayIn('Not/AZone', lateInLosAngeles)).toBe(browserDay);
    expect(boardDateOf({ plan_date: null, create_time: lateInLosAngeles.toISOString() }, 'America/Los_Angeles')).toBe('2026-12-01');
    expect(boardDateOf({ plan_date: '2026-12-05', create_time: lateInLosAngeles.toISOString() }, 'America/Los_Angeles')).toBe('2026-12-05');
  });

  it('turns a time picked on the merchant’s clock into the instant it is, in winter and in summer', () => {
    expect(zonedToIso('2026-12-01', '18:30', 'America/Los_Angeles')).toBe('2026-12-02T02:30:00.000Z');
    expect(zonedToIso('2026-07-01', '18:30', 'America/Los_Angeles')).toBe('2026-07-02T01:30:00.000Z');
  });
});
