import { z } from 'zod';
import { id, integer, isoDate, isoTime, keyword, optionalText, pageOf, pageQuery, plainString } from './fields.js';
import { UPLOAD_PURPOSES, UPLOAD_RULES, uploadMaxBytes, type UploadPurpose } from './upload.js';

/**
 * The material center (spec §1 "material (video, image, audio) center", §3 Footage, §4 material
 * status, §7 "/v1/footage/*"). A merchant uploads files resumably over tus, adds each finished
 * upload to its library, a background job probes it and makes its thumbnail, and the merchant's
 * studio and operator mark what became of each active one (docs/decisions/027).
 */
export const FOOTAGE_TYPES = UPLOAD_PURPOSES;
export type FootageType = UploadPurpose;

/**
 * Material status (spec §4): processing until probed, then active; inactive is hidden from the
 * studio but kept; failed when the file cannot be read (with `failure_reason`).
 */
export const FOOTAGE_STATUSES = ['processing', 'active', 'inactive', 'failed'] as const;
export type FootageStatus = (typeof FOOTAGE_STATUSES)[number];

/** What became of a material, marked by the merchant's studio or operator (spec §4 client material detail). */
export const FOOTAGE_USAGES = ['pending', 'completed', 'failed'] as const;
export type FootageUsage = (typeof FOOTAGE_USAGES)[number];

/**
 * Where a material came from: `upload`, the merchant's own file; `studio`, a video the studio
 * made for it (a render's output). Made videos are their own kind in the library: they are
 * never offered as footage to make another video from, nor counted as the merchant's uploads.
 */
export const FOOTAGE_ORIGINS = ['upload', 'studio'] as const;
export type FootageOrigin = (typeof FOOTAGE_ORIGINS)[number];

/**
 * Limits per type, shown before an upload starts and enforced on the server by the bytes:
 * the size limits are the upload limits (UPLOAD_RULES), plus a longest duration for video and
 * audio, read by ffprobe from the file itself.
 */
export const FOOTAGE_MAX_SECONDS: Record<FootageType, number | null> = { video: 600, image: null, audio: 1800 };

export function footageLimits(type: FootageType): { formats: string[]; max_bytes: number; max_seconds: number | null } {
  return { formats: [...UPLOAD_RULES[type].formats], max_bytes: uploadMaxBytes(type), max_seconds: FOOTAGE_MAX_SECONDS[type] };
}

/**
 * The tus endpoint (resumable uploads, tus 1.0.0 with the creation and termination
 * extensions), under the API base: `POST /api/v1/footage/tus` creates an upload, `HEAD` and
 * `PATCH /api/v1/footage/tus/<upload id>` resume it. Send the `Authorization` header on every
 * request, `Upload-Length` at creation (deferred lengths are refused), and metadata `filename`
 * and optionally `type` (video/image/audio: a declared type is held to its own size limit at
 * creation). Answers: `413` over the limit or the quota (before any byte is stored), `415` when
 * the first bytes are not an accepted format. When it completes, add it with `/v1/footage/add`.
 */
export const FOOTAGE_TUS_PATH = '/v1/footage/tus';

export const FOOTAGE_NAME_MAX = 120;
export const FOOTAGE_NOTE_MAX = 1000;
export const FOOTAGE_TAG_MAX = 32;
export const FOOTAGE_TAGS_MAX = 20;
export const FOOTAGE_USAGE_REASON_MAX = 500;
export const FOOTAGE_VIDEO_IDS_MAX = 50;

const name = plainString({ error: 'footage.name_required' })
  .trim()
  .min(1, { error: 'footage.name_required' })
  .max(FOOTAGE_NAME_MAX, { error: 'validation.too_long' });
const tag = plainString().trim().min(1, { error: 'footage.tag_empty' }).max(FOOTAGE_TAG_MAX, { error: 'validation.too_long' });
const tags = z.array(tag, { error: 'validation.invalid_option' }).max(FOOTAGE_TAGS_MAX, { error: 'footage.too_many_tags' });
const note = optionalText(FOOTAGE_NOTE_MAX, { multiline: true });
/** The id in a tus upload's URL (its last path segment). */
const tusId = plainString().trim().min(1, { error: 'footage.upload_required' }).max(200, { error: 'validation.too_long' });

/** One material as every role sees it (scope decides which ones). */
export const footage = z.object({
  id,
  merchant_id: z.number().int(),
  /** The merchant's name (company short name, else nickname), for studio, operator and super lists. */
  merchant_name: z.string(),
  type: z.enum(FOOTAGE_TYPES),
  /** The merchant's upload, or a video made by the studio. */
  origin: z.enum(FOOTAGE_ORIGINS),
  status: z.enum(FOOTAGE_STATUSES),
  name: z.string(),
  tags: z.array(z.string()),
  note: z.string(),
  /** Detected from the bytes, e.g. video/mp4. */
  mime: z.string(),
  /** File size in bytes. */
  size: z.number().int(),
  /** Seconds (fractional) for video and audio, once probed; null for images and before. */
  duration: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The main stream's codec as ffprobe names it (h264, hevc, aac, png …); null before probing. */
  codec: z.string().nullable(),
  /** Upload time (spec §3). */
  upload_time: isoTime,
  update_time: isoTime,
  /** Failed processing: a sentence in the caller's language; null otherwise. */
  failure_reason: z.string().nullable(),
  /** Signed URLs, valid until `url_expires_at`. `file_url`: the original, for download. */
  file_url: z.string(),
  /** What a player or viewer shows: a web-playable preview when the original is not, else the original. */
  preview_url: z.string().nullable(),
  /** A poster frame (video), a resized image (image), a waveform (audio); JPEG/PNG; null before processing. */
  thumbnail_url: z.string().nullable(),
  url_expires_at: isoTime,
  usage: z.enum(FOOTAGE_USAGES),
  /** Why the material was unusable (usage failed), as the marker wrote it. */
  usage_reason: z.string(),
  /** Videos made from it (usage completed); may be empty. */
  usage_video_ids: z.array(z.number().int()),
  usage_time: isoTime.nullable(),
  /** Who marked it last (studio or operator name); null while never marked. */
  usage_by: z.string().nullable(),
});
export type Footage = z.infer<typeof footage>;

export const footageAddRequest = z
  .strictObject({
    /** A completed tus upload of the caller (the last segment of its URL) … */
    upload: tusId.optional(),
    /** … or a temporary upload from /v1/base/oss/temp. Exactly one of the two. */
    upload_id: id.optional(),
    /** Defaults to the uploaded file's name. */
    name: name.optional(),
    tags: tags.default([]),
    note: note.default(''),
  })
  .refine((value) => (value.upload === undefined) !== (value.upload_id === undefined), {
    error: 'footage.upload_required',
    path: ['upload'],
  });

export const footageListRequest = z.strictObject({
  ...pageQuery,
  keyword: keyword().optional(),
  type: z.enum(FOOTAGE_TYPES, { error: 'validation.invalid_option' }).optional(),
  status: z.enum(FOOTAGE_STATUSES, { error: 'validation.invalid_option' }).optional(),
  usage: z.enum(FOOTAGE_USAGES, { error: 'validation.invalid_option' }).optional(),
  /** Upload day, inclusive, in UTC. */
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  /** Super, studio, operator: one merchant (out of scope → empty list). A merchant's own filter is itself. */
  merchant_id: id.optional(),
  tag: plainString().trim().max(FOOTAGE_TAG_MAX, { error: 'validation.too_long' }).optional(),
  sort: z.enum(['newest', 'oldest', 'largest', 'name'], { error: 'validation.invalid_option' }).default('newest'),
  /** The merchant's uploads (the default: what a video can be made from), or the videos the studio made. */
  origin: z.enum(FOOTAGE_ORIGINS, { error: 'validation.invalid_option' }).default('upload'),
});
export const footageListResponse = pageOf(footage);

export const footageByIdRequest = z.strictObject({ id });

export const footageCountRequest = z.strictObject({ merchant_id: id.optional() });
/** Counts by type (and by status) of the merchant's uploads the caller may see; `studio`: the videos the studio made. */
export const footageCountResponse = z.object({
  total: z.number().int(),
  video: z.number().int(),
  image: z.number().int(),
  audio: z.number().int(),
  processing: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  failed: z.number().int(),
  studio: z.number().int(),
});

export const footageUpdateRequest = z.strictObject({
  id,
  name: name.optional(),
  tags: tags.optional(),
  note: note.optional(),
});

export const footageMarkRequest = z
  .strictObject({
    id,
    usage: z.enum(FOOTAGE_USAGES, { error: 'validation.invalid_option' }),
    /** With completed: the videos made from it (may be empty). */
    video_ids: z.array(integer(1, 2_147_483_647), { error: 'validation.invalid_option' }).max(FOOTAGE_VIDEO_IDS_MAX, { error: 'validation.too_big' }).default([]),
    /** Required with failed ("too dark"). */
    reason: optionalText(FOOTAGE_USAGE_REASON_MAX, { multiline: true }).default(''),
  })
  .refine((value) => value.usage !== 'failed' || value.reason.length > 0, { error: 'footage.reason_required', path: ['reason'] });

/** The merchant's storage: bytes stored against the quota of its plan (a setting). */
export const footageStorageRequest = z.strictObject({ merchant_id: id.optional() });
export const footageStorageResponse = z.object({
  used_bytes: z.number().int(),
  quota_bytes: z.number().int(),
  /** The plan the quota comes from; null when the merchant has none (the default quota). */
  plan_name: z.string().nullable(),
  limits: z.object({
    video: z.object({ formats: z.array(z.string()), max_bytes: z.number().int(), max_seconds: z.number().int().nullable() }),
    image: z.object({ formats: z.array(z.string()), max_bytes: z.number().int(), max_seconds: z.number().int().nullable() }),
    audio: z.object({ formats: z.array(z.string()), max_bytes: z.number().int(), max_seconds: z.number().int().nullable() }),
  }),
});
