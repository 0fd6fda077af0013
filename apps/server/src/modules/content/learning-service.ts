import {
  isStaff,
  type api,
  type CourseDetail,
  type CourseRole,
  type CourseSummary,
  type Language,
  type ParsedRequestOf,
} from '@nearcast/contract';
import type { Actor, Caller } from '../../access/caller.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError, conflict, invalid, notFound } from '../../errors.js';
import type { EventService } from '../events/service.js';
import type { PaymentService } from '../payment/service.js';
import type { PricingService } from '../pricing/service.js';
import type { UploadService } from '../upload/service.js';
import * as courses from './course-repository.js';
import type { CourseRow, LessonProgressRow, LessonRow } from './course-repository.js';
import * as repo from './repository.js';
import { authorNameOf } from './content-values.js';
import type { ContentService } from './service.js';
import type { AuditService } from '../audit/service.js';

type Body<K extends keyof typeof api.learn> = ParsedRequestOf<(typeof api.learn)[K]>;
type Access = CourseSummary['access'];

/** How many paid orders are read to find what a learner bought; far above any real history. */
const ORDERS_READ = 500;

interface Reach {
  staff: boolean;
  role: Caller['role'];
  codes: Set<string>;
}

const NO_PROGRESS = { started: false, completed: false, position_seconds: 0, update_time: null };

/** A course as the audit log keeps it. */
function courseView(row: CourseRow) {
  return { code: row.code, title: row.title, description: row.description, language: row.language, status: row.status, open_roles: row.openRoles, cover_key: row.coverKey };
}

/**
 * The learning center: courses of ordered lessons (each an article, with or without a video),
 * each person's progress, and who sees which course — the courses named by the packages it
 * bought (a package's learning-course field, spec §3) plus those open to its role; staff see
 * all. A course out of the caller's reach answers not-found, like any out-of-scope id.
 */
export class LearningService {
  constructor(
    private readonly db: Db,
    private readonly content: ContentService,
    private readonly uploads: UploadService,
    private readonly payments: PaymentService,
    private readonly pricing: PricingService,
    private readonly events: EventService,
    private readonly audit: AuditService,
  ) {}

  // ---- Learners ----

  async myCourses(caller: Caller, body: Body<'course'>) {
    const reach = await this.reachOf(caller);
    const rows = await courses.coursesFor(this.db, { codes: [...reach.codes], role: caller.role, all: reach.staff });
    const chosen = pickLanguage(rows, body.language);
    const lessons = await courses.lessonsOf(
      this.db,
      chosen.map((row) => row.id),
    );
    const progress = await courses.progressOf(
      this.db,
      caller.id,
      lessons.map((lesson) => lesson.id),
    );
    const list = await Promise.all(chosen.map((row) => this.summary(row, accessOf(row, reach)!, lessonsIn(lessons, row.id), progress)));
    return { list };
  }

  async course(caller: Caller, id: number): Promise<CourseDetail> {
    const { row, access } = await this.visible(caller, id);
    return this.detail(row, access, caller.id, !isStaff(caller.role));
  }

  async lesson(caller: Caller, body: Body<'lesson'>) {
    const { row } = await this.visible(caller, body.course_id);
    const lessons = await courses.lessonsOf(this.db, [row.id]);
    const index = lessons.findIndex((lesson) => lesson.id === body.lesson_id);
    const lesson = lessons[index];
    if (!lesson) throw notFound('content.lesson_not_found');
    // Opening a lesson starts it.
    const saved = await courses.saveProgress(this.db, caller.id, lesson.id, {});
    if (!saved) throw notFound('content.lesson_not_found');
    const [content] = await this.content.findRows([lesson.contentId]);
    if (!content) throw notFound('content.lesson_not_found');
    return {
      course_id: row.id,
      lesson: toLesson(lesson, saved),
      item: await this.content.toItem(content, false),
      previous_lesson_id: lessons[index - 1]?.id ?? null,
      next_lesson_id: lessons[index + 1]?.id ?? null,
    };
  }

  async progress(caller: Caller, body: Body<'progress'>) {
    const { row } = await this.visible(caller, body.course_id);
    const lessons = await courses.lessonsOf(this.db, [row.id]);
    const lesson = lessons.find((item) => item.id === body.lesson_id);
    if (!lesson) throw notFound('content.lesson_not_found');
    const saved = await courses.saveProgress(this.db, caller.id, lesson.id, { positionSeconds: body.position_seconds, completed: body.completed });
    if (!saved) throw notFound('content.lesson_not_found');
    const progress = await courses.progressOf(
      this.db,
      caller.id,
      lessons.map((item) => item.id),
    );
    return { lesson: progressOf(saved), course: courseProgress(lessons, progress) };
  }

  // ---- Staff ----

  async list(caller: Caller, body: Body<'courseList'>) {
    const { rows, total } = await courses.listCourses(this.db, { status: body.status, language: body.language, keyword: body.keyword || undefined }, body.page, body.page_size);
    const lessons = await courses.lessonsOf(
      this.db,
      rows.map((row) => row.id),
    );
    const progress = await courses.progressOf(
      this.db,
      caller.id,
      lessons.map((lesson) => lesson.id),
    );
    const list = await Promise.all(rows.map((row) => this.summary(row, 'staff', lessonsIn(lessons, row.id), progress)));
    return { list, total, page: body.page, page_size: body.page_size };
  }

  async add(caller: Caller, body: Body<'courseAdd'>): Promise<CourseDetail> {
    const row = await this.db.transaction(async (tx) => {
      if (await courses.courseByCode(tx, body.code, body.language)) throw conflict('content.course_code_taken');
      await this.checkLessons(tx, body.lesson_content_ids);
      const coverKey = body.cover_upload_id === null ? null : await this.claimCover(tx, caller, body.cover_upload_id);
      const inserted = await courses.insertCourse(tx, {
        code: body.code,
        title: body.title,
        description: body.description,
        language: body.language,
        coverUploadId: body.cover_upload_id,
        coverKey,
        openRoles: [...new Set(body.open_roles)],
        authorId: caller.id,
        authorName: authorNameOf(caller),
      });
      if (!inserted) throw conflict('content.course_code_taken');
      await courses.replaceLessons(tx, inserted.id, body.lesson_content_ids);
      const saved = body.publish ? await this.publishIn(tx, caller, inserted.id, false) : inserted;
      await this.audit.record(tx, caller, { action: 'course.add', target: { id: saved.id, label: saved.title }, after: { ...courseView(saved), lesson_content_ids: body.lesson_content_ids } });
      return saved;
    });
    return this.detail(row, 'staff', caller.id, false);
  }

  async update(caller: Caller, body: Body<'courseUpdate'>): Promise<CourseDetail> {
    const { row, dropped } = await this.db.transaction(async (tx) => {
      const current = await courses.lockCourse(tx, body.id);
      if (!current) throw notFound('content.course_not_found');
      const code = body.code ?? current.code;
      const language = body.language ?? current.language;
      if (code !== current.code || language !== current.language) {
        const other = await courses.courseByCode(tx, code, language);
        if (other && other.id !== current.id) throw conflict('content.course_code_taken');
      }
      const patch: Partial<CourseRow> = {
        code,
        language,
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.open_roles !== undefined ? { openRoles: [...new Set(body.open_roles)] } : {}),
      };
      let dropped: string | null = null;
      if (body.cover_upload_id !== undefined && body.cover_upload_id !== current.coverUploadId) {
        patch.coverUploadId = body.cover_upload_id;
        patch.coverKey = body.cover_upload_id === null ? null : await this.claimCover(tx, caller, body.cover_upload_id);
        dropped = current.coverKey;
      }
      if (body.lesson_content_ids !== undefined) {
        await this.checkLessons(tx, body.lesson_content_ids);
        await courses.replaceLessons(tx, current.id, body.lesson_content_ids);
      }
      const row = await courses.updateCourse(tx, current.id, patch);
      if (!row) throw conflict('content.course_code_taken');
      const lessons = body.lesson_content_ids !== undefined ? { lesson_content_ids: body.lesson_content_ids } : {};
      await this.audit.record(tx, caller, { action: 'course.update', target: { id: row.id, label: row.title }, before: courseView(current), after: { ...courseView(row), ...lessons } });
      return { row, dropped };
    });
    if (dropped && !(await repo.keyInUse(this.db, dropped))) await this.uploads.storage.delete(dropped).catch(() => {});
    return this.detail(row, 'staff', caller.id, false);
  }

  async publish(caller: Caller, id: number): Promise<CourseDetail> {
    const row = await this.db.transaction((tx) => this.publishIn(tx, caller, id, true));
    return this.detail(row, 'staff', caller.id, false);
  }

  /**
   * Publishes and records `course.published` in the same transaction; a second publish is a
   * no-op. `audited`: publishing is the action itself, not the last step of a create.
   */
  private async publishIn(tx: Tx, caller: Caller, id: number, audited: boolean): Promise<CourseRow> {
    const current = await courses.lockCourse(tx, id);
    if (!current) throw notFound('content.course_not_found');
    if (current.status === 'published') return current;
    const row = (await courses.updateCourse(tx, id, { status: 'published', publishedAt: current.publishedAt ?? new Date() }))!;
    await this.events.record(tx, 'course.published', {
      actor_id: caller.id,
      subject_id: id,
      account_id: null,
      payload: { code: row.code, language: row.language, title: row.title, open_roles: row.openRoles, republished: current.publishedAt !== null },
    });
    if (audited) await this.audit.record(tx, caller, { action: 'course.publish', target: { id, label: row.title }, before: { status: current.status }, after: { status: row.status } });
    return row;
  }

  async unpublish(caller: Caller, id: number): Promise<CourseDetail> {
    const row = await this.db.transaction(async (tx) => {
      const current = await courses.lockCourse(tx, id);
      if (!current) throw notFound('content.course_not_found');
      if (current.status === 'draft') throw conflict('content.not_published');
      if (current.status === 'unpublished') return current;
      const updated = (await courses.updateCourse(tx, id, { status: 'unpublished' }))!;
      await this.audit.record(tx, caller, { action: 'course.unpublish', target: { id, label: current.title }, before: { status: current.status }, after: { status: updated.status } });
      return updated;
    });
    return this.detail(row, 'staff', caller.id, false);
  }

  async delete(caller: Actor, id: number): Promise<void> {
    const coverKey = await this.db.transaction(async (tx) => {
      const current = await courses.lockCourse(tx, id);
      if (!current) throw notFound('content.course_not_found');
      await courses.deleteCourse(tx, id);
      await this.audit.record(tx, caller, { action: 'course.delete', target: { id, label: current.title }, before: courseView(current) });
      return current.coverKey;
    });
    if (coverKey && !(await repo.keyInUse(this.db, coverKey))) await this.uploads.storage.delete(coverKey).catch(() => {});
  }

  // ---- Internals ----

  private async reachOf(caller: Caller): Promise<Reach> {
    if (isStaff(caller.role)) return { staff: true, role: caller.role, codes: new Set() };
    const { payments } = await this.payments.historyOf(caller.id, ORDERS_READ);
    const codes = await this.pricing.learningCoursesOf(payments.flatMap((payment) => (payment.package_id === null ? [] : [payment.package_id])));
    return { staff: false, role: caller.role, codes: new Set(codes) };
  }

  /** A course the caller may open: staff any; a learner a published one within its reach. */
  private async visible(caller: Caller, id: number): Promise<{ row: CourseRow; access: Access }> {
    const row = await courses.findCourse(this.db, id);
    if (!row) throw notFound('content.course_not_found');
    if (isStaff(caller.role)) return { row, access: 'staff' };
    const access = row.status === 'published' ? accessOf(row, await this.reachOf(caller)) : null;
    if (!access) throw notFound('content.course_not_found');
    return { row, access };
  }

  private async claimCover(tx: Tx, caller: Caller, uploadId: number): Promise<string> {
    const upload = await this.uploads.claim(tx, uploadId, caller.id).catch((error: unknown) => {
      throw error instanceof AppError ? invalid({ cover_upload_id: 'upload.not_found' }) : error;
    });
    if (upload.type !== 'image') throw invalid({ cover_upload_id: 'content.upload_not_image' });
    return upload.key;
  }

  /** Lessons are existing articles (a video lesson is an article carrying a video), each once. */
  private async checkLessons(tx: Tx, contentIds: number[]): Promise<void> {
    if (new Set(contentIds).size !== contentIds.length) throw invalid({ lesson_content_ids: 'content.lesson_duplicate' });
    const rows = await repo.findContents(tx, contentIds);
    const articles = new Set(rows.filter((row) => row.type === 'article').map((row) => row.id));
    if (contentIds.some((id) => !articles.has(id))) throw invalid({ lesson_content_ids: 'content.lesson_not_article' });
  }

  private async summary(row: CourseRow, access: Access, lessons: LessonRow[], progress: LessonProgressRow[]): Promise<CourseSummary> {
    return {
      id: row.id,
      code: row.code,
      title: row.title,
      description: row.description,
      language: row.language,
      cover_upload_id: row.coverUploadId,
      cover_url: await this.content.urlOf(row.coverKey),
      open_roles: row.openRoles as CourseRole[],
      status: row.status,
      access,
      progress: courseProgress(lessons, progress),
      author: { id: row.authorId ?? 0, name: row.authorName },
      create_time: row.createdAt.toISOString(),
      update_time: row.updatedAt.toISOString(),
      publish_time: row.publishedAt ? row.publishedAt.toISOString() : null,
    };
  }

  private async detail(row: CourseRow, access: Access, accountId: number, publishedTranslationsOnly: boolean): Promise<CourseDetail> {
    const lessons = await courses.lessonsOf(this.db, [row.id]);
    const progress = await courses.progressOf(
      this.db,
      accountId,
      lessons.map((lesson) => lesson.id),
    );
    const byLesson = new Map(progress.map((item) => [item.lessonId, item]));
    return {
      ...(await this.summary(row, access, lessons, progress)),
      lessons: lessons.map((lesson) => toLesson(lesson, byLesson.get(lesson.id))),
      translations: await courses.courseTranslations(this.db, row.code, row.id, publishedTranslationsOnly),
    };
  }
}

function accessOf(row: CourseRow, reach: Reach): Access | null {
  if (reach.staff) return 'staff';
  if (reach.codes.has(row.code)) return 'package';
  if (row.openRoles.includes(reach.role)) return 'role';
  return null;
}

/** One course per code: in `language` when it exists, else English, else the first. */
function pickLanguage(rows: CourseRow[], language: Language | undefined): CourseRow[] {
  if (!language) return rows;
  const byCode = new Map<string, CourseRow[]>();
  for (const row of rows) byCode.set(row.code, [...(byCode.get(row.code) ?? []), row]);
  return [...byCode.values()].map(
    (group) => group.find((row) => row.language === language) ?? group.find((row) => row.language === 'en-US') ?? group[0]!,
  );
}

function lessonsIn(lessons: LessonRow[], courseId: number): LessonRow[] {
  return lessons.filter((lesson) => lesson.courseId === courseId);
}

function progressOf(row: LessonProgressRow | undefined) {
  if (!row) return NO_PROGRESS;
  return { started: true, completed: row.completedAt !== null, position_seconds: row.positionSeconds, update_time: row.updatedAt.toISOString() };
}

function toLesson(lesson: LessonRow, progress: LessonProgressRow | undefined) {
  return {
    id: lesson.id,
    position: lesson.position + 1,
    content_id: lesson.contentId,
    title: lesson.title,
    excerpt: lesson.excerpt,
    kind: lesson.videoKey ? ('video' as const) : ('article' as const),
    progress: progressOf(progress),
  };
}

function courseProgress(lessons: LessonRow[], progress: LessonProgressRow[]) {
  const ids = new Set(lessons.map((lesson) => lesson.id));
  const mine = progress.filter((item) => ids.has(item.lessonId));
  const completed = new Set(mine.filter((item) => item.completedAt !== null).map((item) => item.lessonId));
  const next = lessons.find((lesson) => !completed.has(lesson.id));
  return {
    total_lessons: lessons.length,
    completed_lessons: completed.size,
    started: mine.length > 0,
    completed: lessons.length > 0 && completed.size === lessons.length,
    next_lesson_id: next?.id ?? null,
  };
}
