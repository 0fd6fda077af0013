import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { uploadPurposeOf } from '@nearcast/contract';
import { ERRORS, Upload, type DataStore } from '@tus/server';
import { s3Sdk } from '../../adapters/storage/s3-storage.js';
import type { Db } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { S3TusStore, type StagingCalls } from './s3-tus-store.js';
import * as repo from './tus-repository.js';
import {
  cleanName,
  ownerOfTusId,
  sniffHead,
  SNIFF_BYTES,
  STAGING_HOURS,
  tusIdOwnedBy,
  type StagedUpload,
  type TusStaging,
} from './tus-staging.js';

/**
 * Every part but the last is exactly this long: S3's smallest part (5 MiB), so part `n` always
 * holds the bytes [(n-1)·PART_BYTES, n·PART_BYTES) and a PATCH never holds more than one part.
 */
export const PART_BYTES = 5 * 1024 * 1024;
/** A PATCH holds its upload this long past its last sign of life (a renewal, a stored part). */
const LEASE_SECONDS = 60;
const RENEW_EVERY_MS = 15_000;
const PURGE_BATCH = 100;

export interface S3TusStagingOptions {
  /** The storage's client, made with its first call. */
  client: () => Promise<S3Client>;
  bucket: string;
  /** Where staged objects live in the bucket; a lifecycle rule may expire this prefix. */
  prefix?: string;
}

/**
 * Resumable uploads staged in the S3 bucket (docs/decisions/046), so a PATCH may land on any
 * instance. Each tus upload is one S3 multipart upload of fixed 5 MiB parts at
 * `tus/<id>/file`; bytes after the last whole part wait in a small staged object
 * (`tus/<id>/tail-…`) until the next PATCH makes a part of them; the upload's state (size,
 * offset, part ETags, tail, sniffed type, owner, expiry) is a row every instance reads.
 * Finishing completes the multipart upload and copies the object to its storage key, both
 * inside S3.
 */
export class S3TusStaging implements TusStaging, StagingCalls {
  readonly kind = 's3' as const;
  readonly store: DataStore;
  private readonly client: () => Promise<S3Client>;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(
    private readonly db: Db,
    options: S3TusStagingOptions,
  ) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? 'tus';
    this.store = new S3TusStore(this);
  }

  /** The client and the SDK's commands, both loaded with the first call. */
  private async s3() {
    const [sdk, client] = await Promise.all([s3Sdk(), this.client()]);
    return { sdk, client };
  }

  // ---- the tus store's operations ------------------------------------------------------------

  async create(upload: Upload): Promise<Upload> {
    const ownerId = ownerOfTusId(upload.id);
    // The endpoint refuses deferred lengths and names uploads itself; anything else is a bug.
    if (ownerId === null || upload.size === undefined) throw ERRORS.FILE_NOT_FOUND;
    const { client, sdk } = await this.s3();
    const created = await client.send(new sdk.CreateMultipartUploadCommand({ Bucket: this.bucket, Key: this.fileKey(upload.id) }));
    if (!created.UploadId) throw new Error('S3 answered CreateMultipartUpload without an UploadId');
    const now = new Date();
    const row = await repo.insertTusUpload(this.db, {
      id: upload.id,
      ownerId,
      size: upload.size,
      metadata: upload.metadata ?? {},
      multipartId: created.UploadId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + STAGING_HOURS * 3600_000),
    });
    return toUpload(row);
  }

  async getUpload(id: string): Promise<Upload> {
    const row = await repo.findTusUpload(this.db, id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return toUpload(row);
  }

  /**
   * Appends a PATCH's bytes at `offset`. The PATCH first takes the upload's lease (only at
   * the offset the database holds, only while nobody else writes); then whole parts go to S3
   * as they fill, each recorded before the next is read; what remains when the request ends
   * becomes the new tail. Memory: one part buffer per PATCH, whatever the file's size.
   */
  async write(readable: Readable, id: string, offset: number): Promise<number> {
    const token = randomUUID();
    const row = await repo.claimTusUpload(this.db, id, offset, token, LEASE_SECONDS);
    if (!row) {
      const current = await repo.findTusUpload(this.db, id);
      if (!current || current.expiresAt.getTime() <= Date.now()) throw ERRORS.FILE_NOT_FOUND;
      if (current.receivedBytes !== offset) throw ERRORS.INVALID_OFFSET;
      throw conflict('footage.upload_busy');
    }

    let lost = false;
    const renewal = setInterval(() => {
      repo.renewTusLease(this.db, id, token, LEASE_SECONDS).then(
        (kept) => (lost ||= !kept),
        () => {},
      );
    }, RENEW_EVERY_MS);
    renewal.unref();

    const size = row.size;
    let parts = row.partEtags.length;
    /** Where the buffer starts in the file: always the start of part `parts + 1`. */
    let base = parts * PART_BYTES;
    const buffer = Buffer.allocUnsafe(Math.min(PART_BYTES, size - base));
    let buffered = 0;
    let tailKey = row.tailKey;
    let mime = row.mime;
    let ext = row.ext;
    let released = false;
    try {
      if (tailKey) buffered = await this.readInto(tailKey, buffer);
      if (base + buffered !== offset) throw new Error(`staged upload ${id}: the parts and tail hold ${base + buffered} bytes, the row says ${offset}`);
      const committed = { bytes: offset };

      const partLength = () => Math.min(PART_BYTES, size - base);
      let failure: unknown = null;
      let refusal: AppError | null = null;
      try {
        // Stopping early must not destroy tus's stream: tus answers with our reason, not an abort.
        for await (const chunk of readable.iterator({ destroyOnReturn: false })) {
          let rest = chunk as Buffer;
          while (rest.length > 0) {
            const room = partLength() - buffered;
            // tus never sends more than the declared length; if a store got more, it keeps none of it.
            if (room <= 0) throw ERRORS.ERR_SIZE_EXCEEDED;
            const taken = rest.subarray(0, room);
            taken.copy(buffer, buffered);
            buffered += taken.length;
            rest = rest.subarray(taken.length);
            if (mime === null && base === 0 && buffered >= Math.min(SNIFF_BYTES, size)) {
              const verdict = await sniffHead(buffer.subarray(0, Math.min(SNIFF_BYTES, buffered)), size, row.metadata.filename);
              if (!verdict.ok) {
                refusal = verdict.refusal;
                throw refusal;
              }
              mime = verdict.mime;
              ext = verdict.ext;
            }
            if (buffered === partLength()) {
              if (lost) throw conflict('footage.upload_busy');
              const etag = await this.uploadPart(row.multipartId, id, parts + 1, buffer.subarray(0, buffered));
              const moved = await repo.commitTusProgress(this.db, id, token, {
                fromBytes: committed.bytes,
                toBytes: base + buffered,
                partsBefore: parts,
                etag,
                tailKey: null,
                mime,
                ext,
                leaseSeconds: LEASE_SECONDS,
              });
              if (!moved) throw conflict('footage.upload_busy');
              if (tailKey) await this.deleteObject(tailKey).catch(() => {});
              tailKey = null;
              parts += 1;
              base += buffered;
              committed.bytes = base;
              buffered = 0;
            }
          }
        }
      } catch (error) {
        failure = error;
      }

      if (refusal) {
        // The first bytes say this file may not be a material: nothing of it is kept.
        await this.remove(id);
        released = true;
        throw refusal;
      }
      // What arrived after the last part (also when the client went away mid-request) is kept
      // as the new tail, so the client resumes from the last byte that reached us. A whole
      // part that failed to upload is not a tail: the client sends those bytes again.
      if (!lost && base + buffered > committed.bytes && buffered < partLength() && !(failure instanceof AppError)) {
        const newTail = `${this.uploadPrefix(id)}/tail-${base}-${token.slice(0, 8)}`;
        try {
          await this.putObject(newTail, buffer.subarray(0, buffered));
          const moved = await repo.commitTusProgress(this.db, id, token, {
            fromBytes: committed.bytes,
            toBytes: base + buffered,
            partsBefore: parts,
            etag: null,
            tailKey: newTail,
            mime,
            ext,
            leaseSeconds: LEASE_SECONDS,
          });
          if (moved) {
            if (tailKey) await this.deleteObject(tailKey).catch(() => {});
            committed.bytes = base + buffered;
          } else {
            await this.deleteObject(newTail).catch(() => {});
            failure ??= conflict('footage.upload_busy');
          }
        } catch (error) {
          await this.deleteObject(newTail).catch(() => {});
          failure ??= error;
        }
      }
      if (failure !== null) throw failure;
      return committed.bytes;
    } finally {
      clearInterval(renewal);
      if (!released) await repo.releaseTusLease(this.db, id, token).catch(() => {});
    }
  }

  // ---- the staging interface -----------------------------------------------------------------

  async finished(ownerId: number, id: string): Promise<StagedUpload> {
    if (!tusIdOwnedBy(id, ownerId)) throw notFound('upload.not_found');
    const row = await repo.findTusUpload(this.db, id);
    if (!row) throw notFound('upload.not_found');
    if (row.receivedBytes !== row.size) throw conflict('footage.upload_incomplete');
    const fileName = cleanName(row.metadata.filename ?? null);
    const purpose = row.ext ? uploadPurposeOf(row.ext) : null;
    if (!row.mime || !row.ext || !purpose) {
      // Only an empty upload is complete without its first bytes judged: it is no material.
      const verdict = await sniffHead(Buffer.alloc(0), row.size);
      throw verdict.ok ? notFound('upload.not_found') : verdict.refusal;
    }
    const { mime, ext } = row;
    return { size: row.size, fileName, source: { kind: 'stored', purpose, mime, ext, placeAt: (key) => this.place(row, key) } };
  }

  async remove(id: string): Promise<void> {
    const row = await repo.findTusUpload(this.db, id);
    if (row) await this.discard(row);
    await repo.deleteTusUpload(this.db, id);
  }

  /**
   * Removes abandoned uploads: the multipart upload is aborted (S3 keeps billing parts until
   * it is), the staged objects under the upload's prefix deleted, then the row. If S3 fails
   * the row stays and the next run retries.
   */
  async purgeExpired(): Promise<number> {
    let removed = 0;
    for (;;) {
      const batch = await repo.expiredTusUploads(this.db, PURGE_BATCH);
      for (const row of batch) {
        await this.discard(row);
        await repo.deleteTusUpload(this.db, row.id);
        removed += 1;
      }
      if (batch.length < PURGE_BATCH) return removed;
    }
  }

  // ---- S3 ------------------------------------------------------------------------------------

  /** The staged file's key: where its multipart upload completes. */
  fileKey(id: string): string {
    return `${this.uploadPrefix(id)}/file`;
  }

  private uploadPrefix(id: string): string {
    return `${this.prefix}/${id}`;
  }

  /**
   * Puts a finished upload under `key` inside S3: CompleteMultipartUpload assembles the parts
   * at the staged key, CopyObject gives it its storage key and content type. An add retried
   * after the completion finds the multipart upload gone and the staged object there.
   */
  private async place(row: repo.TusUploadRow, key: string): Promise<void> {
    const { client, sdk } = await this.s3();
    const stagedKey = this.fileKey(row.id);
    try {
      await client.send(
        new sdk.CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: stagedKey,
          UploadId: row.multipartId,
          MultipartUpload: { Parts: row.partEtags.map((ETag, index) => ({ ETag, PartNumber: index + 1 })) },
        }),
      );
    } catch (error) {
      if (errorName(error) !== 'NoSuchUpload') throw error;
      const staged = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: stagedKey })).catch(() => null);
      if (staged?.ContentLength !== row.size) throw notFound('upload.not_found');
    }
    await client.send(
      new sdk.CopyObjectCommand({
        Bucket: this.bucket,
        Key: key,
        CopySource: `${this.bucket}/${stagedKey}`,
        ContentType: row.mime ?? 'application/octet-stream',
        MetadataDirective: 'REPLACE',
      }),
    );
  }

  private async discard(row: repo.TusUploadRow): Promise<void> {
    const { client, sdk } = await this.s3();
    try {
      await client.send(new sdk.AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.fileKey(row.id), UploadId: row.multipartId }));
    } catch (error) {
      // Completed or aborted already: the staged objects below are all that is left.
      if (errorName(error) !== 'NoSuchUpload') throw error;
    }
    const listed = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${this.uploadPrefix(row.id)}/` }));
    for (const object of listed.Contents ?? []) if (object.Key) await this.deleteObject(object.Key);
  }

  private async uploadPart(multipartId: string, id: string, partNumber: number, body: Buffer): Promise<string> {
    const { client, sdk } = await this.s3();
    const answer = await client.send(
      new sdk.UploadPartCommand({ Bucket: this.bucket, Key: this.fileKey(id), UploadId: multipartId, PartNumber: partNumber, Body: body, ContentLength: body.length }),
    );
    if (!answer.ETag) throw new Error(`S3 answered UploadPart ${partNumber} of ${id} without an ETag`);
    return answer.ETag;
  }

  private async putObject(key: string, body: Buffer): Promise<void> {
    const { client, sdk } = await this.s3();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: body.length }));
  }

  private async deleteObject(key: string): Promise<void> {
    const { client, sdk } = await this.s3();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Reads a staged tail (under one part long) into the start of `buffer`; answers its length. */
  private async readInto(key: string, buffer: Buffer): Promise<number> {
    const { client, sdk } = await this.s3();
    const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered GetObject ${key} without a readable body`);
    let length = 0;
    for await (const chunk of answer.Body) {
      const bytes = chunk as Buffer;
      if (length + bytes.length > buffer.length) throw new Error(`staged tail ${key} is longer than a part`);
      bytes.copy(buffer, length);
      length += bytes.length;
    }
    return length;
  }
}

function toUpload(row: repo.TusUploadRow): Upload {
  return new Upload({
    id: row.id,
    size: row.size,
    offset: row.receivedBytes,
    metadata: row.metadata,
    creation_date: row.createdAt.toISOString(),
  });
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}
