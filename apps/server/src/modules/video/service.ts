import {
  isStaff,
  PLATFORM_NAMES,
  VIDEO_LIST_COUNT_CAP,
  type ApiLanguage,
  type ParsedRequestOf,
  type PublishTargetName,
  type ResponseOf,
  type VideoPost,
  type VideoStats,
  type api,
} from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../access/caller.js';
import type { PublisherRegistry } from '../../adapters/publishing/index.js';
import type { FileStorage } from '../../adapters/storage/index.js';
import type { Db, Executor, Tx } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { periodicPass, type AnyJob } from '../../jobs/queue.js';
import type { EventService } from '../events/service.js';
import type { MaterialService } from '../material/service.js';
import type { UploadService } from '../upload/service.js';
import type { ConnectionService } from './connection-service.js';
import { fileOfMaterial, fileOfUpload, ownCaptions, scheduleOf, type PostFile } from './post-input.js';
import { releaseIfDue } from './post-release.js';
import { statsOf } from './post-stats.js';
import { presentPosts } from './post-view.js';
import type { PublishEngine } from './publish-engine.js';
import * as repo from './repository.js';
import * as statsRepo from './stats-repository.js';
import type { StoredCaption, StoredPlatformCaption, VideoPostRow } from './repository.js';

export { sumMetrics } from './post-stats.js';

type Api = typeof api;
type Body<K extends keyof Api['video']> = ParsedRequestOf<Extract<Api['video'][K], { kind: 'json' }>>;

export const RELEASE_JOB = 'video.release-due';
const RELEASE_BATCH = 100;

export interface VideoSettings {
  urlTtlSeconds: number;
  now?: () => Date;
}

/** What the post service needs of the engine (modules/video/publish-engine.ts). */
export type PostEngine = Pick<PublishEngine, 'enqueue' | 'kick' | 'retry' | 'cancel' | 'attachPostUrl'>;

/**
 * Video posts (docs/decisions/032): composed by a merchant's studio or operator (or staff) from
 * one of its active video materials or an uploaded final video, with captions per language,
 * for the platforms it is connected to, now or at a time. A post that asks for the merchant's
 * approval goes out only once approved. A post is "released" to the engine once, when it is
 * due and approved (or needs no approval): that is when its publish jobs are made, so until
 * then it can be edited freely. The engine owns everything after.
 */
export class VideoService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly uploads: UploadService,
    private readonly material: MaterialService,
    private readonly connections: ConnectionService,
    private readonly publishers: PublisherRegistry,
    private readonly events: Pick<EventService, 'record'>,
    private readonly engine: () => PostEngine,
    private readonly settings: VideoSettings,
  ) {
    this.now = settings.now ?? (() => new Date());
  }

  /** The posts that use a material as their video (the material center asks before a delete). */
  postsUsingFootage(ex: Executor, footageId: number): Promise<{ open: number; finished: number }> {
    return repo.postsUsingFootage(ex, footageId);
  }

  // ---- reading ---------------------------------------------------------------------------------

  async list(caller: Caller, body: Body<'list'>, lang: ApiLanguage = 'en'): Promise<ResponseOf<Api['video']['list']>> {
    const { rows, total } = await repo.listPosts(
      this.db,
      caller,
      {
        keyword: body.keyword,
        merchantId: body.merchant_id,
        status: body.status,
        approval: body.approval,
        platform: body.platform,
        jobState: body.job_state,
        dateFrom: body.date_from,
        dateTo: body.date_to,
        sort: body.sort,
      },
      body.page,
      body.page_size,
      VIDEO_LIST_COUNT_CAP,
    );
    return {
      list: await this.presentAll(rows, lang),
      total: Math.min(total, VIDEO_LIST_COUNT_CAP),
      capped: total > VIDEO_LIST_COUNT_CAP,
      page: body.page,
      page_size: body.page_size,
    };
  }

  async get(caller: Caller, id: number, lang: ApiLanguage = 'en'): Promise<VideoPost> {
    const row = await repo.findVisible(this.db, caller, id);
    if (!row) throw notFound();
    return this.presentOne(row, lang);
  }

  /** The post's final video as a signed, expiring URL (spec §7 /v1/base/video). */
  async fileUrl(caller: Caller, id: number): Promise<ResponseOf<Api['base']['video']>> {
    const row = await repo.findVisible(this.db, caller, id);
    if (!row) throw notFound();
    const [file, thumb] = await Promise.all([
      this.storage.signedUrl(row.fileKey, this.settings.urlTtlSeconds),
      row.thumbKey ? this.storage.signedUrl(row.thumbKey, this.settings.urlTtlSeconds) : null,
    ]);
    return { url: file.url, mime: row.fileMime, thumbnail_url: thumb?.url ?? null, expires_at: file.expiresAt.toISOString() };
  }

  // ---- writing ---------------------------------------------------------------------------------

  async add(caller: Caller, body: Body<'add'>, lang: ApiLanguage = 'en'): Promise<VideoPost> {
    const merchant = await repo.merchantVisible(this.db, caller, body.merchant_id);
    if (!merchant) throw notFound();
    const scheduledAt = scheduleOf(body.schedule_at, this.now());
    await this.assertConnected(body.merchant_id, body.platforms);
    const material =
      body.footage_id !== undefined ? await this.material.activeVideoOf(body.merchant_id, body.footage_id) : null;
    if (body.footage_id !== undefined && !material) throw invalid({ footage_id: 'video.file_not_ready' });

    const id = await this.db.transaction(async (tx) => {
      let file: PostFile;
      if (material) {
        file = fileOfMaterial(material);
      } else {
        // The caller's own temporary upload, claimed by the post (it is then the post's file).
        const upload = await this.uploads.claim(tx, body.upload_id!, caller.id);
        if (upload.type !== 'video') throw invalid({ upload_id: 'video.file_required' });
        file = fileOfUpload(upload);
      }
      const post = await repo.insertPost(tx, {
        merchantId: body.merchant_id,
        createdById: caller.id,
        title: body.title,
        ...file,
        captions: body.captions as StoredCaption[],
        platformCaptions: body.platform_captions as StoredPlatformCaption[],
        language: body.language,
        platforms: body.platforms,
        status: body.submit ? 'scheduled' : 'draft',
        approval: body.require_approval ? 'pending' : 'not_required',
        scheduledAt,
      });
      if (post.status === 'scheduled') await this.scheduled(tx, caller.id, post);
      return post.id;
    });
    await this.afterCommit();
    return this.get(caller, id, lang);
  }

  /**
   * Changes a post that has not been released. A change to what the merchant would see sends an
   * approval back to pending and closes its review links: an approval covers what was shown.
   */
  async update(caller: Caller, body: Body<'update'>, lang: ApiLanguage = 'en'): Promise<VideoPost> {
    const visible = await repo.findVisible(this.db, caller, body.id);
    if (!visible) throw notFound();
    if (body.platforms) await this.assertConnected(visible.merchantId, body.platforms);
    const scheduledAt = body.schedule_at !== undefined ? scheduleOf(body.schedule_at, this.now()) : undefined;
    await this.db.transaction(async (tx) => {
      const post = await repo.lockPost(tx, body.id);
      if (!post) throw notFound();
      if (post.releasedAt || (post.status !== 'draft' && post.status !== 'scheduled')) throw conflict('video.not_editable');
      const captions = (body.captions as StoredCaption[] | undefined) ?? post.captions;
      const language = body.language ?? post.language;
      if (!captions.some((item) => item.language === language && item.caption.length > 0)) {
        throw invalid({ language: 'video.language_caption_missing' });
      }
      const platforms = body.platforms ?? post.platforms;
      const platformCaptions = ownCaptions(body.platform_captions as StoredPlatformCaption[] | undefined, post.platformCaptions, platforms);
      const contentChanged =
        (body.title !== undefined && body.title !== post.title) ||
        (body.captions !== undefined && JSON.stringify(body.captions) !== JSON.stringify(post.captions)) ||
        JSON.stringify(platformCaptions) !== JSON.stringify(post.platformCaptions) ||
        (body.language !== undefined && body.language !== post.language) ||
        (body.platforms !== undefined && body.platforms.join() !== post.platforms.join()) ||
        (scheduledAt !== undefined && scheduledAt?.getTime() !== post.scheduledAt?.getTime());
      const requireApproval = body.require_approval ?? post.approval !== 'not_required';
      let approval = post.approval;
      if (!requireApproval) approval = 'not_required';
      else if (post.approval === 'not_required' || contentChanged) approval = 'pending';
      if (approval !== post.approval || contentChanged) await repo.revokeReviewLinks(tx, post.id);
      const status = body.submit === undefined ? post.status : body.submit ? 'scheduled' : 'draft';
      await repo.updatePost(tx, post.id, {
        title: body.title ?? post.title,
        captions,
        platformCaptions,
        language,
        platforms,
        scheduledAt: scheduledAt === undefined ? post.scheduledAt : scheduledAt,
        approval,
        ...(approval !== post.approval ? { approvalComment: null, approvalAt: null } : {}),
        status,
      });
      if (status === 'scheduled' && post.status !== 'scheduled') {
        await this.scheduled(tx, caller.id, { ...post, status, scheduledAt: scheduledAt === undefined ? post.scheduledAt : scheduledAt });
      } else if (status === 'scheduled') {
        await this.releaseIfDue(tx, post.id);
      }
    });
    await this.afterCommit();
    return this.get(caller, body.id, lang);
  }

  /** Stops a post: before its release it simply will not go out; after, its jobs that have not started are set aside. */
  async cancel(caller: Caller, id: number, lang: ApiLanguage = 'en'): Promise<VideoPost> {
    if (!(await repo.findVisible(this.db, caller, id))) throw notFound();
    await this.db.transaction(async (tx) => {
      const post = await repo.lockPost(tx, id);
      if (!post) throw notFound();
      if (post.status === 'cancelled') return;
      if (!post.releasedAt) {
        if (post.status !== 'draft' && post.status !== 'scheduled') throw conflict('video.not_cancellable');
      } else {
        const { cancelled } = await this.engine().cancel(tx, id);
        if (cancelled === 0) throw conflict('video.not_cancellable');
      }
      await repo.revokeReviewLinks(tx, id);
      await repo.updatePost(tx, id, { status: 'cancelled' });
    });
    return this.get(caller, id, lang);
  }

  /**
   * Deletes a post that never reached a platform: a draft, a scheduled one not yet released, or
   * a cancelled one none of whose jobs started. An uploaded file goes with it; a material stays.
   */
  async delete(caller: Caller, id: number): Promise<void> {
    if (!(await repo.findVisible(this.db, caller, id))) throw notFound();
    await this.db.transaction(async (tx) => {
      const post = await repo.lockPost(tx, id);
      if (!post) throw notFound();
      if (post.releasedAt) {
        const jobs = await repo.jobsOf(tx, [id]);
        const reached = jobs.some((job) => job.remoteId !== null || !['queued', 'failed'].includes(job.state));
        if (post.status !== 'cancelled' || reached) throw conflict('video.not_deletable');
      }
      await repo.deletePost(tx, id);
      if (post.uploadId !== null) {
        await this.uploads.forget(tx, post.uploadId);
        await this.storage.delete(post.fileKey);
      }
    });
  }

  /** A failed job, tried again (the engine checks with the platform first if it ever got an id there). */
  async retry(caller: Caller, jobId: number, lang: ApiLanguage = 'en'): Promise<VideoPost> {
    const job = await repo.findVisibleJob(this.db, caller, jobId);
    if (!job) throw notFound();
    // A job that failed because its platform was not connected needs an account now.
    let connectionId: number | undefined;
    if (job.connectionId === null) {
      const usable = (await this.connections.usableAll(job.merchantId)).find((row) => row.platform === job.platform);
      if (!usable) throw invalid({ id: { key: 'video.not_connected', params: { platform: PLATFORM_NAMES[job.platform] } } });
      connectionId = usable.id;
    }
    await this.db.transaction(async (tx) => {
      const retried = await this.engine().retry(tx, jobId, connectionId);
      if (!retried) throw conflict('video.job_not_retryable');
    });
    await this.afterCommit();
    return this.get(caller, job.postId, lang);
  }

  /** An assisted platform's job: the link of the post a person made by hand. */
  async attachLink(caller: Caller, body: Body<'jobLink'>, lang: ApiLanguage = 'en'): Promise<VideoPost> {
    const job = await repo.findVisibleJob(this.db, caller, body.id);
    if (!job) throw notFound();
    const publisher = this.publishers.forConnection({ platform: job.platform, sandbox: (await repo.jobsOf(this.db, [job.postId])).find((item) => item.id === job.id)?.sandbox ?? false });
    if (publisher?.mode !== 'assisted') throw conflict('video.job_not_assisted');
    await this.db.transaction(async (tx) => {
      const result = await this.engine().attachPostUrl(tx, body.id, body.url);
      if (result === 'invalid') throw invalid({ url: 'video.post_url_invalid' });
      if (result === null) throw conflict('video.job_not_retryable');
    });
    await this.afterCommit();
    return this.get(caller, job.postId, lang);
  }

  // ---- release ---------------------------------------------------------------------------------

  /** Releases every post whose time has come (the job's work; also run right after a change). */
  async releaseDue(): Promise<number> {
    const ids = await repo.duePosts(this.db, this.now(), RELEASE_BATCH);
    let released = 0;
    for (const id of ids) {
      if (await this.db.transaction((tx) => this.releaseIfDue(tx, id))) released += 1;
    }
    if (released > 0) await this.engine().kick();
    return released;
  }

  /** Hands a post to the engine when it is due (post-release.ts), in the caller's transaction. */
  releaseIfDue(tx: Tx, postId: number): Promise<boolean> {
    return releaseIfDue(tx, { connections: this.connections, engine: this.engine, now: this.now }, postId);
  }

  jobDefinitions(log: FastifyBaseLogger): AnyJob[] {
    return [periodicPass(RELEASE_JOB, '* * * * *', () => this.releaseDue(), (released) => log.info({ released }, 'released scheduled video posts'))];
  }

  // ---- statistics ------------------------------------------------------------------------------

  async stats(caller: Caller, body: Body<'stats'>): Promise<VideoStats> {
    if (body.post_id !== undefined && !(await repo.findVisible(this.db, caller, body.post_id))) throw notFound();
    if (body.merchant_id !== undefined && !(await repo.merchantVisible(this.db, caller, body.merchant_id))) throw notFound();
    // The whole platform's plays are the dashboard's (read from its rollups); summing every
    // video's readings here would not answer in time at the network's size.
    if (isStaff(caller.role) && body.post_id === undefined && body.merchant_id === undefined) {
      throw invalid({ merchant_id: 'video.stats_scope_required' });
    }
    return statsOf(this.db, { caller, postId: body.post_id, merchantId: body.merchant_id }, body.range, this.now());
  }

  /**
   * A merchant's videos over a month, for its monthly report (the caller, the report module,
   * has checked who may read it): growth per platform, the leading posts, and what was made.
   */
  monthOfMerchant(merchantId: number, from: Date, to: Date, top: number, picked: readonly number[] = []) {
    return statsRepo.monthOfMerchant(this.db, merchantId, from, to, top, picked);
  }

  /** The merchant's own published videos and their numbers. */
  async mine(caller: Caller, body: Body<'mine'>, lang: ApiLanguage = 'en'): Promise<ResponseOf<Api['video']['mine']>> {
    const [stats, page] = await Promise.all([
      statsOf(this.db, { caller, merchantId: caller.id }, body.range, this.now()),
      repo.listPosts(this.db, caller, { merchantId: caller.id, publishedOnly: true, sort: 'newest' }, body.page, body.page_size, VIDEO_LIST_COUNT_CAP),
    ]);
    return { stats, videos: { list: await this.presentAll(page.rows, lang), total: page.total, page: body.page, page_size: body.page_size } };
  }

  // ---- helpers ---------------------------------------------------------------------------------

  /** A post became scheduled: said, and released at once if it is due. */
  private async scheduled(tx: Tx, actorId: number, post: VideoPostRow): Promise<void> {
    await this.events.record(tx, 'video.scheduled', {
      actor_id: actorId,
      subject_id: post.id,
      account_id: post.merchantId,
      payload: { post_id: post.id, title: post.title },
    });
    await this.releaseIfDue(tx, post.id);
  }

  /** Has the engine look at once at what a commit just released. */
  async afterCommit(): Promise<void> {
    await this.engine().kick();
  }

  private async assertConnected(merchantId: number, platforms: readonly PublishTargetName[]): Promise<void> {
    const usable = await this.connections.usableAll(merchantId);
    const missing = platforms.find((platform) => !usable.some((row) => row.platform === platform));
    if (missing) throw invalid({ platforms: { key: 'video.not_connected', params: { platform: PLATFORM_NAMES[missing] } } });
  }

  private async presentOne(row: repo.VideoPostView, lang: ApiLanguage): Promise<VideoPost> {
    const [post] = await this.presentAll([row], lang);
    return post!;
  }

  private presentAll(rows: repo.VideoPostView[], lang: ApiLanguage): Promise<VideoPost[]> {
    return presentPosts({ db: this.db, storage: this.storage, publishers: this.publishers, urlTtlSeconds: this.settings.urlTtlSeconds }, rows, lang);
  }
}
