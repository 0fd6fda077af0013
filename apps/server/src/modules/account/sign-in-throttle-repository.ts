import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sessions } from '../../db/schema/account.js';
import { signInThrottle, type SignInThrottleRow } from '../../db/schema/sign-in-throttle.js';

/** The SQL of per-account sign-in throttling (the account module's own tables). */

/** The account's throttle row, locked until the end of the transaction (created when missing). */
export async function lockThrottle(ex: Executor, accountId: number): Promise<SignInThrottleRow> {
  await ex.insert(signInThrottle).values({ accountId, failures: 0 }).onConflictDoNothing();
  const [row] = await ex.select().from(signInThrottle).where(eq(signInThrottle.accountId, accountId)).for('update');
  return row!;
}

export async function saveThrottle(ex: Executor, accountId: number, values: Pick<SignInThrottleRow, 'failures' | 'lockedUntil' | 'lastFailureAt'>): Promise<void> {
  await ex.update(signInThrottle).set(values).where(eq(signInThrottle.accountId, accountId));
}

export async function clearThrottle(ex: Executor, accountId: number): Promise<void> {
  await ex.delete(signInThrottle).where(eq(signInThrottle.accountId, accountId));
}

/** Whether this address and browser signed in to the account successfully since `since`. */
export async function isKnownDevice(ex: Executor, accountId: number, device: { ip: string; userAgent: string }, since: Date): Promise<boolean> {
  const rows = await ex
    .select({ one: sql<number>`1` })
    .from(sessions)
    .where(and(eq(sessions.accountId, accountId), eq(sessions.ip, device.ip), eq(sessions.userAgent, device.userAgent.slice(0, 400)), gt(sessions.lastSeenAt, since)))
    .limit(1);
  return rows.length > 0;
}
