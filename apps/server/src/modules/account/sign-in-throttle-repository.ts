import { randomBytes } from 'node:crypto';
import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountSecrets, signInThrottle, type SignInThrottleRow } from '../../db/schema/sign-in-throttle.js';

/** The SQL of sign-in throttling and of the account module's own keys (the module's own tables). */

/**
 * The subject's throttle row, locked until the end of the transaction (created when missing).
 * One upsert both creates and locks it, so a row pruned between two statements cannot leave
 * the caller with nothing.
 */
export async function lockThrottle(ex: Executor, subject: string): Promise<SignInThrottleRow> {
  const [row] = await ex
    .insert(signInThrottle)
    .values({ subject, failures: 0 })
    .onConflictDoUpdate({ target: signInThrottle.subject, set: { subject: sql`excluded.subject` } })
    .returning();
  return row!;
}

export async function saveThrottle(ex: Executor, subject: string, values: Pick<SignInThrottleRow, 'failures' | 'lockedUntil' | 'lastFailureAt'>): Promise<void> {
  await ex.update(signInThrottle).set(values).where(eq(signInThrottle.subject, subject));
}

export async function clearThrottle(ex: Executor, subject: string): Promise<void> {
  await ex.delete(signInThrottle).where(eq(signInThrottle.subject, subject));
}

/**
 * Deletes some rows whose last failure is older than `before` (their count would be forgotten
 * anyway). Rows another attempt holds are skipped rather than waited for.
 */
export async function pruneThrottle(ex: Executor, before: Date, limit = 100): Promise<void> {
  const stale = ex
    .select({ subject: signInThrottle.subject })
    .from(signInThrottle)
    .where(lt(signInThrottle.lastFailureAt, before))
    .limit(limit)
    .for('update', { skipLocked: true });
  await ex.delete(signInThrottle).where(inArray(signInThrottle.subject, stale));
}

/** The named random key (32 bytes, base64url), created by whichever instance asks first. */
export async function accountSecret(ex: Executor, name: string): Promise<string> {
  await ex.insert(accountSecrets).values({ name, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await ex.select({ value: accountSecrets.value }).from(accountSecrets).where(eq(accountSecrets.name, name));
  return row!.value;
}
