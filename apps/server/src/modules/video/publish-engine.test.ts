import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishers, PublishError, sandboxMetrics, SANDBOX_REJECT_TAG, type PublishContext, type Publisher, type RemoteRef, type RemoteStatus } from '../../adapters/publishing/index.js';
import { accounts, events, platformConnections, videoPosts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { dieAt } from '../../test/leased-work-harness.js';
import { milestoneOf, MetricsCollector } from './metrics-collector.js';
import { LEASE_MS, PublishEngine, type PublishConnections } from './publish-engine.js';
import { describeReason } from './publish-reasons.js';
import * as repo from './publish-repository.js';

/**
 * A tiny scripted platform: it keeps the posts it made, counts them, and can be told to refuse a
 * stale token, answer 429 once, lose the answer of its publish call, or hang right after it
 * accepted a video (a process killed at the worst moment). It resumes from the checkpoint the
 * way a real adapter must: once its publish call was sent, it asks for the status instead of
 * sending it again.
 */
class ScriptedPlatform implements Publisher {
  readonly platform = 'tiktok' as const;
  readonly mode = 'api' as const;
  readonly sandbox = false;
  readonly pkce = true;
  posts = new Map<string, RemoteStatus>();
  publishCalls = 0;
  /** The cover the last publish call was handed: its type and size, or null. */
  lastCover: { mimeType: string; bytes: number } | null = null;
  validToken = 'good';
  limit: number | null = null;
  rateLimitOnce = false;
  loseAnswerOnce = false;
  hangAfterAccept = false;
  privateOnly = false;
  /** Answers "still processing, come back in a minute" this many times before it posts. */
  processing = 0;
  /** Resolves when a publish reaches the platform, to line up concurrent attempts. */
  gate: Promise<void> | null = null;
  private seq = 0;

  dailyLimit() {
    return Promise.resolve(this.limit);
  }
  authorizeUrl(): string {
    return 'http://127.0.0.1/never';
  }
  exchange(): never {
    throw new Error('not used');
  }
  refresh(): never {
    throw new Error('not used');
  }

  async publish(ctx: PublishContext) {
    this.publishCalls++;
    this.lastCover = null;
    if (ctx.cover) {
      let bytes = 0;
      for await (const chunk of (await ctx.cover.open()) as AsyncIterable<Buffer>) bytes += chunk.length;
      this.lastCover = { mimeType: ctx.cover.mimeType, bytes };
    }
    if (ctx.accessToken !== this.validToken) throw new PublishError('unauthorized', 'token expired', { status: 401 });
    if (this.rateLimitOnce) {
      this.rateLimitOnce = false;
      throw new PublishError('rate_limited', 'too many requests', { status: 429, retryAfterSeconds: 120 });
    }
    let checkpoint = ctx.checkpoint ?? {};
    if (checkpoint.sent === true) {
      // The publish call went out in an earlier attempt: find out what became of it.
      const status = await this.status({ accessToken: ctx.accessToken, account: ctx.account, remoteId: '', checkpoint });
      return { ...status, remoteId: status.remoteId! };
    }
    const publishId = typeof checkpoint.publishId === 'string' ? checkpoint.publishId : `pub-${++this.seq}`;
    checkpoint = { publishId };
    await ctx.save(checkpoint);
    let bytes = 0;
    for await (const chunk of (await ctx.video.open()) as AsyncIterable<Buffer>) bytes += chunk.length;
    if (bytes !== ctx.video.size) throw new PublishError('rejected', 'short file');
    if (this.processing > 0) {
      this.processing--;
      throw new PublishError('unavailable', 'The video is still processing', { retryAfterSeconds: 60 });
    }
    await ctx.save({ ...checkpoint, sent: true });
    if (this.gate) await this.gate;
    const remote: RemoteStatus = this.privateOnly
      ? { state: 'published', remoteId: `vid-${publishId}`, url: null, reason: 'posted privately', privateOnly: true }
      : { state: 'reviewing', remoteId: `vid-${publishId}`, url: `https://example.test/v/${publishId}`, reason: null, privateOnly: false };
    this.posts.set(publishId, remote);
    if (this.hangAfterAccept) return new Promise<never>(() => {});
    if (this.loseAnswerOnce) {
      this.loseAnswerOnce = false;
      throw new PublishError('unknown_outcome', 'the connection dropped after the publish call was sent');
    }
    return { ...remote, remoteId: remote.remoteId! };
  }

  status(ref: RemoteRef): Promise<RemoteStatus> {
    const publishId = typeof ref.checkpoint?.publishId === 'string' ? ref.checkpoint.publishId : '';
    const post = this.posts.get(publishId);
    if (!post) return Promise.reject(new PublishError('rejected', 'no such post', { status: 404 }));
    return Promise.resolve(post);
  }

  metrics() {
    return Promise.resolve({ plays: 1500, likes: 40, comments: null, shares: 3, collections: null });
  }
}

/** A platform without a publishing API: a person posts, the link they paste is the post. */
class HandPostedPlatform implements Publisher {
  readonly platform = 'weibo' as const;
  readonly mode = 'assisted' as const;
  readonly sandbox = false;
  readonly pkce = false;
  dailyLimit() {
    return Promise.resolve(null);
  }
  authorizeUrl(): string {
    return 'http://127.0.0.1/never';
  }
  exchange(): never {
    throw new Error('not used');
  }
  refresh(): never {
    throw new Error('not used');
  }
  publish(): Promise<never> {
    return Promise.reject(new PublishError('unsupported', 'posted by hand'));
  }
  status(ref: RemoteRef): Promise<RemoteStatus> {
    return Promise.resolve({ state: 'approved', remoteId: ref.remoteId, url: null, reason: null, privateOnly: false });
  }
  metrics() {
    return Promise.resolve({ plays: null, likes: 12, comments: 3, shares: 1, collections: null });
  }
  parsePostUrl(url: string): string | null {
    return /^https:\/\/weibo\.com\/\d+\/([A-Za-z0-9]+)$/.exec(url)?.[1] ?? null;
  }
}

let t: TestApp;
let dataDir: string;
let merchantId: number;
let clock = Date.parse('2026-03-02T10:00:00Z');
const now = () => new Date(clock);
const fake = new ScriptedPlatform();
const tokens = new Map<number, string>();
let refreshes = 0;
const connections: PublishConnections = {
  access: (id) => Promise.resolve({ accessToken: tokens.get(id) ?? '', account: { id: 'acct-1', name: 'Shop' }, platform: 'tiktok', sandbox: false }),
  refresh: (id) => {
    refreshes++;
    tokens.set(id, fake.validToken);
    return Promise.resolve(fake.validToken);
  },
};
let fakeConnection: number;
let sandboxConnection: number;
let weiboConnection: number;
const FILE_KEY = 'video-test/clip.mp4';
const FILE_SIZE = 200_000;

function engine(): PublishEngine {
  const publishers = createPublishers(t.app.services.config, { factories: { tiktok: () => fake, weibo: () => new HandPostedPlatform() }, now });
  return new PublishEngine({
    db: t.database.db,
    jobs: t.app.services.jobs,
    events: t.app.services.events,
    storage: t.app.services.storage,
    publishers,
    connections: () => connections,
    now,
  });
}

/** A post released to one connection; answers its job. */
async function postTo(connectionId: number, caption = 'Fresh bread every morning', thumbKey: string | null = null): Promise<repo.PublishJobRow> {
  const [post] = await t.database.db
    .insert(videoPosts)
    .values({
      merchantId,
      title: 'Morning bake',
      fileKey: FILE_KEY,
      fileName: 'clip.mp4',
      fileMime: 'video/mp4',
      fileSize: FILE_SIZE,
      thumbKey,
      captions: [
        { language: 'en', caption, hashtags: ['bakery'] },
        { language: 'es', caption: 'Pan fresco', hashtags: ['panaderia'] },
        { language: 'zh', caption: '新鲜面包', hashtags: ['面包'] },
      ],
      platforms: ['tiktok', 'sandbox'],
      language: 'en',
      status: 'publishing',
    })
    .returning();
  const jobs = await t.database.db.transaction((tx) => engine().enqueue(tx, { postId: post!.id, merchantId, connectionIds: [connectionId], dueAt: now() }));
  expect(jobs).toHaveLength(1);
  return jobs[0]!;
}

async function eventsOf(postId: number) {
  const rows = await t.database.db.select().from(events).where(sql`${events.subjectType} = 'video_post' and ${events.subjectId} = ${String(postId)}`).orderBy(events.id);
  return rows.map((row) => ({ type: row.type, payload: row.payload, accountId: row.accountId }));
}

const job = async (id: number) => (await repo.findJob(t.database.db, id))!;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-publish-'));
  // Credentials switch TikTok's real adapter on; the factory hands it the scripted platform.
  t = await createTestApp({ config: { DATA_DIR: dataDir, TIKTOK_CLIENT_ID: 'client', TIKTOK_CLIENT_SECRET: 'secret', WEIBO_CLIENT_ID: 'client', WEIBO_CLIENT_SECRET: 'secret' } });
  const [client] = await t.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, 'client@example.com'));
  merchantId = client!.id;
  await t.app.services.storage.put(FILE_KEY, Readable.from(randomBytes(FILE_SIZE)), { contentType: 'video/mp4', contentLength: FILE_SIZE });
  const made = await t.database.db
    .insert(platformConnections)
    .values([
      { merchantId, platform: 'tiktok', remoteAccountId: 'acct-1', remoteAccountName: 'Shop', sealedTokens: 'sealed' },
      { merchantId, platform: 'sandbox', sandbox: true, remoteAccountId: 'sbx-1', remoteAccountName: 'Sandbox', sealedTokens: 'sealed' },
      { merchantId, platform: 'weibo', remoteAccountId: 'wb-1', remoteAccountName: 'Shop on Weibo', sealedTokens: 'sealed' },
    ])
    .returning();
  fakeConnection = made[0]!.id;
  sandboxConnection = made[1]!.id;
  weiboConnection = made[2]!.id;
  tokens.set(fakeConnection, 'good');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('publishing through the sandbox', () => {
  it('moves a post through uploading, reviewing, published and approved, one event each, then reads growing statistics', async () => {
    const sandbox = createPublishers(t.app.services.config, { now }).forConnection({ platform: 'sandbox', sandbox: true })!;
    const issued = await sandbox.exchange({ code: 'sbx-code.abc', redirectUri: 'http://localhost/video/connected', codeVerifier: 'v'.repeat(43) });
    tokens.set(sandboxConnection, issued.tokens.accessToken);
    const queued = await postTo(sandboxConnection);
    const e = engine();
    expect(await e.advance(queued.id)).toBe('reviewing');
    const reviewing = await job(queued.id);
    expect(reviewing.remoteId).toMatch(/^sbx_sandbox_/);
    expect(reviewing.runAfter!.getTime()).toBeGreaterThan(clock);
    // Not due yet: nothing happens.
    expect(await e.advance(queued.id)).toBe('busy');
    clock += 3 * 60_000;
    expect(await e.advance(queued.id)).toBe('published');
    clock += 3 * 60_000;
    expect(await e.advance(queued.id)).toBe('approved');
    expect(await e.advance(queued.id)).toBe('busy');
    expect((await eventsOf(queued.postId)).map((row) => row.type)).toEqual(['video.uploading', 'video.reviewing', 'video.published', 'video.approved']);
    expect((await eventsOf(queued.postId))[2]).toMatchObject({ accountId: merchantId, payload: { post_id: queued.postId, job_id: queued.id, platform: 'sandbox', title: 'Morning bake' } });
    // The notification center tells the merchant, from the event the engine recorded.
    const [published] = await t.query<{ id: number }>(sql`select id::int as id from events where type = 'video.published' and subject_id = ${String(queued.postId)}`);
    await t.app.services.events.deliver({ event_id: published!.id, subscriber: 'notification.center' });
    expect(await t.query(sql`select kind from notifications where account_id = ${merchantId} and event_id = ${published!.id}`)).toEqual([{ kind: 'video_published' }]);
    const [post] = await t.database.db.select().from(videoPosts).where(eq(videoPosts.id, queued.postId));
    expect(post!.status).toBe('done');

    const collector = new MetricsCollector({ db: t.database.db, events: t.app.services.events, publishers: createPublishers(t.app.services.config, { now }), connections: () => connections, now });
    clock += 3 * 86_400_000;
    // The sandbox's token lives two hours: the collector refreshes it once and carries on.
    const refreshesBefore = refreshes;
    const connectionsWithSandboxRefresh = connections.refresh;
    connections.refresh = async (id) => {
      refreshes++;
      const fresh = await sandbox.refresh(issued.tokens.refreshToken!);
      tokens.set(id, fresh.accessToken);
      return fresh.accessToken;
    };
    try {
      expect(await collector.collect()).toEqual({ read: 1, failed: 0 });
      expect(refreshes).toBe(refreshesBefore + 1);
      const first = await job(queued.id);
      const expected = sandboxMetrics(first.remoteId!, now(), 'sandbox');
      expect(first.plays).toBe(expected.plays);
      expect(first.likes).toBe(expected.likes);
      expect(first.lastMetricsAt!.getTime()).toBe(clock);
      // Read already: not due again within the hour.
      expect(await collector.collect()).toEqual({ read: 0, failed: 0 });
      clock += 7 * 86_400_000;
      expect(await collector.collect()).toEqual({ read: 1, failed: 0 });
      const second = await job(queued.id);
      expect(second.plays!).toBeGreaterThanOrEqual(first.plays!);
      const snapshots = await repo.snapshotsOf(t.database.db, queued.id);
      expect(snapshots.map((s) => s.plays)).toEqual([first.plays, second.plays]);
      const milestones = (await eventsOf(queued.postId)).filter((row) => row.type === 'video.milestone');
      const reached = [milestoneOf(first.plays), milestoneOf(second.plays)].filter((m, i, all) => m > 0 && all.indexOf(m) === i);
      expect(milestones.map((row) => row.payload.value)).toEqual(reached);
      // Every reading that grew tells the plays it reached: the dashboards count all of them.
      const growth = (await eventsOf(queued.postId)).filter((row) => row.type === 'video.plays');
      const grewTo = [first.plays!, second.plays!].filter((plays, i, all) => plays > (i === 0 ? 0 : all[i - 1]!));
      expect(grewTo.length).toBeGreaterThan(0);
      expect(growth.map((row) => row.payload.plays)).toEqual(grewTo);
    } finally {
      connections.refresh = connectionsWithSandboxRefresh;
    }
  });

  it('fails a post the sandbox refuses, with its reason and a video.failed event', async () => {
    clock += 86_400_000;
    const queued = await postTo(sandboxConnection, `Refuse me ${SANDBOX_REJECT_TAG}`);
    const sandbox = createPublishers(t.app.services.config, { now }).forConnection({ platform: 'sandbox', sandbox: true })!;
    tokens.set(sandboxConnection, (await sandbox.exchange({ code: 'sbx-code.def', redirectUri: 'http://localhost/x', codeVerifier: 'v'.repeat(43) })).tokens.accessToken);
    expect(await engine().advance(queued.id)).toBe('failed');
    const failed = await job(queued.id);
    expect(failed.reason).toContain(SANDBOX_REJECT_TAG);
    expect(await eventsOf(queued.postId)).toEqual([
      { type: 'video.uploading', accountId: merchantId, payload: { post_id: queued.postId, job_id: queued.id, platform: 'sandbox' } },
      { type: 'video.failed', accountId: merchantId, payload: { post_id: queued.postId, job_id: queued.id, platform: 'sandbox', title: 'Morning bake', reason: failed.reason } },
    ]);
  });
});

describe('publishing never posts twice', () => {
  it('resumes a job whose worker died after the platform accepted the video, without a second post', async () => {
    clock += 86_400_000;
    const queued = await postTo(fakeConnection);
    fake.hangAfterAccept = true;
    const before = fake.posts.size;
    // The first worker dies once the platform has the video: it never comes back.
    await dieAt(() => engine().advance(queued.id), async () => (await job(queued.id)).checkpoint?.sent === true);
    await expect.poll(() => fake.posts.size).toBe(before + 1);
    fake.hangAfterAccept = false;
    // A restarted instance finds the job held, until the dead worker's lease runs out.
    expect(await engine().advance(queued.id)).toBe('busy');
    clock += LEASE_MS + 1000;
    expect(await engine().advance(queued.id)).toBe('reviewing');
    expect(fake.posts.size).toBe(before + 1);
    const resumed = await job(queued.id);
    expect(resumed.remoteId).toBe(`vid-${String(resumed.checkpoint!.publishId)}`);
  });

  it('hands the platform the still of the video as its cover, and nothing where the video has none', async () => {
    clock += 86_400_000;
    await t.app.services.storage.put('video-test/thumb.jpg', Readable.from(Buffer.alloc(321, 0xff)), { contentType: 'image/jpeg', contentLength: 321 });
    const withStill = await postTo(fakeConnection, 'With a still', 'video-test/thumb.jpg');
    expect(await engine().advance(withStill.id)).toBe('reviewing');
    expect(fake.lastCover).toEqual({ mimeType: 'image/jpeg', bytes: 321 });
    clock += 86_400_000;
    const without = await postTo(fakeConnection, 'Without a still');
    expect(await engine().advance(without.id)).toBe('reviewing');
    expect(fake.lastCover).toBeNull();
  });

  it('lets exactly one of several concurrent attempts at one job post', async () => {
    clock += 86_400_000;
    const queued = await postTo(fakeConnection);
    const before = fake.posts.size;
    let open!: () => void;
    fake.gate = new Promise<void>((resolve) => (open = resolve));
    const attempts = Promise.all([engine().advance(queued.id), engine().advance(queued.id), engine().advance(queued.id)]);
    await expect.poll(async () => (await job(queued.id)).checkpoint?.sent, { timeout: 5000 }).toBe(true);
    open();
    const results = await attempts;
    fake.gate = null;
    expect(results.filter((r) => r === 'reviewing')).toHaveLength(1);
    expect(results.filter((r) => r === 'busy')).toHaveLength(2);
    expect(fake.posts.size).toBe(before + 1);
  });

  it('checks an unknown outcome with the platform instead of publishing again', async () => {
    clock += 86_400_000;
    const queued = await postTo(fakeConnection);
    const before = { posts: fake.posts.size, calls: fake.publishCalls };
    fake.loseAnswerOnce = true;
    expect(await engine().advance(queued.id)).toBe('unknown');
    expect(fake.posts.size).toBe(before.posts + 1);
    clock += 10 * 60_000;
    expect(await engine().advance(queued.id)).toBe('reviewing');
    expect(fake.publishCalls).toBe(before.calls + 1);
    expect(fake.posts.size).toBe(before.posts + 1);
  });

  it('publishes again after an unknown outcome only when the platform has no such post', async () => {
    clock += 86_400_000;
    const queued = await postTo(fakeConnection);
    // The lost call never reached the platform: the job is unknown, its checkpoint names a
    // publish id the platform has never seen.
    await repo.updateJob(t.database.db, queued.id, { state: 'unknown', startedAt: now(), checkpoint: { publishId: 'never-made' } });
    const before = fake.posts.size;
    expect(await engine().advance(queued.id)).toBe('reviewing');
    expect(fake.posts.size).toBe(before + 1);
    expect((await job(queued.id)).remoteId).toBe('vid-never-made');
  });
});

describe('platform answers', () => {
  it('backs off on a 429 for as long as the platform asks, then carries on', async () => {
    clock += 86_400_000;
    const queued = await postTo(fakeConnection);
    const before = fake.posts.size;
    fake.rateLimitOnce = true;
    expect(await engine().advance(queued.id)).toBe('deferred');
    const deferred = await job(queued.id);
    expect(deferred.runAfter!.getTime()).toBe(clock + 120_000);
    expect(describeReason(deferred.deferredReason, 'en')).toBe('The platform asked us to slow down; trying again shortly');
    clock += 60_000;
    expect(await engine().advance(queued.id)).toBe('busy');
    clock += 61_000;
    expect(await engine().advance(queued.id)).toBe('reviewing');
    expect(fake.posts.size).toBe(before + 1);
  });

  it('refreshes an expired token once, then carries on with the same upload', async () => {
    clock += 86_400_000;
    const queued = await postTo(fakeConnection);
    fake.validToken = 'renewed';
    tokens.set(fakeConnection, 'expired');
    const before = { refreshes, posts: fake.posts.size };
    expect(await engine().advance(queued.id)).toBe('reviewing');
    expect(refreshes).toBe(before.refreshes + 1);
    expect(tokens.get(fakeConnection)).toBe('renewed');
    expect(fake.posts.size).toBe(before.posts + 1);
  });

  it('defers past an account’s daily limit to the next day, and says so', async () => {
    clock = Date.parse('2026-06-01T09:00:00Z');
    fake.limit = 1;
    const first = await postTo(fakeConnection);
    const second = await postTo(fakeConnection);
    expect(await engine().advance(first.id)).toBe('reviewing');
    expect(await engine().advance(second.id)).toBe('deferred');
    const deferred = await job(second.id);
    expect(deferred.state).toBe('queued');
    expect(deferred.runAfter!.toISOString()).toBe('2026-06-02T00:00:00.000Z');
    expect(describeReason(deferred.deferredReason, 'en')).toBe('This account’s daily limit of 1 posts is reached; it goes out on 2026/06/02');
    expect(describeReason(deferred.deferredReason, 'es')).toBe('Se alcanzó el límite diario de 1 publicaciones de esta cuenta; sale el 2026/06/02');
    clock = Date.parse('2026-06-02T00:00:30Z');
    expect(await engine().advance(second.id)).toBe('reviewing');
    fake.limit = null;
  });

  it('keeps a post the platform only allowed privately as published, says so, and stops asking', async () => {
    clock = Date.parse('2026-07-01T09:00:00Z');
    fake.privateOnly = true;
    const queued = await postTo(fakeConnection);
    expect(await engine().advance(queued.id)).toBe('published');
    fake.privateOnly = false;
    const row = await job(queued.id);
    expect(row).toMatchObject({ state: 'published', privateOnly: true, runAfter: null, reason: null });
    clock += 86_400_000;
    expect(await repo.dueJobIds(t.database.db, now(), 1000)).not.toContain(queued.id);
    expect(await engine().advance(queued.id)).toBe('busy');
    const [post] = await t.database.db.select().from(videoPosts).where(eq(videoPosts.id, queued.postId));
    expect(post!.status).toBe('done');
    expect(await eventsOf(queued.postId)).toEqual([
      { type: 'video.uploading', accountId: merchantId, payload: { post_id: queued.postId, job_id: queued.id, platform: 'tiktok' } },
      { type: 'video.published', accountId: merchantId, payload: { post_id: queued.postId, job_id: queued.id, platform: 'tiktok', title: 'Morning bake', language: 'en', private_only: true } },
    ]);
  });

  it('fails a job whose account must be connected again, and retries it without a second post when it had a platform id', async () => {
    clock = Date.parse('2026-08-01T09:00:00Z');
    const queued = await postTo(fakeConnection);
    const access = connections.access;
    connections.access = () => Promise.reject(new PublishError('needs_reconnect', 'the grant was revoked'));
    try {
      expect(await engine().advance(queued.id)).toBe('failed');
    } finally {
      connections.access = access;
    }
    expect(describeReason((await job(queued.id)).reason, 'en')).toBe('The account needs to be connected again: the grant was revoked');
    expect(describeReason((await job(queued.id)).reason, 'es')).toBe('La cuenta debe conectarse de nuevo: the grant was revoked');
    // As if the platform had given it an id before it failed: a retry asks the platform first.
    await repo.updateJob(t.database.db, queued.id, { remoteId: 'vid-pub-x', checkpoint: { publishId: 'pub-x' } });
    fake.posts.set('pub-x', { state: 'approved', remoteId: 'vid-pub-x', url: null, reason: null, privateOnly: false });
    const retried = await t.database.db.transaction((tx) => engine().retry(tx, queued.id));
    expect(retried).toMatchObject({ state: 'unknown', reason: null, attempts: 0 });
    const before = { calls: fake.publishCalls, posts: fake.posts.size };
    expect(await engine().advance(queued.id)).toBe('approved');
    expect(fake.publishCalls).toBe(before.calls);
    expect(fake.posts.size).toBe(before.posts);
    expect((await eventsOf(queued.postId)).map((e) => e.type)).toEqual(['video.failed', 'video.published', 'video.approved']);
  });

  it('gives up on an outcome the platform never answers after its checks, asking a person to look', async () => {
    clock = Date.parse('2026-08-02T09:00:00Z');
    const queued = await postTo(fakeConnection);
    await repo.updateJob(t.database.db, queued.id, { state: 'unknown', startedAt: now(), attempts: 12, checkpoint: { publishId: 'pub-silent' } });
    const status = fake.status.bind(fake);
    fake.status = () => Promise.reject(new PublishError('unknown_outcome', 'timed out'));
    try {
      expect(await engine().advance(queued.id)).toBe('failed');
    } finally {
      fake.status = status;
    }
    expect(describeReason((await job(queued.id)).reason, 'en')).toMatch(/not known .*check the account before trying again/);
  });

  it('waits for a hand-posted platform’s link, then follows the post from it', async () => {
    clock = Date.parse('2026-08-03T09:00:00Z');
    const queued = await postTo(weiboConnection);
    expect(await engine().advance(queued.id)).toBe('deferred');
    const waiting = await job(queued.id);
    expect(waiting.state).toBe('queued');
    expect(describeReason(waiting.deferredReason, 'zh')).toBe('需手动发布：等待粘贴帖子链接');
    expect(await t.database.db.transaction((tx) => engine().attachPostUrl(tx, queued.id, 'https://example.com/not-weibo'))).toBe('invalid');
    const attached = await t.database.db.transaction((tx) => engine().attachPostUrl(tx, queued.id, 'https://weibo.com/1234/AbCd9'));
    expect(attached).toMatchObject({ state: 'published', remoteId: 'AbCd9', url: 'https://weibo.com/1234/AbCd9' });
    expect(await engine().advance(queued.id)).toBe('approved');
    expect((await eventsOf(queued.postId)).map((e) => e.type)).toEqual(['video.published', 'video.approved']);
  });

  it('waits as long as the platform says it is still processing, without counting it as a failed attempt', async () => {
    clock = Date.parse('2026-08-04T09:00:00Z');
    const queued = await postTo(fakeConnection);
    fake.processing = 8;
    const before = fake.posts.size;
    for (let i = 0; i < 8; i++) {
      expect(await engine().advance(queued.id)).toBe('deferred');
      const waiting = await job(queued.id);
      expect(waiting).toMatchObject({ state: 'uploading', attempts: 0 });
      expect(describeReason(waiting.deferredReason, 'en')).toBe('The platform is still processing the video');
      expect(waiting.runAfter!.getTime()).toBe(clock + 60_000);
      clock += 60_000;
    }
    expect(await engine().advance(queued.id)).toBe('reviewing');
    expect(fake.posts.size).toBe(before + 1);
  });

  it('carries on from the checkpoint when an unknown outcome turns out to be an upload still under way', async () => {
    clock = Date.parse('2026-08-05T09:00:00Z');
    const queued = await postTo(fakeConnection);
    await repo.updateJob(t.database.db, queued.id, { state: 'unknown', startedAt: now(), checkpoint: { publishId: 'pub-halfway' } });
    const status = fake.status.bind(fake);
    fake.status = () => Promise.resolve({ state: 'reviewing', remoteId: null, url: null, reason: null, privateOnly: false });
    const before = fake.posts.size;
    try {
      expect(await engine().advance(queued.id)).toBe('reviewing');
    } finally {
      fake.status = status;
    }
    expect(fake.posts.size).toBe(before + 1);
    expect((await job(queued.id)).remoteId).toBe('vid-pub-halfway');
  });

  it('announces each plays milestone and each growth once, however many collectors store the same reading', async () => {
    clock = Date.parse('2026-08-06T09:00:00Z');
    const queued = await postTo(fakeConnection);
    const collector = () =>
      new MetricsCollector({ db: t.database.db, events: t.app.services.events, publishers: createPublishers(t.app.services.config, { now }), connections: () => connections, now });
    const reading = { plays: 1500, likes: 40, comments: null, shares: 3, collections: null };
    await Promise.all([collector().store(queued.id, now(), reading), collector().store(queued.id, now(), reading), collector().store(queued.id, now(), reading)]);
    await collector().store(queued.id, new Date(clock + 3600_000), { ...reading, plays: 1800 });
    await collector().store(queued.id, new Date(clock + 7200_000), { ...reading, plays: 25_000 });
    const milestones = (await eventsOf(queued.postId)).filter((e) => e.type === 'video.milestone').map((e) => e.payload);
    expect(milestones).toEqual([
      { post_id: queued.postId, job_id: queued.id, platform: 'tiktok', title: 'Morning bake', metric: 'plays', value: 1000 },
      { post_id: queued.postId, job_id: queued.id, platform: 'tiktok', title: 'Morning bake', metric: 'plays', value: 10_000 },
    ]);
    expect((await repo.snapshotsOf(t.database.db, queued.id)).map((row) => row.plays)).toEqual([1500, 1800, 25_000]);
    expect(await job(queued.id)).toMatchObject({ plays: 25_000, comments: null, milestonePlays: 10_000 });
    // The same reading stored three times tells its growth once.
    const growth = (await eventsOf(queued.postId)).filter((e) => e.type === 'video.plays').map((e) => e.payload.plays);
    expect(growth).toEqual([1500, 1800, 25_000]);
  });
});
