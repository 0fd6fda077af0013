import { api, type ContentItem, type CourseDetail, type CourseSummary } from '@nearcast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoles, endpointAt } from '../../test/declared-access.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { DEMO_ROLE_OF as ROLE_OF } from '../../test/demo-roles.js';

/**
 * The content scope matrix: every content, live and learning endpoint, called as every demo
 * role and without a session, is allowed or refused exactly as spec §2 and §6 say (content:
 * super and admin; learning: the roles of /learning; public reads: anyone), and ids outside
 * the caller's reach — a draft, an unpublished item, another role's course — answer not-found.
 */
let t: TestApp;
const tokens = new Map<string, string>();
const DEMO = ['super', 'admin', 'agent', 'studio', 'operator', 'client'] as const;

let article: ContentItem;
let draft: ContentItem;
let unpublished: ContentItem;
let live: ContentItem;
let studioCourse: CourseDetail;
let operatorCourse: CourseDetail;
let draftCourse: CourseDetail;

const ok = async <T>(path: string, body: object, token = tokens.get('admin')): Promise<T> => {
  const response = await t.call<T>(path, body, { token });
  expect(response.code, `${path}: ${response.msg}`).toBe('200');
  return response.data;
};

beforeAll(async () => {
  t = await createTestApp();
  for (const name of DEMO) tokens.set(name, await t.login(`${name}@example.com`));
  article = await ok('/v1/content/add', { type: 'article', title: 'Published article', publish: true });
  draft = await ok('/v1/content/add', { type: 'article', title: 'Draft article' });
  unpublished = await ok('/v1/content/add', { type: 'landing', title: 'Withdrawn', publish: true });
  await ok('/v1/content/unpublish', { id: unpublished.id });
  live = await ok('/v1/live/add', { title: 'Live', start_time: '2031-01-01T10:00:00+08:00', time_zone: 'Asia/Shanghai', duration_minutes: 30, publish: true });
  studioCourse = await ok('/v1/learn/course/add', { code: 'matrix-studio', title: 'For studios', open_roles: ['studio'], lesson_content_ids: [article.id], publish: true });
  operatorCourse = await ok('/v1/learn/course/add', { code: 'matrix-operator', title: 'For operators', open_roles: ['operator'], lesson_content_ids: [draft.id], publish: true });
  draftCourse = await ok('/v1/learn/course/add', { code: 'matrix-draft', title: 'Not yet', open_roles: ['studio', 'operator', 'partner'], lesson_content_ids: [article.id] });
});
afterAll(() => t.close());

describe('who may call what', () => {
  // Bodies that change nothing when allowed (an unknown id, an empty required field), so the
  // order of the rows does not matter.
  // Who may call each endpoint is read from its contract entry (declaredRoles), the declaration route() enforces.
  const matrix: [string, () => object][] = [
    ['/v1/content/list', () => ({})],
    ['/v1/content/get', () => ({ id: article.id })],
    ['/v1/content/add', () => ({ type: 'article', title: '' })],
    ['/v1/content/update', () => ({ id: 999_999, title: 'x' })],
    ['/v1/content/publish', () => ({ id: 999_999 })],
    ['/v1/content/unpublish', () => ({ id: 999_999 })],
    ['/v1/content/delete', () => ({ id: 999_999 })],
    ['/v1/content/facets', () => ({})],
    ['/v1/content/public/list', () => ({})],
    ['/v1/content/public/get', () => ({ id: article.id })],
    ['/v1/live/add', () => ({ title: '' })],
    ['/v1/live/list', () => ({})],
    ['/v1/live/get', () => ({ id: live.id })],
    ['/v1/live/delete', () => ({ id: 999_999 })],
    ['/v1/live/detail', () => ({ id: live.id })],
    ['/v1/live/update', () => ({ id: 999_999, title: 'x' })],
    ['/v1/learn/course', () => ({})],
    ['/v1/learn/course/get', () => ({ id: 999_999 })],
    ['/v1/learn/lesson', () => ({ course_id: 999_999, lesson_id: 1 })],
    ['/v1/learn/progress', () => ({ course_id: 999_999, lesson_id: 1 })],
    ['/v1/learn/course/list', () => ({})],
    ['/v1/learn/course/add', () => ({ code: '', title: '' })],
    ['/v1/learn/course/update', () => ({ id: 999_999, title: 'x' })],
    ['/v1/learn/course/publish', () => ({ id: 999_999 })],
    ['/v1/learn/course/unpublish', () => ({ id: 999_999 })],
    ['/v1/learn/course/delete', () => ({ id: 999_999 })],
  ];

  it('covers every content, live and learning endpoint of the contract', () => {
    const paths = [...Object.values(api.content), ...Object.values(api.live), ...Object.values(api.learn)].map((endpoint) => endpoint.path).sort();
    expect(matrix.map(([path]) => path).sort()).toEqual(paths);
  });

  it.each(matrix)('%s', async (path, body) => {
    const allowed = declaredRoles(path);
    const outcomes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const name of DEMO) {
      const response = await t.call(path, body(), { token: tokens.get(name) });
      expect(response.code, `${path} as ${name}`).not.toBe('500');
      outcomes[name] = response.code === '403' ? 'refused' : 'allowed';
      expected[name] = allowed.includes(ROLE_OF[name]) ? 'allowed' : 'refused';
    }
    expect(outcomes).toEqual(expected);
    const anonymous = await t.call(path, body());
    expect(anonymous.code === '403', 'anonymous').toBe(endpointAt(path).access !== 'public');
  });
});

describe('ids out of reach answer not-found', () => {
  it('the public reads no draft, unpublished item or item of another kind', async () => {
    for (const name of [undefined, 'client', 'admin'] as const) {
      const token = name ? tokens.get(name) : undefined;
      for (const id of [draft.id, unpublished.id]) {
        expect((await t.call('/v1/content/public/get', { id }, { token })).code, `${name} ${id}`).toBe('404');
      }
      expect((await t.call('/v1/live/detail', { id: article.id }, { token })).code).toBe('404');
      const list = await t.call<{ list: { id: number; status: string }[] }>('/v1/content/public/list', { page_size: 100 }, { token });
      expect(list.data.list.every((row) => row.status === 'published')).toBe(true);
      expect(list.data.list.map((row) => row.id)).toContain(article.id);
    }
  });

  it('a learner reaches only the published courses open to its role or bought', async () => {
    const seen = async (name: string) =>
      (await t.call<{ list: CourseSummary[] }>('/v1/learn/course', {}, { token: tokens.get(name) })).data.list
        .map((course) => course.code)
        .filter((code) => code.startsWith('matrix-'))
        .sort();
    expect(await seen('studio')).toEqual(['matrix-studio']);
    expect(await seen('operator')).toEqual(['matrix-operator']);
    expect(await seen('agent')).toEqual([]);
    expect(await seen('admin')).toEqual(['matrix-operator', 'matrix-studio']);

    const reach: [string, CourseDetail, boolean][] = [
      ['studio', studioCourse, true],
      ['studio', operatorCourse, false],
      ['studio', draftCourse, false],
      ['operator', operatorCourse, true],
      ['operator', studioCourse, false],
      ['agent', studioCourse, false],
      ['agent', draftCourse, false],
      ['admin', draftCourse, true],
    ];
    for (const [name, course, reachable] of reach) {
      const token = tokens.get(name);
      const lessonId = course.lessons[0]!.id;
      const expected = reachable ? '200' : '404';
      expect((await t.call('/v1/learn/course/get', { id: course.id }, { token })).code, `${name} get ${course.code}`).toBe(expected);
      expect((await t.call('/v1/learn/lesson', { course_id: course.id, lesson_id: lessonId }, { token })).code, `${name} lesson ${course.code}`).toBe(expected);
      expect(
        (await t.call('/v1/learn/progress', { course_id: course.id, lesson_id: lessonId, completed: true }, { token })).code,
        `${name} progress ${course.code}`,
      ).toBe(expected);
    }
    // A lesson id of one course does not open through another the caller may see.
    const foreignLesson = operatorCourse.lessons[0]!.id;
    expect((await t.call('/v1/learn/lesson', { course_id: studioCourse.id, lesson_id: foreignLesson }, { token: tokens.get('studio') })).code).toBe('404');
  });

  it('an unpublished course leaves its learners', async () => {
    await ok('/v1/learn/course/unpublish', { id: studioCourse.id });
    expect((await t.call('/v1/learn/course/get', { id: studioCourse.id }, { token: tokens.get('studio') })).code).toBe('404');
    await ok('/v1/learn/course/publish', { id: studioCourse.id });
    expect((await t.call('/v1/learn/course/get', { id: studioCourse.id }, { token: tokens.get('studio') })).code).toBe('200');
  });
});
