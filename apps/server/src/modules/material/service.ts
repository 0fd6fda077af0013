import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type {
  api} from '@nearcast/contract';
import {
  CODES,
  FOOTAGE_TYPES,
  footageLimits,
  formatMessage,
  type ApiLanguage,
  type Endpoint,
  type Footage,
  type FootageType,
  type ParsedRequestOf,
  type ResponseOf,
} from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../access/caller.js';
import { StorageNotFoundError, type FileStorage } from '../../adapters/storage/index.js';
import type { Db, Executor } from '../../db/client.js';
import { AppError, conflict, invalid, notFound, rejected } from '../../errors.js';
import { periodicPass, type JobDefinition, type JobQueue } from '../../jobs/queue.js';
import type { PaymentService } from '../payment/service.js';
import type { UploadService } from '../upload/service.js';
import { decodeCheckPass } from './decode-check.js';
import { processMedia } from './media-processing.js';
import type { MediaTools } from './media-tools.js';
import * as repo from './repository.js';
import type { TusStaging } from './tus-staging.js';

type Api = typeof api;
type Body<K extends keyof Api['footage']> = Api['footage'][K] extends Endpoint ? ParsedRequestOf<Api['footage'][K]> : never;

/** After this many starts a file that keeps killing its worker is given up on. */
const MAX_PROCESSING_ATTEMPTS = 3;
const SWEEP_BATCH = 100;
const MB = 1024 * 1024;

export interface FootageSettings {
  quotaMb: number;
  /** `<package id or name>=<MB>,…` */
  quotaMbByPlan: string;
  urlTtlSeconds: number;
}

/** What the material center asks of the posts that use a material (the video module answers). */
export interface MaterialUses {
  postsUsingFootage(ex: Executor, footageId: number): Promise<{ open: number; finished: number }>;
}

/**
 * The material center (docs/decisions/027): a merchant's videos, images and audio, added from
 * finished uploads, processed in the background, kept within the quota of its plan, seen by
 * the studio and operator that serve it, and marked by them with what became of each.
 */
export class MaterialService {
  private readonly quotaByPlan: Map<string, number>;

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly uploads: UploadService,
    private readonly payments: PaymentService,
    private readonly jobs: JobQueue,
    readonly staging: TusStaging,
    /** ffmpeg and ffprobe, found on first use. */
    readonly tools: () => MediaTools,
    private readonly settings: FootageSettings,
    private readonly uses: MaterialUses,
  ) {
    this.quotaByPlan = parseQuotas(settings.quotaMbByPlan);
  }

  // ---- reading -------------------------------------------------------------------------------

  async list(caller: Caller, body: Body<'list'>, lang: ApiLanguage): Promise<ResponseOf<Api['footage']['list']>> {
    const { rows, total } = await repo.list(
      this.db,
      caller,
      {
        keyword: body.keyword,
        type: body.type,
        status: body.status,
        usage: body.usage,
        dateFrom: body.date_from,
        dateTo: body.date_to,
        merchantId: body.merchant_id,
        tag: body.tag,
        sort: body.sort,
        origin: body.origin,
      },
      body.page,
      body.page_size,
    );
    return { list: await Promise.all(rows.map((row) => this.present(row, lang))), total, page: body.page, page_size: body.page_size };
  }

  async get(caller: Caller, id: number, lang: ApiLanguage): Promise<Footage> {
    return this.present(await this.visible(caller, id), lang);
  }

  async count(caller: Caller, merchantId: number | undefined) {
    const rows = await repo.countVisible(this.db, caller, merchantId);
    const counts = { total: 0, video: 0, image: 0, audio: 0, processing: 0, active: 0, inactive: 0, failed: 0, studio: 0 };
    for (const row of rows) {
      // The studio's videos are counted apart: they are not the merchant's uploads.
      if (row.studio) {
        counts.studio += row.n;
        continue;
      }
      counts.total += row.n;
      counts[row.type] += row.n;
      counts[row.status] += row.n;
    }
    return counts;
  }

  /** The materials figure of the caller's dashboard, in its dashboard's scope (staff, an agent's network, a studio's merchants…). */
  async countForDashboard(caller: Caller): Promise<number> {
    return repo.countForDashboard(this.db, caller);
  }

  /** A merchant's stored bytes against its quota; super names the merchant. */
  async storageOf(caller: Caller, merchantId: number | undefined) {
    const merchant = await this.merchantFor(caller, merchantId);
    const [used, quota] = await Promise.all([repo.storedBytes(this.db, merchant), this.quotaOf(merchant)]);
    return {
      used_bytes: used,
      quota_bytes: quota.bytes,
      plan_name: quota.planName,
      limits: Object.fromEntries(FOOTAGE_TYPES.map((type) => [type, footageLimits(type)])) as Record<FootageType, ReturnType<typeof footageLimits>>,
    };
  }

  // ---- adding --------------------------------------------------------------------------------

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
        await this.assertRoom(caller.id, staged.size);
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
    const quota = await this.quotaOf(merchantId);
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

  /** Refuses early, before bytes are copied, what the quota cannot hold (tus creation asks too). */
  async assertRoom(merchantId: number, size: number): Promise<void> {
    const [used, quota] = await Promise.all([repo.storedBytes(this.db, merchantId), this.quotaOf(merchantId)]);
    if (used + size > quota.bytes) throw quotaRefusal(used, quota.bytes, size);
  }

  // ---- changing ------------------------------------------------------------------------------

  async update(caller: Caller, body: Body<'update'>, lang: ApiLanguage): Promise<Footage> {
    await this.visible(caller, body.id);
    await repo.updateDetails(this.db, body.id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.tags !== undefined ? { tags: dedupe(body.tags) } : {}),
      ...(body.note !== undefined ? { note: body.note } : {}),
    });
    return this.get(caller, body.id, lang);
  }

  async setActive(caller: Caller, id: number, active: boolean, lang: ApiLanguage): Promise<Footage> {
    const row = await this.visible(caller, id);
    if (row.status !== (active ? 'active' : 'inactive') && !(await repo.setActive(this.db, id, active))) {
      throw rejected('footage.not_ready');
    }
    return this.get(caller, id, lang);
  }

  /** The studio or operator says what became of an active material (spec §4 client material detail). */
  async mark(caller: Caller, body: Body<'mark'>, lang: ApiLanguage): Promise<Footage> {
    await this.visible(caller, body.id);
    const done = await repo.mark(this.db, body.id, {
      usage: body.usage,
      // A reason belongs to failed, linked videos to completed; neither lingers from an earlier mark.
      reason: body.usage === 'failed' ? body.reason : '',
      videoIds: body.usage === 'completed' ? [...new Set(body.video_ids)] : [],
      byId: caller.id,
    });
    if (!done) throw rejected('footage.not_active');
    return this.get(caller, body.id, lang);
  }

  /**
   * Deletes a material and its files. The row, its upload and the stored objects go in one
   * transaction: if an object cannot be deleted the row stays and the caller may retry. A post
   * still to go out with this video refuses the delete (it would go out without a file); a post
   * done with it keeps the video and its cover, which it shows and hands to assisted platforms.
   */
  async delete(caller: Caller, id: number): Promise<void> {
    await this.visible(caller, id);
    await this.db.transaction(async (tx) => {
      const uses = await this.uses.postsUsingFootage(tx, id);
      if (uses.open > 0) throw conflict('footage.in_use', { count: uses.open });
      const row = await repo.remove(tx, id);
      if (!row) throw notFound();
      await this.uploads.forget(tx, row.uploadId);
      const kept = uses.finished > 0 ? [row.key, row.thumbKey] : [];
      for (const key of [row.key, row.thumbKey, row.previewKey]) if (key && !kept.includes(key)) await this.storage.delete(key);
    });
  }

  // ---- processing ----------------------------------------------------------------------------

  /**
   * Probes one file and stores what it made; the row becomes active, or failed with a reason.
   * Derived files get fresh keys, so two workers racing on one row never overwrite each other;
   * the one whose result does not land removes its own files.
   */
  async process(id: number): Promise<void> {
    const row = await repo.startProcessing(this.db, id);
    if (!row) return;
    if (row.processingAttempts > MAX_PROCESSING_ATTEMPTS) {
      await repo.failProcessing(this.db, id, { key: 'footage.failed_processing', params: {} });
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
        await repo.failProcessing(this.db, id, { key: 'footage.failed_storage', params: {} });
        return;
      }
      const outcome = await processMedia(this.tools(), { type: row.type, mime: row.mime, file: input }, work);
      if (!outcome.ok) {
        await repo.failProcessing(this.db, id, { key: outcome.key, params: outcome.params ?? {} });
        return;
      }
      // The quota counts every stored byte a material makes: room for the derived files is
      // taken before they are written, or the material fails saying the storage is full.
      const derived = [outcome.thumbnail, ...(outcome.preview ? [outcome.preview] : [])];
      const extraBytes = (await Promise.all(derived.map(async (file) => (await fs.stat(file.file)).size))).reduce((sum, size) => sum + size, 0);
      const room = await this.reserveRoom(row, extraBytes);
      if (room !== 'reserved') {
        if (room) await repo.failProcessing(this.db, id, { key: 'footage.failed_quota', params: room });
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
      const landed = await repo.finishProcessing(this.db, id, {
        durationSeconds: outcome.durationSeconds,
        width: outcome.width,
        height: outcome.height,
        codec: outcome.codec,
        thumbKey: thumb.key,
        previewKey: preview?.key ?? null,
        extraBytes: thumb.size + (preview?.size ?? 0),
      });
      if (landed) made.length = 0;
    } finally {
      for (const key of made) await this.storage.delete(key).catch(() => {});
      await fs.rm(work, { recursive: true, force: true });
    }
  }

  /** Queues processing for rows no job holds (docs/decisions/027 "Processing"). */
  async sweep(now = new Date()): Promise<number> {
    const ids = await repo.stuckProcessing(this.db, now, SWEEP_BATCH);
    for (const id of ids) await this.jobs.send(PROCESS_JOB, { id }, { singletonKey: `footage-${id}`, singletonSeconds: 60 });
    return ids.length;
  }

  jobDefinitions(log: FastifyBaseLogger): JobDefinition<never>[] {
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
      processJob as JobDefinition<never>,
      periodicPass('footage.sweep', '* * * * *', () => this.sweep(), (queued) => log.info({ queued }, 'queued materials waiting for processing')),
      periodicPass('footage.purge-staging', '17 * * * *', () => this.staging.purgeExpired(), (removed) => log.info({ removed }, 'removed abandoned resumable uploads')),
      periodicPass('footage.decode-check', '* * * * *', () => decodeCheckPass({ db: this.db, storage: this.storage, tools: this.tools }), (checked) => log.info({ checked }, 'decoded materials made active before the decode check')),
    ];
  }

  /**
   * A merchant's active video material as a video post keeps it (the video module stores the
   * file's key and facts with its post), or null when the id is not one. The caller's scope is
   * the video module's to check: staff roles that compose posts do not browse materials.
   */
  async activeVideoOf(merchantId: number, id: number): Promise<ActiveVideo | null> {
    const row = await repo.findView(this.db, id);
    if (!row || row.merchantId !== merchantId || row.type !== 'video' || row.status !== 'active') return null;
    return { id: row.id, key: row.key, name: row.name, mime: row.mime, size: row.size, durationSeconds: row.durationSeconds, thumbKey: row.thumbKey };
  }

  /**
   * Takes room in the merchant's quota for a material's derived files: 'reserved', the numbers
   * for the refusal when they do not fit, or null when the row is no longer processing.
   */
  private async reserveRoom(
    row: { id: number; merchantId: number; size: number },
    extraBytes: number,
  ): Promise<'reserved' | { used: string; quota: string; size: string } | null> {
    const quota = await this.quotaOf(row.merchantId);
    return this.db.transaction(async (tx) => {
      await repo.lockQuota(tx, row.merchantId);
      // Everything else the merchant stores, plus this original with its derived files.
      const others = await repo.storedBytes(tx, row.merchantId, row.id);
      if (others + row.size + extraBytes > quota.bytes) {
        return { used: humanBytes(others + row.size), quota: humanBytes(quota.bytes), size: humanBytes(extraBytes) };
      }
      return (await repo.reserveDerived(tx, row.id, extraBytes)) ? 'reserved' : null;
    });
  }

  // ---- the production line's port ------------------------------------------------------------

  /**
   * A merchant's active materials among `ids`, with what a render needs (its stored key and
   * probed facts); ids that are not such a material are simply absent.
   */
  async mediaOf(merchantId: number, ids: readonly number[], ex: Executor = this.db): Promise<MaterialMedia[]> {
    const rows = await repo.activeOf(ex, merchantId, ids);
    return rows.map(mediaFacts);
  }

  /** What a render may choose from when none was picked: unused first, newest first. */
  async libraryOf(merchantId: number, types: readonly FootageType[], limit: number): Promise<MaterialMedia[]> {
    const rows = await repo.library(this.db, merchantId, types, limit);
    return rows.map(mediaFacts);
  }

  /**
   * Makes a rendered video one of the merchant's materials, linked to its render, and processes
   * it at once so the draft is playable when the render is done. Idempotent per render: a
   * retried step finds the material it made.
   */
  async addRendered(merchantId: number, uploadId: number, details: { renderId: number; name: string; tags: readonly string[] }): Promise<number> {
    const existing = await repo.findByRenderId(this.db, details.renderId);
    const id =
      existing?.id ??
      (await this.addFromUpload(merchantId, uploadId, { tusId: null, name: details.name, fileName: null, tags: details.tags, note: '' }, { queue: false, renderId: details.renderId }));
    await this.process(id);
    return id;
  }

  /** Marks the materials a made video used (and the post it became, once it is one). */
  async markUsed(merchantId: number, ids: readonly number[], postId: number | null): Promise<void> {
    await repo.markUsed(this.db, merchantId, ids, postId);
  }

  // ---- helpers -------------------------------------------------------------------------------

  private async visible(caller: Caller, id: number): Promise<repo.FootageView> {
    const row = await repo.findVisible(this.db, caller, id);
    if (!row) throw notFound();
    return row;
  }

  /** The merchant a storage question is about: the caller itself, or one super names. */
  private async merchantFor(caller: Caller, merchantId: number | undefined): Promise<number> {
    if (caller.role === 'client') return caller.id;
    if (!merchantId) throw invalid({ merchant_id: 'validation.required' });
    if (!(await repo.merchantVisible(this.db, caller, merchantId))) throw notFound();
    return merchantId;
  }

  async quotaOf(merchantId: number): Promise<{ bytes: number; planName: string | null }> {
    const { plan } = await this.payments.historyOf(merchantId, 0);
    const byPlan = plan
      ? (this.quotaByPlan.get(String(plan.package_id)) ?? this.quotaByPlan.get(plan.package_name.trim().toLowerCase()))
      : undefined;
    return { bytes: (byPlan ?? this.settings.quotaMb) * MB, planName: plan?.package_name ?? null };
  }

  private async present(row: repo.FootageView, lang: ApiLanguage): Promise<Footage> {
    const ttl = this.settings.urlTtlSeconds;
    const [file, thumb, preview] = await Promise.all([
      this.storage.signedUrl(row.key, ttl),
      row.thumbKey ? this.storage.signedUrl(row.thumbKey, ttl) : null,
      row.previewKey ? this.storage.signedUrl(row.previewKey, ttl) : null,
    ]);
    return {
      id: row.id,
      merchant_id: row.merchantId,
      merchant_name: row.merchantName,
      type: row.type,
      origin: row.renderId === null ? 'upload' : 'studio',
      status: row.status,
      name: row.name,
      tags: row.tags,
      note: row.note,
      mime: row.mime,
      size: row.size,
      duration: row.durationSeconds,
      width: row.width,
      height: row.height,
      codec: row.codec,
      upload_time: row.createdAt.toISOString(),
      update_time: row.updatedAt.toISOString(),
      failure_reason: row.failureKey ? formatMessage(lang, row.failureKey, row.failureParams ?? {}) : null,
      file_url: file.url,
      // Until processing has judged it, the original is all there is to show.
      preview_url: preview?.url ?? (row.status === 'failed' ? null : file.url),
      thumbnail_url: thumb?.url ?? null,
      url_expires_at: file.expiresAt.toISOString(),
      usage: row.usage,
      usage_reason: row.usageReason,
      usage_video_ids: row.usageVideoIds,
      usage_time: row.usageAt?.toISOString() ?? null,
      usage_by: row.usageByName,
    };
  }
}

/** A material as the production line reads it: its file and what probing found. */
export interface MaterialMedia {
  id: number;
  type: FootageType;
  name: string;
  key: string;
  mime: string;
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
}

function mediaFacts(row: repo.FootageRow): MaterialMedia {
  return { id: row.id, type: row.type, name: row.name, key: row.key, mime: row.mime, durationSeconds: row.durationSeconds, width: row.width, height: row.height };
}

export interface ActiveVideo {
  id: number;
  key: string;
  name: string;
  mime: string;
  size: number;
  durationSeconds: number | null;
  thumbKey: string | null;
}

export const PROCESS_JOB = 'footage.process';

function quotaRefusal(used: number, quota: number, size: number): AppError {
  return new AppError(CODES.tooLarge, 'footage.quota_exceeded', { used: humanBytes(used), quota: humanBytes(quota), size: humanBytes(size) });
}

/** 1.2 GB, 350 MB, 12 KB: for messages only. */
export function humanBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 10 ? 0 : 1)} ${units[unit]}`;
}

/** `Growth=20480, 7=10240` → growth → 20480 MB, 7 → 10240 MB; malformed pairs are a start-up error. */
export function parseQuotas(setting: string): Map<string, number> {
  const quotas = new Map<string, number>();
  for (const pair of setting.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^(.+?)\s*=\s*(\d+)$/.exec(pair);
    if (!match) throw new Error(`FOOTAGE_QUOTA_MB_BY_PLAN: "${pair}" is not <plan id or name>=<MB>`);
    quotas.set(match[1]!.trim().toLowerCase(), Number(match[2]));
  }
  return quotas;
}

function dedupe(tags: readonly string[]): string[] {
  return [...new Set(tags)];
}

function defaultName(fileName: string | null, type: FootageType, key: string): string {
  const name = fileName?.trim().slice(0, 120);
  if (name) return name;
  return `${type}-${path.basename(key).slice(0, 8)}${path.extname(key)}`;
}
