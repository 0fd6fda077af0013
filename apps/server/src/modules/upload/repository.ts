import { and, asc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { uploads } from '../../db/schema/upload.js';

/** The SQL of uploads. */

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(ex: Executor, values: typeof uploads.$inferInsert): Promise<UploadRow> {
  const [row] = await ex.insert(uploads).values(values).returning();
  return row!;
}

export async function completeUpload(ex: Executor, id: number, size: number, sha256: string): Promise<void> {
  await ex.update(uploads).set({ size, sha256 }).where(eq(uploads.id, id));
}

export async function deleteUpload(ex: Executor, id: number): Promise<void> {
  await ex.delete(uploads).where(eq(uploads.id, id));
}

export async function findUpload(ex: Executor, id: number): Promise<UploadRow | undefined> {
  const [row] = await ex.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

/**
 * Claims a complete, unexpired, unclaimed upload of `ownerId`. The conditions are checked by
 * the UPDATE itself, so a claim and the purge job cannot both win the same row.
 */
export async function claimUpload(ex: Executor, id: number, ownerId: number): Promise<UploadRow | undefined> {
  const [row] = await ex
    .update(uploads)
    .set({ claimedAt: sql`now()`, expiresAt: null })
    .where(
      and(
        eq(uploads.id, id),
        eq(uploads.ownerId, ownerId),
        isNull(uploads.claimedAt),
        gt(uploads.expiresAt, sql`now()`),
        ne(uploads.sha256, ''),
      ),
    )
    .returning();
  return row;
}

/** Unclaimed uploads whose time is up, oldest first. */
export async function findExpired(ex: Executor, now: Date, limit: number): Promise<Pick<UploadRow, 'id' | 'key'>[]> {
  return ex
    .select({ id: uploads.id, key: uploads.key })
    .from(uploads)
    .where(and(isNull(uploads.claimedAt), lte(uploads.expiresAt, now)))
    .orderBy(asc(uploads.expiresAt))
    .limit(limit);
}

/** Deletes one upload only if it is still unclaimed; answers its key when it did. */
export async function deleteUnclaimed(ex: Executor, id: number): Promise<string | null> {
  const [row] = await ex
    .delete(uploads)
    .where(and(eq(uploads.id, id), isNull(uploads.claimedAt)))
    .returning({ key: uploads.key });
  return row?.key ?? null;
}
