import type { ContentStatus, CourseSummary, Language } from '@nearcast/contract';

export interface CourseOption {
  /** The course's code: what a package's `learning_course` stores and what grants the course. */
  code: string;
  title: string;
  /** The best status among the code's languages: published when any language is. */
  status: ContentStatus | null;
  /** The value names no course: typed by hand, or its course was deleted since. */
  missing: boolean;
}

const STATUS_RANK: Record<ContentStatus, number> = { published: 0, unpublished: 1, draft: 2 };

/**
 * The courses a package can include, one per code (a course has a row per language): titled in
 * the admin's language, else English, else the first; published first, then by title. A current
 * value that names no course stays in the list, marked, so opening and saving a package never
 * drops it silently, and the admin sees that merchants who buy it get no course from it.
 */
export function courseOptions(courses: readonly CourseSummary[], current: string | undefined, language: Language): CourseOption[] {
  const byCode = new Map<string, CourseSummary[]>();
  for (const course of courses) byCode.set(course.code, [...(byCode.get(course.code) ?? []), course]);
  const options = [...byCode].map(([code, rows]): CourseOption => {
    const titled = rows.find((row) => row.language === language) ?? rows.find((row) => row.language === 'en-US') ?? rows[0]!;
    const status = rows.map((row) => row.status).sort((a, b) => STATUS_RANK[a] - STATUS_RANK[b])[0]!;
    return { code, title: titled.title, status, missing: false };
  });
  options.sort((a, b) => STATUS_RANK[a.status!] - STATUS_RANK[b.status!] || a.title.localeCompare(b.title, language));
  const value = current?.trim();
  if (value && !byCode.has(value)) options.unshift({ code: value, title: value, status: null, missing: true });
  return options;
}
