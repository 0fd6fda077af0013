import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { StorageNotFoundError, type FileStorage } from '../../adapters/storage/index.js';
import type { Db } from '../../db/client.js';
import { LeasedWork, type Held } from '../../jobs/leased-work.js';
import { periodicPass, type AnyJob, type JobDefinition, type JobQueue } from '../../jobs/queue.js';
import { decodeCheckPass } from './decode-check.js';
import { processMedia } from './media-processing.js';
import type { MediaTools } from '../../adapters/media/index.js';
import { humanBytes, type MaterialQuota } from './material-quota.js';
import * as processingRepo from './processing-repository.js';
import * as repo from './repository.js';
import type { TusStaging } from './tus-staging.js';

/** After this many starts a file that keeps killing its worker is given up on. */
const MAX_PROCESSING_ATTEMPTS = 3;
const SWEEP_BATCH = 100;
/** A start older than this had a worker that died (the sweep's measure; see `stuckProcessing`). */
const PROCESSING_LEASE_MS = 30 * 60_000;

type ProcessingHold = Held<repo.FootageRow, processingRepo.ProcessingWrite>;

export const PROCESS_JOB = 'footage.process';

/**
 * A material's processing in the background (docs/decisions/027 "Processing"): probing, derived
 * files within the quota, and the jobs that run, sweep and check it. Apart from intake and reads
 * because it runs in workers, outside any request, and must survive crashes and races. The
 * start, the fenced writes and the sweep are the leased-work capability's (docs/decisions/089);
 * this declares the step.
 */
export class MaterialProcessing {
  private readonly leases: LeasedWork<repo.FootageRow, processingRepo.ProcessingWrite>;

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly jobs: JobQueue,
    private readonly staging: TusStaging,
    /** ffmpeg and ffprobe, found on first use. */
    private readonly tools: () => MediaTools,
    private readonly quota: MaterialQuota,
  ) {
    this.leases = new LeasedWork(processingRepo.processingLeases, { kind: 'material', db, leaseMs: PROCESSING_LEASE_MS, now: () => new Date() });
  }

  /**
   * Probes one file and stores what it made; the row becomes active, or failed with a reason.
   * Derived files get fresh keys, so two workers racing on one row never overwrite each other;
   * the one whose result does not land removes its own files.
   */
  async process(id: number): Promise<void> {
    await this.leases.claimAndRun(id, (row, held) => this.step(row, held), { busy: () => undefined, lost: () => undefined });
  }

  private async step(row: repo.FootageRow, held: ProcessingHold): Promise<void> {
    if (row.processingAttempts > MAX_PROCESSING_ATTEMPTS) {
      await held.tryWrite({ fail: { key: 'footage.failed_processing', params: {} } });
      return;
    }
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-footage-'));
    const made: string[] = [];
    try {
      const input = path.join(work, `original${path.extname(row.key)}`);
      try {
        const { body } = await this.storage.get(row.key);
        await pipeline(body, createWriteStream(input));
      } catch (error) {
        if (!(error instanceof StorageNotFoundError)) throw error;
        await held.tryWrite({ fail: { key: 'footage.failed_storage', params: {} } });
        return;
      }
      const outcome = await processMedia(this.tools(), { type: row.type, mime: row.mime, file: input, madeHere: row.renderId !== null }, work);
      if (!outcome.ok) {
        await held.tryWrite({ fail: { key: outcome.key, params: outcome.params ?? {} } });
        return;
      }
      // The quota counts every stored byte a material makes: room for the derived files is
      // taken before they are written, or the material fails saying the storage is full.
      const derived = [outcome.thumbnail, ...(outcome.preview ? [outcome.preview] : [])];
      const extraBytes = (await Promise.all(derived.map(async (file) => (await fs.stat(file.file)).size))).reduce((sum, size) => sum + size, 0);
      const room = await this.reserveRoom(row, held, extraBytes);
      if (room !== 'reserved') {
        if (room) await held.tryWrite({ fail: { key: 'footage.failed_quota', params: room } });
        return;
      }
      const base = row.key.replace(/\.[a-z0-9]+$/, '');
      const store = async (file: { file: string; mime: string; ext: string }, kind: string) => {
        const key = `${base}.${kind}-${randomUUID().slice(0, 8)}.${file.ext}`;
        made.push(key);
        const stored = await this.storage.put(key, createReadStream(file.file), { contentType: file.mime });
        return { key, size: stored.size };
      };
      const thumb = await store(outcome.thumbnail, 'thumb');
      const preview = outcome.preview ? await store(outcome.preview, 'preview') : null;
      const landed = await held.tryWrite({
        finish: {
          durationSeconds: outcome.durationSeconds,
          width: outcome.width,
          height: outcome.height,
          codec: outcome.codec,
          thumbKey: thumb.key,
          previewKey: preview?.key ?? null,
          extraBytes: thumb.size + (preview?.size ?? 0),
        },
      });
      if (landed) made.length = 0;
    } finally {
      for (const key of made) await this.storage.delete(key).catch(() => {});
      await fs.rm(work, { recursive: true, force: true });
    }
  }

  /** Queues processing for rows no job holds (docs/decisions/027 "Processing"). */
  async sweep(now = new Date()): Promise<number> {
    return this.leases.sweep(SWEEP_BATCH, ({ id }) => this.jobs.send(PROCESS_JOB, { id }, { singletonKey: `footage-${id}`, singletonSeconds: 60 }), now);
  }

  jobDefinitions(log: FastifyBaseLogger): AnyJob[] {
    const processJob: JobDefinition<{ id: number }> = {
      name: PROCESS_JOB,
      retryLimit: 2,
      retryDelaySeconds: 30,
      retryBackoff: true,
      handler: async ({ id }) => {
        await this.process(id);
      },
    };
    return [
      processJob,
      periodicPass('footage.sweep', '* * * * *', () => this.sweep(), (queued) => log.info({ queued }, 'queued materials waiting for processing')),
      periodicPass('footage.purge-staging', '17 * * * *', () => this.staging.purgeExpired(), (removed) => log.info({ removed }, 'removed abandoned resumable uploads')),
      periodicPass('footage.decode-check', '* * * * *', () => decodeCheckPass({ db: this.db, storage: this.storage, tools: this.tools }), (checked) => log.info({ checked }, 'decoded materials made active before the decode check')),
    ];
  }

  /**
   * Takes room in the merchant's quota for a material's derived files: 'reserved', the numbers
   * for the refusal when they do not fit, or null when the row is no longer processing.
   */
  private async reserveRoom(
    row: { id: number; merchantId: number; size: number },
    held: ProcessingHold,
    extraBytes: number,
  ): Promise<'reserved' | { used: string; quota: string; size: string } | null> {
    const quota = await this.quota.quotaOf(row.merchantId);
    return this.db.transaction(async (tx) => {
      await repo.lockQuota(tx, row.merchantId);
      // Everything else the merchant stores, plus this original with its derived files.
      const others = await repo.storedBytes(tx, row.merchantId, row.id);
      if (others + row.size + extraBytes > quota.bytes) {
        return { used: humanBytes(others + row.size), quota: humanBytes(quota.bytes), size: humanBytes(extraBytes) };
      }
      return (await held.tryWrite({ reserve: extraBytes }, tx)) ? 'reserved' : null;
    });
  }
}
