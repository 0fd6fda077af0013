import { z } from 'zod';
import { id, idOf, isoDate, isoDateTime, isoTime, keyword, optionalText, pageOf, pageQuery, plainString } from './fields.js';
import {
  CAPTION_LANGUAGES,
  PUBLISH_JOB_STATES,
  PUBLISH_MODES,
  PUBLISH_TARGETS,
  VIDEO_APPROVALS,
  VIDEO_CAPTION_MAX,
  VIDEO_HASHTAG_MAX,
  VIDEO_HASHTAGS_MAX,
  VIDEO_POST_STATUSES,
  VIDEO_TITLE_MAX,
  videoMetrics,
} from './video-base.js';
import { language, target } from './video-fields.js';

// A merchant's posts: composing and changing them, the captions each platform gets, their jobs,
// listing them, and their file (/v1/base/video).

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

// ——— /v1/base/video ———

export const baseVideoRequest = z.strictObject({ id });
/** A signed, expiring URL of a post's final video file. */
export const baseVideoResponse = z.object({
  url: z.string(),
  mime: z.string(),
  thumbnail_url: z.string().nullable(),
  expires_at: isoTime,
});
