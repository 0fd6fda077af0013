import { createHash, randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CODES,
  UPLOAD_PURPOSES,
  UPLOAD_RULES,
  uploadMaxBytes,
  uploadPurposeOf,
  type UploadPurpose,
  type UploadResponse,
} from '@nearcast/contract';
import { fileTypeFromBuffer, type FileTypeResult } from 'file-type';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../adapters/storage/index.js';
import type { Caller } from '../../access/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { JobDefinition } from '../../jobs/queue.js';
import * as repo from './repository.js';

/** How long an upload waits to be claimed before the purge job removes it. */
export const UPLOAD_TEMP_HOURS = 24;
/** Bytes file-type may read before it decides; its own default, enough for every allowed format. */
const SNIFF_BYTES = 4100;
/** Room for the multipart framing and form fields around the file in a Content-Length. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const PURGE_BATCH = 200;

/** An upload as the features that claim it see it. */
export interface ClaimedUpload {
  id: number;
  key: string;
  type: UploadPurpose;
  mime: string;
  size: number;
  sha256: string;
}

export interface IncomingUpload {
  stream: Readable;
  /** The request's Content-Length, when the client sent one: a body already too large is refused unread. */
  contentLength?: number | undefined;
}

class TooLargeError extends Error {}

/**
 * Uploads (docs/decisions/011): the type is read from the bytes, each purpose has its size
 * limit, the bytes stream to file storage while counted and hashed, and the result is a
 * temporary upload that a feature claims or the purge job removes.
 */
export class UploadService {
  constructor(
    private readonly db: Db,
    readonly storage: FileStorage,
    private readonly urlTtlSeconds: number,
  ) {}

  async acceptTemp(caller: Pick<Caller, 'id'>, purpose: UploadPurpose | undefined, incoming: IncomingUpload): Promise<UploadResponse> {
    const sniffed = await sniff(incoming.stream, SNIFF_BYTES);
    const format = sniffed.fileType?.ext;
    const detected = format ? uploadPurposeOf(format) : null;
    if (!sniffed.fileType || !detected || (purpose && detected !== purpose)) {
      const allowed = (purpose ? [purpose] : UPLOAD_PURPOSES).flatMap((p) => UPLOAD_RULES[p].formats);
      throw new AppError(CODES.unsupportedMedia, 'upload.type_not_allowed', { allowed: allowed.join(', ').toUpperCase() });
    }
    const maxBytes = uploadMaxBytes(detected);
    if (incoming.contentLength !== undefined && incoming.contentLength > maxBytes + MULTIPART_OVERHEAD_BYTES) {
      throw tooLarge(detected);
    }

    const mime = sniffed.fileType.mime;
    const now = new Date();
    const key = newKey(now, sniffed.fileType.ext);
    // The row comes first: if the process dies mid-upload, the purge job still finds the key.
    const row = await repo.insertUpload(this.db, {
      ownerId: caller.id,
      key,
      type: detected,
      mime,
      expiresAt: new Date(now.getTime() + UPLOAD_TEMP_HOURS * 3600_000),
    });

    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        // Refused the moment it passes the limit: the rest is never read, nothing is kept.
        if (size > maxBytes) return callback(new TooLargeError());
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      // A storage that gives up must stop the source too, or the pipeline would wait on it forever.
      const putting = this.storage.put(key, meter, { contentType: mime }).catch((error: unknown) => {
        meter.destroy(error instanceof Error ? error : new Error(String(error)));
        throw error;
      });
      const settled = await Promise.allSettled([putting, pipeline(sniffed.stream, meter)]);
      const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
      if (failures.length > 0) throw failures.find((error) => error instanceof TooLargeError || isTooLarge(error)) ?? failures[0];
      const stored = (settled[0] as PromiseFulfilledResult<Awaited<typeof putting>>).value;
      const sha256 = hash.digest('hex');
      await repo.completeUpload(this.db, row.id, stored.size, sha256);
      const link = await this.storage.signedUrl(key, this.urlTtlSeconds);
      return {
        id: row.id,
        type: detected,
        mime,
        size: stored.size,
        url: link.url,
        url_expires_at: link.expiresAt.toISOString(),
        expires_at: row.expiresAt!.toISOString(),
      };
    } catch (error) {
      await this.storage.delete(key).catch(() => {});
      await repo.deleteUpload(this.db, row.id);
      if (error instanceof TooLargeError || isTooLarge(error)) throw tooLarge(detected);
      throw error;
    }
  }

  /**
   * A temporary upload of bytes that are already in the storage's bucket, judged by their
   * first bytes when they arrived (a resumable upload staged on S3): `place` puts them under
   * the key this makes, inside the storage, so they never pass through this process. They are
   * therefore not hashed: `sha256` says 'unhashed' (nothing reads the hash today; '' would
   * mean an upload still in progress, which no feature may claim). The row comes first, as for any upload, so a crash leaves the purge
   * job a key to clean up.
   */
  async acceptStored(
    caller: Pick<Caller, 'id'>,
    staged: { purpose: UploadPurpose; mime: string; ext: string; size: number },
    place: (key: string) => Promise<void>,
  ): Promise<UploadResponse> {
    if (staged.size > uploadMaxBytes(staged.purpose)) throw tooLarge(staged.purpose);
    const now = new Date();
    const key = newKey(now, staged.ext);
    const row = await repo.insertUpload(this.db, {
      ownerId: caller.id,
      key,
      type: staged.purpose,
      mime: staged.mime,
      expiresAt: new Date(now.getTime() + UPLOAD_TEMP_HOURS * 3600_000),
    });
    try {
      await place(key);
      const stored = await this.storage.stat(key);
      if (stored?.size !== staged.size) throw new Error(`placed upload ${key} holds ${stored?.size ?? 'nothing'}, not ${staged.size} bytes`);
      await repo.completeUpload(this.db, row.id, staged.size, UNHASHED);
    } catch (error) {
      await this.storage.delete(key).catch(() => {});
      await repo.deleteUpload(this.db, row.id);
      throw error;
    }
    const link = await this.storage.signedUrl(key, this.urlTtlSeconds);
    return {
      id: row.id,
      type: staged.purpose,
      mime: staged.mime,
      size: staged.size,
      url: link.url,
      url_expires_at: link.expiresAt.toISOString(),
      expires_at: row.expiresAt!.toISOString(),
    };
  }

  /**
   * Makes a temporary upload permanent for a feature that keeps it (a material, a video), in
   * that feature's transaction. Only the uploader may claim it, once, before it expires.
   */
  async claim(tx: Executor, uploadId: number, ownerId: number): Promise<ClaimedUpload> {
    const row = await repo.claimUpload(tx, uploadId, ownerId);
    if (!row) throw notFound('upload.not_found');
    return { id: row.id, key: row.key, type: row.type, mime: row.mime, size: row.size, sha256: row.sha256 };
  }

  /**
   * Forgets a claimed upload when the feature that claimed it deletes its own record, in that
   * feature's transaction; the feature deletes the stored object itself (it may keep files
   * made from it beside it).
   */
  async forget(tx: Executor, uploadId: number): Promise<void> {
    await repo.deleteUpload(tx, uploadId);
  }

  /** Where an upload's bytes are stored (a feature that keeps the upload reads the file by it). */
  async keyOf(uploadId: number): Promise<string> {
    const row = await repo.findUpload(this.db, uploadId);
    if (!row) throw notFound('upload.not_found');
    return row.key;
  }

  /** A fresh signed URL for a stored file. */
  signedUrl(key: string, expiresInSeconds = this.urlTtlSeconds) {
    return this.storage.signedUrl(key, expiresInSeconds);
  }

  /**
   * Removes unclaimed uploads past their expiry, object first, row after, one at a time in a
   * transaction: if the object cannot be removed the row stays for the next run, and a row is
   * only removed while it is still unclaimed (a claim racing the purge wins or waits).
   */
  async purgeExpired(now = new Date()): Promise<number> {
    let removed = 0;
    for (;;) {
      const batch = await repo.findExpired(this.db, now, PURGE_BATCH);
      for (const upload of batch) {
        const done = await this.db.transaction(async (tx) => {
          const key = await repo.deleteUnclaimed(tx, upload.id);
          if (key) await this.storage.delete(key);
          return key !== null;
        });
        if (done) removed += 1;
      }
      if (batch.length < PURGE_BATCH) return removed;
    }
  }

  /** The scheduled purge: every 15 minutes, so nothing outlives its 24 hours by much. */
  purgeJob(log: FastifyBaseLogger): JobDefinition<Record<string, never>> {
    return {
      name: 'upload.purge-temp',
      schedule: '*/15 * * * *',
      retryLimit: 3,
      retryDelaySeconds: 60,
      retryBackoff: true,
      handler: async () => {
        const removed = await this.purgeExpired();
        if (removed > 0) log.info({ removed }, 'removed expired temporary uploads');
      },
    };
  }
}

/**
 * Reads the first bytes of a stream to name its type, and hands back a stream that replays
 * them followed by the rest; only those first bytes are ever held.
 */
async function sniff(stream: Readable, sampleBytes: number): Promise<{ fileType: FileTypeResult | undefined; stream: Readable }> {
  const iterator: AsyncIterator<Buffer> = stream[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < sampleBytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    length += next.value.length;
  }
  const sample = Buffer.concat(head);
  const fileType = length > 0 ? await fileTypeFromBuffer(sample) : undefined;
  const rest: AsyncIterable<Buffer> = { [Symbol.asyncIterator]: () => iterator };
  async function* replay() {
    if (sample.length > 0) yield sample;
    // yield* hands a destroy of the replay on to the source stream's iterator.
    if (!ended) yield* rest;
  }
  return { fileType, stream: Readable.from(replay(), { objectMode: false }) };
}

function tooLarge(purpose: UploadPurpose): AppError {
  return new AppError(CODES.tooLarge, `upload.${purpose}_too_large`, { limit: UPLOAD_RULES[purpose].maxMb });
}

/** @fastify/multipart's own ceiling, set just above the largest purpose limit as a backstop. */
function isTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/** The hash of bytes placed in storage without passing through this process (docs/decisions/046). */
export const UNHASHED = 'unhashed';

/** Keys are ours: `yyyy/mm/<uuid>.<ext>` (docs/decisions/011). */
function newKey(now: Date, ext: string): string {
  return `${now.toISOString().slice(0, 7).replace('-', '/')}/${randomUUID()}.${ext}`;
}
