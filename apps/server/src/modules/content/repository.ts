import { and, arrayContains, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.js';
import { contentItems, contentMedia, courseLessons, courses, lessonProgress, type ContentItemRow, type CourseLessonRow, type CourseRow, type LessonProgressRow, type NewContentItemRow } from '../../db/schema/content.js';
import { escapeLike } from '../../db/like.js';

export type { ContentItemRow, CourseLessonRow, CourseRow, LessonProgressRow, NewContentItemRow };

/** The SQL of content items, their media, courses, lessons and progress. */

type Status = ContentItemRow['status'];
type Language = ContentItemRow['language'];

export interface ContentFilter {
  type?: ContentItemRow['type'];
  status?: Status;
  tag?: string;
  language?: Language;
  authorId?: number;
  keyword?: string;
  /** Create time, inclusive from, exclusive to. */
  from?: Date;
  to?: Date;
}

function contentWhere(filter: ContentFilter): SQL | undefined {
  return and(
    filter.type ? eq(contentItems.type, filter.type) : undefined,
    filter.status ? eq(contentItems.status, filter.status) : undefined,
    filter.tag ? arrayContains(contentItems.tags, [filter.tag]) : undefined,
    filter.language ? eq(contentItems.language, filter.language) : undefined,
    filter.authorId ? eq(contentItems.authorId, filter.authorId) : undefined,
    filter.keyword
      ? or(ilike(contentItems.title, `%${escapeLike(filter.keyword)}%`), ilike(contentItems.excerpt, `%${escapeLike(filter.keyword)}%`))
      : undefined,
    filter.from ? gte(contentItems.createdAt, filter.from) : undefined,
    filter.to ? lt(contentItems.createdAt, filter.to) : undefined,
  );
}

/** Live events' place in time, as SQL, for filtering by it. */
function liveTimeCondition(timeStatus: 'upcoming' | 'live' | 'ended', now: Date): SQL {
  const end = sql`${contentItems.liveStart} + make_interval(mins => ${contentItems.liveDurationMinutes})`;
  if (timeStatus === 'upcoming') return sql`${contentItems.liveStart} > ${now}`;
  if (timeStatus === 'live') return sql`${contentItems.liveStart} <= ${now} and ${end} > ${now}`;
  return sql`${end} <= ${now}`;
}

export async function listContent(
  ex: Executor,
  filter: ContentFilter & { timeStatus?: 'upcoming' | 'live' | 'ended'; now?: Date },
  page: number,
  pageSize: number,
) {
  const condition = and(contentWhere(filter), filter.timeStatus ? liveTimeCondition(filter.timeStatus, filter.now ?? new Date()) : undefined);
  const [rows, [total]] = await Promise.all([
    ex
      .select()
      .from(contentItems)
      .where(condition)
      .orderBy(desc(contentItems.createdAt), desc(contentItems.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(contentItems).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export interface PublicFilter {
  type?: ContentItemRow['type'];
  tag?: string;
  /** Put this language first. */
  language?: Language;
  /** Live events not ended yet, soonest first. */
  upcomingAt?: Date;
}

/**
 * Published items only: nothing else ever leaves through here. With a reader's language, each
 * translation group counts once — the item in that language, else the English one, else the
 * group's first — and the reader's language comes first.
 */
export async function listPublished(ex: Executor, filter: PublicFilter, page: number, pageSize: number) {
  const condition = and(
    eq(contentItems.status, 'published'),
    filter.upcomingAt ? eq(contentItems.type, 'live') : filter.type ? eq(contentItems.type, filter.type) : undefined,
    filter.tag ? arrayContains(contentItems.tags, [filter.tag]) : undefined,
    filter.upcomingAt
      ? sql`${contentItems.liveStart} + make_interval(mins => ${contentItems.liveDurationMinutes}) > ${filter.upcomingAt}`
      : undefined,
  )!;
  const order = filter.upcomingAt ? sql`live_start asc, id asc` : sql`published_at desc, id desc`;
  if (!filter.language) {
    const [rows, [total]] = await Promise.all([
      ex
        .select()
        .from(contentItems)
        .where(condition)
        .orderBy(...(filter.upcomingAt ? [asc(contentItems.liveStart), asc(contentItems.id)] : [desc(contentItems.publishedAt), desc(contentItems.id)]))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      ex.select({ n: count() }).from(contentItems).where(condition),
    ]);
    return { rows, total: total?.n ?? 0 };
  }
  const group = sql`coalesce(${contentItems.translationGroup}, ${contentItems.id})`;
  const [chosen, [total]] = await Promise.all([
    selectRows<{ id: number }>(
      ex,
      sql`select id from (
            select distinct on (${group}) ${contentItems.id} as id, ${contentItems.language} as language,
                   ${contentItems.publishedAt} as published_at, ${contentItems.liveStart} as live_start
            from ${contentItems} where ${condition}
            order by ${group}, (${contentItems.language} = ${filter.language}) desc, (${contentItems.language} = 'en-US') desc, ${contentItems.id}
          ) chosen
          order by (language = ${filter.language}) desc, ${order}
          limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    selectRows<{ n: number }>(ex, sql`select count(distinct ${group})::int as n from ${contentItems} where ${condition}`),
  ]);
  const ids = chosen.map((row) => Number(row.id));
  const byId = new Map((await findContents(ex, ids)).map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total: Number(total?.n ?? 0) };
}

export async function findContent(ex: Executor, id: number): Promise<ContentItemRow | undefined> {
  const [row] = await ex.select().from(contentItems).where(eq(contentItems.id, id)).limit(1);
  return row;
}

export async function lockContent(ex: Executor, id: number): Promise<ContentItemRow | undefined> {
  const [row] = await ex.select().from(contentItems).where(eq(contentItems.id, id)).for('update').limit(1);
  return row;
}

export async function findContents(ex: Executor, ids: number[]): Promise<ContentItemRow[]> {
  if (ids.length === 0) return [];
  return ex.select().from(contentItems).where(inArray(contentItems.id, ids));
}

export async function insertContent(ex: Executor, values: NewContentItemRow): Promise<ContentItemRow> {
  const [row] = await ex.insert(contentItems).values(values).returning();
  return row!;
}

export async function updateContent(ex: Executor, id: number, patch: Partial<NewContentItemRow>): Promise<ContentItemRow> {
  const [row] = await ex
    .update(contentItems)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(contentItems.id, id))
    .returning();
  return row!;
}

export async function deleteContent(ex: Executor, id: number): Promise<void> {
  await ex.delete(contentItems).where(eq(contentItems.id, id));
}

/** The other items of a translation group (published ones only when asked). */
export async function translationsOf(ex: Executor, group: number, exceptId: number, publishedOnly: boolean) {
  return ex
    .select({ id: contentItems.id, language: contentItems.language, title: contentItems.title, status: contentItems.status })
    .from(contentItems)
    .where(
      and(
        eq(contentItems.translationGroup, group),
        ne(contentItems.id, exceptId),
        publishedOnly ? eq(contentItems.status, 'published') : undefined,
      ),
    )
    .orderBy(asc(contentItems.language));
}

export async function groupLanguages(ex: Executor, group: number, exceptId: number): Promise<Language[]> {
  const rows = await ex
    .select({ language: contentItems.language })
    .from(contentItems)
    .where(and(eq(contentItems.translationGroup, group), ne(contentItems.id, exceptId)));
  return rows.map((row) => row.language);
}

export async function facets(ex: Executor) {
  const [authors, tags] = await Promise.all([
    ex
      .selectDistinct({ id: contentItems.authorId, name: contentItems.authorName })
      .from(contentItems)
      .where(sql`${contentItems.authorId} is not null`)
      .orderBy(contentItems.authorName),
    selectRows<{ tag: string }>(ex, sql`select distinct unnest(${contentItems.tags}) as tag from ${contentItems} order by 1 limit 500`),
  ]);
  return { authors: authors.map((row) => ({ id: row.id!, name: row.name })), tags: tags.map((row) => row.tag) };
}

// ---- Media ----

export async function mediaOf(ex: Executor, contentIds: number[]) {
  if (contentIds.length === 0) return [];
  return ex.select().from(contentMedia).where(inArray(contentMedia.contentId, contentIds));
}

/** A body image's stored key, from any item that already claimed the upload. */
export async function mediaKeyOfUpload(ex: Executor, uploadId: number): Promise<string | undefined> {
  const [row] = await ex.select({ key: contentMedia.key }).from(contentMedia).where(eq(contentMedia.uploadId, uploadId)).limit(1);
  return row?.key;
}

export async function replaceMedia(ex: Executor, contentId: number, media: { uploadId: number; key: string }[]): Promise<void> {
  await ex.delete(contentMedia).where(eq(contentMedia.contentId, contentId));
  if (media.length > 0) await ex.insert(contentMedia).values(media.map((item) => ({ contentId, ...item })));
}

/** Whether any content item or course still points at this stored file. */
export async function keyInUse(ex: Executor, key: string): Promise<boolean> {
  const [row] = await selectRows<{ used: boolean }>(
    ex,
    sql`
    select exists(select 1 from ${contentMedia} where ${contentMedia.key} = ${key})
        or exists(select 1 from ${contentItems} where ${contentItems.coverKey} = ${key} or ${contentItems.videoKey} = ${key})
        or exists(select 1 from ${courses} where ${courses.coverKey} = ${key}) as used`,
  );
  return row?.used ?? false;
}

export async function lessonsUsing(ex: Executor, contentId: number): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(courseLessons).where(eq(courseLessons.contentId, contentId));
  return row?.n ?? 0;
}

// ---- Courses ----

export interface CourseFilter {
  status?: Status;
  language?: Language;
  keyword?: string;
}

export async function listCourses(ex: Executor, filter: CourseFilter, page: number, pageSize: number) {
  const condition = and(
    filter.status ? eq(courses.status, filter.status) : undefined,
    filter.language ? eq(courses.language, filter.language) : undefined,
    filter.keyword ? or(ilike(courses.title, `%${escapeLike(filter.keyword)}%`), ilike(courses.code, `%${escapeLike(filter.keyword)}%`)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ex
      .select()
      .from(courses)
      .where(condition)
      .orderBy(desc(courses.createdAt), desc(courses.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(courses).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Published courses a learner reaches: those named by its bought packages' codes, and those
 * open to its role. `all` (staff) reaches every published one.
 */
export async function coursesFor(ex: Executor, reach: { codes: string[]; role: string; all: boolean }): Promise<CourseRow[]> {
  const condition = and(
    eq(courses.status, 'published'),
    reach.all
      ? undefined
      : or(reach.codes.length > 0 ? inArray(courses.code, reach.codes) : undefined, arrayContains(courses.openRoles, [reach.role])),
  );
  return ex.select().from(courses).where(condition).orderBy(asc(courses.code), asc(courses.id)).limit(500);
}

export async function findCourse(ex: Executor, id: number): Promise<CourseRow | undefined> {
  const [row] = await ex.select().from(courses).where(eq(courses.id, id)).limit(1);
  return row;
}

export async function lockCourse(ex: Executor, id: number): Promise<CourseRow | undefined> {
  const [row] = await ex.select().from(courses).where(eq(courses.id, id)).for('update').limit(1);
  return row;
}

export async function courseByCode(ex: Executor, code: string, language: Language): Promise<CourseRow | undefined> {
  const [row] = await ex
    .select()
    .from(courses)
    .where(and(eq(courses.code, code), eq(courses.language, language)))
    .limit(1);
  return row;
}

export async function courseTranslations(ex: Executor, code: string, exceptId: number, publishedOnly: boolean) {
  return ex
    .select({ id: courses.id, language: courses.language, title: courses.title, status: courses.status })
    .from(courses)
    .where(and(eq(courses.code, code), ne(courses.id, exceptId), publishedOnly ? eq(courses.status, 'published') : undefined))
    .orderBy(asc(courses.language));
}

/** PostgreSQL's error `code` (23505 unique, 23503 foreign key), through drizzle's wrapper. */
function isViolation(error: unknown, code: '23505' | '23503'): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** Undefined when the code is taken in that language (a concurrent add lost the race). */
export async function insertCourse(ex: Executor, values: typeof courses.$inferInsert): Promise<CourseRow | undefined> {
  const [row] = await ex
    .insert(courses)
    .values(values)
    .onConflictDoNothing({ target: [courses.code, courses.language] })
    .returning();
  return row;
}

/** Undefined when the new code and language are taken by another course. */
export async function updateCourse(ex: Executor, id: number, patch: Partial<typeof courses.$inferInsert>): Promise<CourseRow | undefined> {
  try {
    const [row] = await ex
      .update(courses)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(courses.id, id))
      .returning();
    return row;
  } catch (error) {
    if (isViolation(error, '23505')) return undefined;
    throw error;
  }
}

export async function deleteCourse(ex: Executor, id: number): Promise<void> {
  await ex.delete(courses).where(eq(courses.id, id));
}

export interface LessonRow {
  id: number;
  courseId: number;
  contentId: number;
  position: number;
  title: string;
  excerpt: string;
  videoKey: string | null;
}

/** The lessons of some courses, in order, with the titles of their content. */
export async function lessonsOf(ex: Executor, courseIds: number[]): Promise<LessonRow[]> {
  if (courseIds.length === 0) return [];
  return ex
    .select({
      id: courseLessons.id,
      courseId: courseLessons.courseId,
      contentId: courseLessons.contentId,
      position: courseLessons.position,
      title: contentItems.title,
      excerpt: contentItems.excerpt,
      videoKey: contentItems.videoKey,
    })
    .from(courseLessons)
    .innerJoin(contentItems, eq(contentItems.id, courseLessons.contentId))
    .where(inArray(courseLessons.courseId, courseIds))
    .orderBy(asc(courseLessons.courseId), asc(courseLessons.position));
}

/**
 * Sets a course's lessons to `contentIds` in that order. Lessons whose content stays keep
 * their row (and so everyone's progress in them); removed ones go, with their progress.
 */
export async function replaceLessons(ex: Executor, courseId: number, contentIds: number[]): Promise<void> {
  const existing = await ex.select().from(courseLessons).where(eq(courseLessons.courseId, courseId));
  const keep = new Set(contentIds);
  const removed = existing.filter((row) => !keep.has(row.contentId)).map((row) => row.id);
  if (removed.length > 0) await ex.delete(courseLessons).where(inArray(courseLessons.id, removed));
  // Positions move out of the way first, so reordering never meets itself.
  const byContent = new Map(existing.map((row) => [row.contentId, row]));
  for (const [index, contentId] of contentIds.entries()) {
    const row = byContent.get(contentId);
    if (row) {
      if (row.position !== index) await ex.update(courseLessons).set({ position: index }).where(eq(courseLessons.id, row.id));
    } else {
      await ex.insert(courseLessons).values({ courseId, contentId, position: index });
    }
  }
}

export async function progressOf(ex: Executor, accountId: number, lessonIds: number[]): Promise<LessonProgressRow[]> {
  if (lessonIds.length === 0) return [];
  return ex
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.accountId, accountId), inArray(lessonProgress.lessonId, lessonIds)));
}

/**
 * Records progress: the first call starts the lesson; a position overwrites the last one; a
 * completion is kept once made (a later save without it never undoes it).
 */
export async function saveProgress(
  ex: Executor,
  accountId: number,
  lessonId: number,
  change: { positionSeconds?: number; completed?: boolean },
): Promise<LessonProgressRow | undefined> {
  const now = new Date();
  const completedAt = change.completed ? now : null;
  // Undefined when the lesson was removed from its course meanwhile.
  const saving = ex
    .insert(lessonProgress)
    .values({ accountId, lessonId, positionSeconds: change.positionSeconds ?? 0, completedAt, startedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [lessonProgress.accountId, lessonProgress.lessonId],
      set: {
        positionSeconds: change.positionSeconds ?? sql`${lessonProgress.positionSeconds}`,
        completedAt: change.completed ? sql`coalesce(${lessonProgress.completedAt}, ${now})` : sql`${lessonProgress.completedAt}`,
        updatedAt: now,
      },
    })
    .returning();
  try {
    const [row] = await saving;
    return row;
  } catch (error) {
    if (isViolation(error, '23503')) return undefined;
    throw error;
  }
}
