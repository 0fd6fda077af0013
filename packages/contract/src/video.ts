import { z } from 'zod';
import { PUBLISH_PLATFORMS, VIDEO_RANGES } from './constants.js';
import { id, idOf, integer, isoDate, isoDateTime, isoTime, keyword, optionalText, pageOf, pageQuery, plainString } from './fields.js';

/**
 * Video publishing (spec §1, §2 /video, §3 video publish data, §4 video review, §7
 * /v1/base/video, §9 platforms and ranges; docs/decisions/032–035). A studio or an operator
 * connects a merchant's accounts, composes a post from one final video with captions in up to
 * three languages, optionally asks the merchant to approve it through a review link, and the
 * post becomes one publish job per platform whose statuses and statistics everyone in scope
 * reads.
 */

/** Where a post can go: spec §9's platforms, plus the embedded sandbox that stands in for them. */
export const PUBLISH_TARGETS = [...PUBLISH_PLATFORMS, 'sandbox'] as const;
export type PublishTargetName = (typeof PUBLISH_TARGETS)[number];

/** Platform names as the platforms write them: the same in every language. */
export const PLATFORM_NAMES: Record<PublishTargetName, string> = {
  tiktok: 'TikTok',
  youtube: 'YouTube',
  bilibili: 'Bilibili',
  instagram: 'Instagram',
  weibo: 'Weibo',
  pinterest: 'Pinterest',
  vk: 'VK',
  kuaishou: 'Kuaishou',
  facebook: 'Facebook',
  sandbox: 'Sandbox',
};
export type VideoRange = (typeof VIDEO_RANGES)[number];

/** `api`: uploaded through the platform's API; `assisted`: posted by hand, its link pasted here. */
export const PUBLISH_MODES = ['api', 'assisted'] as const;

/**
 * A merchant's connection on one platform as the dashboard's "platform connection status"
 * shows it. `expiring`: connected, but the grant ends within CONNECTION_EXPIRING_DAYS and cannot
 * be refreshed without the merchant; `needs_reconnect`: the platform ended the grant.
 */
export const CONNECTION_STATES = ['connected', 'expiring', 'needs_reconnect', 'not_connected'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];
export const CONNECTION_EXPIRING_DAYS = 7;

/**
 * One platform's publish job. queued → uploading → reviewing (processing or moderation) →
 * published (spec "publish success") → approved (spec "all approved": public), or failed with
 * the platform's reason; unknown: the outcome of a call is not known yet and is being checked.
 */
export const PUBLISH_JOB_STATES = ['queued', 'uploading', 'reviewing', 'published', 'approved', 'failed', 'unknown'] as const;
export type PublishJobState = (typeof PUBLISH_JOB_STATES)[number];

/**
 * A post's own status. draft: saved, not yet submitted; scheduled: waits for its time (and its
 * approval); publishing: its jobs are running; done: every job reached approved or failed;
 * cancelled before it went out.
 */
export const VIDEO_POST_STATUSES = ['draft', 'scheduled', 'publishing', 'done', 'cancelled'] as const;
export type VideoPostStatus = (typeof VIDEO_POST_STATUSES)[number];

/** The merchant's approval of a post (a post pending approval publishes only once approved). */
export const VIDEO_APPROVALS = ['not_required', 'pending', 'approved', 'changes_requested'] as const;
export type VideoApproval = (typeof VIDEO_APPROVALS)[number];

/** Caption languages (spec §1: English, Spanish, Chinese). */
export const CAPTION_LANGUAGES = ['en', 'es', 'zh'] as const;
export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number];

/** Spec §3 video publish data. */
export const VIDEO_METRICS = ['plays', 'likes', 'comments', 'shares', 'collections'] as const;
export type VideoMetric = (typeof VIDEO_METRICS)[number];

export const VIDEO_TITLE_MAX = 100;
export const VIDEO_CAPTION_MAX = 2200;
export const VIDEO_HASHTAG_MAX = 50;
export const VIDEO_HASHTAGS_MAX = 30;
export const VIDEO_COMMENT_MAX = 1000;
/** How long a review link stays valid unless the studio says otherwise (hours). */
export const REVIEW_LINK_HOURS_DEFAULT = 72;
export const REVIEW_LINK_HOURS_MAX = 24 * 14;
/** A review link's public page in the web app; the token follows. */
export const REVIEW_PATH = '/review';
/** Where a platform sends the browser back after authorization (a web page that calls `connectCallback`). */
export const VIDEO_OAUTH_CALLBACK_PATH = '/video/connected';

const target = z.enum(PUBLISH_TARGETS, { error: 'validation.invalid_option' });
const language = z.enum(CAPTION_LANGUAGES, { error: 'validation.invalid_option' });
const range = z.enum(VIDEO_RANGES, { error: 'validation.invalid_option' });

/** A metric a platform does not give is null (shown as not available), never 0. */
export const videoMetrics = z.object({
  plays: z.number().int().nullable(),
  likes: z.number().int().nullable(),
  comments: z.number().int().nullable(),
  shares: z.number().int().nullable(),
  collections: z.number().int().nullable(),
});
export type VideoMetrics = z.infer<typeof videoMetrics>;

// ——— Platforms and connections ———

/** What the server can do with each platform right now (real adapter configured, or the sandbox). */
export const videoPlatform = z.object({
  platform: target,
  mode: z.enum(PUBLISH_MODES),
  /** The embedded stand-in: label it "Sandbox" wherever it appears. */
  sandbox: z.boolean(),
  /** A real adapter has its client id and secret configured; otherwise the platform cannot be connected. */
  available: z.boolean(),
  pkce: z.boolean(),
});
export const videoPlatformsResponse = z.object({ list: z.array(videoPlatform) });

/** One merchant × platform. Tokens never appear here or in any other answer. */
export const videoConnection = z.object({
  /** Null while not connected. */
  id: z.number().int().nullable(),
  merchant_id: z.number().int(),
  platform: target,
  state: z.enum(CONNECTION_STATES),
  sandbox: z.boolean(),
  mode: z.enum(PUBLISH_MODES),
  /** The account's name on the platform. */
  account_name: z.string().nullable(),
  connected_at: isoTime.nullable(),
  /** When the merchant must authorize again (the refresh grant's end, or the token's when there is none). */
  expires_at: isoTime.nullable(),
  /** The last refresh or publish problem in words (the platform's), null when none. */
  last_error: z.string().nullable(),
});
export type VideoConnection = z.infer<typeof videoConnection>;

export const videoMerchantConnections = z.object({
  merchant_id: z.number().int(),
  merchant_name: z.string(),
  /** Every available platform (and the sandbox) in spec §9 order, not_connected ones included. */
  connections: z.array(videoConnection),
});
export const videoConnectionsRequest = z.strictObject({
  ...pageQuery,
  keyword: keyword().optional(),
  /** One merchant (out of scope → empty list). */
  merchant_id: id.optional(),
  state: z.enum(CONNECTION_STATES, { error: 'validation.invalid_option' }).optional(),
});
export const videoConnectionsResponse = pageOf(videoMerchantConnections);

export const videoConnectRequest = z.strictObject({ merchant_id: id, platform: target });
export const videoConnectResponse = z.object({
  /** Send the browser here; the platform returns to VIDEO_OAUTH_CALLBACK_PATH with `code` and `state`. */
  authorize_url: z.string(),
  expires_at: isoTime,
});

/** What the platform appended to the callback URL, posted by the account that started. */
export const videoConnectCallbackRequest = z.strictObject({
  state: plainString().trim().min(1, { error: 'video.oauth_state_invalid' }).max(200, { error: 'video.oauth_state_invalid' }),
  code: plainString().trim().max(2000, { error: 'validation.too_long' }).optional(),
  /** The platform's `error` when the merchant refused or it failed. */
  error: plainString().trim().max(500, { error: 'validation.too_long' }).optional(),
});

export const videoConnectionByIdRequest = z.strictObject({ id });

// ——— Posts ———

const hashtag = plainString()
  .trim()
  .transform((value) => value.replace(/^#+/, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'video.hashtag_invalid' })
      .max(VIDEO_HASHTAG_MAX, { error: 'validation.too_long' })
      .regex(/^[^\s#]+$/u, { error: 'video.hashtag_invalid' }),
  );

export const videoCaptionInput = z.strictObject({
  language,
  caption: optionalText(VIDEO_CAPTION_MAX, { multiline: true }),
  hashtags: z.array(hashtag, { error: 'validation.invalid_option' }).max(VIDEO_HASHTAGS_MAX, { error: 'video.too_many_hashtags' }).default([]),
});

const captions = z
  .array(videoCaptionInput, { error: 'video.caption_required' })
  .min(1, { error: 'video.caption_required' })
  .max(CAPTION_LANGUAGES.length, { error: 'validation.too_big' })
  .refine((list) => new Set(list.map((item) => item.language)).size === list.length, { error: 'video.caption_duplicate' })
  .refine((list) => list.some((item) => item.caption.length > 0), { error: 'video.caption_required' });

/**
 * A platform's own caption and hashtags, in the post's language: that platform gets it instead
 * of the caption of the post's language (a draft keeps each platform's text as edited).
 */
export const videoPlatformCaptionInput = z.strictObject({
  platform: target,
  caption: optionalText(VIDEO_CAPTION_MAX, { multiline: true }),
  hashtags: z.array(hashtag, { error: 'validation.invalid_option' }).max(VIDEO_HASHTAGS_MAX, { error: 'video.too_many_hashtags' }).default([]),
});

/** At most one per platform; each must be one of the post's platforms (checked with them). */
const platformCaptions = z
  .array(videoPlatformCaptionInput, { error: 'validation.invalid_option' })
  .max(PUBLISH_TARGETS.length, { error: 'validation.too_big' })
  .refine((list) => new Set(list.map((item) => item.platform)).size === list.length, { error: 'video.platform_caption_duplicate' });

const platforms = z
  .array(target, { error: 'video.platforms_required' })
  .min(1, { error: 'video.platforms_required' })
  .max(PUBLISH_TARGETS.length, { error: 'validation.too_big' })
  .refine((list) => new Set(list).size === list.length, { error: 'validation.invalid_option' });

const title = plainString({ error: 'video.title_required' })
  .trim()
  .min(1, { error: 'video.title_required' })
  .max(VIDEO_TITLE_MAX, { error: 'validation.too_long' });

/**
 * A new post. The file is one of the merchant's active video materials (`footage_id`) or a
 * temporary video upload from /v1/base/oss/temp (`upload_id`), exactly one. `schedule_at`: null
 * or absent publishes as soon as it is released. `require_approval`: it waits for the merchant's
 * approval through a review link. `submit: false` keeps it a draft.
 */
export const videoAddRequest = z
  .strictObject({
    merchant_id: idOf('video.merchant_required'),
    title,
    footage_id: id.optional(),
    upload_id: id.optional(),
    captions,
    /** The caption the platforms get (must be among `captions`). */
    language,
    platforms,
    /** Platforms with a caption of their own; the others get the caption in `language`. */
    platform_captions: platformCaptions.default([]),
    schedule_at: isoDateTime.nullable().optional(),
    require_approval: z.boolean({ error: 'validation.expected_boolean' }).default(false),
    submit: z.boolean({ error: 'validation.expected_boolean' }).default(true),
  })
  .refine((value) => (value.footage_id === undefined) !== (value.upload_id === undefined), {
    error: 'video.file_required',
    path: ['footage_id'],
  })
  .refine((value) => value.captions.some((item) => item.language === value.language && item.caption.length > 0), {
    error: 'video.language_caption_missing',
    path: ['language'],
  })
  .refine((value) => value.platform_captions.every((item) => value.platforms.includes(item.platform)), {
    error: 'video.platform_caption_unused',
    path: ['platform_captions'],
  });

/** Changes to a post not yet released (draft or scheduled); a change sends an approval back to pending. */
export const videoUpdateRequest = z.strictObject({
  id,
  title: title.optional(),
  captions: captions.optional(),
  language: language.optional(),
  platforms: platforms.optional(),
  /** Replaces the platforms' own captions; left out, they stay (those of platforms dropped go). */
  platform_captions: platformCaptions.optional(),
  schedule_at: isoDateTime.nullable().optional(),
  require_approval: z.boolean({ error: 'validation.expected_boolean' }).optional(),
  submit: z.boolean({ error: 'validation.expected_boolean' }).optional(),
});

export const videoByIdRequest = z.strictObject({ id });

/** A post's caption in a job's language, or its first caption when that language has none. */
export function captionIn<C extends { language: string }>(captions: readonly C[], language: string): C | undefined {
  return captions.find((caption) => caption.language === language) ?? captions[0];
}

/**
 * The words a platform gets with a post: the caption in the job's language (the title when it
 * has none), then its hashtags. The engine posts them; a hand-posted platform's person copies them.
 */
export function postText(caption: { caption: string; hashtags: readonly string[] } | undefined, title: string): string {
  const hashtags = caption?.hashtags ?? [];
  return [caption?.caption || title, hashtags.map((tag) => `#${tag}`).join(' ')].filter(Boolean).join('\n\n');
}

export const videoCaption = z.object({ language: z.enum(CAPTION_LANGUAGES), caption: z.string(), hashtags: z.array(z.string()) });
export const videoPlatformCaption = z.object({ platform: target, caption: z.string(), hashtags: z.array(z.string()) });

/**
 * What one platform of a post gets: its own caption when it has one with words, else the
 * caption in the job's language (captionIn).
 */
export function captionForPlatform<C extends { language: string }, P extends { platform: string; caption: string }>(
  captions: readonly C[],
  platformCaptions: readonly P[],
  platform: string,
  language: string,
): C | P | undefined {
  const own = platformCaptions.find((item) => item.platform === platform);
  return own && own.caption.length > 0 ? own : captionIn(captions, language);
}

/** One platform's publish job of a post. */
export const videoPublishJob = z.object({
  id: z.number().int(),
  platform: target,
  sandbox: z.boolean(),
  mode: z.enum(PUBLISH_MODES),
  language: z.enum(CAPTION_LANGUAGES),
  state: z.enum(PUBLISH_JOB_STATES),
  /** The public link once the platform gives one. */
  url: z.string().nullable(),
  /** The platform's reason for a failure. */
  reason: z.string().nullable(),
  /** Only a private post was allowed (e.g. an unaudited TikTok app). */
  private_only: z.boolean(),
  attempts: z.number().int(),
  /** Held back until then (a daily limit, a back-off), with why in words. */
  run_after: isoTime.nullable(),
  deferred_reason: z.string().nullable(),
  published_at: isoTime.nullable(),
  approved_at: isoTime.nullable(),
  metrics: videoMetrics,
  metrics_at: isoTime.nullable(),
});
export type VideoPublishJob = z.infer<typeof videoPublishJob>;

export const videoPost = z.object({
  id: z.number().int(),
  merchant_id: z.number().int(),
  merchant_name: z.string(),
  title: z.string(),
  footage_id: z.number().int().nullable(),
  file_name: z.string(),
  file_size: z.number().int(),
  duration: z.number().nullable(),
  /** Signed, expiring poster frame URL, when the material has one. */
  thumbnail_url: z.string().nullable(),
  captions: z.array(videoCaption),
  /** Platforms with a caption of their own (the others get the caption in `language`). */
  platform_captions: z.array(videoPlatformCaption),
  language: z.enum(CAPTION_LANGUAGES),
  /** The platforms chosen; `jobs` has one entry per platform once the post is released. */
  platforms: z.array(target),
  status: z.enum(VIDEO_POST_STATUSES),
  approval: z.enum(VIDEO_APPROVALS),
  /** The merchant's comment with its approval or change request. */
  approval_comment: z.string().nullable(),
  approval_at: isoTime.nullable(),
  scheduled_at: isoTime.nullable(),
  released_at: isoTime.nullable(),
  created_by: z.string().nullable(),
  create_time: isoTime,
  update_time: isoTime,
  jobs: z.array(videoPublishJob),
  /** Sums over the jobs of the latest metrics (null where no platform gives that metric). */
  totals: videoMetrics,
});
export type VideoPost = z.infer<typeof videoPost>;

export const videoListRequest = z.strictObject({
  ...pageQuery,
  keyword: keyword().optional(),
  merchant_id: id.optional(),
  status: z.enum(VIDEO_POST_STATUSES, { error: 'validation.invalid_option' }).optional(),
  approval: z.enum(VIDEO_APPROVALS, { error: 'validation.invalid_option' }).optional(),
  /** Posts that go to this platform. */
  platform: target.optional(),
  /** Posts with a job in this state. */
  job_state: z.enum(PUBLISH_JOB_STATES, { error: 'validation.invalid_option' }).optional(),
  /** Day of the schedule (or creation when unscheduled), inclusive, UTC: for the calendar. */
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  sort: z.enum(['newest', 'oldest', 'schedule'], { error: 'validation.invalid_option' }).default('newest'),
});
/** Posts are counted up to this many: a page count stays quick however many there are. */
export const VIDEO_LIST_COUNT_CAP = 1_000;
export const videoListResponse = pageOf(videoPost).extend({
  /** True when more than VIDEO_LIST_COUNT_CAP match (the total is the cap). */
  capped: z.boolean(),
});

/** Retry a failed job, or check an unknown one (staff, studio, operator). */
export const videoJobByIdRequest = z.strictObject({ id });

/** An assisted platform's job: the link of the post a person made by hand. */
export const videoJobLinkRequest = z.strictObject({
  id,
  url: plainString().trim().min(1, { error: 'video.post_url_invalid' }).max(2000, { error: 'validation.too_long' }),
});

// ——— Statistics ———

export const videoStatsRequest = z.strictObject({
  range: range.default('all'),
  /** One post … */
  post_id: id.optional(),
  /** … or one merchant's videos; neither: everything in the caller's scope. */
  merchant_id: id.optional(),
});
export const videoStatsPoint = z.object({ date: z.string(), ...videoMetrics.shape });
export const videoStatsPlatform = z.object({
  platform: target,
  sandbox: z.boolean(),
  /** Videos published on it (in range for 7d/30d). */
  videos: z.number().int(),
  /** Growth within the range (all: the totals). */
  metrics: videoMetrics,
  /** Cumulative totals per day over the range (all: the last 90 days). */
  series: z.array(videoStatsPoint),
});
export const videoStatsResponse = z.object({
  range,
  videos: z.number().int(),
  totals: videoMetrics,
  platforms: z.array(videoStatsPlatform),
});
export type VideoStats = z.infer<typeof videoStatsResponse>;

/** The merchant's own published videos and their numbers, for its dashboard. */
export const videoMineRequest = z.strictObject({ ...pageQuery, range: range.default('all') });
export const videoMineResponse = z.object({
  stats: videoStatsResponse,
  videos: pageOf(videoPost),
});

// ——— Review links (no sign-in) ———

export const videoReviewLinkRequest = z.strictObject({
  id,
  hours: integer(1, REVIEW_LINK_HOURS_MAX).default(REVIEW_LINK_HOURS_DEFAULT),
});
/** The token is shown once; only its hash is kept. */
export const videoReviewLinkResponse = z.object({ token: z.string(), url: z.string(), expires_at: isoTime });

const reviewToken = plainString().trim().min(1, { error: 'video.review_invalid' }).max(200, { error: 'video.review_invalid' });
export const videoReviewRequest = z.strictObject({ token: reviewToken });
/** The merchant approves its own post inside the app (signed in): no link needed. */
export const videoApproveRequest = z.strictObject({
  id,
  comment: optionalText(VIDEO_COMMENT_MAX, { multiline: true }).default(''),
});
/** The merchant asks for changes to its own post inside the app; what to change is required. */
export const videoChangesRequest = z.strictObject({
  id,
  comment: plainString({ error: 'video.comment_required', multiline: true })
    .trim()
    .min(1, { error: 'video.comment_required' })
    .max(VIDEO_COMMENT_MAX, { error: 'validation.too_long' }),
});
export const videoReviewDecisionRequest = z.strictObject({
  token: reviewToken,
  comment: optionalText(VIDEO_COMMENT_MAX, { multiline: true }).default(''),
});
export const videoReviewChangesRequest = z.strictObject({
  token: reviewToken,
  comment: plainString({ error: 'video.comment_required', multiline: true })
    .trim()
    .min(1, { error: 'video.comment_required' })
    .max(VIDEO_COMMENT_MAX, { error: 'validation.too_long' }),
});
/** What the merchant sees on the review page. */
export const videoReview = z.object({
  title: z.string(),
  merchant_name: z.string(),
  captions: z.array(videoCaption),
  platforms: z.array(z.object({ platform: target, sandbox: z.boolean() })),
  scheduled_at: isoTime.nullable(),
  video_url: z.string(),
  mime: z.string(),
  thumbnail_url: z.string().nullable(),
  url_expires_at: isoTime,
  approval: z.enum(VIDEO_APPROVALS),
  approval_comment: z.string().nullable(),
  /** The link's own end. */
  expires_at: isoTime,
  /** The link was already used to decide: the page shows the decision instead of the buttons. */
  decided: z.boolean(),
});
export type VideoReview = z.infer<typeof videoReview>;

// ——— /v1/base/video ———

export const baseVideoRequest = z.strictObject({ id });
/** A signed, expiring URL of a post's final video file. */
export const baseVideoResponse = z.object({
  url: z.string(),
  mime: z.string(),
  thumbnail_url: z.string().nullable(),
  expires_at: isoTime,
});
