import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { VideoPost, VideoReview } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { addPost, connectSandbox, uploadVideo, videoWorld, type VideoWorld } from '../../test/video-fixtures.js';

/**
 * Posts and the merchant's approval: a post that asks for approval makes no publish job until
 * the merchant approves it through its link (no sign-in); links expire, are used once, and an
 * edit of the post closes them. Posts due later wait for their time; edits stop at release.
 */
let t: TestApp;
let w: VideoWorld;
let client: number;

beforeAll(async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-video-review-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir, PUBLIC_URL: 'https://nearcast.example.com' } });
  w = await videoWorld(t);
  client = w.ids.get('client')!;
  await connectSandbox(t, w.tokens.get('studio')!, client);
}, 120_000);
afterAll(() => t?.close());

const studio = () => ({ token: w.tokens.get('studio')! });
const jobsOf = async (postId: number) => t.query<{ platform: string; state: string }>(sql`select platform, state from video_publish_jobs where post_id = ${postId}`);
const eventsOf = async (postId: number) =>
  (await t.query<{ type: string }>(sql`select type from events where subject_type = 'video_post' and subject_id = ${String(postId)} order by id`)).map((row) => row.type);

async function link(postId: number, hours?: number): Promise<{ token: string; url: string }> {
  const response = await t.call<{ token: string; url: string }>('/v1/video/review/link', { id: postId, ...(hours ? { hours } : {}) }, studio());
  expect(response.code, response.msg).toBe('200');
  return response.data;
}

describe('a post published at once', () => {
  it('is released with one job per chosen platform, captions kept per language', async () => {
    const post = await addPost(t, w.tokens.get('studio')!, client);
    expect(post).toMatchObject({ status: 'publishing', approval: 'not_required', platforms: ['sandbox'] });
    expect(post.jobs).toMatchObject([{ platform: 'sandbox', state: 'queued', language: 'en', sandbox: true }]);
    expect(post.captions.map((item) => item.language)).toEqual(['en', 'es', 'zh']);
    // A leading '#' is the writer's habit, not part of the tag.
    expect(post.captions[0]!.hashtags).toEqual(['tacos', 'deal']);
    expect(await eventsOf(post.id)).toEqual(['video.scheduled']);
    // Released posts are no longer edited.
    expect((await t.call('/v1/video/update', { id: post.id, title: 'Changed' }, studio())).code).toBe('409');
    const file = await t.call<{ url: string; mime: string }>('/v1/base/video', { id: post.id }, { token: w.tokens.get('client')! });
    expect(file.code).toBe('200');
    expect(file.data.mime).toBe('video/mp4');
  });

  it('refuses a platform the merchant has not connected, in the caller’s language', async () => {
    const response = await t.call(
      '/v1/video/add',
      {
        merchant_id: client,
        title: 'Nope',
        upload_id: await uploadVideo(t, w.tokens.get('studio')!),
        captions: [{ language: 'en', caption: 'x' }],
        language: 'en',
        platforms: ['kuaishou'],
      },
      { ...studio(), lang: 'es' },
    );
    expect(response.code).toBe('400');
    expect(response.msg).toBe('Kuaishou no está conectado para este comercio. Conéctalo primero');
  });

  it('refuses captions without the platforms’ language, and a past time', async () => {
    const base = { merchant_id: client, title: 'x', upload_id: 999_999, platforms: ['sandbox'] };
    const missing = await t.call('/v1/video/add', { ...base, captions: [{ language: 'es', caption: 'hola' }], language: 'en' }, studio());
    expect(missing.code).toBe('400');
    const past = await t.call(
      '/v1/video/add',
      { ...base, upload_id: await uploadVideo(t, w.tokens.get('studio')!), captions: [{ language: 'en', caption: 'x' }], language: 'en', schedule_at: '2020-01-01T00:00:00Z' },
      studio(),
    );
    expect(past.code).toBe('400');
    expect((past.data as { fields: Record<string, unknown> }).fields).toHaveProperty('schedule_at');
  });
});

describe('a scheduled post', () => {
  it('waits for its time, can be edited until then, and is released by the job once', async () => {
    const at = new Date(Date.now() + 3600_000).toISOString();
    const post = await addPost(t, w.tokens.get('studio')!, client, { schedule_at: at });
    expect(post).toMatchObject({ status: 'scheduled', released_at: null, jobs: [] });
    const edited = await t.call<VideoPost>('/v1/video/update', { id: post.id, title: 'Taco Tuesday, updated' }, studio());
    expect(edited.data.title).toBe('Taco Tuesday, updated');
    expect(await t.app.services.video.releaseDue()).toBe(0);
    await t.query(sql`update video_posts set scheduled_at = now() - interval '1 minute' where id = ${post.id}`);
    const [first, second] = await Promise.all([t.app.services.video.releaseDue(), t.app.services.video.releaseDue()]);
    expect(first + second).toBe(1);
    expect(await jobsOf(post.id)).toEqual([{ platform: 'sandbox', state: 'queued' }]);
  });

  it('cancels before release without a trace on any platform, and is deleted with its upload', async () => {
    const post = await addPost(t, w.tokens.get('studio')!, client, { schedule_at: new Date(Date.now() + 3600_000).toISOString() });
    const cancelled = await t.call<VideoPost>('/v1/video/cancel', { id: post.id }, studio());
    expect(cancelled.data.status).toBe('cancelled');
    await t.query(sql`update video_posts set scheduled_at = now() - interval '1 minute' where id = ${post.id}`);
    await t.app.services.video.releaseDue();
    expect(await jobsOf(post.id)).toEqual([]);
    expect((await t.call('/v1/video/delete', { id: post.id }, studio())).code).toBe('200');
    expect((await t.call('/v1/video/get', { id: post.id }, studio())).code).toBe('404');
  });

  it('whose platform was disconnected meanwhile fails there, saying so in the reader’s language, and goes out once connected again', async () => {
    const post = await addPost(t, w.tokens.get('studio')!, client, { schedule_at: new Date(Date.now() + 3600_000).toISOString() });
    const [connection] = await t.query<{ id: number }>(sql`select id from platform_connections where merchant_id = ${client} and platform = 'sandbox'`);
    expect((await t.call('/v1/video/disconnect', { id: connection!.id }, studio())).code).toBe('200');
    await t.query(sql`update video_posts set scheduled_at = now() - interval '1 minute' where id = ${post.id}`);
    expect(await t.app.services.video.releaseDue()).toBe(1);
    expect(await jobsOf(post.id)).toEqual([{ platform: 'sandbox', state: 'failed' }]);
    expect(await eventsOf(post.id)).toContain('video.failed');
    const read = await t.call<VideoPost>('/v1/video/get', { id: post.id }, { ...studio(), lang: 'zh' });
    expect(read.data).toMatchObject({ status: 'done', jobs: [{ state: 'failed', reason: '发布时 Sandbox 未连接；请连接后重试' }] });
    const jobId = read.data.jobs[0]!.id;
    // Retried while still not connected: refused, nothing changes.
    const early = await t.call('/v1/video/job/retry', { id: jobId }, { ...studio(), lang: 'es' });
    expect(early).toMatchObject({ code: '400', msg: 'Sandbox no está conectado para este comercio. Conéctalo primero' });
    expect(await jobsOf(post.id)).toEqual([{ platform: 'sandbox', state: 'failed' }]);
    await connectSandbox(t, w.tokens.get('studio')!, client);
    const retried = await t.call<VideoPost>('/v1/video/job/retry', { id: jobId }, studio());
    expect(retried.code, retried.msg).toBe('200');
    expect(await t.query(sql`select state, connection_id is not null as connected from video_publish_jobs where id = ${jobId}`)).toEqual([{ state: 'queued', connected: true }]);
  });
});

describe('approval through a review link', () => {
  it('publishes only once the merchant approves, without signing in', async () => {
    const post = await addPost(t, w.tokens.get('operator')!, client, { require_approval: true });
    expect(post).toMatchObject({ status: 'scheduled', approval: 'pending', jobs: [] });
    const { token, url } = await link(post.id);
    expect(url).toBe(`https://nearcast.example.com/review/${token}`);
    // Only the token's hash is kept.
    expect(await t.query(sql`select id from video_review_links where token_hash = ${token}`)).toEqual([]);
    expect(await t.app.services.video.releaseDue()).toBe(0);
    expect(await jobsOf(post.id)).toEqual([]);

    const read = await t.call<VideoReview>('/v1/video/review/get', { token });
    expect(read.code).toBe('200');
    expect(read.data).toMatchObject({ title: 'Taco Tuesday', approval: 'pending', decided: false });
    expect(read.data.captions).toHaveLength(3);
    expect(read.data.video_url).toMatch(/^http/);

    const approved = await t.call<VideoReview>('/v1/video/review/approve', { token, comment: 'Love it' });
    expect(approved.code, approved.msg).toBe('200');
    expect(approved.data).toMatchObject({ approval: 'approved', approval_comment: 'Love it', decided: true });
    expect(await jobsOf(post.id)).toEqual([{ platform: 'sandbox', state: 'queued' }]);
    expect(await eventsOf(post.id)).toEqual(['video.scheduled', 'video.approval_requested', 'video.approval_given']);

    // Used once: a second decision is refused and changes nothing.
    const again = await t.call('/v1/video/review/changes', { token, comment: 'Actually, no' });
    expect(again.code).toBe('409');
    expect((await t.call<VideoPost>('/v1/video/get', { id: post.id }, studio())).data.approval).toBe('approved');
  });

  it('takes a change request with its comment, and a fixed post needs a new approval', async () => {
    const post = await addPost(t, w.tokens.get('studio')!, client, { require_approval: true });
    const first = await link(post.id);
    const noComment = await t.call('/v1/video/review/changes', { token: first.token, comment: '  ' }, { lang: 'zh' });
    expect(noComment.code).toBe('400');
    expect(noComment.msg).toBe('请说明需要修改的内容');
    const changes = await t.call<VideoReview>('/v1/video/review/changes', { token: first.token, comment: 'Brighter, please' });
    expect(changes.data).toMatchObject({ approval: 'changes_requested', approval_comment: 'Brighter, please' });
    expect(await jobsOf(post.id)).toEqual([]);

    const fixed = await t.call<VideoPost>('/v1/video/update', { id: post.id, title: 'Taco Tuesday, brighter' }, studio());
    expect(fixed.data).toMatchObject({ approval: 'pending', approval_comment: null });
    const second = await link(post.id);
    // An edit after a link closes it: the merchant must see what it approves.
    await t.call('/v1/video/update', { id: post.id, captions: [{ language: 'en', caption: 'Brighter tacos' }] }, studio());
    expect((await t.call('/v1/video/review/get', { token: second.token })).code).toBe('404');
    const third = await link(post.id);
    expect((await t.call('/v1/video/review/approve', { token: third.token })).code).toBe('200');
    expect(await jobsOf(post.id)).toEqual([{ platform: 'sandbox', state: 'queued' }]);
  });

  it('refuses an expired link and a link replaced by a newer one', async () => {
    const post = await addPost(t, w.tokens.get('studio')!, client, { require_approval: true });
    const old = await link(post.id, 1);
    const newer = await link(post.id, 1);
    expect((await t.call('/v1/video/review/approve', { token: old.token })).code).toBe('404');
    await t.query(sql`update video_review_links set expires_at = now() - interval '1 second' where post_id = ${post.id}`);
    const expired = await t.call('/v1/video/review/approve', { token: newer.token }, { lang: 'en' });
    expect(expired.code).toBe('422');
    expect(expired.msg).toBe('This review link has expired. Ask your studio for a new one');
    expect((await t.call('/v1/video/review/get', { token: newer.token })).code).toBe('422');
    expect((await t.call<VideoPost>('/v1/video/get', { id: post.id }, studio())).data.approval).toBe('pending');
    expect(await jobsOf(post.id)).toEqual([]);
  });

  it('approved ahead of its time, still waits for the time', async () => {
    const post = await addPost(t, w.tokens.get('studio')!, client, { require_approval: true, schedule_at: new Date(Date.now() + 7200_000).toISOString() });
    const { token } = await link(post.id);
    expect((await t.call('/v1/video/review/approve', { token })).code).toBe('200');
    expect(await jobsOf(post.id)).toEqual([]);
    await t.query(sql`update video_posts set scheduled_at = now() - interval '1 minute' where id = ${post.id}`);
    expect(await t.app.services.video.releaseDue()).toBeGreaterThanOrEqual(1);
    expect(await jobsOf(post.id)).toEqual([{ platform: 'sandbox', state: 'queued' }]);
  });
});

describe('approval inside the app', () => {
  const merchant = () => ({ token: w.tokens.get('client')! });

  it('the signed-in merchant finds what awaits it, approves it there, and the link it was also sent closes', async () => {
    const post = await addPost(t, w.tokens.get('studio')!, client, { require_approval: true, title: 'Brunch menu' });
    const { token } = await link(post.id);
    const waiting = await t.call<{ list: VideoPost[] }>('/v1/video/list', { approval: 'pending' }, merchant());
    expect(waiting.data.list.map((row) => row.id)).toContain(post.id);

    const approved = await t.call<VideoPost>('/v1/video/approve', { id: post.id, comment: 'Looks great' }, merchant());
    expect(approved.code, approved.msg).toBe('200');
    expect(approved.data).toMatchObject({ id: post.id, approval: 'approved', approval_comment: 'Looks great' });
    expect(await jobsOf(post.id)).toEqual([{ platform: 'sandbox', state: 'queued' }]);
    expect(await eventsOf(post.id)).toEqual(['video.scheduled', 'video.approval_requested', 'video.approval_given']);
    // Answered once: neither door takes a second answer.
    expect((await t.call('/v1/video/review/approve', { token })).code).toBe('404');
    const again = await t.call('/v1/video/changes', { id: post.id, comment: 'Wait' }, { ...merchant(), lang: 'es' });
    expect(again.code).toBe('409');
    expect((await t.call<{ list: VideoPost[] }>('/v1/video/list', { approval: 'pending' }, merchant())).data.list.map((row) => row.id)).not.toContain(post.id);
  });

  it('asks for changes with a comment, in the merchant’s language when it is missing', async () => {
    const post = await addPost(t, w.tokens.get('studio')!, client, { require_approval: true, title: 'Salsa night' });
    await link(post.id);
    const empty = await t.call('/v1/video/changes', { id: post.id, comment: ' ' }, { ...merchant(), lang: 'zh' });
    expect(empty).toMatchObject({ code: '400', msg: '请说明需要修改的内容' });
    const changes = await t.call<VideoPost>('/v1/video/changes', { id: post.id, comment: 'Show the dance floor' }, merchant());
    expect(changes.data).toMatchObject({ approval: 'changes_requested', approval_comment: 'Show the dance floor' });
    expect(await jobsOf(post.id)).toEqual([]);
    expect(await eventsOf(post.id)).toContain('video.changes_requested');
  });

  it('refuses a post that does not wait for approval', async () => {
    const post = await addPost(t, w.tokens.get('studio')!, client, { schedule_at: new Date(Date.now() + 3600_000).toISOString() });
    const refused = await t.call('/v1/video/approve', { id: post.id }, merchant());
    expect(refused.code).toBe('409');
  });
});

describe('statistics', () => {
  it('sums growth per platform over the range from snapshots, and keeps a missing metric missing', async () => {
    const merchant = w.ids.get('client2')!;
    await connectSandbox(t, w.tokens.get('studio2')!, merchant);
    const post = await addPost(t, w.tokens.get('studio2')!, merchant);
    const job = post.jobs[0]!;
    await t.query(sql`update video_publish_jobs set state = 'approved', published_at = now() - interval '20 days', plays = 900, likes = 90, shares = null where id = ${job.id}`);
    await t.query(sql`insert into video_metric_snapshots (job_id, merchant_id, platform, taken_at, plays, likes) values
      (${job.id}, ${merchant}, 'sandbox', now() - interval '19 days', 100, 10),
      (${job.id}, ${merchant}, 'sandbox', now() - interval '10 days', 400, 40),
      (${job.id}, ${merchant}, 'sandbox', now() - interval '1 hour', 900, 90)`);
    type Stats = { videos: number; totals: { plays: number | null; likes: number | null; shares: number | null }; platforms: { series: { date: string; plays: number | null }[] }[] };
    const call = (range: string) => t.call<Stats>('/v1/video/stats', { range, merchant_id: merchant }, { token: w.tokens.get('studio2')! });
    const all = await call('all');
    expect(all.data.totals).toMatchObject({ plays: 900, likes: 90, shares: null });
    expect(all.data.videos).toBe(1);
    const week = await call('7d');
    // Growth since the last reading before the week: 900 - 400.
    expect(week.data.totals).toMatchObject({ plays: 500, likes: 50, shares: null });
    expect(week.data.videos).toBe(0);
    expect(week.data.platforms[0]!.series).toHaveLength(7);
    expect(week.data.platforms[0]!.series.at(-1)!.plays).toBe(900);
    const month = await call('30d');
    expect(month.data.totals.plays).toBe(900);
    // The series starts on the day of the first reading and carries each reading forward.
    const series = month.data.platforms[0]!.series;
    expect(series).toHaveLength(20);
    expect(series.slice(0, 9).map((point) => point.plays)).toEqual(Array(9).fill(100));
    expect(series[9]!.plays).toBe(400);
    expect(series.at(-1)!.plays).toBe(900);
    expect(month.data.videos).toBe(1);
    // The studio of the other merchant sees none of it.
    expect((await t.call('/v1/video/stats', { range: 'all', merchant_id: merchant }, studio())).code).toBe('404');
  });
});
