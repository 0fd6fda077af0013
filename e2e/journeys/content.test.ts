import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiPost } from '../support/api';
import { screenshot, WIDTHS } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { apiLogin } from '../support/session';

// Content and the learning center against the built app: an admin writes and publishes an
// article with an uploaded image (en-US, 1440 px), a visitor reads it on a phone (zh-CN,
// 375 px), the admin unpublishes and deletes it and the visitor gets the not-found page; a
// studio continues its starter course and completes a lesson (es-ES). What the API tests
// prove (sanitizing, every status and type of /item/{id}, scopes) is not repeated here.
const RUN = Date.now().toString(36).slice(-5);

const { open } = useBrowser();

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 15_000 });
}

/** Waits for antd's animations to end so a screenshot shows the screen as a person sees it. */
async function shot(page: Page, name: string): Promise<void> {
  await page
    .waitForFunction(
      () => !Array.from(document.querySelectorAll('[class*="-appear"], [class*="-enter"], [class*="-leave"]')).some((node) => !node.closest('.ant-message')),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await screenshot(page, name);
}

/** A real, decodable PNG drawn by the browser itself (no binary fixture in the repository). */
async function drawnPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 320, 180);
    gradient.addColorStop(0, '#7c5cff');
    gradient.addColorStop(1, '#22d3ee');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 320, 180);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

interface CourseRow {
  id: number;
  code: string;
  progress: { completed_lessons: number; total_lessons: number; next_lesson_id: number | null };
}

describe('content and the learning center', () => {
  it('an admin publishes an article with an image, a phone reads it, unpublishing takes it away', async () => {
    const title = `Shooting in a bakery ${RUN}`;
    const admin = await open(WIDTHS.desktop, 'en-US');
    await signInThroughForm(admin, 'admin@example.com', '/content');
    await admin.getByTestId('content-table').waitFor();

    // A new article: title, excerpt, a body with a heading, text and an uploaded image.
    await admin.getByTestId('content-create').click();
    await admin.getByTestId('create-article').click();
    await admin.getByTestId('content-form').waitFor();
    await admin.getByTestId('content-title').fill(title);
    await admin.getByTestId('content-excerpt').fill('Light, angles and a 30-second story for a local bakery.');
    const body = admin.getByTestId('content-body');
    await body.click();
    await admin.getByTestId('rte-h2').click();
    await admin.keyboard.type('Before you shoot');
    await admin.keyboard.press('Enter');
    await admin.keyboard.type('Ask the owner for the busiest ten minutes of the morning.');
    await admin.getByTestId('rte-image-input').setInputFiles({ name: 'bakery.png', mimeType: 'image/png', buffer: await drawnPng(admin) });
    await body.locator('img[src]').waitFor({ timeout: 30_000 });
    await admin.getByTestId('content-cover-input').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await drawnPng(admin) });
    await admin.getByTestId('content-cover-preview').waitFor();
    await shot(admin, 'content-editor-new-1440');

    // Publish: created and published at once, and the editor now edits the saved item.
    await admin.getByTestId('content-publish').click();
    await toast(admin, 'Published');
    await admin.waitForURL(/[?&]edit=\d+/);
    const id = Number(new URL(admin.url()).searchParams.get('edit'));
    expect(id).toBeGreaterThan(0);
    await expect.poll(() => admin.getByTestId('content-status').first().getAttribute('data-status')).toBe('published');
    // The author and the time stamps are shown.
    expect(await admin.getByTestId('content-author').textContent()).toBeTruthy();
    expect(await admin.getByTestId('content-public-link').getAttribute('href')).toBe(`/item/${id}`);
    // The stored body kept the image by its upload id, not by a link that expires.
    const session = await apiLogin('admin@example.com');
    const stored = await apiPost<{ body_html: string }>('/v1/content/get', { id }, session.token);
    expect(stored.body_html).toMatch(/<img[^>]*data-upload-id="\d+"/);
    await shot(admin, 'content-editor-published-1440');

    // A visitor on a phone, in Chinese, without signing in.
    const visitor = await open(WIDTHS.phone, 'zh-CN');
    await visitor.goto(`/item/${id}`);
    await expect.poll(() => visitor.getByTestId('page-title').textContent(), { timeout: 30_000 }).toBe(title);
    expect(await visitor.getByTestId('item-page').getAttribute('data-type')).toBe('article');
    const image = visitor.getByTestId('item-body').locator('img');
    await expect.poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth), { timeout: 15_000 }).toBe(320);
    expect(await visitor.getByTestId('item-body').locator('h2').textContent()).toBe('Before you shoot');
    // No sideways scrolling on a 375 px phone, and the page speaks the reader's language.
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await visitor.locator('.item-meta').textContent()).toContain('作者');
    await shot(visitor, 'content-item-375-zh');

    // The admin unpublishes it; the visitor's next visit is the not-found page.
    await admin.getByTestId('content-unpublish').click();
    await toast(admin, 'Unpublished');
    await visitor.reload();
    await visitor.getByTestId('status-404').waitFor({ timeout: 30_000 });
    expect(await visitor.getByTestId('item-page').count()).toBe(0);
    expect(await visitor.getByTestId('page-title').textContent()).toBe('页面不存在');
    await shot(visitor, 'content-item-unpublished-375-zh');

    // Deleting asks the spec's question first.
    await admin.getByTestId('content-delete').click();
    await admin.locator('.nc-confirm', { hasText: 'Are you sure you want to delete this content?' }).waitFor();
    await admin.getByTestId('confirm-ok').click();
    await toast(admin, 'Deleted');
    await admin.getByTestId('content-table').waitFor();
    expect(await admin.getByTestId(`content-row-${id}`).count()).toBe(0);
  });

  it('a studio continues its starter course, completes a lesson and sees its progress', async () => {
    const session = await apiLogin('studio@example.com');
    const courses = await apiPost<{ list: CourseRow[] }>('/v1/learn/course', { language: 'es-ES' }, session.token);
    const course = courses.list.find((row) => row.progress.next_lesson_id !== null);
    if (!course) throw new Error(`the studio has no course with a lesson left: ${JSON.stringify(courses.list)}`);
    const before = course.progress.completed_lessons;

    const page = await open(WIDTHS.desktop, 'es-ES');
    await signInThroughForm(page, 'studio@example.com', '/learning');
    const card = page.getByTestId(`course-${course.code}`);
    await card.waitFor();
    await shot(page, 'learning-courses-1440-es');
    await card.getByTestId('course-open').click();
    await page.getByTestId('course-view').waitFor();
    await page.getByTestId('course-continue').click();
    await page.getByTestId('lesson-view').waitFor();
    await page.getByTestId('lesson-complete').click();
    await toast(page, before + 1 === course.progress.total_lessons ? 'Curso completado' : 'Lección completada');
    await page.getByTestId('lesson-done').waitFor();
    await shot(page, 'learning-lesson-done-1440-es');

    await page.getByTestId('lesson-back').click();
    await expect.poll(() => page.getByTestId('course-view-count').textContent()).toContain(`${before + 1} de ${course.progress.total_lessons}`);
    await shot(page, 'learning-course-progress-1440-es');

    // The server remembers it.
    const after = await apiPost<{ list: CourseRow[] }>('/v1/learn/course', { language: 'es-ES' }, session.token);
    expect(after.list.find((row) => row.id === course.id)?.progress.completed_lessons).toBe(before + 1);
  });
});
