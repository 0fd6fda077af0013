import { PAY_STATUS, type CurrentUser, type DashboardTotalResponse } from '@nearcast/contract';
import { daysLeftHere } from '../../../lib/days-left';

type Plan = NonNullable<DashboardTotalResponse['plan']>;

/**
 * The merchant's plan as its session tells it, for when the dashboard knows no purchase behind
 * it (an account an admin marked paid): the standing and the end date are the account's own,
 * only the plan's name is unknown (left empty; the card says "Your plan").
 */
export function planFromSession(user: Pick<CurrentUser, 'pay_status' | 'expire_time'>, now: Date = new Date()): Plan {
  const state = user.pay_status === PAY_STATUS.paid ? 'paid' : user.pay_status === PAY_STATUS.expired ? 'expired' : 'unpaid';
  return { name: '', state, expires_at: user.expire_time ?? null, days_left: daysLeftHere(user.expire_time, now) };
}
