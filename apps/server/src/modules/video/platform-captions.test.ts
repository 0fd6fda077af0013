import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Render, VideoPost } from '@nearcast/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishers, type PlatformAccount, type PublishTarget } from '../../adapters/publishing/index.js';
import { InstagramPublisher } from '../../adapters/publishing/instagram.js';
import { TikTokPublisher } from '../../adapters/publishing/tiktok.js';
import { YouTubePublisher } from '../../adapters/publishing/youtube.js';
import { loadConfig } from '../../config.js';
import { platformConnections } from '../../db/schema.js';
import { addMaterial, fakeRenderer, sampleScript, testEngine } from '../../test/creative-fixtures.js';
import { s256 } from '../../test/fakes/fake-server.js';
import { startFakeInstagram, type FakeInstagram } from '../../test/fakes/instagram.js';
import { startFakeTikTok, type FakeTikTok } from '../../test/fakes/tiktok.js';
import { startFakeYouTube, type FakeYouTube } from '../../test/fakes/youtube.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { addPost, connectSandbox, videoWorld, type VideoWorld } from '../../test/video-fixtures.js';
import { PublishEngine, type PublishConnections } from './publish-engine.js';
import * as publishRepo from './publish-repository.js';

/**
 * Each platform its own caption: a draft approved for TikTok, Instagram and YouTube keeps the
 * three captions of its script, and the engine hands each platform's real adapter its own words,
 * which the platform's local fake receives; video/add and video/update take platform captions,
 * keep the post's caption for the platforms without one, and refuse a caption for a platform
 * the post does not go to.
 */
let t: TestApp;
let w: VideoWorld;
let merchantId: number;
let dataDir: string;
let workRoot: string;
let tiktokFake: FakeTikTok;
let instagramFake: FakeInstagram;
let youtubeFake: FakeYouTube;

const studio = () => ({ token: w.tokens.get('studio')! });
const PLATFORMS = ['tiktok', 'instagram', 'youtube'] as const;
const CAPTIONS = {
  tiktok: { caption: 'POV: two tacos, one price', hashtags: ['tacotok', 'fyp'] },
  instagram: { caption: 'Taco Tuesday is back at our counter', hashtags: ['tacotuesday', 'foodie'] },
  youtube: { caption: 'Our Taco Tuesday deal, filmed in the kitchen', hashtags: ['shorts', 'tacos'] },
};

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-platform-captions-'));
  workRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-platform-captions-work-'));
  [tiktokFake, instagramFake, youtubeFake] = await Promise.all([startFakeTikTok(), startFakeInstagram(), startFakeYouTube()]);
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  w = await videoWorld(t);
  merchantId = w.ids.get('client')!;
  await addMaterial(t, w.tokens.get('client')!, 'mp4');
  // No platform credentials in the app: the sandbox stands in for each of the three.
  for (const platform of [...PLATFORMS, 'sandbox']) await connectSandbox(t, w.tokens.get('studio')!, merchantId, platform);
}, 180_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([tiktokFake?.close(), instagramFake?.close(), youtubeFake?.close()]);
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(workRoot, { recursive: true, force: true });
});

/** A draft whose script has a caption of its own for each of the three platforms. */
async function draftWithCaptions(): Promise<Render> {
  const script = { ...sampleScript('en'), captions: PLATFORMS.map((platform) => ({ platform, ...CAPTIONS[platform] })) };
  const made = await t.call<Render>('/v1/creative/render/add', { merchant_id: merchantId, language: 'en', script }, studio());
  expect(made.code, made.msg).toBe('200');
  await testEngine(t, { render: fakeRenderer(), workRoot }).engine.run(made.data.id);
  return made.data;
}

/**
 * The real adapters of the three platforms, pointed at their local fakes, and the tokens each
 * fake issued for the merchant's account there.
 */
async function realPlatforms(): Promise<{ engine: PublishEngine; connect: (ids: Record<string, number>) => void }> {
  const redirectUri = 'https://nearcast.example/video/connected';
  const verifier = 'v'.repeat(43) + 'PlatformCaptions';
  const tiktok = new TikTokPublisher({ clientId: 'tt-client', clientSecret: 'tt-secret', endpoints: { auth: tiktokFake.url, api: tiktokFake.url }, chunkSize: 4096 });
  const instagramBase = `${instagramFake.url}/v21.0`;
  const instagram = new InstagramPublisher(
    { clientId: 'ig-app', clientSecret: 'ig-secret', endpoints: { auth: instagramBase, api: instagramBase }, chunkSize: 4096 },
    { pollIntervalMs: 0, pollAttempts: 5 },
  );
  const youtube = new YouTubePublisher({ clientId: 'yt-client', clientSecret: 'yt-secret', endpoints: { auth: youtubeFake.url, token: youtubeFake.url, api: youtubeFake.url }, chunkSize: 256 * 1024 });
  const grants = {
    tiktok: await tiktok.exchange({ code: tiktokFake.issueCode(s256(verifier), redirectUri), redirectUri, codeVerifier: verifier }),
    instagram: await instagram.exchange({ code: instagramFake.issueCode(redirectUri), redirectUri, codeVerifier: 'unused' }),
    youtube: await youtube.exchange({ code: youtubeFake.issueCode(s256(verifier), redirectUri), redirectUri, codeVerifier: verifier }),
  };
  const credentials = Object.fromEntries(PLATFORMS.flatMap((platform) => [[`${platform.toUpperCase()}_CLIENT_ID`, 'id'], [`${platform.toUpperCase()}_CLIENT_SECRET`, 'secret']]));
  const publishers = createPublishers(loadConfig({ NODE_ENV: 'test' }, credentials), {
    factories: { tiktok: () => tiktok, instagram: () => instagram, youtube: () => youtube },
  });
  const byConnection = new Map<number, { accessToken: string; account: PlatformAccount; platform: PublishTarget }>();
  const connections: PublishConnections = {
    access: (id) => {
      const grant = byConnection.get(id);
      return grant ? Promise.resolve({ ...grant, sandbox: false }) : Promise.reject(new Error(`no grant for connection ${id}`));
    },
    refresh: () => Promise.reject(new Error('not expected')),
  };
  const services = t.app.services;
  const engine = new PublishEngine({ db: t.database.db, jobs: services.jobs, events: services.events, storage: services.storage, publishers, connections: () => connections });
  return {
    engine,
    connect: (ids) => {
      for (const platform of PLATFORMS) {
        byConnection.set(ids[platform]!, { accessToken: grants[platform].tokens.accessToken, account: grants[platform].account, platform });
      }
    },
  };
}

describe('a draft approved for three platforms', () => {
  it('keeps each platform’s caption from the script, and each platform’s fake receives exactly its own', async () => {
    const draft = await draftWithCaptions();
    const approved = await t.call<Render>('/v1/creative/draft/approve', { id: draft.id, platforms: [...PLATFORMS] }, studio());
    expect(approved.code, approved.msg).toBe('200');
    const post = await t.call<VideoPost>('/v1/video/get', { id: approved.data.post_id }, studio());
    expect(post.data.platforms).toEqual([...PLATFORMS]);
    expect(post.data.platform_captions).toEqual(PLATFORMS.map((platform) => ({ platform, ...CAPTIONS[platform] })));

    // The merchant's three accounts are real ones from here on, served by the adapters under test.
    const real = await realPlatforms();
    const rows = await t.database.db.select().from(platformConnections).where(eq(platformConnections.merchantId, merchantId));
    const ids = Object.fromEntries(rows.filter((row) => (PLATFORMS as readonly string[]).includes(row.platform)).map((row) => [row.platform, row.id]));
    await t.query(sql`update platform_connections set sandbox = false where merchant_id = ${merchantId} and platform in ('tiktok', 'instagram', 'youtube')`);
    real.connect(ids);
    try {
      const jobs = await t.database.db.transaction((tx) =>
        real.engine.enqueue(tx, { postId: post.data.id, merchantId, connectionIds: Object.values(ids), dueAt: new Date(Date.now() - 1000) }),
      );
      expect(jobs.map((job) => job.platform).sort()).toEqual([...PLATFORMS].sort());
      for (const job of jobs) {
        const result = await real.engine.advance(job.id);
        expect(['reviewing', 'published', 'approved'], `${job.platform}: ${(await publishRepo.findJob(t.database.db, job.id))?.reason}`).toContain(result);
      }
    } finally {
      await t.query(sql`update platform_connections set sandbox = true where merchant_id = ${merchantId} and platform in ('tiktok', 'instagram', 'youtube')`);
    }

    const text = (platform: keyof typeof CAPTIONS) => `${CAPTIONS[platform].caption}\n\n${CAPTIONS[platform].hashtags.map((tag) => `#${tag}`).join(' ')}`;
    expect(tiktokFake.posts.map((item) => item.title)).toEqual([text('tiktok')]);
    expect(instagramFake.media.map((item) => item.caption)).toEqual([text('instagram')]);
    expect(youtubeFake.videos.map((item) => ({ title: item.title, description: item.description, tags: item.tags }))).toEqual([
      { title: 'Taco Tuesday', description: text('youtube'), tags: CAPTIONS.youtube.hashtags },
    ]);
  });
});

describe('platform captions of a post made by hand', () => {
  it('keeps the post’s caption for a platform without its own, and drops a removed platform’s caption on edit', async () => {
    const made = await addPost(t, w.tokens.get('studio')!, merchantId, {
      platforms: ['sandbox', 'tiktok'],
      platform_captions: [{ platform: 'tiktok', caption: 'Tacos for TikTok', hashtags: ['#fyp'] }],
      submit: false,
    });
    expect(made.platform_captions).toEqual([{ platform: 'tiktok', caption: 'Tacos for TikTok', hashtags: ['fyp'] }]);
    expect(made.captions[0]).toMatchObject({ language: 'en', caption: 'Two-for-one tacos all day' });

    const edited = await t.call<VideoPost>('/v1/video/update', { id: made.id, platforms: ['sandbox', 'instagram'] }, studio());
    expect(edited.code, edited.msg).toBe('200');
    expect(edited.data.platform_captions).toEqual([]);

    const again = await t.call<VideoPost>('/v1/video/update', { id: made.id, platform_captions: [{ platform: 'instagram', caption: 'For the feed', hashtags: [] }] }, studio());
    expect(again.code, again.msg).toBe('200');
    expect(again.data.platform_captions).toEqual([{ platform: 'instagram', caption: 'For the feed', hashtags: [] }]);
  });

  it('refuses a caption for a platform the post does not go to, and two captions for one platform, in the caller’s language', async () => {
    const base = { merchant_id: merchantId, title: 'Tacos', footage_id: 1, captions: [{ language: 'en', caption: 'Tacos', hashtags: [] }], language: 'en', platforms: ['sandbox'] };
    const unused = await t.call('/v1/video/add', { ...base, platform_captions: [{ platform: 'tiktok', caption: 'x', hashtags: [] }] }, studio());
    expect(unused).toMatchObject({ code: '400', data: { fields: { platform_captions: expect.any(String) } } });
    const twice = await t.call(
      '/v1/video/add',
      { ...base, platforms: ['tiktok'], platform_captions: [{ platform: 'tiktok', caption: 'a', hashtags: [] }, { platform: 'tiktok', caption: 'b', hashtags: [] }] },
      { ...studio(), lang: 'es' },
    );
    expect(twice).toMatchObject({ code: '400', msg: 'Cada plataforma puede tener un solo texto' });

    const made = await addPost(t, w.tokens.get('studio')!, merchantId, { submit: false });
    const edit = await t.call('/v1/video/update', { id: made.id, platform_captions: [{ platform: 'youtube', caption: 'x', hashtags: [] }] }, { ...studio(), lang: 'zh' });
    expect(edit).toMatchObject({ code: '400', msg: '有平台文案对应的平台不在本次发布之列' });
  });
});
