import { and, arrayContains, asc, count, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contentItems, courseLessons, courses, lessonProgress, type ContentItemRow, type CourseLessonRow, type CourseRow, type LessonProgressRow } from '../../db/schema/content.js';

export type { CourseLessonRow, CourseRow, LessonProgressRow };
import { escapeLike } from '../../db/like.js';

/** The SQL of courses, their lessons and each learner's progress (content items: repository.ts). */

type Status = ContentItemRow['status'];
type Language = ContentItemRow['language'];


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
