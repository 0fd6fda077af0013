import { ACCOUNT_TYPE, api, partyName, REVIEW_LINK_HOURS_DEFAULT, type VoiceEngineName } from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../access/caller.js';
import type { FileStorage } from '../../adapters/storage/index.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { invalid } from '../../errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { AccountService } from '../account/service.js';
import type { AreaService } from '../area/service.js';
import type { MaterialService } from '../material/service.js';
import type { MediaTools } from '../../adapters/media/index.js';
import type { NotificationHub } from '../notification/hub.js';
import type { UploadService } from '../upload/service.js';
import type { ConnectionService } from '../video/connection-service.js';
import type { ReviewService } from '../video/review-service.js';
import type { VideoService } from '../video/service.js';
import type { EventService, Subscriber } from '../events/service.js';
import { linkTotalsByPost } from '../attribution/reads.js';
import { InsightsService } from './insights/service.js';
import { postOutcomeSubscriber } from './insights/outcome-subscriber.js';
import { BriefService } from './brief-service.js';
import { createBriefTranslator } from './brief-translator.js';
import { BulkApproveService } from './bulk-approve.js';
import { DraftService } from './draft-service.js';
import { PlanService } from './plan-service.js';
import { DEFAULT_LEARNER } from './learning/learner.js';
import { outcomePort } from './learning/outcomes.js';
import { parseRewardWeights } from './learning/reward.js';
import { LearningService } from './learning/service.js';
import type { Merchants, Posts } from './ports.js';
import { RenderEngine, type RenderEngineDeps, type Renderer } from './render-engine.js';
import { recordRenderFailed } from './render-failed.js';
import { recordDraftApproved } from './draft-approved.js';
import { RenderRetryService } from './render-retry.js';
import { RenderService, type RenderProgressSink } from './render-service.js';
import { renderVideo } from './renderer/renderer.js';
import { ScriptService } from './script-service.js';
import { createScriptWriter } from './script-writer.js';
import { defaultVoice } from './default-voice.js';
import { createVoiceEngines, type VoiceEngine } from '../../adapters/speech/index.js';
import os from 'node:os';

export interface CreativeServices {
  creativeBriefs: BriefService;
  creativeScripts: ScriptService;
  creativeRenders: RenderService;
  creativeRenderEngine: RenderEngine;
  creativePlans: PlanService;
  creativeDrafts: DraftService;
  /** The review queue's bulk approval and render retry (docs/decisions/074). */
  creativeBulkApprove: BulkApproveService;
  creativeRetry: RenderRetryService;
  /** What worked per choice (docs/decisions/084), and the subscriber keeping its post outcomes. */
  creativeInsights: InsightsService;
  creativeOutcomes: Subscriber;
  /** The plan that learns: its choices per slot and the studio's pins and bans (docs/decisions/085). */
  creativeLearning: LearningService;
}

export interface CreativeDeps {
  config: Config;
  db: Db;
  jobs: JobQueue;
  storage: FileStorage;
  uploads: UploadService;
  material: MaterialService;
  accounts: AccountService;
  areas: AreaService;
  video: VideoService;
  connections: ConnectionService;
  /** Asks the merchant to approve a post made from a draft (its review link and notification). */
  reviews: Pick<ReviewService, 'createLink'>;
  hub: NotificationHub;
  /** Where a render that failed for good is recorded, for its studio to be told. */
  events?: Pick<EventService, 'record'>;
  tools: () => MediaTools;
  /** Tests put a fake renderer in ffmpeg's place where the video itself is not the point. */
  render?: Renderer;
  /** The clock of the daily plan's mornings and the drafts' posting hours (tests fix it). */
  now?: () => Date;
  /** The app's log: a script that falls back to the templates is written there at warn. */
  log?: FastifyBaseLogger;
  /** Each render's own short link for its end card's QR code (the attribution module, docs/decisions/083). */
  shortLinks?: RenderEngineDeps['shortLinks'];
}

/** Renders per process by default: one per two cores, since one x264 encode keeps about two busy. */
export function defaultRenderConcurrency(): number {
  return Math.max(1, Math.floor(os.availableParallelism() / 2));
}

/**
 * Builds the production line (docs/decisions/047–051) and the ports through which it reaches
 * the account, area, footage and video modules.
 */
export function createCreativeServices(deps: CreativeDeps): CreativeServices {
  const { config, db } = deps;
  const [width, height] = config.RENDER_SIZE.split('x').map(Number) as [number, number];

  const merchants: Merchants = {
    factsOf: async (merchantId) => {
      const row = await deps.accounts.findById(merchantId);
      if (!row || row.accountType !== ACCOUNT_TYPE.client) return null;
      const place = await deps.areas.placeOf(row.stateId, row.cityId);
      return {
        id: row.id,
        // The account row is camelCase: named field by field, or its company's short name is missed.
        name: partyName({ company_short_name: row.companyShortName, name: row.name, username: row.username, email: row.email }),
        companyShortName: row.companyShortName,
        phone: row.phone,
        address: row.address,
        city: place.city || row.city,
        state: place.state || row.state,
        zipCode: row.zipCode,
        timeZone: place.timeZone,
        planActive: row.payStatus === 1 && (row.expireAt === null || row.expireAt > new Date()),
        studioId: row.studioId,
      };
    },
    clientsOfStudio: (studioId) => deps.accounts.clientsOfStudio(studioId),
  };

  const posts: Posts = {
    connectedPlatforms: async (merchantId) => (await deps.connections.usableAll(merchantId)).map((row) => row.platform),
    publish: async (caller: Caller, draft) => {
      const request = api.video.add.request.safeParse({
        merchant_id: draft.merchantId,
        title: draft.title,
        footage_id: draft.footageId,
        captions: [{ language: draft.language, caption: draft.caption || draft.title, hashtags: draft.hashtags }],
        language: draft.language,
        platforms: draft.platforms,
        platform_captions: draft.platformCaptions ?? [],
        schedule_at: draft.scheduleAt?.toISOString() ?? null,
        require_approval: draft.requireApproval,
        submit: true,
      });
      if (!request.success) throw invalid({ platforms: 'validation.invalid_option' });
      const post = await deps.video.add(caller, request.data);
      // A post waiting for the merchant's approval asks for it, as the studio's own post form
      // does: a review link, and the merchant is told (video.approval_requested).
      if (draft.requireApproval) await deps.reviews.createLink(caller, { id: post.id, hours: REVIEW_LINK_HOURS_DEFAULT });
      return post.id;
    },
  };

  const progress: RenderProgressSink = {
    publish: (message) => deps.hub.publish(db, { type: 'render', render_id: message.id, merchant_id: message.merchant_id, state: message.state, progress: message.progress }),
  };

  let voices: Record<VoiceEngineName, VoiceEngine> | null = null;
  const voicesOf = () => (voices ??= createVoiceEngines(config, deps.tools()));

  const briefs = new BriefService(db, merchants, deps.material, createBriefTranslator(config, deps.log ? { log: deps.log } : {}), defaultVoice(config));
  const scripts = new ScriptService(db, briefs, posts, createScriptWriter(config, deps.log ? { log: deps.log } : {}));
  const renders = new RenderService(db, briefs, deps.material, deps.storage, deps.jobs, progress, (engine) => engine === 'none' || voicesOf()[engine].available, {
    urlTtlSeconds: config.FILE_URL_TTL_SECONDS,
    size: { width, height },
    queuePerMerchant: config.RENDER_QUEUE_PER_MERCHANT,
    queueMin: config.RENDER_QUEUE_MIN,
  }, merchants);
  let plans: PlanService | null = null;
  const now = deps.now ?? (() => new Date());
  const drafts = new DraftService(db, briefs, renders, merchants, deps.material, posts, {
    requireApproval: (merchantId) => plans!.requireApproval(merchantId),
    now,
    onRejected: (renderId, byId) => plans!.replacements.afterReject(renderId, byId),
    // The post is made by now: a lost event costs the post its render's link (it gets one of its own), never the approval.
    ...(deps.events
      ? {
          onApproved: (renderId: number, postId: number, byId: number) =>
            recordDraftApproved(db, deps.events!, renderId, postId, byId).catch((error: unknown) => deps.log?.warn({ err: error, render: renderId }, 'recording an approved draft failed')),
        }
      : {}),
  });
  const actingAs = async (accountId: number) => deps.accounts.actingAs(accountId);
  const learning = new LearningService(
    db,
    briefs,
    outcomePort(db, async (merchantId) => (await briefs.briefOf(merchantId)).category, now),
    { ...DEFAULT_LEARNER, weights: parseRewardWeights(config.LEARNING_REWARD_WEIGHTS) },
    deps.log,
    now,
  );
  plans = new PlanService(db, briefs, scripts, renders, drafts, merchants, actingAs, now, deps.jobs, learning);
  const planService = plans;
  const engine = new RenderEngine({
    db,
    jobs: deps.jobs,
    storage: deps.storage,
    uploads: deps.uploads,
    materials: deps.material,
    briefs,
    progress,
    tools: deps.tools,
    render: deps.render ?? renderVideo,
    get voices() {
      return voicesOf();
    },
    onDone: (renderId) => planService.afterRender(renderId),
    ...(deps.shortLinks ? { shortLinks: deps.shortLinks } : {}),
    ...(deps.events ? { onFailed: (renderId: number) => recordRenderFailed(db, deps.events!, renderId) } : {}),
    settings: {
      size: { width, height },
      timeoutSeconds: config.RENDER_TIMEOUT_SECONDS,
      concurrency: config.RENDER_CONCURRENCY ?? defaultRenderConcurrency(),
    },
  });
  const bulkApprove = new BulkApproveService(db, drafts, renders, deps.log);
  const retry = new RenderRetryService(db, renders, merchants, deps.material, deps.jobs, progress, { width, height });
  return {
    creativeBriefs: briefs,
    creativeScripts: scripts,
    creativeRenders: renders,
    creativeRenderEngine: engine,
    creativePlans: planService,
    creativeDrafts: drafts,
    creativeBulkApprove: bulkApprove,
    creativeRetry: retry,
    creativeLearning: learning,
    creativeInsights: new InsightsService(db, linkTotalsByPost, now),
    creativeOutcomes: postOutcomeSubscriber({
      timeZoneOf: async (tx, merchantId) => {
        const row = await deps.accounts.findById(merchantId, tx);
        return row ? (await deps.areas.placeOf(row.stateId, row.cityId, tx)).timeZone : null;
      },
      materialKindOf: async (tx, merchantId, footageId) => (await deps.material.mediaOf(merchantId, [footageId], tx))[0]?.type ?? null,
    }),
  };
}
