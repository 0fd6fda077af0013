import { PAY_STATUS, type CurrentUser } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { opensDashboard, planStanding } from './plan-standing';

const user = (pay_status: number, expire_time: string | null = null) => ({ pay_status, expire_time }) as CurrentUser;

describe('planStanding', () => {
  it('a visitor has no plan to show', () => {
    expect(planStanding(null, null)).toEqual({ kind: 'visitor' });
  });

  it('staff and agents need no plan, whatever their pay status says', () => {
    expect(planStanding(user(PAY_STATUS.unpaid), 'partner')).toEqual({ kind: 'staff' });
    expect(planStanding(user(PAY_STATUS.unpaid), 'super')).toEqual({ kind: 'staff' });
    expect(opensDashboard({ kind: 'staff' })).toBe(true);
  });

  it('a paid client or studio sees its plan and expiry, and reaches its dashboard', () => {
    const standing = planStanding(user(PAY_STATUS.paid, '2026-12-31T00:00:00.000Z'), 'client');
    expect(standing).toEqual({ kind: 'active', expireTime: '2026-12-31T00:00:00.000Z' });
    expect(opensDashboard(standing)).toBe(true);
  });

  it('an unpaid or expired merchant is told its plan is not active', () => {
    expect(planStanding(user(PAY_STATUS.unpaid), 'studio')).toEqual({ kind: 'unpaid' });
    const expired = planStanding(user(PAY_STATUS.expired, '2026-01-01T00:00:00.000Z'), 'client');
    expect(expired).toEqual({ kind: 'expired', expireTime: '2026-01-01T00:00:00.000Z' });
    expect(opensDashboard(expired)).toBe(false);
    expect(opensDashboard({ kind: 'unpaid' })).toBe(false);
  });
});
