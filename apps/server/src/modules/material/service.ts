import type {
  api} from '@nearcast/contract';
import {
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
import type { FileStorage } from '../../adapters/storage/index.js';
import type { Db, Executor } from '../../db/client.js';
import { conflict, invalid, notFound, rejected } from '../../errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { PaymentService } from '../payment/service.js';
import type { UploadService } from '../upload/service.js';
import { dedupe, MaterialIntake } from './material-intake.js';
import { MaterialProcessing } from './material-processing.js';
import { MaterialQuota, type QuotaRefusal } from './material-quota.js';
import type { MediaTools } from '../../adapters/media/index.js';
import * as repo from './repository.js';
import type { TusStaging } from './tus-staging.js';

type Api = typeof api;
type Body<K extends keyof Api['footage']> = Api['footage'][K] extends Endpoint ? ParsedRequestOf<Api['footage'][K]> : never;

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
 * the studio and operator that serve it, and marked by them with what became of each. This file
 * keeps its reads, its changes and the production line's port; the intake (material-intake.ts),
 * the processing (material-processing.ts) and the quota (material-quota.ts) are its parts.
 */
export class MaterialService {
  private readonly quota: MaterialQuota;
  private readonly intake: MaterialIntake;
  private readonly processing: MaterialProcessing;

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly uploads: UploadService,
    payments: PaymentService,
    jobs: JobQueue,
    readonly staging: TusStaging,
    /** ffmpeg and ffprobe, found on first use. */
    readonly tools: () => MediaTools,
    private readonly settings: FootageSettings,
    private readonly uses: MaterialUses,
  ) {
    this.quota = new MaterialQuota(db, payments, settings);
    this.intake = new MaterialIntake(db, uploads, jobs, staging, this.quota, (caller, id, lang) => this.get(caller, id, lang));
    this.processing = new MaterialProcessing(db, storage, jobs, staging, tools, this.quota);
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

  // ---- adding (material-intake.ts) -----------------------------------------------------------

  add(...args: Parameters<MaterialIntake['add']>): Promise<Footage> {
    return this.intake.add(...args);
  }

  addFromUpload(...args: Parameters<MaterialIntake['addFromUpload']>): Promise<number> {
    return this.intake.addFromUpload(...args);
  }

  /** Refuses early, before bytes are copied, what the quota cannot hold (tus creation asks too). */
  assertRoom(merchantId: number, size: number, refuse?: QuotaRefusal): Promise<void> {
    return this.quota.assertRoom(merchantId, size, refuse);
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

  // ---- processing (material-processing.ts) ---------------------------------------------------

  process(id: number): Promise<void> {
    return this.processing.process(id);
  }

  sweep(now = new Date()): Promise<number> {
    return this.processing.sweep(now);
  }

  jobDefinitions(log: FastifyBaseLogger) {
    return this.processing.jobDefinitions(log);
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

  quotaOf(merchantId: number): Promise<{ bytes: number; planName: string | null }> {
    return this.quota.quotaOf(merchantId);
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
