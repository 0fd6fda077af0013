import { PAY_STATUS, PAYING } from '@nearcast/contract';
import { planRequired } from '../errors.js';
import type { Caller, CallerAccount } from './caller.js';

/**
 * Whether the account's plan is active at `now`: paid, and not past its end. The end is read
 * here as well as the status because the expiry job flips a lapsed plan to expired only on its
 * next tick; until then the status alone would still say paid. The caller's account is read
 * from the database on every request (session-service), so a payment that just completed
 * counts on the very next call. A paid account without an end date has no end to pass.
 */
export function hasActivePlan(account: Pick<CallerAccount, 'payStatus' | 'expireAt'>, now: Date = new Date()): boolean {
  return account.payStatus === PAY_STATUS.paid && (account.expireAt === null || account.expireAt > now);
}

/** Plan gating (docs/decisions/053): only clients and studios pay, so only they are held to it. */
export function lacksPlan(caller: Caller, now?: Date): boolean {
  return PAYING.includes(caller.role) && !hasActivePlan(caller.account, now);
}

/** Refuses a client or studio without an active plan with the '402' plan-required answer. */
export function assertPlan(caller: Caller): void {
  if (lacksPlan(caller)) throw planRequired();
}
