import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { footage } from '../../db/schema/material.js';
import type { LeasePort } from '../../jobs/leased-work.js';
import type { FootageRow } from './repository.js';

// The SQL of processing a material (probing it, its thumbnail and preview) under the leased-work
// capability, and of the later check that decodes it whole.

/**
 * Takes a row for processing: only while it is processing, counting the attempt, so a job
 * for a row deleted or already done meanwhile does nothing.
 */
export async function startProcessing(ex: Executor, id: number): Promise<FootageRow | undefined> {
  const [row] = await ex
    .update(footage)
    .set({ processingAttempts: sql`${footage.processingAttempts} + 1`, processingStartedAt: sql`now()` })
    .where(and(eq(footage.id, id), eq(footage.status, 'processing')))
    .returning();
  return row;
}

/**
 * Counts a processing material's derived files before they are written (with the original, as
 * its stored bytes): under the merchant's quota lock, so two materials processed at once
 * cannot both take the last of the room. False when the row is no longer processing.
 */
export async function reserveDerived(ex: Executor, id: number, extraBytes: number): Promise<FootageRow | null> {
  const [row] = await ex
    .update(footage)
    .set({ storedBytes: sql`${footage.size} + ${extraBytes}`, updatedAt: sql`now()` })
    .where(and(eq(footage.id, id), eq(footage.status, 'processing')))
    .returning();
  return row ?? null;
}

export async function finishProcessing(
  ex: Executor,
  id: number,
  values: ProcessedFacts,
): Promise<FootageRow | null> {
  const { extraBytes, ...rest } = values;
  const [row] = await ex
    .update(footage)
    .set({
      ...rest,
      status: 'active',
      storedBytes: sql`${footage.size} + ${extraBytes}`,
      processedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(footage.id, id), eq(footage.status, 'processing')))
    .returning();
  return row ?? null;
}

export async function failProcessing(ex: Executor, id: number, failure: ProcessingFailure): Promise<FootageRow | null> {
  const [row] = await ex
    .update(footage)
    .set({
      status: 'failed',
      // Derived files reserved for it are not kept: only the original still takes room.
      storedBytes: sql`${footage.size}`,
      failureKey: failure.key,
      failureParams: failure.params,
      processedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(footage.id, id), eq(footage.status, 'processing')))
    .returning();
  return row ?? null;
}

/** What processing learnt of a file and the derived files it stored. */
export type ProcessedFacts = Pick<FootageRow, 'durationSeconds' | 'width' | 'height' | 'codec' | 'thumbKey' | 'previewKey'> & { extraBytes: number };
export interface ProcessingFailure {
  key: string;
  params: Record<string, string | number>;
}

/** The writes of a processing step: room for the derived files, the result, or the reason it failed. */
export type ProcessingWrite = { reserve: number } | { finish: ProcessedFacts } | { fail: ProcessingFailure };

/**
 * Material processing's side of the leased-work capability (docs/decisions/089). Its lease is
 * the start time, and it runs out 30 minutes later (`stuckProcessing`). Unlike the other kinds
 * it has no token column: a start always takes the row while it is processing, because a render
 * processes its own output inline and must never wait out a dead worker's lease; and every
 * write is fenced by the state alone, which is enough here — processing has no outside effect,
 * derived files get fresh keys, and the worker whose result does not land removes its own.
 */
export const processingLeases: LeasePort<FootageRow, ProcessingWrite> = {
  claim: async (ex, id) => (await startProcessing(ex, id)) ?? null,
  writeHeld: (ex, id, _token, write) =>
    'reserve' in write ? reserveDerived(ex, id, write.reserve) : 'finish' in write ? finishProcessing(ex, id, write.finish) : failProcessing(ex, id, write.fail),
  // Nothing to let go of: a processing row is free to the next start at any time.
  release: () => Promise.resolve(),
  due: async (ex, now, limit) => (await stuckProcessing(ex, now, limit)).map((id) => ({ id })),
};

/**
 * Rows that should be processing but have no live job: never started and older than a moment
 * (added while no queue ran, e.g. by the demo seed), or started long ago (a worker died).
 */
export async function stuckProcessing(ex: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await ex
    .select({ id: footage.id })
    .from(footage)
    .where(
      and(
        eq(footage.status, 'processing'),
        or(
          and(isNull(footage.processingStartedAt), lt(footage.createdAt, sql`${now.toISOString()}::timestamptz - interval '30 seconds'`)),
          lt(footage.processingStartedAt, sql`${now.toISOString()}::timestamptz - interval '30 minutes'`),
        ),
      ),
    )
    .orderBy(asc(footage.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Active materials still to be decoded whole (docs/decisions/080), oldest first. */
export async function dueForDecodeCheck(ex: Executor, limit: number): Promise<Array<{ id: number; key: string; type: FootageRow['type'] }>> {
  return ex
    .select({ id: footage.id, key: footage.key, type: footage.type })
    .from(footage)
    .where(and(eq(footage.decodeCheckDue, true), eq(footage.status, 'active')))
    .orderBy(asc(footage.id))
    .limit(limit);
}

/**
 * The decode check's verdict: a sound material is offered to renders again; a damaged one
 * fails with its reason (its thumbnail stays until it is deleted, and counts as before).
 */
export async function settleDecodeCheck(ex: Executor, id: number, damaged: boolean): Promise<void> {
  await ex
    .update(footage)
    .set(damaged ? { decodeCheckDue: false, status: 'failed', failureKey: 'footage.damaged', failureParams: {}, updatedAt: sql`now()` } : { decodeCheckDue: false })
    .where(and(eq(footage.id, id), eq(footage.decodeCheckDue, true)));
}
