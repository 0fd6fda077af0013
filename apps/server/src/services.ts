import type { Mailer } from './adapters/mail/index.js';
import { createPaymentProvider } from './adapters/payments/index.js';
import { createFileStorage, type FileStorage } from './adapters/storage/index.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { JobQueue, queueTimings } from './jobs/queue.js';
import { AccountService } from './modules/account/service.js';
import { AreaService } from './modules/area/service.js';
import { LearningService } from './modules/content/learning-service.js';
import { ContentService } from './modules/content/service.js';
import { EventService } from './modules/events/service.js';
import { OnboardingService } from './modules/onboarding/service.js';
import { OrgService } from './modules/org/service.js';
import { PaymentService } from './modules/payment/service.js';
import { PricingService } from './modules/pricing/service.js';
import { PromotionService } from './modules/promotion/service.js';
import { UploadService } from './modules/upload/service.js';
import { EmailCodeService } from './modules/account/email-code-service.js';
import { SessionService } from './modules/account/session-service.js';

/** Every service of the app, built once and shared by the routes through `app.services`. */
export interface Services {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** The job queue: built here, started by the server entry (jobs/registry.ts lists the jobs). */
  jobs: JobQueue;
  events: EventService;
  sessions: SessionService;
  codes: EmailCodeService;
  accounts: AccountService;
  areas: AreaService;
  org: OrgService;
  promotion: PromotionService;
  pricing: PricingService;
  payments: PaymentService;
  onboarding: OnboardingService;
  /** Where uploaded files live: local disk or S3 (README "File storage"). */
  storage: FileStorage;
  uploads: UploadService;
  /** Articles, live events and landing pages; the learning center built from them. */
  content: ContentService;
  learning: LearningService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export function createServices(config: Config, database: Database, mailer: Mailer): Services {
  const sessions = new SessionService(database.db);
  const codes = new EmailCodeService(database.db, mailer);
  const jobs = new JobQueue(database.queueStore, queueTimings(config));
  // The scope of an event is read through the account service, built just below.
  const events: EventService = new EventService(database.db, jobs, (ex, accountId) => accounts.eventScope(ex, accountId));
  const accounts = new AccountService(database.db, sessions, codes, config.SCRYPT_LOG_N, events);
  const areas = new AreaService(database.db, accounts);
  const pricing = new PricingService(database.db);
  const payments = new PaymentService(database.db, createPaymentProvider(config, database.db), accounts, pricing, areas, {
    publicUrl: config.PUBLIC_URL,
    holdMinutes: config.CHECKOUT_HOLD_MINUTES,
  }, events);
  const onboarding = new OnboardingService(database.db, accounts, areas);
  const storage = createFileStorage(config);
  const uploads = new UploadService(database.db, storage, config.FILE_URL_TTL_SECONDS);
  // After payments: a client's detail shows its purchases through the payment service.
  const org = new OrgService(database.db, sessions, (password) => accounts.hash(password), payments, events);
  const promotion = new PromotionService(config.PUBLIC_URL, org);
  const content = new ContentService(database.db, uploads, events, config.PUBLIC_URL);
  const learning = new LearningService(database.db, content, uploads, payments, pricing, events);
  return { config, database, mailer, jobs, events, sessions, codes, accounts, areas, org, promotion, pricing, payments, onboarding, storage, uploads, content, learning };
}
