import type { Db, Executor } from '../../db/client.js';
import { tooMany, type AppError } from '../../errors.js';
import { sha256 } from './crypto.js';
import * as repo from './sign-in-throttle-repository.js';

/**
 * Sign-in throttling per email address (ASVS 6.3.1), on top of the per-address limit: an
 * attacker rotating addresses still meets it. Designed so that it cannot be turned into a long
 * lock-out of the real user, nor into a way of telling which emails have accounts:
 * - the first FREE_FAILURES failures cost nothing; each later attempt locks the email for a
 *   short time that doubles per failure (30 s, 1 min, 2 min, … at most 15 minutes);
 * - attempts refused during a lock are not counted, so only real guesses grow it;
 * - the count is kept per normalised email, whether or not an account has it, so an unknown
 *   email is locked exactly like a known one;
 * - a browser holding a device token for the account (device-tokens.ts: signed by this server
 *   at a successful sign-in in the last 30 days, for that account) may try its password
 *   through a lock: an attacker elsewhere cannot lock out the owner. Such tries are counted
 *   against that device alone, with the same free failures and doubling, so a stolen cookie
 *   buys no more guesses than the normal rate; and a wrong password through the lock gets
 *   the lock's own answer, so it is indistinguishable from any other attempt during the lock;
 * - a successful sign-in clears the count (through a lock, only the device's: the lock the
 *   attacker earned runs on), and failures older than a day are forgotten.
 * Attempts are counted before the password is checked, in one locked row per email (and per
 * device), so a burst of parallel guesses is counted in full rather than slipping through.
 */
export const FREE_FAILURES = 5;
export const FIRST_LOCK_SECONDS = 30;
export const MAX_LOCK_SECONDS = 15 * 60;
const FORGET_AFTER_MS = 24 * 3_600_000;

/** How long the attempt after `failures` failed attempts must wait, in seconds (0: none). */
export function lockSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_LOCK_SECONDS, FIRST_LOCK_SECONDS * 2 ** Math.min(failures - FREE_FAILURES, 20));
}

/** The subject of an email's count: its hash, so the table keeps no list of addresses tried. */
export const emailSubject = (email: string) => `email:${sha256(email.trim().toLowerCase())}`;
const deviceSubject = (deviceId: string) => `device:${sha256(deviceId)}`;

/** The one answer of a lock, whoever asks and whatever the password. */
export const signInLocked = (seconds: number): AppError => tooMany('auth.sign_in_locked', { seconds });

/** How an attempt was let in. */
export interface Admission {
  email: string;
  /** Set when a known device went through the email's lock: the seconds the lock has left. */
  throughLock: { deviceId: string; seconds: number } | null;
}

/**
 * Admits one sign-in attempt for an email, counting it as a failure until `signInSucceeded`
 * clears it; throws '429' with the seconds to wait while the email is locked. `deviceId` is the
 * id of a valid device token for the email's account, if the browser presented one.
 */
export async function admitSignIn(db: Db, email: string, deviceId: string | null): Promise<Admission> {
  let created = false;
  const admission = await db.transaction(async (tx): Promise<Admission> => {
    const now = Date.now();
    const subject = emailSubject(email);
    const row = await repo.lockThrottle(tx, subject);
    created = row.failures === 0;
    const lockedFor = row.lockedUntil ? row.lockedUntil.getTime() - now : 0;
    if (lockedFor <= 0) {
      await countFailure(tx, subject, row, now);
      return { email, throughLock: null };
    }
    const seconds = Math.ceil(lockedFor / 1000);
    if (!deviceId) throw signInLocked(seconds);
    const device = await repo.lockThrottle(tx, deviceSubject(deviceId));
    created = device.failures === 0;
    if (device.lockedUntil && device.lockedUntil.getTime() > now) throw signInLocked(seconds);
    await countFailure(tx, deviceSubject(deviceId), device, now);
    return { email, throughLock: { deviceId, seconds } };
  });
  // A new row is a chance to sweep away counts nobody will read again (addresses tried once).
  if (created) await repo.pruneThrottle(db, new Date(Date.now() - FORGET_AFTER_MS));
  return admission;
}

async function countFailure(tx: Executor, subject: string, row: { failures: number; lastFailureAt: Date }, now: number): Promise<void> {
  const stale = now - row.lastFailureAt.getTime() > FORGET_AFTER_MS;
  const failures = (stale ? 0 : row.failures) + 1;
  const wait = lockSeconds(failures);
  await repo.saveThrottle(tx, subject, {
    failures,
    lockedUntil: wait > 0 ? new Date(now + wait * 1000) : null,
    lastFailureAt: new Date(now),
  });
}

/**
 * A correct password. Through a lock only the device's failures are forgotten: the owner is
 * in, and the attacker's lock on the email keeps running.
 */
export async function signInSucceeded(db: Db, admission: Admission): Promise<void> {
  if (admission.throughLock) await repo.clearThrottle(db, deviceSubject(admission.throughLock.deviceId));
  else await repo.clearThrottle(db, emailSubject(admission.email));
}
