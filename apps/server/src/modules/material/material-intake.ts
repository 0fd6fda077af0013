import path from 'node:path';
import type { api, ApiLanguage, Endpoint, Footage, FootageType, ParsedRequestOf } from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { UploadService } from '../upload/service.js';
import { PROCESS_JOB } from './material-processing.js';
import { quotaRefusal, type MaterialQuota } from './material-quota.js';
import * as repo from './repository.js';
import type { TusStaging } from './tus-staging.js';

type Api = typeof api;
type Body<K extends keyof Api['footage']> = Api['footage'][K] extends Endpoint ? ParsedRequestOf<Api['footage'][K]> : never;

/**
 * A material's intake: a finished upload (tus or temporary) made a material of its merchant
 * within its quota, with its processing queued. Apart from the reads and the processing because
 * it alone decides what is let in, and a retried or racing add must find what the first made.
 */
export class MaterialIntake {
  constructor(
    private readonly db: Db,
    private readonly uploads: UploadService,
    private readonly jobs: JobQueue,
    private readonly staging: TusStaging,
    private readonly quota: MaterialQuota,
    /** The material as the endpoints answer it, read in the caller's scope (the service's read). */
    private readonly get: (caller: Caller, id: number, lang: ApiLanguage) => Promise<Footage>,
  ) {}

  /**
   * Adds a finished upload to the caller's library: a tus upload (its bytes are judged and
   * stored through the upload service, like any upload) or a temporary upload. A retry of the
   * same add answers the material it made the first time.
   */
  async add(caller: Caller, body: Body<'add'>, lang: ApiLanguage): Promise<Footage> {
    const made = async (): Promise<Footage | null> => {
      const row = body.upload ? await repo.findByTusId(this.db, body.upload) : await repo.findByUploadId(this.db, body.upload_id!);
      if (!row) return null;
      if (row.merchantId !== caller.id) throw notFound('upload.not_found');
      return this.get(caller, row.id, lang);
    };
    const existing = await made();
    if (existing) return existing;

    try {
      let uploadId: number;
      let fileName: string | null = null;
      if (body.upload) {
        const staged = await this.staging.finished(caller.id, body.upload);
        await this.quota.assertRoom(caller.id, staged.size);
        const { source } = staged;
        const temp =
          source.kind === 'stream'
            ? await this.uploads.acceptTemp(caller, undefined, { stream: source.open(), contentLength: staged.size })
            : await this.uploads.acceptStored(caller, { purpose: source.purpose, mime: source.mime, ext: source.ext, size: staged.size }, (key) => source.placeAt(key));
        uploadId = temp.id;
        fileName = staged.fileName;
      } else {
        uploadId = body.upload_id!;
      }
      const id = await this.addFromUpload(caller.id, uploadId, {
        tusId: body.upload ?? null,
        name: body.name ?? null,
        fileName,
        tags: body.tags,
        note: body.note,
      });
      if (body.upload) await this.staging.remove(body.upload);
      return await this.get(caller, id, lang);
    } catch (error) {
      // Two adds of one upload at once: the loser finds the winner's material (its own copy of
      // the bytes stays a temporary upload, which the purge job removes).
      const winner = await made();
      if (winner) return winner;
      throw error;
    }
  }

  /**
   * Makes a temporary upload of a merchant one of its materials, within its quota, and queues
   * its processing: the add endpoint's transaction, and the demo library's.
   */
  async addFromUpload(
    merchantId: number,
    uploadId: number,
    details: { tusId: string | null; name: string | null; fileName: string | null; tags: readonly string[]; note: string },
    options: { queue: boolean; renderId?: number } = { queue: true },
  ): Promise<number> {
    // Read before the transaction: inside it, every query must go through `tx` (PGlite has one session).
    const quota = await this.quota.quotaOf(merchantId);
    return this.db.transaction(async (tx) => {
      await repo.lockQuota(tx, merchantId);
      const claimed = await this.uploads.claim(tx, uploadId, merchantId);
      const used = await repo.storedBytes(tx, merchantId);
      if (used + claimed.size > quota.bytes) throw quotaRefusal(used, quota.bytes, claimed.size);
      const row = await repo.insert(tx, {
        merchantId,
        uploadId: claimed.id,
        tusId: details.tusId,
        type: claimed.type,
        name: details.name ?? defaultName(details.fileName, claimed.type, claimed.key),
        tags: dedupe(details.tags),
        note: details.note,
        key: claimed.key,
        mime: claimed.mime,
        size: claimed.size,
        storedBytes: claimed.size,
        renderId: options.renderId ?? null,
      });
      // The job exists exactly when the row does; without a running queue (a script, a test
      // that runs none) the sweep job finds the row later.
      if (options.queue && this.jobs.running) await this.jobs.sendWithin(tx, PROCESS_JOB, [{ id: row.id }]);
      return row.id;
    });
  }
}

export function dedupe(tags: readonly string[]): string[] {
  return [...new Set(tags)];
}

function defaultName(fileName: string | null, type: FootageType, key: string): string {
  const name = fileName?.trim().slice(0, 120);
  if (name) return name;
  return `${type}-${path.basename(key).slice(0, 8)}${path.extname(key)}`;
}
