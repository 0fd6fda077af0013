import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './account.js';
import { timestamps } from './columns.js';
import { footage } from './material.js';
import { uploads } from './upload.js';

/** Spec §9's platforms plus the embedded sandbox (kept in step with PUBLISH_TARGETS in the contract). */
const TARGETS = ['tiktok', 'youtube', 'bilibili', 'instagram', 'weibo', 'pinterest', 'vk', 'kuaishou', 'facebook', 'sandbox'] as const;
const CAPTION_LANGUAGES = ['en', 'es', 'zh'] as const;

/**
 * A merchant's account on one platform (docs/decisions/032). The tokens are stored only as
 * AES-256-GCM ciphertext bound to the row's merchant and platform (`sealed_tokens`); their
 * expiry times are kept in the clear so the refresh job can find what is due without opening
 * anything. `state` changes to needs_reconnect only when the platform says the grant is gone: a
 * passing refresh failure is counted in `refresh_failures` and retried, the account stays
 * connected. "Expiring" and "not connected" are read from the times and the row's absence.
 */
export const platformConnections = pgTable(
  'platform_connections',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    platform: text({ enum: TARGETS }).notNull(),
    state: text({ enum: ['connected', 'needs_reconnect', 'disconnected'] }).notNull().default('connected'),
    /**
     * The sandbox stands in for this platform (it had no client id and secret when connected):
     * such a connection is never handed to the real adapter once credentials appear.
     */
    sandbox: boolean().notNull().default(false),
    /** The platform's own id and name of the account (not secret; shown to the studio). */
    remoteAccountId: text().notNull(),
    remoteAccountName: text().notNull(),
    /** `v1.<iv>.<tag>.<ciphertext>` of JSON {access_token, refresh_token}; null once disconnected. */
    sealedTokens: text(),
    accessExpiresAt: timestamp({ withTimezone: true }),
    /**
     * When the grant ends and the merchant must authorize again: the refresh token's expiry, or
     * the access token's where the platform issues no refresh token; null when it states none.
     */
    refreshExpiresAt: timestamp({ withTimezone: true }),
    scopes: text().array().notNull().default(sql`'{}'::text[]`),
    connectedById: integer().references(() => accounts.id, { onDelete: 'set null' }),
    connectedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastRefreshAt: timestamp({ withTimezone: true }),
    /** Consecutive refresh failures that did not end the grant; reset by a good refresh. */
    refreshFailures: integer().notNull().default(0),
    /** The last failure in words for the studio (a platform's message, never a token). */
    lastError: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('platform_connections_merchant_platform_uq').on(t.merchantId, t.platform),
    // The refresh job: connected rows by access expiry.
    index('platform_connections_refresh_idx')
      .on(t.accessExpiresAt)
      .where(sql`${t.state} = 'connected'`),
    check('platform_connections_tokens_chk', sql`(${t.state} = 'disconnected') or (${t.sealedTokens} is not null)`),
  ],
);
export type PlatformConnectionRow = typeof platformConnections.$inferSelect;

/**
 * An OAuth 2 authorization in flight: the `state` sent to the platform (stored as its SHA-256)
 * and the PKCE verifier (sealed like the tokens). Used once, by the account that started it,
 * before it expires.
 */
export const platformOauthStates = pgTable(
  'platform_oauth_states',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    stateHash: text().notNull().unique(),
    merchantId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    platform: text({ enum: TARGETS }).notNull(),
    startedById: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sealedVerifier: text().notNull(),
    redirectUri: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('platform_oauth_states_expires_idx').on(t.expiresAt)],
);

/** A caption in one language with its hashtags (without '#'). */
export interface StoredCaption {
  language: (typeof CAPTION_LANGUAGES)[number];
  caption: string;
  hashtags: string[];
}

/**
 * A platform's own caption and hashtags (without '#'), in the post's language: what that
 * platform gets instead of the caption of the post's language.
 */
export interface StoredPlatformCaption {
  platform: (typeof TARGETS)[number];
  caption: string;
  hashtags: string[];
}

/**
 * A video post: one merchant, one final video (a material, or an upload claimed by the post;
 * `file_*` is the snapshot of the file the jobs read), captions per language, the time it goes
 * out (null: as soon as it is released) and its approval by the merchant. It publishes only
 * when `status` is scheduled and `approval` is not_required or approved.
 */
export const videoPosts = pgTable(
  'video_posts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdById: integer().references(() => accounts.id, { onDelete: 'set null' }),
    title: text().notNull(),
    footageId: integer().references(() => footage.id, { onDelete: 'set null' }),
    uploadId: integer().references(() => uploads.id, { onDelete: 'set null' }),
    fileKey: text().notNull(),
    fileName: text().notNull(),
    fileMime: text().notNull(),
    fileSize: bigint({ mode: 'number' }).notNull(),
    fileDurationSeconds: doublePrecision(),
    /** Poster frame key in storage, when the material has one. */
    thumbKey: text(),
    captions: jsonb().$type<StoredCaption[]>().notNull(),
    /** Captions of their own for some platforms; a platform without one gets `captions`' caption. */
    platformCaptions: jsonb().$type<StoredPlatformCaption[]>().notNull().default([]),
    /** The platforms chosen; a job per platform is made when the post is released. */
    platforms: text({ enum: TARGETS }).array().notNull(),
    /** The caption language the platforms get unless a job names its own. */
    language: text({ enum: CAPTION_LANGUAGES }).notNull(),
    status: text({ enum: ['draft', 'scheduled', 'publishing', 'done', 'cancelled'] }).notNull().default('draft'),
    approval: text({ enum: ['not_required', 'pending', 'approved', 'changes_requested'] }).notNull().default('not_required'),
    approvalComment: text(),
    approvalAt: timestamp({ withTimezone: true }),
    scheduledAt: timestamp({ withTimezone: true }),
    /** When the engine was handed the post (its jobs enqueued); set once. */
    releasedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('video_posts_merchant_idx').on(t.merchantId, t.createdAt),
    // Staff's list, newest first, a page at a time without sorting every post.
    index('video_posts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('video_posts_scheduled_idx')
      .on(t.scheduledAt)
      .where(sql`${t.status} = 'scheduled' and ${t.releasedAt} is null`),
    check('video_posts_file_chk', sql`${t.footageId} is null or ${t.uploadId} is null`),
  ],
);
export type VideoPostRow = typeof videoPosts.$inferSelect;

/**
 * One post on one platform. `checkpoint` holds what the adapter needs to resume (publish id,
 * container id, upload URL, parts done), saved before each remote call; `remote_id` is the
 * platform's own id of the post once it exists. `unknown`: a call whose outcome is not known,
 * checked with the platform before anything is retried. The latest metrics are copied here
 * from the newest snapshot so lists read one row per job.
 */
export const videoPublishJobs = pgTable(
  'video_publish_jobs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    postId: integer()
      .notNull()
      .references(() => videoPosts.id, { onDelete: 'cascade' }),
    merchantId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    connectionId: integer().references(() => platformConnections.id, { onDelete: 'set null' }),
    platform: text({ enum: TARGETS }).notNull(),
    language: text({ enum: CAPTION_LANGUAGES }).notNull(),
    state: text({ enum: ['queued', 'uploading', 'reviewing', 'published', 'approved', 'failed', 'unknown'] })
      .notNull()
      .default('queued'),
    checkpoint: jsonb().$type<Record<string, unknown>>(),
    remoteId: text(),
    url: text(),
    /** The platform's reason for a failure, in its words. */
    reason: text(),
    /** The platform only allowed a private post (an unaudited app): shown, not hidden. */
    privateOnly: boolean().notNull().default(false),
    attempts: integer().notNull().default(0),
    /**
     * The engine's claim across remote calls: taken by an update where the lease is free or past,
     * and every checkpoint save is fenced by the token, so a worker that lost its claim can
     * neither write nor post.
     */
    leaseToken: text(),
    leaseUntil: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    lastAttemptAt: timestamp({ withTimezone: true }),
    /** Not before this time: a daily limit or a back-off moved it; `deferred_reason` says why. */
    runAfter: timestamp({ withTimezone: true }),
    deferredReason: text(),
    publishedAt: timestamp({ withTimezone: true }),
    approvedAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
    lastStatusAt: timestamp({ withTimezone: true }),
    lastMetricsAt: timestamp({ withTimezone: true }),
    plays: bigint({ mode: 'number' }),
    likes: bigint({ mode: 'number' }),
    comments: bigint({ mode: 'number' }),
    shares: bigint({ mode: 'number' }),
    collections: bigint({ mode: 'number' }),
    /** The highest plays milestone already announced (1k, 10k …), so each is recorded once. */
    milestonePlays: bigint({ mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('video_publish_jobs_post_platform_uq').on(t.postId, t.platform),
    // The engine's sweep: what is due in each state.
    index('video_publish_jobs_due_idx').on(t.state, t.runAfter),
    index('video_publish_jobs_merchant_idx').on(t.merchantId, t.platform, t.publishedAt),
    // Status polling: jobs still moving on the platform.
    index('video_publish_jobs_moving_idx')
      .on(t.lastStatusAt)
      .where(sql`${t.state} in ('reviewing', 'published', 'unknown')`),
    // The statistics collector walks published jobs from the oldest reading and stops at its batch.
    index('video_publish_jobs_metrics_idx')
      .on(t.lastMetricsAt.asc().nullsFirst(), t.id)
      .where(sql`${t.state} in ('published', 'approved')`),
    // Daily limits: what an account started on a day.
    index('video_publish_jobs_connection_idx').on(t.connectionId, t.startedAt),
    check('video_publish_jobs_failed_chk', sql`(${t.state} = 'failed') = (${t.reason} is not null)`),
  ],
);
export type VideoPublishJobRow = typeof videoPublishJobs.$inferSelect;

/**
 * A reading of a published job's metrics at one time. A metric the platform does not give is
 * null (shown as not available), never 0. Counts are cumulative, so growth over a range is the
 * newest reading minus the last one before the range began.
 */
export const videoMetricSnapshots = pgTable(
  'video_metric_snapshots',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer()
      .notNull()
      .references(() => videoPublishJobs.id, { onDelete: 'cascade' }),
    merchantId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    platform: text({ enum: TARGETS }).notNull(),
    takenAt: timestamp({ withTimezone: true }).notNull(),
    plays: bigint({ mode: 'number' }),
    likes: bigint({ mode: 'number' }),
    comments: bigint({ mode: 'number' }),
    shares: bigint({ mode: 'number' }),
    collections: bigint({ mode: 'number' }),
  },
  (t) => [
    uniqueIndex('video_metric_snapshots_job_time_uq').on(t.jobId, t.takenAt),
    index('video_metric_snapshots_merchant_idx').on(t.merchantId, t.takenAt),
  ],
);

/**
 * The statistics' daily totals (docs/decisions/068): per merchant, platform and UTC day, every
 * published job's last reading by the end of that day, summed; `jobs` counts the jobs with any
 * reading by then and `<metric>Jobs` those whose last reading has a value for the metric, so a
 * metric no job reports stays "not available" rather than 0. A row exists for each day some
 * reading was taken and stands until the next one (a day without a row has the totals of the
 * last day before it). Kept by a trigger on `video_metric_snapshots` in the transaction that
 * adds or removes the reading, so a chart over a month reads a few rows per merchant instead of
 * every reading of every video.
 */
export const videoMetricDays = pgTable(
  'video_metric_days',
  {
    merchantId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    platform: text({ enum: TARGETS }).notNull(),
    day: date({ mode: 'string' }).notNull(),
    jobs: integer().notNull().default(0),
    plays: bigint({ mode: 'number' }).notNull().default(0),
    playsJobs: integer().notNull().default(0),
    likes: bigint({ mode: 'number' }).notNull().default(0),
    likesJobs: integer().notNull().default(0),
    comments: bigint({ mode: 'number' }).notNull().default(0),
    commentsJobs: integer().notNull().default(0),
    shares: bigint({ mode: 'number' }).notNull().default(0),
    sharesJobs: integer().notNull().default(0),
    collections: bigint({ mode: 'number' }).notNull().default(0),
    collectionsJobs: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.platform, t.day] })],
);

/**
 * A link the merchant opens without signing in to approve a post or ask for changes. Only the
 * SHA-256 of its token is stored; it expires, and a decision closes it.
 */
export const videoReviewLinks = pgTable(
  'video_review_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    postId: integer()
      .notNull()
      .references(() => videoPosts.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdById: integer().references(() => accounts.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    decision: text({ enum: ['approved', 'changes_requested'] }),
    comment: text(),
    decidedAt: timestamp({ withTimezone: true }),
    /** A newer link or an edit of the post replaces it. */
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('video_review_links_post_idx').on(t.postId, t.createdAt)],
);
