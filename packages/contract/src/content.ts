import { z } from 'zod';
import { LANGUAGES } from './constants.js';
import { id, integer, isoDate, isoDateTime, isoTime, keyword, optionalText, pageOf, pageQuery, plainString, requiredText } from './fields.js';

/**
 * Content (spec §3): articles, live-event announcements and landing pages, each in one
 * language, linked to its translations; and the learning center's courses built from them.
 * The body is HTML that the server sanitizes with an allow-list before it is stored
 * (docs/decisions/030); what the API hands back is only ever the sanitized copy.
 */
export const CONTENT_TYPES = ['article', 'live', 'landing'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
/** Spec §4: draft → published ⇄ unpublished; update keeps the status; delete removes. */
export const CONTENT_STATUSES = ['draft', 'published', 'unpublished'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
/** A live event's place in time, derived from its start and duration on every read. */
export const LIVE_TIME_STATUSES = ['upcoming', 'live', 'ended'] as const;
export type LiveTimeStatus = (typeof LIVE_TIME_STATUSES)[number];
/** Roles a course can be open to without buying anything (the roles of the /learning route). */
export const COURSE_ROLES = ['partner', 'studio', 'operator'] as const;
export type CourseRole = (typeof COURSE_ROLES)[number];

export const CONTENT_TITLE_MAX = 200;
export const CONTENT_EXCERPT_MAX = 500;
/** Characters of HTML as sent (before sanitizing); about 200 KB, far above a long article. */
export const CONTENT_BODY_MAX = 200_000;
export const CONTENT_TAGS_MAX = 10;
export const CONTENT_TAG_MAX = 30;
export const LIVE_DURATION_MAX_MINUTES = 24 * 60;
export const COURSE_LESSONS_MAX = 100;

const language = z.enum(LANGUAGES, { error: 'validation.invalid_option' });

/** An IANA time-zone name the runtime knows, such as `America/Los_Angeles`. */
export const timeZone = plainString()
  .trim()
  .min(1, { error: 'content.time_zone_invalid' })
  .max(64, { error: 'content.time_zone_invalid' })
  .refine(
    (value) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: value });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'content.time_zone_invalid' },
  );

/**
 * A link: an absolute http(s) URL, or a path on this site starting with one `/` (a landing
 * page's call to action is usually `/plans`).
 */
export const contentLink = plainString()
  .trim()
  .max(2000, { error: 'validation.too_long' })
  .refine((value) => value === '' || /^\/(?![/\\])/.test(value) || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value), { error: 'content.link_invalid' });

const tag = plainString().trim().min(1, { error: 'validation.required' }).max(CONTENT_TAG_MAX, { error: 'validation.too_long' });

export const author = z.object({ id: z.number().int(), name: z.string() });

export const liveInfo = z.object({
  /** UTC, ISO 8601. */
  start_time: isoTime,
  /** IANA name the event was announced in, for showing its local time. */
  time_zone: z.string(),
  duration_minutes: z.number().int(),
  /** UTC, start + duration. */
  end_time: isoTime,
  link: z.string(),
  time_status: z.enum(LIVE_TIME_STATUSES),
});
export type LiveInfo = z.infer<typeof liveInfo>;

export const translationRef = z.object({ id: z.number().int(), language: z.enum(LANGUAGES), title: z.string(), status: z.enum(CONTENT_STATUSES) });

/** A row of a list: everything but the body. */
export const contentSummary = z.object({
  id: z.number().int(),
  type: z.enum(CONTENT_TYPES),
  title: z.string(),
  excerpt: z.string(),
  cover_upload_id: z.number().int().nullable(),
  /** A signed URL valid for about an hour (docs/decisions/011); null without a cover. */
  cover_url: z.string().nullable(),
  tags: z.array(z.string()),
  language: z.enum(LANGUAGES),
  status: z.enum(CONTENT_STATUSES),
  /** Live events only. */
  live: liveInfo.nullable(),
  /** Landing pages: where the call to action goes (`/plans` by default). Empty for the others. */
  link: z.string(),
  /** An uploaded video of the item (a video lesson), if any. */
  video_upload_id: z.number().int().nullable(),
  author,
  create_time: isoTime,
  update_time: isoTime,
  /** The first time it was published; null while it never was. */
  publish_time: isoTime.nullable(),
});
export type ContentSummary = z.infer<typeof contentSummary>;

export const contentItem = contentSummary.extend({
  /**
   * Sanitized HTML. Images uploaded through `/v1/base/oss/temp` are kept as
   * `<img data-upload-id="N">`; every read fills their `src` with a fresh signed URL.
   */
  body_html: z.string(),
  video_url: z.string().nullable(),
  /** The other languages of the same item (to the public: the published ones only). */
  translations: z.array(translationRef),
  /** Absolute address of the public page (`PUBLIC_URL/item/{id}`). */
  public_url: z.string(),
});
export type ContentItem = z.infer<typeof contentItem>;

const commonFields = {
  title: requiredText('content.title_required', CONTENT_TITLE_MAX),
  excerpt: optionalText(CONTENT_EXCERPT_MAX, { multiline: true }).default(''),
  body_html: plainString({ multiline: true }).max(CONTENT_BODY_MAX, { error: 'validation.too_long' }).default(''),
  /** An upload (image) the caller made, claimed on save; null to remove the cover. */
  cover_upload_id: id.nullable().default(null),
  video_upload_id: id.nullable().default(null),
  tags: z.array(tag).max(CONTENT_TAGS_MAX, { error: 'validation.too_big' }).default([]),
  language: language.default('en-US'),
  /** Another item this one translates: they join one translation group. */
  translation_of: id.nullable().default(null),
  /** True: publish at once (the "publish" button of a new item). */
  publish: z.boolean({ error: 'validation.expected_boolean' }).default(false),
};

const liveFields = {
  start_time: isoDateTime,
  time_zone: timeZone,
  duration_minutes: integer(1, LIVE_DURATION_MAX_MINUTES),
  link: contentLink.default(''),
};

/** A new article or landing page (live events are created through `/v1/live/add`). */
export const contentAddRequest = z.strictObject({
  type: z.enum(['article', 'landing'], { error: 'validation.invalid_option' }),
  ...commonFields,
  /** Landing pages: the call to action; `/plans` when left empty. */
  link: contentLink.default(''),
});

/** Sends only the fields that change (no defaults apply to an update). */
export const contentUpdateRequest = z.strictObject({
  id,
  title: commonFields.title.optional(),
  excerpt: optionalText(CONTENT_EXCERPT_MAX, { multiline: true }).optional(),
  body_html: plainString({ multiline: true }).max(CONTENT_BODY_MAX, { error: 'validation.too_long' }).optional(),
  cover_upload_id: id.nullable().optional(),
  video_upload_id: id.nullable().optional(),
  tags: z.array(tag).max(CONTENT_TAGS_MAX, { error: 'validation.too_big' }).optional(),
  language: language.optional(),
  translation_of: id.nullable().optional(),
  link: contentLink.optional(),
  // Live events only (also reachable through `/v1/live/update`).
  start_time: isoDateTime.optional(),
  time_zone: timeZone.optional(),
  duration_minutes: integer(1, LIVE_DURATION_MAX_MINUTES).optional(),
});

export const contentListRequest = z.strictObject({
  ...pageQuery,
  type: z.enum(CONTENT_TYPES, { error: 'validation.invalid_option' }).optional(),
  status: z.enum(CONTENT_STATUSES, { error: 'validation.invalid_option' }).optional(),
  tag: tag.optional(),
  language: language.optional(),
  author_id: id.optional(),
  keyword: keyword().optional(),
  /** Create time, inclusive days (UTC). */
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
});
export const contentListResponse = pageOf(contentSummary);

export const contentByIdRequest = z.strictObject({ id });

/** The authors and tags in use, for the list's filters. */
export const contentFacetsResponse = z.object({ authors: z.array(author), tags: z.array(z.string()) });

/**
 * Published items for everyone, newest first. With the reader's `language`: that language
 * first, and each item once — of a translation group only the copy in that language, else the
 * English one, else the group's first.
 */
export const publicContentListRequest = z.strictObject({
  ...pageQuery,
  type: z.enum(CONTENT_TYPES, { error: 'validation.invalid_option' }).optional(),
  language: language.optional(),
  /** Live events not yet ended, soonest first (Home's "upcoming live events"). */
  upcoming: z.boolean({ error: 'validation.expected_boolean' }).optional(),
  tag: tag.optional(),
});

// ---- Live events (spec §7 /v1/live/*) ----

export const liveAddRequest = z.strictObject({ ...commonFields, ...liveFields });
export const liveUpdateRequest = z.strictObject({
  id,
  title: commonFields.title.optional(),
  excerpt: optionalText(CONTENT_EXCERPT_MAX, { multiline: true }).optional(),
  body_html: plainString({ multiline: true }).max(CONTENT_BODY_MAX, { error: 'validation.too_long' }).optional(),
  cover_upload_id: id.nullable().optional(),
  tags: z.array(tag).max(CONTENT_TAGS_MAX, { error: 'validation.too_big' }).optional(),
  language: language.optional(),
  translation_of: id.nullable().optional(),
  start_time: isoDateTime.optional(),
  time_zone: timeZone.optional(),
  duration_minutes: integer(1, LIVE_DURATION_MAX_MINUTES).optional(),
  link: contentLink.optional(),
});
export const liveListRequest = z.strictObject({
  ...pageQuery,
  status: z.enum(CONTENT_STATUSES, { error: 'validation.invalid_option' }).optional(),
  time_status: z.enum(LIVE_TIME_STATUSES, { error: 'validation.invalid_option' }).optional(),
  language: language.optional(),
  keyword: keyword().optional(),
});

// ---- Learning center ----

export const lessonKind = z.enum(['article', 'video']);

export const lessonProgress = z.object({
  started: z.boolean(),
  completed: z.boolean(),
  /** Seconds into the lesson's video where the person stopped. */
  position_seconds: z.number().int(),
  update_time: isoTime.nullable(),
});

export const lessonSummary = z.object({
  id: z.number().int(),
  position: z.number().int(),
  content_id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  /** `video` when the content item carries an uploaded video. */
  kind: lessonKind,
  /** The caller's progress (all false/0 for staff building the course). */
  progress: lessonProgress,
});

export const courseProgress = z.object({
  total_lessons: z.number().int(),
  completed_lessons: z.number().int(),
  started: z.boolean(),
  completed: z.boolean(),
  /** The lesson to continue with: the first not completed, null when all are. */
  next_lesson_id: z.number().int().nullable(),
});

export const courseSummary = z.object({
  id: z.number().int(),
  /** What a pricing package's `learning_course` field names (spec §3). */
  code: z.string(),
  title: z.string(),
  description: z.string(),
  language: z.enum(LANGUAGES),
  cover_upload_id: z.number().int().nullable(),
  cover_url: z.string().nullable(),
  open_roles: z.array(z.enum(COURSE_ROLES)),
  status: z.enum(CONTENT_STATUSES),
  /** Why the caller sees it: bought with a package, open to its role, or staff. */
  access: z.enum(['package', 'role', 'staff']),
  progress: courseProgress,
  author,
  create_time: isoTime,
  update_time: isoTime,
  publish_time: isoTime.nullable(),
});
export type CourseSummary = z.infer<typeof courseSummary>;

export const courseDetail = courseSummary.extend({
  lessons: z.array(lessonSummary),
  /** Same code in the other languages (to learners: the published ones). */
  translations: z.array(z.object({ id: z.number().int(), language: z.enum(LANGUAGES), title: z.string(), status: z.enum(CONTENT_STATUSES) })),
});
export type CourseDetail = z.infer<typeof courseDetail>;

/** `/v1/learn/course`: the caller's courses; with `language`, one per code in that language when it exists. */
export const learnCourseRequest = z.strictObject({ language: language.optional() });
export const learnCourseResponse = z.object({ list: z.array(courseSummary) });

export const courseByIdRequest = z.strictObject({ id });

export const lessonRequest = z.strictObject({ course_id: id, lesson_id: id });
export const lessonDetail = z.object({
  course_id: z.number().int(),
  lesson: lessonSummary,
  item: contentItem,
  previous_lesson_id: z.number().int().nullable(),
  next_lesson_id: z.number().int().nullable(),
});

/** Saves progress: opening a lesson marks it started; `completed: true` completes it (never undone by a later save). */
export const progressRequest = z.strictObject({
  course_id: id,
  lesson_id: id,
  position_seconds: integer(0, 1_000_000).optional(),
  completed: z.boolean({ error: 'validation.expected_boolean' }).optional(),
});
export const progressResponse = z.object({ lesson: lessonProgress, course: courseProgress });

const courseCode = plainString()
  .trim()
  .min(1, { error: 'content.course_code_invalid' })
  .max(60, { error: 'content.course_code_invalid' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'content.course_code_invalid' });

export const courseAddRequest = z.strictObject({
  code: courseCode,
  title: requiredText('content.title_required', CONTENT_TITLE_MAX),
  description: optionalText(2000, { multiline: true }).default(''),
  language: language.default('en-US'),
  cover_upload_id: id.nullable().default(null),
  open_roles: z.array(z.enum(COURSE_ROLES, { error: 'validation.invalid_option' })).max(COURSE_ROLES.length).default([]),
  /** Content ids in lesson order; articles (with or without a video). */
  lesson_content_ids: z.array(id).max(COURSE_LESSONS_MAX, { error: 'validation.too_big' }).default([]),
  publish: z.boolean({ error: 'validation.expected_boolean' }).default(false),
});
export const courseUpdateRequest = z.strictObject({
  id,
  code: courseCode.optional(),
  title: requiredText('content.title_required', CONTENT_TITLE_MAX).optional(),
  description: optionalText(2000, { multiline: true }).optional(),
  language: language.optional(),
  cover_upload_id: id.nullable().optional(),
  open_roles: z.array(z.enum(COURSE_ROLES, { error: 'validation.invalid_option' })).max(COURSE_ROLES.length).optional(),
  lesson_content_ids: z.array(id).max(COURSE_LESSONS_MAX, { error: 'validation.too_big' }).optional(),
});
export const courseListRequest = z.strictObject({
  ...pageQuery,
  status: z.enum(CONTENT_STATUSES, { error: 'validation.invalid_option' }).optional(),
  language: language.optional(),
  keyword: keyword().optional(),
});
export const courseListResponse = pageOf(courseSummary);
