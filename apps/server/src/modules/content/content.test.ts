import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ContentItem, CourseDetail, CourseSummary } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { mediaFile } from '../../test/media-samples.js';
import { multipartBody } from '../../test/multipart.js';

let t: TestApp;
let admin: string;
let studio: string;
let agent: string;
let webDist: string;

const SHELL = `<!doctype html>
<html lang="en-US" style="background:#0a0a12">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Nearcast: AI short-video marketing."
    />
    <title>Nearcast</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nc-content-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), SHELL.replace('<div id="root"></div>', '<div id="root">landing</div>'));
  fs.writeFileSync(path.join(webDist, 'shell.html'), SHELL);
  t = await createTestApp({ config: { WEB_DIST: webDist, PUBLIC_URL: 'https://nearcast.example' } });
  [admin, studio, agent] = await Promise.all([t.login('admin@example.com'), t.login('studio@example.com'), t.login('agent@example.com')]);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

async function upload(token: string, format: 'png' | 'mp4' = 'png'): Promise<number> {
  const form = multipartBody({}, { filename: `a.${format}`, contentType: 'application/octet-stream', content: mediaFile(format) });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/base/oss/temp',
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.body,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { id: number } }).data.id;
}

const ok = async <T>(route: string, body: object, token?: string): Promise<T> => {
  const response = await t.call<T>(route, body, token ? { token } : {});
  expect(response.code, `${route}: ${response.msg}`).toBe('200');
  return response.data;
};

const events = (type: string, subjectId: number) =>
  t.query<{ id: number; payload: Record<string, unknown> }>(
    sql`select id, payload from events where type = ${type} and subject_id = ${String(subjectId)} order by id`,
  );

describe('articles', () => {
  it('stores the sanitized body, claims the images and signs them on every read', async () => {
    const cover = await upload(admin);
    const image = await upload(admin);
    const item = await ok<ContentItem>(
      '/v1/content/add',
      {
        type: 'article',
        title: 'How a studio wins its first merchant',
        excerpt: 'Walk in, show a video, leave a card.',
        body_html: `<h2>Start</h2><p onclick="alert(1)">Hello <script>alert(1)</script><a href="javascript:alert(1)">x</a></p><img src="https://expired.example/x" data-upload-id="${image}">`,
        cover_upload_id: cover,
        tags: ['sales', 'sales', 'starter'],
        language: 'en-US',
      },
      admin,
    );
    expect(item.status).toBe('draft');
    expect(item.author.name).toBe('Ada Admin');
    expect(item.publish_time).toBeNull();
    expect(item.tags).toEqual(['sales', 'starter']);
    expect(item.body_html).not.toMatch(/script|onclick|javascript/);
    expect(item.body_html).toContain('<h2>Start</h2>');
    expect(item.body_html).toMatch(new RegExp(`<img src="[^"]+/files/[^"]+" data-upload-id="${image}" />`));
    expect(item.cover_url).toContain('/files/');
    expect(item.public_url).toBe(`https://nearcast.example/item/${item.id}`);
    // The raw input is nowhere: the stored column is the sanitized copy, without the signed URL.
    const [stored] = await t.query<{ body_html: string }>(sql`select body_html from content_items where id = ${item.id}`);
    expect(stored!.body_html).not.toMatch(/script|onclick|javascript|expired\.example/);
    const [claimed] = await t.query<{ n: number }>(sql`select count(*)::int as n from uploads where id in (${cover}, ${image}) and claimed_at is not null`);
    expect(claimed!.n).toBe(2);
  });

  it('refuses uploads that are not the caller’s or not images, changing nothing', async () => {
    const othersImage = await upload(studio);
    const before = await t.query<{ n: number }>(sql`select count(*)::int as n from content_items`);
    const response = await t.call('/v1/content/add', { type: 'article', title: 'X', cover_upload_id: othersImage }, { token: admin, lang: 'es' });
    expect(response.code).toBe('400');
    expect(response.msg).toBe('Esta subida no existe o ha caducado');
    const video = await upload(admin, 'mp4');
    const wrongKind = await t.call('/v1/content/add', { type: 'article', title: 'X', cover_upload_id: video }, { token: admin });
    expect(wrongKind.code).toBe('400');
    expect((wrongKind.data as { fields: Record<string, string> }).fields.cover_upload_id).toBe('The cover and body images must be image uploads');
    expect(await t.query<{ n: number }>(sql`select count(*)::int as n from content_items`)).toEqual(before);
  });

  it('publishes once with one event, unpublishes, and the public sees published items only', async () => {
    const item = await ok<ContentItem>('/v1/content/add', { type: 'article', title: 'Shooting in a shop' }, admin);
    expect((await t.call('/v1/content/public/get', { id: item.id })).code).toBe('404');
    expect((await t.call('/v1/content/unpublish', { id: item.id }, { token: admin })).code).toBe('409');

    const published = await ok<ContentItem>('/v1/content/publish', { id: item.id }, admin);
    expect(published.status).toBe('published');
    expect(published.publish_time).not.toBeNull();
    await ok('/v1/content/publish', { id: item.id }, admin);
    const recorded = await events('content.published', item.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.payload).toMatchObject({ content_type: 'article', language: 'en-US', title: 'Shooting in a shop', republished: false });

    const read = await ok<ContentItem>('/v1/content/public/get', { id: item.id });
    expect(read.title).toBe('Shooting in a shop');
    const list = await ok<{ list: { id: number }[] }>('/v1/content/public/list', { type: 'article' });
    expect(list.list.map((row) => row.id)).toContain(item.id);

    const updated = await ok<ContentItem>('/v1/content/update', { id: item.id, title: 'Shooting in a shop, step by step' }, admin);
    expect(updated.status).toBe('published');

    await ok('/v1/content/unpublish', { id: item.id }, admin);
    expect((await t.call('/v1/content/public/get', { id: item.id })).code).toBe('404');
    const after = await ok<{ list: { id: number }[] }>('/v1/content/public/list', {});
    expect(after.list.map((row) => row.id)).not.toContain(item.id);

    // Republishing keeps the first publish time and says so.
    const again = await ok<ContentItem>('/v1/content/publish', { id: item.id }, admin);
    expect(again.publish_time).toBe(published.publish_time);
    expect((await events('content.published', item.id))[1]!.payload.republished).toBe(true);
  });

  it('lists with every filter', async () => {
    const tagged = await ok<ContentItem>('/v1/content/add', { type: 'article', title: 'Filter me', tags: ['unique-tag'], language: 'es-ES' }, admin);
    const byTag = await ok<{ list: { id: number }[]; total: number }>('/v1/content/list', { tag: 'unique-tag' }, admin);
    expect(byTag.list.map((row) => row.id)).toEqual([tagged.id]);
    const today = new Date().toISOString().slice(0, 10);
    const combined = await ok<{ total: number }>(
      '/v1/content/list',
      { type: 'article', status: 'draft', language: 'es-ES', author_id: tagged.author.id, keyword: 'filter', date_from: today, date_to: today },
      admin,
    );
    expect(combined.total).toBe(1);
    const yesterday = await ok<{ total: number }>('/v1/content/list', { date_to: '2000-01-01' }, admin);
    expect(yesterday.total).toBe(0);
    const facets = await ok<{ authors: { name: string }[]; tags: string[] }>('/v1/content/facets', {}, admin);
    expect(facets.tags).toContain('unique-tag');
    expect(facets.authors.map((author) => author.name)).toContain('Ada Admin');
  });

  it('links translations; the public sees only published ones; one item per language', async () => {
    const en = await ok<ContentItem>('/v1/content/add', { type: 'article', title: 'Publish your first video', publish: true }, admin);
    const zh = await ok<ContentItem>(
      '/v1/content/add',
      { type: 'article', title: '发布你的第一个视频', language: 'zh-CN', translation_of: en.id, publish: true },
      admin,
    );
    const es = await ok<ContentItem>('/v1/content/add', { type: 'article', title: 'Publica tu primer vídeo', language: 'es-ES', translation_of: zh.id }, admin);
    const staffView = await ok<ContentItem>('/v1/content/get', { id: en.id }, admin);
    expect(staffView.translations.map((row) => row.language).sort()).toEqual(['es-ES', 'zh-CN']);
    const publicView = await ok<ContentItem>('/v1/content/public/get', { id: en.id });
    expect(publicView.translations).toEqual([{ id: zh.id, language: 'zh-CN', title: '发布你的第一个视频', status: 'published' }]);
    const clash = await t.call('/v1/content/add', { type: 'article', title: 'Again', language: 'zh-CN', translation_of: en.id }, { token: admin });
    expect(clash.code).toBe('409');
    const otherType = await t.call('/v1/content/add', { type: 'landing', title: 'L', language: 'es-ES', translation_of: en.id }, { token: admin });
    expect(otherType.code).toBe('400');
    // The reader's language comes first.
    const zhFirst = await ok<{ list: { id: number; language: string }[] }>('/v1/content/public/list', { language: 'zh-CN', page_size: 100 });
    expect(zhFirst.list[0]!.language).toBe('zh-CN');
    // Each item once, in the reader's language when it has it, else in English.
    expect(zhFirst.list.filter((row) => [en.id, zh.id].includes(row.id)).map((row) => row.id)).toEqual([zh.id]);
    const spanish = await ok<{ list: { id: number }[]; total: number }>('/v1/content/public/list', { language: 'es-ES', page_size: 100 });
    expect(spanish.list.filter((row) => [en.id, zh.id, es.id].includes(row.id)).map((row) => row.id)).toEqual([en.id]);
    expect(spanish.total).toBe(spanish.list.length);
    const everything = await ok<{ list: { id: number }[] }>('/v1/content/public/list', { page_size: 100 });
    expect(everything.list.filter((row) => [en.id, zh.id].includes(row.id))).toHaveLength(2);
    expect(es.status).toBe('draft');
  });

  it('gives a landing page its call to action into the plans', async () => {
    const landing = await ok<ContentItem>('/v1/content/add', { type: 'landing', title: 'Open an AI studio', publish: true }, admin);
    expect(landing.link).toBe('/plans');
    const custom = await ok<ContentItem>('/v1/content/update', { id: landing.id, link: '/plans?join=studio' }, admin);
    expect(custom.link).toBe('/plans?join=studio');
    const bad = await t.call('/v1/content/update', { id: landing.id, link: 'javascript:alert(1)' }, { token: admin });
    expect(bad.code).toBe('400');
  });

  it('deletes an item and its files', async () => {
    const cover = await upload(admin);
    const item = await ok<ContentItem>('/v1/content/add', { type: 'article', title: 'Short-lived', cover_upload_id: cover }, admin);
    const [row] = await t.query<{ cover_key: string }>(sql`select cover_key from content_items where id = ${item.id}`);
    expect(await t.app.services.storage.stat(row!.cover_key)).not.toBeNull();
    await ok('/v1/content/delete', { id: item.id }, admin);
    expect((await t.call('/v1/content/get', { id: item.id }, { token: admin })).code).toBe('404');
    expect(await t.app.services.storage.stat(row!.cover_key)).toBeNull();
  });
});

describe('live events', () => {
  it('keeps the start with its zone, derives the time status, and filters by it', async () => {
    const soon = new Date(Date.now() + 3 * 86_400_000);
    const local = new Date(soon.getTime() - 8 * 3600_000).toISOString().slice(0, 19);
    const event = await ok<ContentItem>(
      '/v1/live/add',
      { title: 'Live: a shoot in a taco shop', start_time: `${local}-08:00`, time_zone: 'America/Los_Angeles', duration_minutes: 60, link: 'https://live.example/room' },
      admin,
    );
    expect(event.type).toBe('live');
    expect(event.live).toMatchObject({ time_zone: 'America/Los_Angeles', duration_minutes: 60, link: 'https://live.example/room', time_status: 'upcoming' });
    expect(new Date(event.live!.start_time).getTime()).toBe(Math.floor(soon.getTime() / 1000) * 1000);

    const now = await ok<ContentItem>('/v1/live/update', { id: event.id, start_time: new Date(Date.now() - 10 * 60_000).toISOString() }, admin);
    expect(now.live!.time_status).toBe('live');
    const past = await ok<ContentItem>('/v1/live/update', { id: event.id, start_time: '2020-01-01T10:00:00+00:00' }, admin);
    expect(past.live!.time_status).toBe('ended');
    expect(past.live!.end_time).toBe('2020-01-01T11:00:00.000Z');

    const ended = await ok<{ list: { id: number }[] }>('/v1/live/list', { time_status: 'ended' }, admin);
    expect(ended.list.map((row) => row.id)).toContain(event.id);
    const upcoming = await ok<{ list: { id: number }[] }>('/v1/live/list', { time_status: 'upcoming' }, admin);
    expect(upcoming.list.map((row) => row.id)).not.toContain(event.id);

    expect((await t.call('/v1/live/detail', { id: event.id })).code).toBe('404');
    await ok('/v1/content/publish', { id: event.id }, admin);
    expect((await ok<ContentItem>('/v1/live/detail', { id: event.id })).live!.time_status).toBe('ended');
    // Home's upcoming list leaves ended events out.
    const home = await ok<{ list: { id: number }[] }>('/v1/content/public/list', { upcoming: true });
    expect(home.list.map((row) => row.id)).not.toContain(event.id);
  });

  it('refuses a time without its offset, an unknown zone, and reaches live events only', async () => {
    const base = { title: 'X', time_zone: 'America/Los_Angeles', duration_minutes: 30 };
    const bare = await t.call('/v1/live/add', { ...base, start_time: '2026-12-01T18:00:00' }, { token: admin, lang: 'zh' });
    expect(bare.code).toBe('400');
    expect(bare.msg).toContain('时区');
    expect((await t.call('/v1/live/add', { ...base, start_time: '2026-12-01T18:00:00Z', time_zone: 'Mars/Olympus' }, { token: admin })).code).toBe('400');
    const article = await ok<ContentItem>('/v1/content/add', { type: 'article', title: 'Not live', publish: true }, admin);
    for (const route of ['/v1/live/get', '/v1/live/detail', '/v1/live/delete']) {
      expect((await t.call(route, { id: article.id }, { token: admin })).code, route).toBe('404');
    }
    expect((await t.call('/v1/live/update', { id: article.id, title: 'Y' }, { token: admin })).code).toBe('404');
  });
});

describe('the public item page', () => {
  const page = (id: number | string) => t.app.inject({ method: 'GET', url: `/item/${id}` });

  it('carries the title, description, cover and Open Graph tags of each type in the HTML sent', async () => {
    const cover = await upload(admin);
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const items = [
      await ok<ContentItem>('/v1/content/add', { type: 'article', title: 'Tacos & "video"', excerpt: 'Why <short> videos work', cover_upload_id: cover, publish: true }, admin),
      await ok<ContentItem>('/v1/live/add', { title: 'Live Q&A', body_html: '<p>Ask us anything.</p>', start_time: soon, time_zone: 'Asia/Shanghai', duration_minutes: 45, language: 'zh-CN', publish: true }, admin),
      await ok<ContentItem>('/v1/content/add', { type: 'landing', title: 'Únete', excerpt: 'Abre tu estudio', language: 'es-ES', publish: true }, admin),
    ];
    for (const item of items) {
      const response = await page(item.id);
      expect(response.statusCode, item.type).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      const html = response.body;
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain(`<html lang="${item.language}"`);
      expect(html).toContain(`<meta property="og:url" content="https://nearcast.example/item/${item.id}" />`);
      expect(html).toContain(`<link rel="canonical" href="https://nearcast.example/item/${item.id}" />`);
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    }
    const [article, live, landing] = await Promise.all(items.map((item) => page(item.id).then((response) => response.body)));
    expect(article).toContain('<title>Tacos &amp; &quot;video&quot; · Nearcast</title>');
    expect(article).toContain('<meta property="og:title" content="Tacos &amp; &quot;video&quot;" />');
    expect(article).toContain('<meta name="description" content="Why &lt;short&gt; videos work" />');
    expect(article).toContain('<meta property="og:type" content="article" />');
    expect(article).toMatch(/<meta property="og:image" content="[^"]*\/files\/[^"]+" \/>/);
    expect(article).toContain('<meta name="twitter:card" content="summary_large_image" />');
    // Without an excerpt the description is the body's text.
    expect(live).toContain('<meta name="description" content="Ask us anything." />');
    expect(live).toContain('<meta property="og:locale" content="zh_CN" />');
    expect(landing).toContain('<meta property="og:description" content="Abre tu estudio" />');
  });

  it('answers the not-found page, with none of the item, for a draft, an unpublished or a missing item', async () => {
    const draft = await ok<ContentItem>('/v1/content/add', { type: 'article', title: 'Secret draft title' }, admin);
    // Live events are made through /v1/live/add only.
    expect((await t.call('/v1/content/add', { type: 'live', title: 'Withdrawn event' }, { token: admin })).code).toBe('400');
    const withdrawn = await ok<ContentItem>('/v1/content/add', { type: 'landing', title: 'Withdrawn landing', publish: true }, admin);
    await ok('/v1/content/unpublish', { id: withdrawn.id }, admin);
    for (const [id, secret] of [[draft.id, 'Secret draft'], [withdrawn.id, 'Withdrawn landing'], [999_999, ''], ['abc', ''], ['99999999999', '']] as const) {
      const response = await page(id);
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
      expect(response.body).not.toContain('og:title');
      if (secret) expect(response.body).not.toContain(secret);
    }
  });

  it('offers a published live event as an .ics file, and nothing else', async () => {
    const event = await ok<ContentItem>(
      '/v1/live/add',
      { title: 'Studio night, part 1', excerpt: 'Bring, your; questions', start_time: '2030-05-01T18:00:00-07:00', time_zone: 'America/Los_Angeles', duration_minutes: 90, link: 'https://live.example/a', publish: true },
      admin,
    );
    const response = await t.app.inject({ method: 'GET', url: `/item/${event.id}/event.ics` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/calendar');
    expect(response.headers['content-disposition']).toContain(`nearcast-live-${event.id}.ics`);
    const lines = response.body.split('\r\n');
    expect(lines).toContain('DTSTART:20300502T010000Z');
    expect(lines).toContain('DTEND:20300502T023000Z');
    expect(lines).toContain('SUMMARY:Studio night\\, part 1');
    expect(lines).toContain('LOCATION:https://live.example/a');
    expect(lines).toContain(`UID:live-${event.id}@nearcast.example`);
    const article = await ok<ContentItem>('/v1/content/add', { type: 'article', title: 'A', publish: true }, admin);
    expect((await t.app.inject({ method: 'GET', url: `/item/${article.id}/event.ics` })).statusCode).toBe(404);
    await ok('/v1/content/unpublish', { id: event.id }, admin);
    expect((await t.app.inject({ method: 'GET', url: `/item/${event.id}/event.ics` })).statusCode).toBe(404);
  });
});

describe('learning center', () => {
  let lessons: ContentItem[];
  let course: CourseDetail;

  beforeAll(async () => {
    const video = await upload(admin, 'mp4');
    lessons = [
      await ok<ContentItem>('/v1/content/add', { type: 'article', title: 'Lesson one' }, admin),
      await ok<ContentItem>('/v1/content/add', { type: 'article', title: 'Lesson two', video_upload_id: video }, admin),
      await ok<ContentItem>('/v1/content/add', { type: 'article', title: 'Lesson three' }, admin),
    ];
    course = await ok<CourseDetail>(
      '/v1/learn/course/add',
      { code: 'test-studio-course', title: 'Studio basics', open_roles: ['studio'], lesson_content_ids: lessons.map((lesson) => lesson.id) },
      admin,
    );
  });

  it('orders lessons, tells article from video lessons, and hides a draft course from learners', async () => {
    expect(course.lessons.map((lesson) => [lesson.title, lesson.position, lesson.kind])).toEqual([
      ['Lesson one', 1, 'article'],
      ['Lesson two', 2, 'video'],
      ['Lesson three', 3, 'article'],
    ]);
    expect((await t.call('/v1/learn/course/get', { id: course.id }, { token: studio })).code).toBe('404');
    const mine = await ok<{ list: CourseSummary[] }>('/v1/learn/course', {}, studio);
    expect(mine.list.map((row) => row.id)).not.toContain(course.id);
  });

  it('publishes with one event; a studio sees the course open to its role, an agent does not until it buys it', async () => {
    await ok('/v1/learn/course/publish', { id: course.id }, admin);
    await ok('/v1/learn/course/publish', { id: course.id }, admin);
    expect(await events('course.published', course.id)).toHaveLength(1);

    const forStudio = await ok<{ list: CourseSummary[] }>('/v1/learn/course', {}, studio);
    expect(forStudio.list.find((row) => row.id === course.id)?.access).toBe('role');
    const forAgent = await ok<{ list: CourseSummary[] }>('/v1/learn/course', {}, agent);
    expect(forAgent.list.map((row) => row.id)).not.toContain(course.id);
    expect((await t.call('/v1/learn/course/get', { id: course.id }, { token: agent })).code).toBe('404');

    // The agent buys a package whose learning course is this one.
    const superToken = await t.login('super@example.com');
    const [pkg] = await t.query<{ id: number; name: string; type: 'business' | 'studio' }>(sql`select id, name, type from packages where type = 'studio' limit 1`);
    await ok('/v1/price/update', { id: pkg!.id, learning_course: 'test-studio-course' }, superToken);
    const [agentRow] = await t.query<{ id: number }>(sql`select id from accounts where email = 'agent@example.com'`);
    await t.query(sql`insert into orders (account_id, package_id, package_name, package_type, amount_cents, status, provider, paid_at)
      values (${agentRow!.id}, ${pkg!.id}, ${pkg!.name}, ${pkg!.type}, 99900, 'paid', 'sandbox', now())`);
    const bought = await ok<{ list: CourseSummary[] }>('/v1/learn/course', {}, agent);
    expect(bought.list.find((row) => row.id === course.id)?.access).toBe('package');
  });

  it('remembers each person’s progress: started, video position, completed', async () => {
    const first = course.lessons[0]!;
    const second = course.lessons[1]!;
    const opened = await ok<{ lesson: { progress: { started: boolean } }; item: ContentItem; next_lesson_id: number | null }>(
      '/v1/learn/lesson',
      { course_id: course.id, lesson_id: first.id },
      studio,
    );
    expect(opened.lesson.progress.started).toBe(true);
    expect(opened.item.title).toBe('Lesson one');
    expect(opened.next_lesson_id).toBe(second.id);
    const done = await ok<{ lesson: { completed: boolean }; course: { completed_lessons: number; next_lesson_id: number } }>(
      '/v1/learn/progress',
      { course_id: course.id, lesson_id: first.id, completed: true },
      studio,
    );
    expect(done.lesson.completed).toBe(true);
    expect(done.course).toMatchObject({ completed_lessons: 1, next_lesson_id: second.id });
    const video = await ok<{ item: ContentItem }>('/v1/learn/lesson', { course_id: course.id, lesson_id: second.id }, studio);
    expect(video.item.video_url).toContain('/files/');
    await ok('/v1/learn/progress', { course_id: course.id, lesson_id: second.id, position_seconds: 42 }, studio);
    // A later save without `completed` never undoes a completion.
    await ok('/v1/learn/progress', { course_id: course.id, lesson_id: first.id, position_seconds: 5 }, studio);

    const detail = await ok<CourseDetail>('/v1/learn/course/get', { id: course.id }, studio);
    expect(detail.lessons.map((lesson) => [lesson.progress.started, lesson.progress.completed, lesson.progress.position_seconds])).toEqual([
      [true, true, 5],
      [true, false, 42],
      [false, false, 0],
    ]);
    expect(detail.progress).toMatchObject({ total_lessons: 3, completed_lessons: 1, started: true, completed: false });
    // Someone else's progress is their own.
    const agentView = await ok<CourseDetail>('/v1/learn/course/get', { id: course.id }, agent);
    expect(agentView.progress.started).toBe(false);
    // A lesson of another course is not found through this one.
    expect((await t.call('/v1/learn/progress', { course_id: course.id, lesson_id: 999_999, completed: true }, { token: studio })).code).toBe('404');
  });

  it('keeps progress of lessons that stay when the course is reordered, and guards its content', async () => {
    const reordered = await ok<CourseDetail>(
      '/v1/learn/course/update',
      { id: course.id, lesson_content_ids: [lessons[2]!.id, lessons[0]!.id] },
      admin,
    );
    expect(reordered.lessons.map((lesson) => lesson.title)).toEqual(['Lesson three', 'Lesson one']);
    const detail = await ok<CourseDetail>('/v1/learn/course/get', { id: course.id }, studio);
    expect(detail.lessons[1]!.progress.completed).toBe(true);
    expect((await t.call('/v1/content/delete', { id: lessons[0]!.id }, { token: admin })).code).toBe('409');
    const live = await ok<ContentItem>('/v1/live/add', { title: 'L', start_time: '2030-01-01T00:00:00Z', time_zone: 'UTC', duration_minutes: 5 }, admin);
    expect((await t.call('/v1/learn/course/update', { id: course.id, lesson_content_ids: [live.id] }, { token: admin })).code).toBe('400');
    expect((await t.call('/v1/learn/course/update', { id: course.id, lesson_content_ids: [lessons[0]!.id, lessons[0]!.id] }, { token: admin })).code).toBe('400');
    expect((await t.call('/v1/learn/course/add', { code: 'test-studio-course', title: 'Dup' }, { token: admin })).code).toBe('409');
  });

  it('lets only one of two concurrent adds take a code, and publishes once under concurrent clicks', async () => {
    const body = { code: 'race-course', title: 'Race', lesson_content_ids: [lessons[0]!.id] };
    const codes = (await Promise.all([1, 2, 3].map(() => t.call('/v1/learn/course/add', body, { token: admin })))).map((r) => r.code).sort();
    expect(codes).toEqual(['200', '409', '409']);
    const item = await ok<ContentItem>('/v1/content/add', { type: 'article', title: 'Clicked thrice' }, admin);
    const published = await Promise.all([1, 2, 3].map(() => t.call('/v1/content/publish', { id: item.id }, { token: admin })));
    expect(published.map((r) => r.code)).toEqual(['200', '200', '200']);
    expect(await events('content.published', item.id)).toHaveLength(1);
  });

  it('answers one course per code in the reader’s language', async () => {
    const zh = await ok<CourseDetail>(
      '/v1/learn/course/add',
      { code: 'test-studio-course', title: '工作室入门', language: 'zh-CN', open_roles: ['studio'], lesson_content_ids: [lessons[0]!.id], publish: true },
      admin,
    );
    const inChinese = await ok<{ list: CourseSummary[] }>('/v1/learn/course', { language: 'zh-CN' }, studio);
    const ours = inChinese.list.filter((row) => row.code === 'test-studio-course');
    expect(ours.map((row) => row.id)).toEqual([zh.id]);
    const inSpanish = await ok<{ list: CourseSummary[] }>('/v1/learn/course', { language: 'es-ES' }, studio);
    expect(inSpanish.list.filter((row) => row.code === 'test-studio-course').map((row) => row.language)).toEqual(['en-US']);
  });
});
