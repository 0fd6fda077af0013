import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { idempotencyKeys, type IdempotencyKeyRow } from '../db/schema/idempotency.js';

/** The SQL of idempotency keys (plugins/idempotency.ts). */

export interface KeyRef {
  accountId: number;
  endpoint: string;
  key: string;
}

const where = (ref: KeyRef) =>
  and(eq(idempotencyKeys.accountId, ref.accountId), eq(idempotencyKeys.endpoint, ref.endpoint), eq(idempotencyKeys.key, ref.key));

/** Claims a key for a first call; false when a row for it exists already. */
export async function claimKey(ex: Executor, ref: KeyRef, requestHash: string): Promise<boolean> {
  const rows = await ex
    .insert(idempotencyKeys)
    .values({ ...ref, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function findKey(ex: Executor, ref: KeyRef): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await ex.select().from(idempotencyKeys).where(where(ref)).limit(1);
  return row;
}

export async function storeResponse(ex: Executor, ref: KeyRef, response: { data: unknown }): Promise<void> {
  await ex.update(idempotencyKeys).set({ response }).where(where(ref));
}

export async function releaseKey(ex: Executor, ref: KeyRef): Promise<void> {
  await ex.delete(idempotencyKeys).where(where(ref));
}

/** Drops a key older than `before`, so that it can be claimed anew. */
export async function dropExpiredKey(ex: Executor, ref: KeyRef, before: Date): Promise<void> {
  await ex.delete(idempotencyKeys).where(and(where(ref), sql`${idempotencyKeys.createdAt} < ${before.toISOString()}::timestamptz`));
}

/**
 * Removes a claim whose first call never answered (its process died, or the database went away
 * before the claim could be released), when it is older than `before`; a key with a stored
 * answer is never touched, so a replay cannot be lost to a slow first call.
 */
export async function dropAbandonedClaim(ex: Executor, ref: KeyRef, before: Date): Promise<void> {
  await ex
    .delete(idempotencyKeys)
    .where(and(where(ref), sql`${idempotencyKeys.response} is null`, sql`${idempotencyKeys.createdAt} < ${before.toISOString()}::timestamptz`));
}

/** Removes every key older than `before`; answers how many went. */
export async function purgeKeysBefore(ex: Executor, before: Date): Promise<number> {
  const rows = await ex
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < ${before.toISOString()}::timestamptz`)
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
