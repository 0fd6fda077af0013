import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { CODES, UPLOAD_PURPOSES, UPLOAD_RULES, uploadMaxBytes, uploadPurposeOf, type UploadPurpose } from '@nearcast/contract';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, conflict, notFound } from '../../errors.js';

/** Bytes file-type may read before it decides (the upload module's own sample size). */
export const SNIFF_BYTES = 4100;
/** A resumable upload nobody finishes is removed after a day, like a temporary upload. */
export const STAGING_HOURS = 24;
/** Our ids: `<owner id>-<uuid>`; anything else is refused before it becomes a file path or a key. */
const TUS_ID = /^(\d{1,10})-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function newTusId(ownerId: number): string {
  return `${ownerId}-${randomUUID()}`;
}

/** The account a tus id belongs to; null for a malformed id. */
export function ownerOfTusId(id: string): number | null {
  const match = TUS_ID.exec(id);
  return match ? Number(match[1]) : null;
}

/** Does this tus id belong to this account? (Malformed ids belong to nobody.) */
export function tusIdOwnedBy(id: string, ownerId: number): boolean {
  const match = TUS_ID.exec(id);
  return match !== null && Number(match[1]) === ownerId;
}

/** What the first bytes of a file are, or why they are refused, against the declared size. */
export type HeadVerdict = { ok: true; purpose: UploadPurpose; mime: string; ext: string } | { ok: false; refusal: AppError };

/**
 * What the first bytes of a file say about it, against the size the upload declared (the
 * upload service judges the whole file again when a locally staged upload is added; this
 * stops a wrong file early, before it is uploaded whole). Bytes that are no kind of file we
 * know, under a name that promises one we take (`shop.mp4`), are a damaged file, and are told
 * so: "not accepted… Accepted: MP4" would contradict the name the merchant sees.
 */
export async function sniffHead(head: Buffer, size: number, fileName?: string | null): Promise<HeadVerdict> {
  const type = await fileTypeFromBuffer(head);
  const purpose = type ? uploadPurposeOf(type.ext) : null;
  if (!type || !purpose) {
    const allowed = UPLOAD_PURPOSES.flatMap((p) => UPLOAD_RULES[p].formats);
    const named = path.extname(fileName ?? '').slice(1).toLowerCase();
    if (!type && head.length > 0 && uploadPurposeOf(named)) return { ok: false, refusal: new AppError(CODES.unsupportedMedia, 'footage.damaged') };
    const key = type ? 'upload.type_not_allowed' : 'upload.not_media';
    return { ok: false, refusal: new AppError(CODES.unsupportedMedia, key, { allowed: allowed.join(', ').toUpperCase() }) };
  }
  if (size > uploadMaxBytes(purpose)) {
    return { ok: false, refusal: new AppError(CODES.tooLarge, `upload.${purpose}_too_large`, { limit: UPLOAD_RULES[purpose].maxMb }) };
  }
  return { ok: true, purpose, mime: type.mime, ext: type.ext };
}

/** null when the first bytes are acceptable, else the refusal. */
export async function judgeHead(head: Buffer, size: number, fileName?: string | null): Promise<AppError | null> {
  const verdict = await sniffHead(head, size, fileName);
  return verdict.ok ? null : verdict.refusal;
}

/**
 * tus's file store, judging each upload by its first bytes as they arrive: the bytes that
 * make up the sample are held back until the verdict, so a refused file leaves nothing
 * behind but is removed whole, and the client hears 413 or 415 at once instead of after
 * uploading hundreds of megabytes.
 */
class JudgingFileStore extends FileStore {
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    if (offset >= SNIFF_BYTES) return super.write(readable, id, offset);
    const upload = await this.getUpload(id);
    const size = upload.size ?? 0;
    const needed = Math.min(SNIFF_BYTES, size);
    const earlier = offset > 0 ? await readHead(path.join(this.directory, id), offset) : Buffer.alloc(0);
    let held: Buffer[] = [];
    let heldLength = 0;
    let decided = false;
    let refusal: AppError | null = null;
    const judge = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        if (decided) return callback(null, chunk);
        held.push(chunk);
        heldLength += chunk.length;
        if (offset + heldLength < needed) return callback();
        decided = true;
        const head = Buffer.concat([earlier, ...held]);
        const release = Buffer.concat(held);
        held = [];
        judgeHead(head.subarray(0, SNIFF_BYTES), size, upload.metadata?.filename).then(
          (verdict) => {
            if (verdict) {
              refusal = verdict;
              callback(verdict);
            } else callback(null, release);
          },
          (error: unknown) => callback(error as Error),
        );
      },
      // A request that ends before the sample is complete is written as it is; the next one judges.
      flush(callback) {
        callback(null, held.length > 0 ? Buffer.concat(held) : undefined);
      },
    });
    readable.on('error', (error) => judge.destroy(error));
    readable.pipe(judge);
    try {
      return await super.write(judge, id, offset);
    } catch (error) {
      if (refusal) {
        await this.remove(id).catch(() => {});
        throw refusal;
      }
      throw error;
    }
  }
}

async function readHead(file: string, length: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(file, { start: 0, end: length - 1 })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A finished resumable upload, ready to become a temporary upload: either a stream of its
 * bytes (local disk: the upload service judges, hashes and stores them as they pass), or
 * bytes already in the bucket, judged by their first bytes as they arrived, that `placeAt`
 * puts under a storage key without passing them through this process.
 */
export interface StagedUpload {
  size: number;
  fileName: string | null;
  source:
    | { kind: 'stream'; open(): Readable }
    | { kind: 'stored'; purpose: UploadPurpose; mime: string; ext: string; placeAt(key: string): Promise<void> };
}

/**
 * Where resumable uploads wait until they are complete and added (docs/decisions/027, 046):
 * on the local disk of the instance by default, in the S3 bucket when one is configured, so
 * that any instance can continue any upload. One interface, two implementations, chosen by
 * configuration like the file storage.
 */
export interface TusStaging {
  readonly kind: 'local' | 's3';
  /** The tus data store the endpoint writes through. */
  readonly store: DataStore;
  /** A complete upload of `ownerId`; not-found for anyone else's or an unknown one, conflict while unfinished. */
  finished(ownerId: number, id: string): Promise<StagedUpload>;
  /** Removes an upload and everything staged for it; removing one that is gone is not an error. */
  remove(id: string): Promise<void>;
  /** Removes uploads past their expiry; answers how many. */
  purgeExpired(): Promise<number>;
}

/** Staging on the local disk of this instance: a tus file store under DATA_DIR/tus. */
export class LocalTusStaging implements TusStaging {
  readonly kind = 'local' as const;
  readonly store: FileStore;

  constructor(readonly directory: string) {
    this.store = new JudgingFileStore({ directory, expirationPeriodInMilliseconds: STAGING_HOURS * 3600_000 });
  }

  async finished(ownerId: number, id: string): Promise<StagedUpload> {
    if (!tusIdOwnedBy(id, ownerId)) throw notFound('upload.not_found');
    const upload = await this.store.getUpload(id).catch(() => null);
    if (!upload) throw notFound('upload.not_found');
    if (upload.size === undefined || upload.offset !== upload.size) throw conflict('footage.upload_incomplete');
    const file = path.join(this.directory, id);
    return { size: upload.size, fileName: cleanName(upload.metadata?.filename ?? null), source: { kind: 'stream', open: () => createReadStream(file) } };
  }

  async remove(id: string): Promise<void> {
    await this.store.remove(id).catch(() => {});
  }

  purgeExpired(): Promise<number> {
    return this.store.deleteExpired();
  }
}

/** The client's file name, for display only: no path, no control characters, not endless. */
export function cleanName(name: string | null): string | null {
  if (!name) return null;
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = path.basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001F\u007F]/g, '').trim();
  return clean.slice(0, 120) || null;
}
