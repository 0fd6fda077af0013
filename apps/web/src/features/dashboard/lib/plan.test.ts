import { PAY_STATUS } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { planFromSession } from './plan';

const now = new Date('2026-11-23T12:00:00Z');

describe('planFromSession', () => {
  it('reads the standing and the days left from the account', () => {
    expect(planFromSession({ pay_status: PAY_STATUS.paid, expire_time: '2026-12-23T12:00:00Z' }, now)).toEqual({
      name: '',
      state: 'paid',
      expires_at: '2026-12-23T12:00:00Z',
      days_left: 30,
    });
  });

  it('has no days left once expired, and no date when the account has none', () => {
    expect(planFromSession({ pay_status: PAY_STATUS.expired, expire_time: '2026-11-01T00:00:00Z' }, now)).toMatchObject({ state: 'expired', days_left: 0 });
    expect(planFromSession({ pay_status: PAY_STATUS.unpaid, expire_time: null }, now)).toEqual({ name: '', state: 'unpaid', expires_at: null, days_left: null });
  });
});
