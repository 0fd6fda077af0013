import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import type { Mailer } from './adapters/mail/index.js';
import { createPaymentProvider } from './adapters/payments/index.js';
import { createPayoutRail } from './adapters/payouts/index.js';
import { createPublishers, type PublisherRegistry } from './adapters/publishing/index.js';
import { createFileStorage, S3FileStorage, type FileStorage } from './adapters/storage/index.js';
import { createSmsSender } from './adapters/sms/index.js';
import { decodeKey, type Config } from './config.js';
import type { Database } from './db/client.js';
import { JobQueue, queueTimings } from './jobs/queue.js';
import { AccountService } from './modules/account/service.js';
import { AreaService } from './modules/area/service.js';
import { WaitlistService } from './modules/waitlist/service.js';
import { AuditService } from './modules/audit/service.js';
import { LearningService } from './modules/content/learning-service.js';
import { ContentService } from './modules/content/service.js';
import { DashboardService } from './modules/dashboard/service.js';
import { createDashboardRollupSubscriber } from './modules/dashboard/rollup-subscriber.js';
import { EventService } from './modules/events/service.js';
import { NotificationHub } from './modules/notification/hub.js';
import { AnnouncementService } from './modules/notification/announcement-service.js';
import { CenterService } from './modules/notification/center-service.js';
import { DeliveryService } from './modules/notification/delivery-service.js';
import { ReminderService } from './modules/notification/reminder-service.js';
import { notificationSubscriber } from './modules/notification/subscriber.js';
import { LedgerService } from './modules/finance/ledger.js';
import { FinanceService } from './modules/finance/service.js';
import { FinanceRecordsService } from './modules/finance/records-service.js';
import { MaterialService } from './modules/material/service.js';
import { resolveMediaTools, type MediaTools } from './adapters/media/index.js';
import { S3TusStaging } from './modules/material/s3-tus-staging.js';
import { LocalTusStaging } from './modules/material/tus-staging.js';
import { OnboardingService } from './modules/onboarding/service.js';
import { AccountAdminService } from './modules/org/account-admin-service.js';
import { AgentService } from './modules/org/agent-service.js';
import { ClientService } from './modules/org/client-service.js';
import { OperatorService } from './modules/org/operator-service.js';
import { ReferralService } from './modules/org/referral-service.js';
import { StudioService } from './modules/org/studio-service.js';
import { PaymentService } from './modules/payment/service.js';
import { PricingService } from './modules/pricing/service.js';
import { ReportService } from './modules/report/service.js';
import { PromotionService } from './modules/promotion/service.js';
import { AttributionService } from './modules/attribution/service.js';
import { qrLinkOf } from './modules/creative/brief-service.js';
import { settlementLedger } from './modules/settlement/ledger.js';
import { SettlementService } from './modules/settlement/service.js';
import { UploadService } from './modules/upload/service.js';
import { VerificationService } from './modules/verification/service.js';
import { ConnectionService } from './modules/video/connection-service.js';
import { MetricsCollector } from './modules/video/metrics-collector.js';
import { PublishEngine } from './modules/video/publish-engine.js';
import { ReviewService } from './modules/video/review-service.js';
import { VideoService } from './modules/video/service.js';
import { merchantAnswerSubscriber } from './modules/creative/answer-subscriber.js';
import { createCreativeServices, type CreativeServices } from './modules/creative/module.js';
import { EmailCodeService } from './modules/account/email-code-service.js';
import { SessionService } from './modules/account/session-service.js';

/** Every service of the app, built once and shared by the routes through `app.services`. */
export interface Services extends CreativeServices {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** The job queue: built here, started by the server entry (jobs/registry.ts lists the jobs). */
  jobs: JobQueue;
  events: EventService;
  /** The staff audit log, written by each module in the transaction of the change (decision 059). */
  audit: AuditService;
  sessions: SessionService;
  codes: EmailCodeService;
  accounts: AccountService;
  areas: AreaService;
  /** Full cities' lines of studio applicants, and the offers of freed places. */
  waitlist: WaitlistService;
  /** Accounts of every role as super manages them. */
  accountAdmin: AccountAdminService;
  /** Main agents and sub-agents (the API's "proxy"). */
  agents: AgentService;
  /** Studios and the agents they are under. */
  studios: StudioService;
  /** Clients (merchants) and the agent, studio and operator each is assigned to. */
  clients: ClientService;
  /** Partners' operators. */
  operators: OperatorService;
  /** Sign-ups through an account's referral code. */
  referrals: ReferralService;
  promotion: PromotionService;
  /** Each video's short link, its counted visits and the redemptions it brought (docs/decisions/083). */
  attribution: AttributionService;
  pricing: PricingService;
  payments: PaymentService;
  /** The double-entry ledger: every money movement posts through it (decision 021). */
  ledger: LedgerService;
  /** Commissions, holding period, refunds, commission rules and finance settings. */
  finance: FinanceService;
  /** The read side of finance: records, balances, the platform's accounts, receipts. */
  financeRecords: FinanceRecordsService;
  onboarding: OnboardingService;
  /** Where uploaded files live: local disk or S3 (README "File storage"). */
  storage: FileStorage;
  uploads: UploadService;
  verification: VerificationService;
  /** Settlement applications of studios and agents, and staff decisions (decision 024). */
  settlements: SettlementService;
  /** The material center: merchants' videos, images and audio. */
  material: MaterialService;
  /** Articles, live events and landing pages; the learning center built from them. */
  content: ContentService;
  learning: LearningService;
  /** Which adapter serves each publishing platform: the real one when configured, else the sandbox. */
  publishers: PublisherRegistry;
  /** Merchants' platform connections: OAuth, sealed tokens, refreshes. */
  videoConnections: ConnectionService;
  /** Video posts, their release to the engine and their statistics. */
  video: VideoService;
  /** The merchant's approval of a post through a review link. */
  videoReviews: ReviewService;
  /** The publishing engine: one job per post and platform, resumable, posting once. */
  videoPublish: PublishEngine;
  /** Reads published videos' statistics on a schedule into snapshots; announces plays milestones. */
  videoMetrics: MetricsCollector;
  /** Each reader's notification center: its list, unread counts, marking read, what the live stream sends. */
  notificationCenter: CenterService;
  /** Staff announcements to chosen roles, sent at once or scheduled. */
  announcements: AnnouncementService;
  /** Makes notifications (from events and reminders) and sends them to the center, by mail and by SMS. */
  notificationDelivery: DeliveryService;
  /** Plan-expiry reminders, made daily. */
  planReminders: ReminderService;
  /** The live push across instances behind the notification stream (LISTEN/NOTIFY). */
  notificationHub: NotificationHub;
  /** The dashboards of every role, read from daily rollups its subscriber keeps. */
  dashboard: DashboardService;
  /** Merchants' monthly reports, built on the first of each month. */
  reports: ReportService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export function createServices(config: Config, database: Database, mailer: Mailer, log?: FastifyBaseLogger): Services {
  const sessions = new SessionService(database.db);
  const audit = new AuditService(database.db);
  const codes = new EmailCodeService(database.db, mailer);
  const jobs = new JobQueue(database.queueStore, queueTimings(config), database);
  // The scope of an event is read through the account service, built just below.
  const events: EventService = new EventService(database.db, jobs, (ex, accountId) => accounts.eventScope(ex, accountId));
  const accounts = new AccountService(database.db, sessions, codes, config.SCRYPT_LOG_N, events);
  const areas = new AreaService(database.db, accounts, audit);
  const pricing = new PricingService(database.db, audit);
  const ledger = new LedgerService(database.db);
  // Fulfilment posts commissions through finance; finance reads payments back for refunds.
  const finance: FinanceService = new FinanceService(database.db, ledger, accounts, events, () => payments, audit);
  // A city's waitlist and its checkouts count the same places: each asks the other, both under the city's lock.
  const waitlist: WaitlistService = new WaitlistService(
    database.db,
    { freeForLine: (ex, cityId) => payments.freeForLine(ex, cityId), leftFor: (ex, cityId, accountId) => payments.leftFor(ex, cityId, accountId) },
    areas,
    accounts,
    events,
    audit,
  );
  const payments = new PaymentService(database.db, createPaymentProvider(config, database.db), accounts, pricing, areas, {
    publicUrl: config.PUBLIC_URL,
    holdMinutes: config.CHECKOUT_HOLD_MINUTES,
  }, events, finance, waitlist);
  events.subscribe(waitlist.subscriber());
  const onboarding = new OnboardingService(database.db, accounts, areas);
  const storage = createFileStorage(config);
  const uploads = new UploadService(database.db, storage, config.FILE_URL_TTL_SECONDS);
  const hash = (password: string) => accounts.hash(password);
  const accountAdmin = new AccountAdminService(database.db, sessions, hash, events, audit);
  const agents = new AgentService(database.db, hash, audit);
  const studios = new StudioService(database.db, events, audit);
  // After payments: a client's detail shows its purchases through the payment service.
  const clients = new ClientService(database.db, payments, events, audit);
  const operators = new OperatorService(database.db, sessions, hash);
  const referrals = new ReferralService(database.db);
  const promotion = new PromotionService(database.db, config.PUBLIC_URL, referrals, accounts);
  events.subscribe(promotion.subscriber());
  // Payout details are sealed under the configured key (config.ts refuses a malformed one).
  const verification = new VerificationService(database.db, accounts, uploads, events, decodeKey(config.PAYOUT_DETAILS_KEY)!, audit);
  const financeRecords = new FinanceRecordsService(database.db, accounts, payments, ledger);
  // Settlements move money through the ledger and pay only parties whose verification is approved.
  const settlements = new SettlementService(database.db, settlementLedger(ledger, finance), verification, accounts, createPayoutRail(), events, audit);
  // ffmpeg and ffprobe are looked up when the first file is processed, so an app that never
  // processes one (most tests) starts on any platform.
  let mediaTools: MediaTools | null = null;
  const material: MaterialService = new MaterialService(
    database.db,
    storage,
    uploads,
    payments,
    jobs,
    // Unfinished resumable uploads wait where every instance can continue them: the bucket when
    // there is one, else this instance's disk (docs/decisions/046).
    storage instanceof S3FileStorage
      ? new S3TusStaging(database.db, { client: storage.client, bucket: storage.bucket })
      : new LocalTusStaging(path.join(config.DATA_DIR, 'tus')),
    () => (mediaTools ??= resolveMediaTools(config)),
    { quotaMb: config.FOOTAGE_QUOTA_MB, quotaMbByPlan: config.FOOTAGE_QUOTA_MB_BY_PLAN, urlTtlSeconds: config.FILE_URL_TTL_SECONDS },
    // The video module, built below, answers which posts use a material.
    { postsUsingFootage: (ex, id): Promise<{ open: number; finished: number }> => video.postsUsingFootage(ex, id) },
  );
  const content = new ContentService(database.db, uploads, events, config.PUBLIC_URL, audit);
  const learning = new LearningService(database.db, content, uploads, payments, pricing, events, audit);
  // Video publishing: the engine reaches the connection service (built after it) through a thunk.
  const publishers = createPublishers(config);
  const videoPublish: PublishEngine = new PublishEngine({ db: database.db, jobs, events, storage, publishers, connections: () => videoConnections });
  const videoMetrics = new MetricsCollector({ db: database.db, events, publishers, connections: () => videoConnections });
  const videoConnections = new ConnectionService(database.db, publishers, events, {
    publicUrl: config.PUBLIC_URL,
    key: decodeKey(config.PLATFORM_TOKEN_KEY)!,
  });
  const video = new VideoService(database.db, storage, uploads, material, videoConnections, publishers, events, () => videoPublish, {
    urlTtlSeconds: config.FILE_URL_TTL_SECONDS,
  });
  const videoReviews = new ReviewService(database.db, storage, publishers, events, video, {
    publicUrl: config.PUBLIC_URL,
    urlTtlSeconds: config.FILE_URL_TTL_SECONDS,
  });
  const dashboard = new DashboardService(database.db, { accounts, agents, clients, payments, material, events });
  events.subscribe(createDashboardRollupSubscriber((ex, accountId) => accounts.eventScope(ex, accountId)));
  const notificationHub = new NotificationHub(database);
  const notificationCenter = new CenterService(database.db, notificationHub);
  const announcements = new AnnouncementService(database.db, accounts, notificationHub, audit);
  const notificationDelivery = new DeliveryService(database.db, accounts, mailer, createSmsSender(config), notificationHub, jobs, config.PUBLIC_URL);
  const planReminders = new ReminderService(database.db, accounts, notificationDelivery);
  // Each render's short link; the post and the merchant's link are read through their owners (built below, called later).
  const attribution: AttributionService = new AttributionService(
    database.db,
    config.PUBLIC_URL,
    {
      postOf: (caller, postId) => video.get(caller, postId),
      merchantLink: async (merchantId) => {
        const brief = await creative.creativeBriefs.briefOf(merchantId);
        return { target: qrLinkOf(brief), coupon: brief.coupon_code ?? '' };
      },
    },
    log,
  );
  events.subscribe(attribution.subscriber());
  // The production line: renders land in the material library and drafts become posts.
  const creative = createCreativeServices({
    config,
    ...(log ? { log } : {}),
    db: database.db,
    jobs,
    storage,
    uploads,
    material,
    accounts,
    areas,
    video,
    connections: videoConnections,
    reviews: videoReviews,
    hub: notificationHub,
    events,
    tools: () => (mediaTools ??= resolveMediaTools(config)),
    shortLinks: attribution,
  });
  // A merchant's answer on a post is kept on the draft it was made from.
  events.subscribe(merchantAnswerSubscriber());
  // Each post's outcome and the choices that made it, for the insights and the plan's learning.
  events.subscribe(creative.creativeOutcomes);
  events.subscribe(notificationSubscriber(notificationDelivery, accounts));
  // Each figure of a monthly report is read from the module that owns it.
  const reports = new ReportService(
    database.db,
    { dashboard, video, payments, accounts, areas, notificationDelivery },
    events,
    storage,
    { urlTtlSeconds: config.FILE_URL_TTL_SECONDS },
  );
  return {
    config,
    database,
    mailer,
    jobs,
    events,
    audit,
    sessions,
    codes,
    accounts,
    areas,
    waitlist,
    accountAdmin,
    agents,
    studios,
    clients,
    operators,
    referrals,
    promotion,
    attribution,
    pricing,
    payments,
    ledger,
    finance,
    financeRecords,
    onboarding,
    storage,
    uploads,
    verification,
    settlements,
    material,
    content,
    learning,
    publishers,
    videoConnections,
    video,
    videoReviews,
    videoPublish,
    videoMetrics,
    dashboard,
    notificationCenter,
    announcements,
    notificationDelivery,
    planReminders,
    notificationHub,
    reports,
    ...creative,
  };
}
