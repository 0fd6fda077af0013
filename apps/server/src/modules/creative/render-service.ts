import {
  type api,
  type ApiLanguage,
  calendarDay,
  CODES,
  estimateScriptSeconds,
  isStaff,
  type MusicChoice,
  type ParsedRequestOf,
  readStoredMessage,
  type Render,
  type RenderProgress,
  type ResponseOf,
  SCRIPT_LIMITS,
  type ScriptBody,
  scriptBody,
  type ScriptLanguage,
  storedMessage,
  type VoiceEngineName,
} from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { FileStorage } from '../../adapters/storage/index.js';
import type { Db } from '../../db/client.js';
import { AppError, conflict, invalid, notFound, rejected } from '../../errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { MaterialService } from '../material/service.js';
import type { BriefService } from './brief-service.js';
import { renderDownloadName } from './download-name.js';
import { assertRenderRoom } from './render-room.js';
import { numberInDay } from './render-download-repository.js';
import type { Materials, Merchants } from './ports.js';
import * as repo from './repository.js';
import * as listRepo from './render-list-repository.js';
import * as queueRepo from './render-queue-repository.js';
import * as scriptRepo from './script-repository.js';

type Api = (typeof api)['creative'];
type RenderAdd = ParsedRequestOf<Api['renderAdd']>;

/** The queue renders wait in; render processes work it alone (docs/decisions/050). */
export const RENDER_JOB = 'creative.render';

/** Where render progress goes: the notification stream's hub, to every reader of the merchant. */
export interface RenderProgressSink {
  publish(progress: RenderProgress): Promise<void>;
}

/** Which voice engines this installation can use now (the cloud one needs its configuration). */
export type VoiceAvailability = (engine: VoiceEngineName) => boolean;

/** The wait a caller refused for a full queue is told to give it: about one short render's time. */
export const QUEUE_FULL_RETRY_SECONDS = 60;

export interface RenderServiceSettings {
  urlTtlSeconds: number;
  /** The frame renders are made in: what a render's file is estimated from. */
  size: { width: number; height: number };
  /** A studio's queue: this many waiting renders per merchant it serves, and never fewer than queueMin. */
  queuePerMerchant: number;
  queueMin: number;
}

/** What a new render is asked to make, once checked. */
export interface RenderOrder {
  merchantId: number;
  language: ScriptLanguage;
  scriptId: number | null;
  script: ScriptBody;
  footageIds: number[];
  voice: VoiceEngineName;
  music: MusicChoice;
  musicFootageId: number | null;
  createdById: number | null;
  origin: 'manual' | 'plan';
  planDate?: string;
  planSlot?: number;
  /** A replacement of a rejected plan draft: which one (docs/decisions/075). */
  planRound?: number;
  seed?: string;
  /** A plan's slot: the learner's choices and reason (docs/decisions/085). */
  learning?: repo.StoredRenderLearning;
}

/**
 * Renders as the API shows them (docs/decisions/050): asked for, read, listed and cancelled
 * here; made by the render engine (render-engine.ts) on the render queue.
 */
export class RenderService {
  constructor(
    private readonly db: Db,
    private readonly briefs: BriefService,
    private readonly materials: Materials & Pick<MaterialService, 'assertRoom'>,
    private readonly storage: FileStorage,
    private readonly jobs: Pick<JobQueue, 'running' | 'sendWithin'>,
    private readonly progress: RenderProgressSink,
    private readonly voiceAvailable: VoiceAvailability,
    private readonly settings: RenderServiceSettings,
    private readonly merchants: Merchants,
  ) {}

  /**
   * Asks for a render. Everything that would make it fail late is checked first: the merchant's
   * plan (a lapsed one gets no videos, as the daily plan refuses), room in its storage for the
   * file and for those of its renders already waiting, and a place in its studio's queue.
   */
  async add(caller: Caller, body: RenderAdd, lang: ApiLanguage): Promise<Render> {
    await this.briefs.assertVisible(caller, body.merchant_id);
    if (!(await this.merchants.factsOf(body.merchant_id))?.planActive) throw rejected('creative.plan_inactive');
    const order = await this.check(body.merchant_id, {
      language: body.language,
      scriptId: body.script_id ?? null,
      script: body.script,
      footageIds: body.footage_ids ?? null,
      voice: body.voice ?? null,
      music: body.music ?? null,
      musicFootageId: body.music_footage_id ?? null,
    });
    const waiting = await repo.openOfMerchant(this.db, body.merchant_id);
    await assertRenderRoom(this.materials, body.merchant_id, { script: order.script, language: order.language, size: this.settings.size }, waiting);
    const [row] = await this.enqueue([{ ...order, createdById: caller.id, origin: 'manual' }], { capped: true });
    return this.present((await repo.findRenderView(this.db, row!.id))!, lang, caller);
  }

  /**
   * Checks what a render is asked to make against the merchant's brief and library and fills
   * what was left out; a bad part is refused with the field it came from.
   */
  async check(
    merchantId: number,
    asked: {
      language: ScriptLanguage;
      scriptId: number | null;
      script: ScriptBody;
      footageIds: readonly number[] | null;
      voice: VoiceEngineName | null;
      music: MusicChoice | null;
      musicFootageId: number | null;
    },
  ): Promise<Omit<RenderOrder, 'createdById' | 'origin'>> {
    const seconds = estimateScriptSeconds(asked.script, asked.language);
    if (seconds > SCRIPT_LIMITS.secondsMax) {
      throw invalid({ script: { key: 'creative.script_too_long', params: { seconds: Math.ceil(seconds), max: SCRIPT_LIMITS.secondsMax } } });
    }
    if (asked.scriptId !== null) {
      const script = await repo.findScript(this.db, asked.scriptId);
      if (!script || script.merchantId !== merchantId) throw invalid({ script_id: 'error.not_found' });
    }
    if (asked.footageIds && asked.footageIds.length > 0) {
      const media = await this.materials.mediaOf(merchantId, asked.footageIds);
      const bad = asked.footageIds.find((id) => !media.some((item) => item.id === id && (item.type === 'video' || item.type === 'image')));
      if (bad !== undefined) throw invalid({ footage_ids: { key: 'creative.footage_not_usable', params: { id: bad } } });
    }
    const brief = await this.briefs.briefOf(merchantId);
    const voice = asked.voice ?? brief.voice;
    if (!this.voiceAvailable(voice)) throw invalid({ voice: 'creative.voice_unavailable' });
    const music = asked.music ?? brief.music;
    const musicFootageId = music === 'library' ? (asked.musicFootageId ?? brief.music_footage_id) : null;
    if (music === 'library') {
      const [audio] = musicFootageId === null ? [] : await this.materials.mediaOf(merchantId, [musicFootageId]);
      if (audio?.type !== 'audio') throw invalid({ music_footage_id: 'creative.music_not_audio' });
    }
    return {
      merchantId,
      language: asked.language,
      scriptId: asked.scriptId,
      script: asked.script,
      footageIds: [...(asked.footageIds ?? [])],
      voice,
      music,
      musicFootageId,
    };
  }

  /**
   * Stores renders and queues their jobs in one transaction: a render exists exactly when its job
   * does. Each render carries its merchant's studio, by which renders are taken in turn
   * (docs/decisions/073). `capped`: refused with a 429 when the studio's queue has no room for them.
   */
  async enqueue(orders: RenderOrder[], options: { capped?: boolean } = {}): Promise<repo.RenderRow[]> {
    const studios = new Map<number, number>();
    for (const merchantId of new Set(orders.map((order) => order.merchantId))) {
      studios.set(merchantId, (await this.merchants.factsOf(merchantId))?.studioId ?? 0);
    }
    const limits = new Map<number, number>();
    if (options.capped) {
      for (const studioId of new Set(studios.values())) limits.set(studioId, await this.queueLimitOf(studioId));
    }
    const queued = await this.db.transaction(async (tx) => {
      for (const [studioId, max] of limits) {
        const merchantId = orders.find((order) => studios.get(order.merchantId) === studioId)!.merchantId;
        await queueRepo.lockStudioQueue(tx, studioId, merchantId);
        const waiting = await queueRepo.queuedOfStudio(tx, studioId, merchantId);
        const asked = orders.filter((order) => studios.get(order.merchantId) === studioId).length;
        if (waiting + asked > max) throw new AppError(CODES.tooMany, 'creative.queue_full', { count: waiting, max, seconds: QUEUE_FULL_RETRY_SECONDS });
      }
      const rows = await repo.insertRenders(
        tx,
        orders.map((order) => ({
          merchantId: order.merchantId,
          studioId: studios.get(order.merchantId) ?? 0,
          language: order.language,
          scriptId: order.scriptId,
          script: order.script,
          footageIds: order.footageIds,
          footagePicked: order.footageIds.length > 0,
          voice: order.voice,
          music: order.music,
          musicFootageId: order.musicFootageId,
          origin: order.origin,
          planDate: order.planDate ?? null,
          planSlot: order.planSlot ?? null,
          planRound: order.planRound ?? 0,
          seed: order.seed ?? '',
          learning: order.learning ?? null,
          createdById: order.createdById,
        })),
      );
      if (rows.length > 0 && this.jobs.running) await this.jobs.sendWithin(tx, RENDER_JOB, rows.map((row) => ({ id: row.id })));
      // A script rendered leaves the studio's desk, with the render or not at all.
      for (const scriptId of new Set(rows.map((row) => row.scriptId).filter((id): id is number => id !== null))) await scriptRepo.takeOffDesk(tx, scriptId);
      return rows;
    });
    // Boards open on the merchant show a new render at once, not only once a worker starts it.
    await Promise.all(queued.map((row) => this.progress.publish({ id: row.id, merchant_id: row.merchantId, state: 'queued', progress: 0 }).catch(() => {})));
    return queued;
  }

  /** How many renders a studio's queue holds (a studio-less merchant's: its own share). */
  async queueLimitOf(studioId: number): Promise<number> {
    if (studioId === 0) return this.settings.queuePerMerchant;
    return Math.max(this.settings.queueMin, this.settings.queuePerMerchant * (await this.merchants.clientsOfStudio(studioId)));
  }

  async get(caller: Caller, id: number, lang: ApiLanguage): Promise<Render> {
    const row = await repo.findVisibleRender(this.db, caller, id);
    if (!row) throw notFound();
    return this.present(row, lang, caller);
  }

  /**
   * One merchant's renders, or without `merchant_id` the review queue across every merchant the
   * caller works for (docs/decisions/074), with what waits for review per merchant.
   */
  async list(caller: Caller, body: ParsedRequestOf<Api['renderList']>, lang: ApiLanguage): Promise<ResponseOf<Api['renderList']>> {
    // A day is the merchant's own: a render asked for at 5 pm in Los Angeles is that day's.
    const timeZone = body.date && body.merchant_id !== undefined ? await this.briefs.timeZoneOf(body.merchant_id) : undefined;
    const shared = { language: body.language, date: body.date, timeZone };
    const [{ rows, total }, counts] = await Promise.all([
      listRepo.listRenders(
        this.db,
        caller,
        { ...shared, merchantId: body.merchant_id, state: body.state, draft: body.draft, review: body.review },
        body.page,
        body.page_size,
        body.sort,
      ),
      listRepo.reviewCounts(this.db, caller, shared),
    ]);
    return {
      list: await Promise.all(rows.map((row) => this.present(row, lang, caller))),
      total,
      page: body.page,
      page_size: body.page_size,
      by_merchant: counts.map((row) => ({
        merchant_id: row.merchantId,
        merchant_name: row.merchantName,
        pending: row.pending,
        failed: row.failed,
        changes_requested: row.changesRequested,
      })),
    };
  }

  /**
   * Cancels a render still to be made. A running one stops within seconds (the engine reads the
   * state when it renews its lease and kills ffmpeg); one whose file is already stored is
   * becoming a material and is let finish (a conflict: reject the draft instead), so a cancel
   * never leaves a material behind; a finished one is a draft, rejected instead.
   */
  async cancel(caller: Caller, id: number, lang: ApiLanguage): Promise<Render> {
    const visible = await repo.findVisibleRender(this.db, caller, id);
    if (!visible) throw notFound();
    const row = await repo.updateRender(
      this.db,
      id,
      { state: 'cancelled', error: storedMessage('creative.failure.cancelled'), finishedAt: new Date(), notBefore: null },
      repo.cancellable(),
    );
    if (!row) {
      const current = await repo.findRender(this.db, id);
      if (current && (current.state === 'queued' || current.state === 'rendering')) throw conflict('creative.render_finishing');
      throw rejected('creative.render_not_cancellable');
    }
    await this.progress.publish({ id: row.id, merchant_id: row.merchantId, state: row.state, progress: row.progress });
    return this.get(caller, id, lang);
  }

  /** A render as `reader` may see it: the engine's own output of a failure only for staff. */
  async present(row: repo.RenderView, lang: ApiLanguage, reader?: Pick<Caller, 'role'>): Promise<Render> {
    const [video, cover, download] = await Promise.all([
      row.state === 'done' && row.videoKey ? this.storage.signedUrl(row.videoKey, this.settings.urlTtlSeconds) : null,
      row.state === 'done' && row.coverKey ? this.storage.signedUrl(row.coverKey, this.settings.urlTtlSeconds) : null,
      row.state === 'done' && row.videoKey ? this.downloadUrl(row, row.videoKey) : null,
    ]);
    const script = scriptBody.safeParse(row.script);
    return {
      id: row.id,
      merchant_id: row.merchantId,
      merchant_name: row.merchantName,
      language: row.language,
      script_id: row.scriptId,
      script: script.success ? script.data : (row.script),
      footage_ids: row.footageIds,
      voice: row.voice,
      music: row.music,
      music_footage_id: row.musicFootageId,
      state: row.state,
      progress: row.progress,
      attempts: row.attempts,
      error: row.error ? readStoredMessage(lang, row.error) : null,
      ...(reader && isStaff(reader.role) ? { error_detail: row.errorDetail } : {}),
      notes: row.notes.map((note) => readStoredMessage(lang, note)),
      origin: row.origin,
      plan_date: row.planDate,
      draft: row.draft,
      // The studio's reason is its own note unless it chose to send it to the merchant.
      reject_reason: reader?.role === 'client' && !row.rejectReasonShared ? '' : row.rejectReason,
      post_id: row.postId,
      merchant_answer:
        row.merchantAnswer && row.merchantAnswerAt ? { state: row.merchantAnswer, note: row.merchantAnswerNote, time: row.merchantAnswerAt.toISOString() } : null,
      output_footage_id: row.outputFootageId,
      look: row.look,
      opening_footage_id: row.openingFootageId,
      reason: row.learning?.reason[lang] ?? null,
      duration: row.durationSeconds,
      video_url: video?.url ?? null,
      download_url: download?.url ?? null,
      cover_url: cover?.url ?? null,
      url_expires_at: video?.expiresAt.toISOString() ?? null,
      timings: {
        queued_at: row.createdAt.toISOString(),
        started_at: row.startedAt?.toISOString() ?? null,
        finished_at: row.finishedAt?.toISOString() ?? null,
        render_ms: row.renderMs,
      },
      create_time: row.createdAt.toISOString(),
      // The quality gate's checks, each in the reader's language (docs/decisions/080).
      quality: row.quality.map((check) => ({ check: check.check, ok: check.ok, message: readStoredMessage(lang, check.message) })),
    };
  }

  /** The MP4 as a download named after the shop, its day, language and number (download-name.ts). */
  private async downloadUrl(row: repo.RenderView, key: string) {
    const zone = (await this.merchants.factsOf(row.merchantId))?.timeZone ?? 'UTC';
    const day = row.planDate ?? calendarDay(row.createdAt, zone);
    const n = await numberInDay(this.db, row, day, zone);
    const name = renderDownloadName({ shop: row.merchantName, day, language: row.language, n });
    return this.storage.signedUrl(key, this.settings.urlTtlSeconds, { downloadName: name });
  }
}
