import type { CourseSummary } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { courseOptions } from './course-options';

const course = (code: string, language: CourseSummary['language'], title: string, status: CourseSummary['status'] = 'published') =>
  ({ code, language, title, status }) as CourseSummary;

describe('courseOptions', () => {
  const courses = [
    course('studio-starter', 'en-US', 'Studio starter'),
    course('studio-starter', 'zh-CN', '工作室入门'),
    course('studio-starter', 'es-ES', 'Primeros pasos', 'draft'),
    course('menus', 'en-US', 'Filming menus', 'draft'),
    course('menus', 'es-ES', 'Grabar menús', 'unpublished'),
    course('ads', 'en-US', 'Ads that sell'),
  ];

  it('offers one option per code, titled in the admin language, else English', () => {
    const zh = courseOptions(courses, '', 'zh-CN').map((option) => [option.code, option.title]);
    expect(zh).toHaveLength(3);
    expect(zh).toEqual(
      expect.arrayContaining([
        ['ads', 'Ads that sell'],
        ['studio-starter', '工作室入门'],
        ['menus', 'Filming menus'],
      ]),
    );
    expect(courseOptions(courses, '', 'es-ES').find((option) => option.code === 'menus')?.title).toBe('Grabar menús');
  });

  it('lists published courses first, a code counting as published when any language is', () => {
    const options = courseOptions(courses, undefined, 'en-US');
    expect(options.map((option) => [option.code, option.status])).toEqual([
      ['ads', 'published'],
      ['studio-starter', 'published'],
      ['menus', 'unpublished'],
    ]);
    expect(options.every((option) => !option.missing)).toBe(true);
  });

  it('keeps a value that names no course, first and marked, so saving never drops it silently', () => {
    const options = courseOptions(courses, 'Short-video marketing', 'en-US');
    expect(options[0]).toEqual({ code: 'Short-video marketing', title: 'Short-video marketing', status: null, missing: true });
    expect(options).toHaveLength(4);
    expect(courseOptions(courses, 'ads', 'en-US').some((option) => option.missing)).toBe(false);
    expect(courseOptions([], '  ', 'en-US')).toEqual([]);
  });
});
