import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Role, VideoConnection, VideoPost } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoles } from '../../test/declared-access.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { addPost, connectSandbox, VIDEO_DEMO, videoWorld, type VideoWorld } from '../../test/video-fixtures.js';
import { givePlan } from '../../test/plans.js';
import * as repo from './repository.js';

/**
 * The video scope matrix: every video endpoint called as every demo role is allowed or refused
 * as docs/decisions/032 says (spec §2 /video: super, admin, studio, operator; a merchant reads
 * its own), and every id outside the caller's scope answers not-found (decision 006): a studio
 * never sees another studio's merchants' posts or connections. Tokens appear in no answer and
 * no log line.
 */
let t: TestApp;
let w: VideoWorld;
let mine: VideoPost;
let theirs: VideoPost;
let pending: VideoPost;
let connection: VideoConnection;
let otherConnection: VideoConnection;
const answers: string[] = [];

const ROLE_OF: Record<(typeof VIDEO_DEMO)[number] | 'studio2' | 'client2', Role> = {
  super: 'super',
  admin: 'admin',
  agent: 'partner',
  studio: 'studio',
  operator: 'operator',
  client: 'client',
  newclient: 'client',
  studio2: 'studio',
  client2: 'client',
};

async function as<T>(name: string, urlPath: string, body: object = {}, lang?: 'en' | 'zh' | 'es') {
  const response = await t.call<T>(urlPath, body, { token: w.tokens.get(name), ...(lang ? { lang } : {}) });
  answers.push(JSON.stringify(response));
  return response;
}

beforeAll(async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-video-scope-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  w = await videoWorld(t);
  // A merchant with nothing in anyone's scope: paid, so what answers it is the scope, not plan gating.
  await givePlan(t, 'newclient@example.com');
  const client = w.ids.get('client')!;
  const client2 = w.ids.get('client2')!;
  connection = await connectSandbox(t, w.tokens.get('studio')!, client);
  otherConnection = await connectSandbox(t, w.tokens.get('studio2')!, client2);
  mine = await addPost(t, w.tokens.get('studio')!, client);
  pending = await addPost(t, w.tokens.get('operator')!, client, { require_approval: true, title: 'Weekend special' });
  theirs = await addPost(t, w.tokens.get('studio2')!, client2, { title: 'Other studio’s post' });
}, 180_000);
afterAll(() => t?.close());

describe('who may call what', () => {
  // Who may call each endpoint is read from its contract entry (declaredRoles), the declaration route() enforces.
  const matrix: [string, () => object][] = [
    ['/v1/video/platforms', () => ({})],
    ['/v1/video/connections', () => ({})],
    ['/v1/video/connect', () => ({ merchant_id: 999_999, platform: 'sandbox' })],
    ['/v1/video/connect/callback', () => ({ state: 'not-a-state', code: 'x' })],
    ['/v1/video/disconnect', () => ({ id: 999_999 })],
    ['/v1/video/list', () => ({})],
    ['/v1/video/get', () => ({ id: mine.id })],
    ['/v1/video/add', () => ({ merchant_id: 999_999, title: 'x', upload_id: 999_999, captions: [{ language: 'en', caption: 'x' }], language: 'en', platforms: ['sandbox'] })],
    ['/v1/video/update', () => ({ id: 999_999 })],
    ['/v1/video/cancel', () => ({ id: 999_999 })],
    ['/v1/video/delete', () => ({ id: 999_999 })],
    ['/v1/video/job/retry', () => ({ id: 999_999 })],
    ['/v1/video/job/link', () => ({ id: 999_999, url: 'https://weibo.com/1/abc' })],
    ['/v1/video/stats', () => ({ range: '7d', post_id: mine.id })],
    ['/v1/video/mine', () => ({})],
    ['/v1/video/review/link', () => ({ id: 999_999 })],
    ['/v1/video/approve', () => ({ id: 999_999 })],
    ['/v1/video/changes', () => ({ id: 999_999, comment: 'Brighter' })],
    ['/v1/base/video', () => ({ id: mine.id })],
  ];

  it.each(matrix)('%s', async (urlPath, body) => {
    const allowed = declaredRoles(urlPath);
    const outcomes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const name of VIDEO_DEMO) {
      const response = await as(name, urlPath, body());
      expect(response.code, `${urlPath} as ${name}: ${response.msg}`).not.toBe('500');
      outcomes[name] = response.code === '403' ? 'refused' : 'allowed';
      expected[name] = allowed.includes(ROLE_OF[name]) ? 'allowed' : 'refused';
    }
    expect(outcomes).toEqual(expected);
    expect((await t.call(urlPath, body())).code, 'anonymous').toBe('403');
  });

  it('answers the review calls to anyone holding a link, and nobody else', async () => {
    for (const urlPath of ['/v1/video/review/get', '/v1/video/review/approve']) {
      const response = await t.call(urlPath, { token: 'no-such-token' });
      expect(response.code, urlPath).toBe('404');
    }
    expect((await t.call('/v1/video/review/changes', { token: 'no-such-token', comment: 'brighter' })).code).toBe('404');
  });
});

describe('every read and change stays in scope', () => {
  async function listed(name: string, body: object = {}): Promise<number[]> {
    const response = await as<{ list: VideoPost[]; total: number }>(name, '/v1/video/list', { page_size: 100, ...body });
    expect(response.code, `list as ${name}`).toBe('200');
    return response.data.list.map((row) => row.id);
  }

  it('lists only the posts of merchants in scope', async () => {
    for (const name of ['super', 'admin']) {
      expect(await listed(name)).toEqual(expect.arrayContaining([mine.id, pending.id, theirs.id]));
    }
    for (const name of ['studio', 'operator', 'client']) {
      const ids = await listed(name);
      expect(ids, name).toEqual(expect.arrayContaining([mine.id, pending.id]));
      expect(ids, name).not.toContain(theirs.id);
    }
    expect(await listed('studio2')).toEqual([theirs.id]);
    expect(await listed('client2')).toEqual([theirs.id]);
    expect(await listed('newclient')).toEqual([]);
    // Naming another studio's merchant finds nothing of it.
    expect(await listed('studio', { merchant_id: w.ids.get('client2') })).toEqual([]);
  });

  it('filters by a platform and a state of that same platform’s publication', async () => {
    const client = w.ids.get('client')!;
    const post = await addPost(t, w.tokens.get('studio')!, client, { title: 'Two platforms' });
    await t.query(sql`delete from video_publish_jobs where post_id = ${post.id}`);
    await t.query(sql`update video_posts set platforms = array['tiktok', 'youtube'] where id = ${post.id}`);
    await t.query(sql`insert into video_publish_jobs (post_id, merchant_id, platform, language, state)
                      values (${post.id}, ${client}, 'tiktok', 'en', 'reviewing'), (${post.id}, ${client}, 'youtube', 'en', 'approved')`);
    try {
      expect(await listed('studio', { platform: 'youtube', job_state: 'approved' })).toContain(post.id);
      // Its TikTok publication is still in review: an approved YouTube one does not make it an approved TikTok post.
      expect(await listed('studio', { platform: 'tiktok', job_state: 'approved' })).not.toContain(post.id);
      expect(await listed('studio', { platform: 'tiktok', job_state: 'reviewing' })).toContain(post.id);
      expect(await listed('studio', { platform: 'tiktok' })).toContain(post.id);
      expect(await listed('studio', { job_state: 'approved' })).toContain(post.id);
    } finally {
      await t.query(sql`delete from video_posts where id = ${post.id}`);
    }
  });

  it('counts the matches up to a cap, and says when there are more', async () => {
    const staff = await as<{ total: number; capped: boolean }>('super', '/v1/video/list', {});
    expect(staff.data).toMatchObject({ capped: false });
    expect(staff.data.total).toBeGreaterThanOrEqual(3);
    const caller = { id: w.ids.get('super')!, role: 'super' as const, agentType: null };
    const counted = await repo.listPosts(t.database.db, caller as never, { sort: 'newest' }, 1, 1, 1);
    expect(counted.total).toBe(2);
    expect(counted.rows).toHaveLength(1);
  });

  it('asks staff to name a merchant or a video for statistics, in their language', async () => {
    const whole = await as('super', '/v1/video/stats', { range: '30d' }, 'es');
    expect(whole).toMatchObject({ code: '400', msg: 'Elige un comercio o un vídeo: las reproducciones de toda la plataforma están en el panel' });
    expect((await as('admin', '/v1/video/stats', { range: '30d', merchant_id: w.ids.get('client') })).code).toBe('200');
    // A studio's whole scope is small: its merchants' numbers together.
    expect((await as('studio', '/v1/video/stats', { range: '30d' })).code).toBe('200');
  });

  it('answers not-found for every id out of scope', async () => {
    const otherPost = theirs.id;
    const otherJob = theirs.jobs[0]!.id;
    const calls: [string, object][] = [
      ['/v1/video/get', { id: otherPost }],
      ['/v1/video/update', { id: otherPost, title: 'Taken over' }],
      ['/v1/video/cancel', { id: otherPost }],
      ['/v1/video/delete', { id: otherPost }],
      ['/v1/video/job/retry', { id: otherJob }],
      ['/v1/video/job/link', { id: otherJob, url: 'https://weibo.com/1/abc' }],
      ['/v1/video/stats', { post_id: otherPost }],
      ['/v1/video/stats', { merchant_id: w.ids.get('client2') }],
      ['/v1/video/review/link', { id: otherPost }],
      ['/v1/base/video', { id: otherPost }],
      ['/v1/video/disconnect', { id: otherConnection.id }],
      ['/v1/video/connect', { merchant_id: w.ids.get('client2'), platform: 'sandbox' }],
    ];
    for (const [urlPath, body] of calls) {
      for (const name of ['studio', 'operator']) {
        const response = await as(name, urlPath, body);
        expect(response.code, `${urlPath} as ${name}`).toBe('404');
      }
    }
    for (const [urlPath, body] of calls.filter(([p]) => ['/v1/video/get', '/v1/video/stats', '/v1/base/video'].includes(p))) {
      expect((await as('client', urlPath, body)).code, `${urlPath} as client`).toBe('404');
    }
    // A merchant answers only its own approval requests: another's post is not found, unchanged.
    for (const [urlPath, body] of [['/v1/video/approve', { id: otherPost }], ['/v1/video/changes', { id: otherPost, comment: 'Mine now' }]] as const) {
      expect((await as('client', urlPath, body)).code, `${urlPath} as client`).toBe('404');
    }
    // Nothing changed on the other studio's post.
    const still = await as<VideoPost>('studio2', '/v1/video/get', { id: otherPost });
    expect(still.data.title).toBe('Other studio’s post');
    expect(still.data.status).not.toBe('cancelled');
  });

  it('shows each studio its own merchants’ connections only', async () => {
    const ofStudio = await as<{ list: { merchant_id: number; connections: VideoConnection[] }[] }>('studio', '/v1/video/connections', { page_size: 100 });
    const merchants = ofStudio.data.list.map((row) => row.merchant_id);
    expect(merchants).toContain(w.ids.get('client'));
    expect(merchants).not.toContain(w.ids.get('client2'));
    const row = ofStudio.data.list.find((item) => item.merchant_id === w.ids.get('client'))!;
    expect(row.connections.find((item) => item.platform === 'sandbox')).toMatchObject({ id: connection.id, state: 'connected', sandbox: true });
    const ofOther = await as<{ list: { merchant_id: number }[] }>('studio2', '/v1/video/connections', { page_size: 100 });
    expect(ofOther.data.list.map((item) => item.merchant_id)).toEqual([w.ids.get('client2')]);
  });

  it('gives a merchant its own published videos and numbers only', async () => {
    // Published, with a reading each (what the statistics are made of).
    for (const [post, plays] of [[mine, 1200], [theirs, 9999]] as const) {
      await t.query(sql`update video_publish_jobs set state = 'approved', published_at = now(), plays = ${plays} where post_id = ${post.id}`);
      await t.query(sql`insert into video_metric_snapshots (job_id, merchant_id, platform, taken_at, plays)
        select id, merchant_id, platform, now(), plays from video_publish_jobs where post_id = ${post.id}`);
    }
    const own = await as<{ videos: { list: VideoPost[] }; stats: { totals: { plays: number | null } } }>('client', '/v1/video/mine', {});
    expect(own.code).toBe('200');
    expect(own.data.videos.list.map((row) => row.id)).toContain(mine.id);
    expect(own.data.videos.list.map((row) => row.id)).not.toContain(theirs.id);
    const other = await as<{ videos: { list: VideoPost[] }; stats: { totals: { plays: number | null } } }>('client2', '/v1/video/mine', {});
    expect(other.data.videos.list.map((row) => row.id)).toEqual([theirs.id]);
    expect(other.data.stats.totals.plays).toBe(9999);
  });
});

describe('tokens', () => {
  it('never leave the server: not in an answer, not in a log line, not in the database in the clear', async () => {
    // The connection flow itself is where tokens are issued: its answers are scanned too.
    const started = await as<{ authorize_url: string }>('studio', '/v1/video/connect', { merchant_id: w.ids.get('client'), platform: 'tiktok' });
    expect(started.code, started.msg).toBe('200');
    const back = new URL(started.data.authorize_url);
    const done = await as<VideoConnection>('studio', '/v1/video/connect/callback', { state: back.searchParams.get('state'), code: back.searchParams.get('code') });
    expect(done.code, done.msg).toBe('200');
    const issued = await t.app.services.videoConnections.access(done.data.id!);
    for (const answer of answers) expect(answer).not.toContain(issued.accessToken);
    for (const line of t.logs) expect(line).not.toContain(issued.accessToken);
    const stored = await t.query<{ sealed_tokens: string }>(sql`select sealed_tokens from platform_connections where id = ${connection.id}`);
    expect(stored[0]!.sealed_tokens.startsWith('v1.')).toBe(true);
    // Sandbox tokens are recognisable by their prefixes: sbx1. (access) and sbxr1. (refresh).
    const access = await t.app.services.videoConnections.access(connection.id!);
    expect(access.accessToken.startsWith('sbx1.')).toBe(true);
    expect(stored[0]!.sealed_tokens).not.toContain(access.accessToken);
    for (const answer of answers) expect(answer).not.toMatch(/sbxr?1\./);
    for (const line of t.logs) expect(line).not.toMatch(/sbxr?1\./);
    expect(answers.length).toBeGreaterThan(50);
  });
});

describe('a post without a merchant', () => {
  it('is refused with a request to choose one, in the caller\'s language', async () => {
    const body = { title: 'x', upload_id: 999_999, captions: [{ language: 'en', caption: 'x' }], language: 'en', platforms: ['sandbox'] };
    for (const [lang, words] of [['en', 'Please choose a merchant'], ['es', 'Elige un comercio'], ['zh', '请选择商家']] as const) {
      const answer = await as<{ fields: Record<string, string> }>('studio', '/v1/video/add', body, lang);
      expect(answer.code).toBe('400');
      expect(answer.data.fields.merchant_id).toBe(words);
    }
  });
});
