import { CODES } from '@nearcast/contract';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { hit } from './rate-limit-repository.js';

/**
 * A rate limit per signed-in account, for endpoints that cost real work (a render, paid model
 * calls): keyed by who calls, not from where, so a studio behind one office address does not
 * share its limit with its neighbours and one account cannot spread its calls over addresses.
 * Counted in the database, so the limit holds across every web instance. Over it: the '429'
 * answer in the caller's language with the seconds to wait, also as Retry-After.
 */
export async function limitCaller(db: Db, accountId: number, endpoint: string, limit: { max: number; timeWindow: number }, now = new Date()): Promise<void> {
  const { windowStart, hits } = await hit(db, `${accountId}:${endpoint}`, limit.timeWindow, now);
  if (hits <= limit.max) return;
  const seconds = Math.max(1, Math.ceil((windowStart.getTime() + limit.timeWindow - now.getTime()) / 1000));
  throw new AppError(CODES.tooMany, 'error.rate_limited', { seconds });
}
