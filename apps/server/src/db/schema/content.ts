import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './account.js';
import { blank } from './columns.js';

const STATUSES = ['draft', 'published', 'unpublished'] as const;

/**
 * Content items (spec §3 "Content"): articles, live-event announcements and landing pages.
 * `bodyHtml` is stored already sanitized (decision 030), so no reader can get the raw input.
 * Uploaded files (cover, video, body images) keep their storage key here, signed on each read.
 * The author's name is kept as it was when the item was written: the byline of a published
 * piece does not change when the account is renamed, and lists need no join to `accounts`.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    type: text({ enum: ['article', 'live', 'landing'] }).notNull(),
    status: text({ enum: STATUSES }).notNull().default('draft'),
    title: text().notNull(),
    excerpt: blank(),
    bodyHtml: blank(),
    coverUploadId: integer(),
    coverKey: text(),
    videoUploadId: integer(),
    videoKey: text(),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    language: text({ enum: ['en-US', 'zh-CN', 'es-ES'] }).notNull(),
    /** Items that translate each other share the id of the group's first item. */
    translationGroup: integer(),
    /** Live: the event's link; landing: the call to action. */
    link: blank(),
    liveStart: timestamp({ withTimezone: true }),
    liveTimeZone: text(),
    liveDurationMinutes: integer(),
    authorId: integer().references(() => accounts.id, { onDelete: 'set null' }),
    authorName: blank(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The first publication; kept through unpublish and republish. */
    publishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('content_items_public_idx').on(t.status, t.type, t.publishedAt.desc().nullsFirst()),
    index('content_items_staff_idx').on(t.createdAt.desc().nullsFirst()),
    index('content_items_live_idx').on(t.type, t.liveStart),
    index('content_items_group_idx').on(t.translationGroup),
    index('content_items_author_idx').on(t.authorId),
    index('content_items_tags_idx').using('gin', t.tags),
    check(
      'content_items_live_chk',
      sql`(${t.type} = 'live') = (${t.liveStart} is not null and ${t.liveTimeZone} is not null and ${t.liveDurationMinutes} is not null)`,
    ),
  ],
);

/** Images uploaded into an item's body, claimed when the item is saved. */
export const contentMedia = pgTable(
  'content_media',
  {
    contentId: integer()
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    uploadId: integer().notNull(),
    key: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.uploadId] }), index('content_media_upload_idx').on(t.uploadId)],
);

/**
 * Courses of the learning center. `code` is what a pricing package's learning-course field
 * names (spec §3); a course exists once per language under the same code.
 */
export const courses = pgTable(
  'courses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    title: text().notNull(),
    description: blank(),
    language: text({ enum: ['en-US', 'zh-CN', 'es-ES'] }).notNull(),
    coverUploadId: integer(),
    coverKey: text(),
    /** Roles that see the course without buying it. */
    openRoles: text().array().notNull().default(sql`'{}'::text[]`),
    status: text({ enum: STATUSES }).notNull().default('draft'),
    authorId: integer().references(() => accounts.id, { onDelete: 'set null' }),
    authorName: blank(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('courses_code_language_idx').on(t.code, t.language), index('courses_status_idx').on(t.status, t.createdAt.desc().nullsFirst())],
);

/** A course's lessons, in order; a lesson is a content item. Deleting used content is refused. */
export const courseLessons = pgTable(
  'course_lessons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    contentId: integer()
      .notNull()
      .references(() => contentItems.id, { onDelete: 'restrict' }),
    position: integer().notNull(),
  },
  (t) => [uniqueIndex('course_lessons_course_content_idx').on(t.courseId, t.contentId), index('course_lessons_content_idx').on(t.contentId)],
);

/** Each person's progress in a lesson. */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    lessonId: integer()
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    positionSeconds: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.lessonId] }), index('lesson_progress_lesson_idx').on(t.lessonId)],
);

export type ContentItemRow = typeof contentItems.$inferSelect;
export type NewContentItemRow = typeof contentItems.$inferInsert;
export type CourseRow = typeof courses.$inferSelect;
export type CourseLessonRow = typeof courseLessons.$inferSelect;
export type LessonProgressRow = typeof lessonProgress.$inferSelect;
