import { createHash } from 'node:crypto';
import { CODES } from '@nearcast/contract';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../access/caller.js';
import type { Db } from '../db/client.js';
import { AppError, conflict, invalid } from '../errors.js';
import type { JobDefinition } from '../jobs/queue.js';
import * as repo from './idempotency-repository.js';

/** The header a client sets to make a create safe to retry (the IETF draft's name). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A key is remembered this long; a reuse after it starts afresh. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** How long a retry waits for the first call with its key to finish before answering '409'. */
const WAIT_FOR_FIRST_MS = 10_000;
/**
 * A claim without an answer this old belongs to a first call that will never finish: its process
 * died, or the database went away before the claim could be released (the caller heard '503'
 * and retries with the same key). Far longer than any create runs.
 */
const ABANDONED_AFTER_MS = 5 * 60_000;
const POLL_MS = 40;

const VISIBLE_ASCII = /^[\x21-\x7e]{1,255}$/;

/** JSON with object keys sorted, so the fingerprint does not depend on key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a create at most once per (caller, endpoint, Idempotency-Key): the first call runs and
 * its successful answer is stored; a retry with the same key and body gets that answer again
 * (marked with `Idempotent-Replayed: true`), one with the same key and another body '422',
 * and one arriving while the first still runs waits for it (then '409' if it takes too long).
 * A failed first call releases the key, so the client may retry it. Without the header, or
 * without a signed-in caller, the call simply runs.
 */
export async function idempotent<T>(
  db: Db,
  context: { request: FastifyRequest; reply: FastifyReply; caller: Caller | null; endpoint: string; body: unknown },
  run: () => Promise<T>,
): Promise<T> {
  const header = context.request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined || !context.caller) return run();
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !VISIBLE_ASCII.test(key)) throw invalid({ 'Idempotency-Key': 'idempotency.key_invalid' });

  const ref: repo.KeyRef = { accountId: context.caller.id, endpoint: context.endpoint, key };
  const requestHash = createHash('sha256').update(canonical(context.body)).digest('hex');
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;

  for (;;) {
    if (await repo.claimKey(db, ref, requestHash)) {
      let result: T;
      try {
        result = await run();
      } catch (error) {
        await repo.releaseKey(db, ref);
        throw error;
      }
      await repo.storeResponse(db, ref, { data: result });
      return result;
    }

    const row = await repo.findKey(db, ref);
    if (!row) continue; // released by a failed first call a moment ago: claim it again
    if (row.createdAt.getTime() < Date.now() - IDEMPOTENCY_TTL_MS) {
      await repo.dropExpiredKey(db, ref, new Date(Date.now() - IDEMPOTENCY_TTL_MS));
      continue;
    }
    if (row.response === null && row.createdAt.getTime() < Date.now() - ABANDONED_AFTER_MS) {
      await repo.dropAbandonedClaim(db, ref, new Date(Date.now() - ABANDONED_AFTER_MS));
      continue;
    }
    if (row.requestHash !== requestHash) throw new AppError(CODES.rejected, 'idempotency.key_reused');
    if (row.response !== null) {
      context.reply.header('idempotent-replayed', 'true');
      return (row.response as { data: T }).data;
    }
    if (Date.now() > deadline) throw conflict('idempotency.in_progress');
    await sleep(POLL_MS);
  }
}

/**
 * Forgets keys past their lifetime every hour, so the table holds about a day of creates
 * instead of growing with every create ever made (a key past its lifetime is only ever
 * replaced, never replayed).
 */
export function idempotencyPurgeJob(db: Db, log: FastifyBaseLogger): JobDefinition<Record<string, never>> {
  return {
    name: 'idempotency.purge-keys',
    schedule: '17 * * * *',
    retryLimit: 3,
    retryDelaySeconds: 60,
    retryBackoff: true,
    handler: async () => {
      const removed = await repo.purgeKeysBefore(db, new Date(Date.now() - IDEMPOTENCY_TTL_MS));
      if (removed > 0) log.info({ removed }, 'forgot expired idempotency keys');
    },
  };
}
