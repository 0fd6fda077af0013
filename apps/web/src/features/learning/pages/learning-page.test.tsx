// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, type ContentItem, type CourseDetail, type CourseSummary, type ResponseOf } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { FakeApi, pageOf, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { fill, toast } from '../../../test/antd';
import { LearningPage } from './learning-page';

function course(id: number, code: string, patch: Partial<CourseSummary> = {}): CourseSummary {
  return {
    id,
    code,
    title: `Curso ${code}`,
    description: '',
    language: 'es-ES',
    cover_upload_id: null,
    cover_url: null,
    open_roles: ['studio'],
    status: 'published',
    access: 'role',
    progress: { total_lessons: 4, completed_lessons: 0, started: false, completed: false, next_lesson_id: 11 },
    author: { id: 2, name: 'Equipo Nearcast' },
    create_time: '2026-10-01T12:00:00.000Z',
    update_time: '2026-11-01T12:00:00.000Z',
    publish_time: '2026-11-02T12:00:00.000Z',
    ...patch,
  };
}

/** Started (one of four done), bought with a package; not started; finished. */
const starter = course(3, 'studio-starter', {
  title: 'Primeros pasos del estudio',
  description: 'Cómo entregar los primeros cien vídeos.',
  access: 'package',
  progress: { total_lessons: 4, completed_lessons: 1, started: true, completed: false, next_lesson_id: 12 },
});
const hooks = course(4, 'hooks', { title: 'Ganchos que funcionan', language: 'en-US' });
const done = course(5, 'basics', { title: 'Lo básico', progress: { total_lessons: 2, completed_lessons: 2, started: true, completed: true, next_lesson_id: null } });

const lessonProgress = (state: 'new' | 'started' | 'completed') => ({ started: state !== 'new', completed: state === 'completed', position_seconds: 0, update_time: null });
const starterDetail: CourseDetail = {
  ...starter,
  lessons: [
    { id: 11, position: 1, content_id: 101, title: 'Tu primer cliente', excerpt: 'Qué pedirle el primer día.', kind: 'article', progress: lessonProgress('completed') },
    { id: 12, position: 2, content_id: 102, title: 'Grabar en la tienda', excerpt: '', kind: 'video', progress: lessonProgress('started') },
    { id: 13, position: 3, content_id: 103, title: 'El guion', excerpt: '', kind: 'article', progress: lessonProgress('new') },
    { id: 14, position: 4, content_id: 104, title: 'Publicar', excerpt: '', kind: 'article', progress: lessonProgress('new') },
  ],
  translations: [],
};

function item(id: number, title: string): ContentItem {
  return {
    id,
    type: 'article',
    title,
    excerpt: '',
    cover_upload_id: null,
    cover_url: null,
    tags: [],
    language: 'es-ES',
    status: 'published',
    live: null,
    link: '',
    video_upload_id: null,
    author: { id: 2, name: 'Equipo Nearcast' },
    create_time: '2026-10-01T12:00:00.000Z',
    update_time: '2026-10-01T12:00:00.000Z',
    publish_time: '2026-10-01T12:00:00.000Z',
    body_html: `<p>${title}: lo que hay que saber.</p>`,
    video_url: null,
    translations: [],
    public_url: `https://nearcast.example.com/item/${id}`,
  };
}

/** The third lesson: an article between the second and the fourth, not yet completed. */
const lessonThree: ResponseOf<typeof api.learn.lesson> = {
  course_id: 3,
  lesson: starterDetail.lessons[2]!,
  item: item(103, 'El guion'),
  previous_lesson_id: 12,
  next_lesson_id: 14,
};

const server = new FakeApi();

function openLearning(search = '') {
  return renderPage(<LearningPage />, { path: '/learning', url: `/learning${search}` });
}

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('es-ES', ['common', 'learning']);
  setViewportWidth(1280);
});
beforeEach(() => {
  server.reset();
  signInAs('studio');
});

describe('the learning center for a studio, in Spanish', () => {
  it('shows placeholders while the courses are read in the reader’s language, and no staff tabs', async () => {
    server.hang(api.learn.course);
    openLearning();
    expect(document.querySelector('.learning-grid[aria-busy="true"]')).not.toBeNull();
    expect(screen.getByText('Cursos incluidos en tu plan o abiertos a tu rol. Tu progreso se guarda sobre la marcha.')).toBeInTheDocument();
    expect(screen.queryByTestId('learning-tab-manage')).toBeNull();
    await waitFor(() => expect(server.bodiesOf(api.learn.course)).toEqual([{ language: 'es-ES' }]));
  });

  it('shows each course with why the reader has it, how far along it is, and the right next step', async () => {
    server.ok(api.learn.course, { list: [starter, hooks, done] });
    openLearning();
    await screen.findByTestId('course-grid');
    const started = screen.getByTestId('course-studio-starter');
    expect(started).toHaveTextContent('Primeros pasos del estudio');
    expect(started).toHaveTextContent('Cómo entregar los primeros cien vídeos.');
    expect(started).toHaveTextContent('Con tu plan');
    expect(within(started).getByTestId('course-count')).toHaveTextContent('1 de 4 lecciones completadas');
    expect(within(started).getByTestId('course-progress')).toHaveTextContent('25%');
    expect(within(started).getByTestId('course-open')).toHaveTextContent('Continuar');

    const fresh = screen.getByTestId('course-hooks');
    expect(fresh).toHaveTextContent('English');
    expect(fresh).toHaveTextContent('Para tu rol');
    expect(within(fresh).getByTestId('course-open')).toHaveTextContent('Empezar');
    expect(within(screen.getByTestId('course-basics')).getByTestId('course-open')).toHaveTextContent('Repasar');
  });

  it('says when the reader has no course yet', async () => {
    server.ok(api.learn.course, { list: [] });
    openLearning();
    const empty = await screen.findByTestId('courses-empty');
    expect(empty).toHaveTextContent('Todavía no tienes cursos');
    expect(empty).toHaveTextContent('Los cursos llegan con los paquetes que compras y con los abiertos a tu rol.');
  });

  it('shows a failed read with the server’s reason and a retry that reads it again', async () => {
    server.sequence(api.learn.course, [
      { code: '500', msg: 'Error del servidor', data: null },
      { code: '200', data: { list: [starter] } },
    ]);
    openLearning();
    const failed = await screen.findByTestId('courses-failed');
    expect(failed).toHaveTextContent('Error al cargar, inténtalo de nuevo');
    expect(failed).toHaveTextContent('Error del servidor');
    await newUser().click(within(failed).getByTestId('load-retry'));
    expect(await screen.findByTestId('course-studio-starter')).toBeInTheDocument();
  });

  it('opens a course from its card: its lessons in order with the reader’s state, and the way back', async () => {
    server.ok(api.learn.course, { list: [starter] }).ok(api.learn.courseGet, starterDetail);
    const { router } = openLearning();
    const user = newUser();
    await user.click(within(await screen.findByTestId('course-studio-starter')).getByTestId('course-open'));
    const view = await screen.findByTestId('course-view');
    expect(router.state.location.search).toBe('?course=3');
    expect(server.bodiesOf(api.learn.courseGet)).toEqual([{ id: 3 }]);
    expect(screen.getByTestId('page-title')).toHaveTextContent('Primeros pasos del estudio');
    expect(within(view).getByTestId('course-view-count')).toHaveTextContent('1 de 4 lecciones completadas');
    expect([1, 2, 3, 4].map((n) => within(view).getByTestId(`lesson-${n}`).dataset.state)).toEqual(['completed', 'started', 'new', 'new']);
    expect(within(view).getByTestId('lesson-2')).toHaveTextContent('Grabar en la tienda');
    expect(within(view).getByTestId('lesson-2')).toHaveTextContent('En curso');
    expect(screen.getByTestId('course-continue')).toHaveTextContent('Continuar');

    await user.click(screen.getByTestId('learning-back'));
    expect(await screen.findByTestId('course-grid')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says a course the reader may not open is not available', async () => {
    server.fail(api.learn.courseGet, '404', 'El curso no existe');
    openLearning('?course=9');
    const failed = await screen.findByTestId('course-failed');
    expect(failed).toHaveTextContent('Este curso no está disponible para ti');
    expect(screen.getByTestId('learning-back')).toHaveTextContent('Todos los cursos');
  });

  it('reads a lesson, marks it complete with the right body, and goes on to the next', async () => {
    server
      .ok(api.learn.lesson, lessonThree)
      .ok(api.learn.progress, { lesson: lessonProgress('completed'), course: { ...starter.progress, completed_lessons: 2, next_lesson_id: 14 } });
    const { router } = openLearning('?course=3&lesson=13');
    const view = await screen.findByTestId('lesson-view');
    expect(server.bodiesOf(api.learn.lesson)).toEqual([{ course_id: 3, lesson_id: 13 }]);
    expect(screen.getByTestId('page-title')).toHaveTextContent('El guion');
    expect(screen.getByText('Lección 3')).toBeInTheDocument();
    expect(within(view).getByTestId('lesson-body')).toHaveTextContent('El guion: lo que hay que saber.');
    expect(screen.queryByTestId('lesson-done')).toBeNull();

    const user = newUser();
    await user.click(within(view).getByTestId('lesson-complete'));
    expect(await toast('Lección completada')).toBeInTheDocument();
    expect(server.bodiesOf(api.learn.progress)).toEqual([{ course_id: 3, lesson_id: 13, completed: true }]);
    expect(screen.getByTestId('lesson-done')).toHaveTextContent('Completada');
    expect(within(view).queryByTestId('lesson-complete')).toBeNull();

    await user.click(within(view).getByTestId('lesson-next'));
    await waitFor(() => expect(router.state.location.search).toBe('?course=3&lesson=14'));
  });

  it('says when a completion could not be saved, and keeps the button', async () => {
    server.ok(api.learn.lesson, lessonThree).fail(api.learn.progress, '500', 'Error del servidor');
    openLearning('?course=3&lesson=13');
    const view = await screen.findByTestId('lesson-view');
    await newUser().click(within(view).getByTestId('lesson-complete'));
    expect(await screen.findByText('Error al guardar: Error del servidor')).toBeInTheDocument();
    expect(within(view).getByTestId('lesson-complete')).toBeInTheDocument();
    expect(screen.queryByTestId('lesson-done')).toBeNull();
  });

  it('says a lesson that is not available is so, with the way back to its course', async () => {
    server.fail(api.learn.lesson, '404', 'La lección no existe');
    const { router } = openLearning('?course=3&lesson=77');
    const failed = await screen.findByTestId('lesson-failed');
    expect(failed).toHaveTextContent('Esta lección no está disponible');
    await newUser().click(screen.getByTestId('lesson-back'));
    await waitFor(() => expect(router.state.location.search).toBe('?course=3'));
  });
});

describe('the learning center for staff, in Spanish', () => {
  beforeEach(() => {
    signInAs('super');
    server.ok(api.learn.course, { list: [starter] }).ok(api.content.list, pageOf([]));
  });

  it('shows the courses as learners see them first, and builds them on the second tab', async () => {
    server.ok(api.learn.courseList, pageOf([starter, { ...hooks, status: 'draft', publish_time: null }]));
    const { router } = openLearning();
    expect(await screen.findByTestId('course-studio-starter')).toBeInTheDocument();
    expect(screen.getByText('Todos los cursos publicados, tal como los ven los alumnos.')).toBeInTheDocument();

    await newUser().click(screen.getByTestId('learning-tab-manage'));
    expect(router.state.location.search).toBe('?tab=manage');
    const row = await screen.findByTestId('course-row-hooks-en-US');
    expect(server.bodiesOf(api.learn.courseList)).toEqual([{ page: 1, page_size: 20 }]);
    expect(row).toHaveTextContent('Ganchos que funcionan');
    expect(row).toHaveTextContent('Borrador');
    expect(within(row).getByTestId('course-toggle')).toHaveTextContent('Publicar');
    expect(within(screen.getByTestId('course-row-studio-starter-es-ES')).getByTestId('course-toggle')).toHaveTextContent('Retirar');
  });

  it('publishes a draft course from its row', async () => {
    const draft = { ...hooks, status: 'draft' as const, publish_time: null };
    server
      .ok(api.learn.courseList, pageOf([draft]))
      .ok(api.learn.coursePublish, { ...draft, status: 'published', publish_time: '2026-12-01T12:00:00.000Z', lessons: [], translations: [] });
    openLearning('?tab=manage');
    const row = await screen.findByTestId('course-row-hooks-en-US');
    await newUser().click(within(row).getByTestId('course-toggle'));
    expect(await toast('Publicado')).toBeInTheDocument();
    expect(server.bodiesOf(api.learn.coursePublish)).toEqual([{ id: 4 }]);
  });

  it('creates a course with the contract’s checks, sending the fields typed', async () => {
    server
      .ok(api.learn.courseList, pageOf([]))
      .on(api.learn.courseAdd, () => ({ code: '200', data: { ...course(9, 'primeros-pasos', { title: 'Primeros pasos', status: 'draft' }), lessons: [], translations: [] } }));
    openLearning('?tab=manage');
    expect(await screen.findByText('Todavía no hay cursos')).toBeInTheDocument();
    const user = newUser();
    await user.click(screen.getByTestId('course-create'));
    await fill(user, 'course-title', 'Primeros pasos');
    await fill(user, 'course-code', 'Primeros Pasos');
    await user.click(screen.getByTestId('course-submit'));
    expect(await screen.findByText(i18n.t('messages:content.course_code_invalid'))).toBeInTheDocument();
    expect(server.bodiesOf(api.learn.courseAdd)).toEqual([]);

    await fill(user, 'course-code', 'primeros-pasos', { replace: true });
    await user.click(screen.getByTestId('course-submit'));
    expect(await toast('Creado')).toBeInTheDocument();
    // A new course is in the reader's language unless chosen otherwise.
    expect(server.bodiesOf(api.learn.courseAdd)).toEqual([{ code: 'primeros-pasos', title: 'Primeros pasos', description: '', language: 'es-ES', open_roles: [], lesson_content_ids: [] }]);
  });
});
