import { z } from 'zod';
import { id, idOf, isoDate, isoTime, pageOf, pageQuery } from './fields.js';
import { MUSIC_CHOICES, SCRIPT_LANGUAGES, VOICE_ENGINES, scriptLanguageField } from './creative-base.js';
import { scriptBody } from './creative-script.js';

/** A render: one video made from a script and the merchant's material, and what becomes of it as a draft (creative.ts). */

export const RENDER_STATES = ['queued', 'rendering', 'done', 'failed', 'cancelled'] as const;
export type RenderState = (typeof RENDER_STATES)[number];
/** Where a finished render stands with the studio: waiting, turned into a post, or turned down. */
export const DRAFT_STATES = ['pending', 'approved', 'rejected'] as const;
export type DraftState = (typeof DRAFT_STATES)[number];
export const RENDER_ORIGINS = ['manual', 'plan'] as const;
export const RENDER_FOOTAGE_MAX = 12;
export const DRAFT_REASON_MAX = 500;

export const renderAddRequest = z.strictObject({
  merchant_id: idOf('creative.merchant_required'),
  language: scriptLanguageField,
  /** The script as generated (its id) or as edited; the body is what is rendered. */
  script_id: id.optional(),
  script: scriptBody,
  /** The clips and images, in order; left out, chosen from the merchant's library. */
  footage_ids: z
    .array(id, { error: 'validation.invalid_option' })
    .max(RENDER_FOOTAGE_MAX, { error: 'validation.too_big' })
    .refine((list) => new Set(list).size === list.length, { error: 'validation.invalid_option' })
    .optional(),
  voice: z.enum(VOICE_ENGINES, { error: 'validation.invalid_option' }).optional(),
  music: z.enum(MUSIC_CHOICES, { error: 'validation.invalid_option' }).optional(),
  music_footage_id: id.nullable().optional(),
});

export const renderTimings = z.object({
  queued_at: isoTime,
  started_at: isoTime.nullable(),
  finished_at: isoTime.nullable(),
  /** Wall time of the last attempt's ffmpeg run, in milliseconds. */
  render_ms: z.number().int().nullable(),
});

/** One check of the quality gate on a finished render (docs/decisions/080). */
export const renderQualityCheck = z.object({ check: z.string(), ok: z.boolean(), message: z.string() });
export type RenderQualityCheck = z.infer<typeof renderQualityCheck>;

export const render = z.object({
  id,
  merchant_id: z.number().int(),
  merchant_name: z.string(),
  language: z.enum(SCRIPT_LANGUAGES),
  script_id: z.number().int().nullable(),
  script: scriptBody,
  footage_ids: z.array(z.number().int()),
  voice: z.enum(VOICE_ENGINES),
  music: z.enum(MUSIC_CHOICES),
  music_footage_id: z.number().int().nullable(),
  state: z.enum(RENDER_STATES),
  /** 0–100 while rendering; 100 when done. */
  progress: z.number().int(),
  attempts: z.number().int(),
  /** Why it failed, in the caller's language; also a fallback that was taken (a voice that failed). */
  error: z.string().nullable(),
  /**
   * The engine's own output behind `error` (the end of ffmpeg's output, the work folder as
   * `<work>`): present for staff (admin, super) only, to diagnose; everyone else reads `error`.
   */
  error_detail: z.string().nullable().optional(),
  notes: z.array(z.string()),
  origin: z.enum(RENDER_ORIGINS),
  /** The plan day it was made for; null for a render asked for by hand. */
  plan_date: z.string().nullable(),
  draft: z.enum(DRAFT_STATES),
  /** The studio's reason; a merchant reads it only when the studio chose to send it (else ''). */
  reject_reason: z.string(),
  post_id: z.number().int().nullable(),
  /** The merchant's answer on the post made from this draft, with its words (docs/decisions/075). */
  merchant_answer: z
    .object({ state: z.enum(['approved', 'changes_requested']), note: z.string(), time: isoTime })
    .nullable(),
  /** The material the video became in the merchant's library. */
  output_footage_id: z.number().int().nullable(),
  /**
   * The look the video was made in (e.g. `street_pop`); null until its inputs are gathered.
   * Always sent; optional in the type only so that fixtures written before it still compile.
   */
  look: z.string().nullable().optional(),
  /** The material its first shot shows; null for a video from the brief alone (always sent, as `look`). */
  opening_footage_id: z.number().int().nullable().optional(),
  /**
   * Why the plan chose this draft's hook, look, length and hour, in the reader's language
   * (docs/decisions/085): "Question hooks bring this shop 2.1× the plays of bold claims",
   * "Exploring: …", "Category prior: …". Null for a render asked for by hand or made before.
   */
  reason: z.string().nullable().optional(),
  duration: z.number().nullable(),
  video_url: z.string().nullable(),
  /**
   * The same MP4 as a download named `<shop>-<yyyy-mm-dd>-<lang>-<n>.mp4` (the plan day, else the
   * day it was asked for in the merchant's zone; n its number among that day's videos in that
   * language). Always sent with `video_url`; optional in the type only so that fixtures written
   * before it still compile.
   */
  download_url: z.string().nullable().optional(),
  cover_url: z.string().nullable(),
  url_expires_at: isoTime.nullable(),
  timings: renderTimings,
  create_time: isoTime,
  /**
   * The quality gate's checks of the finished video (docs/decisions/080), in plain words in the
   * reader's language: picture (black or frozen), loudness, duration, safe_zone, language.
   * Empty until the video is made, and for videos made before the gate.
   */
  quality: z.array(renderQualityCheck),
});
export type Render = z.infer<typeof render>;

/**
 * What waits for the studio in the review queue (docs/decisions/074): `pending` a finished render
 * whose draft is undecided, `failed` a render that failed, `changes_requested` an approved draft
 * whose post's merchant asked for changes.
 */
export const REVIEW_STATES = ['pending', 'failed', 'changes_requested'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const RENDER_LIST_SORTS = ['plan_day'] as const;

export const renderByIdRequest = z.strictObject({ id });
export const renderListRequest = z.strictObject({
  ...pageQuery,
  merchant_id: id.optional(),
  state: z.enum(RENDER_STATES, { error: 'validation.invalid_option' }).optional(),
  draft: z.enum(DRAFT_STATES, { error: 'validation.invalid_option' }).optional(),
  /** The plan day, or the day it was asked for for renders by hand (the merchant's own day with merchant_id, else UTC). */
  date: isoDate.optional(),
  /** The script's language. */
  language: z.enum(SCRIPT_LANGUAGES, { error: 'validation.invalid_option' }).optional(),
  /** The review queue's states: see REVIEW_STATES. */
  review: z.enum(REVIEW_STATES, { error: 'validation.invalid_option' }).optional(),
  /** `plan_day`: oldest plan day first (the day asked for, for renders by hand), then id; left out, newest first. */
  sort: z.enum(RENDER_LIST_SORTS, { error: 'validation.invalid_option' }).optional(),
});
/** One merchant's line of the review queue's counts. */
export const reviewCount = z.object({
  merchant_id: z.number().int(),
  merchant_name: z.string(),
  pending: z.number().int(),
  failed: z.number().int(),
  changes_requested: z.number().int(),
});
export type ReviewCount = z.infer<typeof reviewCount>;
export const renderListResponse = pageOf(render).extend({
  /**
   * The review queue's counts per merchant of the caller's scope, under the list's language and
   * date filters (not its merchant, state, review or page): only merchants with something to do.
   */
  by_merchant: z.array(reviewCount),
});


/**
 * Render progress on the notification stream (NOTIFICATION_STREAM_PATH): an event named
 * `render` for every change of state and every few percent, to each reader whose scope holds
 * the merchant.
 */
export const RENDER_STREAM_EVENT = 'render';
export const renderProgress = z.object({
  id: z.number().int(),
  merchant_id: z.number().int(),
  state: z.enum(RENDER_STATES),
  progress: z.number().int(),
});
export type RenderProgress = z.infer<typeof renderProgress>;
