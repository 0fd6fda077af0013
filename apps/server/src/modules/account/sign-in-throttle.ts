import type { Db } from '../../db/client.js';
import { tooMany } from '../../errors.js';
import * as repo from './sign-in-throttle-repository.js';
import type { ClientMeta } from './session-service.js';

/**
 * Sign-in throttling per account (ASVS 6.3.1), on top of the per-address limit: an attacker
 * rotating addresses still meets it. Designed so that it cannot be turned into a long
 * lock-out of the real user:
 * - the first FREE_FAILURES failures cost nothing; each later attempt locks the account for a
 *   short time that doubles per failure (30 s, 1 min, 2 min, … at most 15 minutes);
 * - attempts refused during a lock are not counted, so only real guesses grow it;
 * - a correct password from an address and browser that signed in to this account in the
 *   last 30 days is let through a lock: an attacker elsewhere cannot lock out the owner's
 *   own devices;
 * - a successful sign-in clears the count, and failures older than a day are forgotten.
 * Attempts are counted before the password is checked, in one locked row per account, so a
 * burst of parallel guesses is counted in full rather than all slipping through at once.
 */
export const FREE_FAILURES = 5;
export const FIRST_LOCK_SECONDS = 30;
export const MAX_LOCK_SECONDS = 15 * 60;
const FORGET_AFTER_MS = 24 * 3_600_000;
const KNOWN_DEVICE_MS = 30 * 24 * 3_600_000;

/** How long the attempt after `failures` failed attempts must wait, in seconds (0: none). */
export function lockSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_LOCK_SECONDS, FIRST_LOCK_SECONDS * 2 ** Math.min(failures - FREE_FAILURES, 20));
}

/**
 * Admits one sign-in attempt for an account, counting it as a failure until `succeeded`
 * clears it; throws '429' with the seconds to wait while the account is locked.
 */
export async function admitSignIn(db: Db, accountId: number, meta: ClientMeta): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.lockThrottle(tx, accountId);
    const now = Date.now();
    const lockedFor = row.lockedUntil ? row.lockedUntil.getTime() - now : 0;
    if (lockedFor > 0 && !(await repo.isKnownDevice(tx, accountId, meta, new Date(now - KNOWN_DEVICE_MS)))) {
      throw tooMany('auth.sign_in_locked', { seconds: Math.ceil(lockedFor / 1000) });
    }
    const stale = now - row.lastFailureAt.getTime() > FORGET_AFTER_MS;
    const failures = (stale ? 0 : row.failures) + 1;
    const wait = lockSeconds(failures);
    await repo.saveThrottle(tx, accountId, {
      failures,
      lockedUntil: wait > 0 ? new Date(now + wait * 1000) : null,
      lastFailureAt: new Date(now),
    });
  });
}

/** A correct password: the account's failures are forgotten. */
export async function signInSucceeded(db: Db, accountId: number): Promise<void> {
  await repo.clearThrottle(db, accountId);
}
