import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { footageTusUploads } from '../../db/schema/material.js';

/**
 * The SQL of resumable uploads staged on S3 (docs/decisions/046). Every write to an upload's
 * progress is conditional on the writer's lease and on the progress it started from, so a
 * writer that lost its lease (paused too long, or its instance was presumed dead) changes
 * nothing.
 */

export type TusUploadRow = typeof footageTusUploads.$inferSelect;
export type NewTusUploadRow = typeof footageTusUploads.$inferInsert;

const t = footageTusUploads;
const leaseFree = or(isNull(t.leaseUntil), lt(t.leaseUntil, sql`now()`));
const leaseFor = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

export async function insertTusUpload(ex: Executor, row: NewTusUploadRow): Promise<TusUploadRow> {
  const [inserted] = await ex.insert(t).values(row).returning();
  return inserted!;
}

export async function findTusUpload(ex: Executor, id: string): Promise<TusUploadRow | undefined> {
  const [row] = await ex.select().from(t).where(eq(t.id, id));
  return row;
}

/**
 * Takes the lease of an upload for one PATCH: only at the offset the client names, only
 * while nobody else holds it, only before expiry (the database's clock decides, one clock
 * for every instance). Undefined when any of those fails.
 */
export async function claimTusUpload(ex: Executor, id: string, offset: number, token: string, leaseSeconds: number): Promise<TusUploadRow | undefined> {
  const [row] = await ex
    .update(t)
    .set({ leaseToken: token, leaseUntil: leaseFor(leaseSeconds) })
    .where(and(eq(t.id, id), eq(t.receivedBytes, offset), leaseFree, sql`${t.expiresAt} > now()`))
    .returning();
  return row;
}

/** Keeps a lease alive while its PATCH streams; false when it was lost meanwhile. */
export async function renewTusLease(ex: Executor, id: string, token: string, leaseSeconds: number): Promise<boolean> {
  const rows = await ex
    .update(t)
    .set({ leaseUntil: leaseFor(leaseSeconds) })
    .where(and(eq(t.id, id), eq(t.leaseToken, token)))
    .returning({ id: t.id });
  return rows.length > 0;
}

/**
 * Records one uploaded part (its ETag appended as part number `partsBefore + 1`) or a new tail,
 * moving the offset from `fromBytes` to `toBytes`; false when the lease or the starting point
 * is no longer this writer's.
 */
export async function commitTusProgress(
  ex: Executor,
  id: string,
  token: string,
  change: {
    fromBytes: number;
    toBytes: number;
    partsBefore: number;
    etag: string | null;
    tailKey: string | null;
    mime: string | null;
    ext: string | null;
    leaseSeconds: number;
  },
): Promise<boolean> {
  const rows = await ex
    .update(t)
    .set({
      receivedBytes: change.toBytes,
      tailKey: change.tailKey,
      mime: change.mime,
      ext: change.ext,
      leaseUntil: leaseFor(change.leaseSeconds),
      ...(change.etag !== null ? { partEtags: sql`array_append(${t.partEtags}, ${change.etag}::text)` } : {}),
    })
    .where(
      and(
        eq(t.id, id),
        eq(t.leaseToken, token),
        eq(t.receivedBytes, change.fromBytes),
        sql`cardinality(${t.partEtags}) = ${change.partsBefore}`,
      ),
    )
    .returning({ id: t.id });
  return rows.length > 0;
}

export async function releaseTusLease(ex: Executor, id: string, token: string): Promise<void> {
  await ex
    .update(t)
    .set({ leaseToken: null, leaseUntil: null })
    .where(and(eq(t.id, id), eq(t.leaseToken, token)));
}

export async function deleteTusUpload(ex: Executor, id: string): Promise<void> {
  await ex.delete(t).where(eq(t.id, id));
}

/** Uploads past their expiry that no PATCH is writing, oldest first. */
export async function expiredTusUploads(ex: Executor, limit: number): Promise<TusUploadRow[]> {
  return ex
    .select()
    .from(t)
    .where(and(lt(t.expiresAt, sql`now()`), leaseFree))
    .orderBy(asc(t.expiresAt))
    .limit(limit);
}
