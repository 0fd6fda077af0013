import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable} from 'node:stream';
import { Transform } from 'node:stream';
import { CODES, UPLOAD_PURPOSES, UPLOAD_RULES, uploadMaxBytes, uploadPurposeOf } from '@nearcast/contract';
import { FileStore } from '@tus/file-store';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, conflict, notFound } from '../../errors.js';

/** Bytes file-type may read before it decides (the upload module's own sample size). */
const SNIFF_BYTES = 4100;
/** A resumable upload nobody finishes is removed after a day, like a temporary upload. */
const STAGING_HOURS = 24;
/** Our ids: `<owner id>-<uuid>`; anything else is refused before it becomes a file path. */
const TUS_ID = /^(\d{1,10})-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function newTusId(ownerId: number): string {
  return `${ownerId}-${randomUUID()}`;
}

/** Does this tus id belong to this account? (Malformed ids belong to nobody.) */
export function tusIdOwnedBy(id: string, ownerId: number): boolean {
  const match = TUS_ID.exec(id);
  return match !== null && Number(match[1]) === ownerId;
}

/**
 * What the first bytes of a file say about it, against the size the upload declared: null
 * when acceptable, else the refusal (the upload service judges the whole file again when it
 * is added; this only stops a wrong file early, before it is uploaded whole).
 */
export async function judgeHead(head: Buffer, size: number): Promise<AppError | null> {
  const type = await fileTypeFromBuffer(head);
  const purpose = type ? uploadPurposeOf(type.ext) : null;
  if (!purpose) {
    const allowed = UPLOAD_PURPOSES.flatMap((p) => UPLOAD_RULES[p].formats);
    return new AppError(CODES.unsupportedMedia, 'upload.type_not_allowed', { allowed: allowed.join(', ').toUpperCase() });
  }
  if (size > uploadMaxBytes(purpose)) return new AppError(CODES.tooLarge, `upload.${purpose}_too_large`, { limit: UPLOAD_RULES[purpose].maxMb });
  return null;
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
        judgeHead(head.subarray(0, SNIFF_BYTES), size).then(
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

export interface StagedUpload {
  file: string;
  size: number;
  fileName: string | null;
}

/**
 * Where resumable uploads wait until they are complete and added: a tus file store on local
 * disk (docs/decisions/027), whatever the file storage is; adding copies the bytes into it.
 */
export class TusStaging {
  readonly store: FileStore;

  constructor(readonly directory: string) {
    this.store = new JudgingFileStore({ directory, expirationPeriodInMilliseconds: STAGING_HOURS * 3600_000 });
  }

  /** A complete upload of `ownerId`; not-found for anyone else's or an unknown one. */
  async finished(ownerId: number, id: string): Promise<StagedUpload> {
    if (!tusIdOwnedBy(id, ownerId)) throw notFound('upload.not_found');
    const upload = await this.store.getUpload(id).catch(() => null);
    if (!upload) throw notFound('upload.not_found');
    if (upload.size === undefined || upload.offset !== upload.size) throw conflict('footage.upload_incomplete');
    return { file: path.join(this.directory, id), size: upload.size, fileName: cleanName(upload.metadata?.filename ?? null) };
  }

  async remove(id: string): Promise<void> {
    await this.store.remove(id).catch(() => {});
  }

  purgeExpired(): Promise<number> {
    return this.store.deleteExpired();
  }
}

/** The client's file name, for display only: no path, no control characters, not endless. */
function cleanName(name: string | null): string | null {
  if (!name) return null;
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = path.basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001F\u007F]/g, '').trim();
  return clean.slice(0, 120) || null;
}
