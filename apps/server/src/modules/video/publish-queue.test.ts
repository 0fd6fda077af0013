import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishers, SandboxPublisher, type PublishContext } from '../../adapters/publishing/index.js';
import { accounts, platformConnections, videoPosts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { PUBLISH_JOB, PublishEngine, type PublishConnections } from './publish-engine.js';
import * as repo from './publish-repository.js';

/**
 * The engine behind the real job queue (pg-boss on the test database): the sweep, kicks and
 * duplicate deliveries of one publish job all end in one post. The platform is the sandbox,
 * counting the posts it makes and slowed down so that deliveries overlap.
 */
class CountingSandbox extends SandboxPublisher {
  made = 0;
  override async publish(ctx: PublishContext) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const fresh = !ctx.checkpoint;
    const outcome = await super.publish(ctx);
    if (fresh) this.made++;
    return outcome;
  }
}

let t: TestApp;
let dataDir: string;
let engine: PublishEngine;
const platform = new CountingSandbox({ platform: 'tiktok' });
let token = '';

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-publish-queue-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir, JOBS_POLLING_SECONDS: 0.5, TIKTOK_CLIENT_ID: 'id', TIKTOK_CLIENT_SECRET: 'secret' } });
  token = (await platform.exchange({ code: 'sbx-code.q', redirectUri: 'http://localhost/', codeVerifier: 'v'.repeat(43) })).tokens.accessToken;
  const connections: PublishConnections = {
    access: () => Promise.resolve({ accessToken: token, account: { id: 'a', name: 'A' }, platform: 'tiktok', sandbox: false }),
    refresh: () => Promise.resolve(token),
  };
  engine = new PublishEngine({
    db: t.database.db,
    jobs: t.app.services.jobs,
    events: t.app.services.events,
    storage: t.app.services.storage,
    publishers: createPublishers(t.app.services.config, { factories: { tiktok: () => platform } }),
    connections: () => connections,
  });
  await t.app.services.jobs.start(engine.jobDefinitions(t.app.log), t.app.log);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('publishing through the job queue', () => {
  it('posts once however many times the job is handed to the queue', async () => {
    const [client] = await t.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, 'client@example.com'));
    const merchantId = client!.id;
    await t.app.services.storage.put('video-test/q.mp4', Readable.from(randomBytes(4096)), { contentType: 'video/mp4', contentLength: 4096 });
    const [connection] = await t.database.db
      .insert(platformConnections)
      .values({ merchantId, platform: 'tiktok', remoteAccountId: 'a', remoteAccountName: 'A', sealedTokens: 'sealed' })
      .returning();
    const [post] = await t.database.db
      .insert(videoPosts)
      .values({
        merchantId,
        title: 'Queue',
        fileKey: 'video-test/q.mp4',
        fileName: 'q.mp4',
        fileMime: 'video/mp4',
        fileSize: 4096,
        captions: [{ language: 'en', caption: 'Hello', hashtags: [] }],
        platforms: ['tiktok'],
        language: 'en',
        status: 'publishing',
      })
      .returning();
    const [job] = await t.database.db.transaction((tx) => engine.enqueue(tx, { postId: post!.id, merchantId, connectionIds: [connection!.id], dueAt: new Date() }));
    // The sweep, a kick and three raw deliveries of the same publish job, all at once.
    await Promise.all([
      engine.kick(),
      engine.sweep(),
      engine.sweep(),
      ...[1, 2, 3].map(() => t.app.services.jobs.send(PUBLISH_JOB, { id: job!.id })),
    ]);
    await expect.poll(async () => (await repo.findJob(t.database.db, job!.id))!.state, { timeout: 15_000, interval: 200 }).toBe('reviewing');
    // Let every queued delivery run out.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(platform.made).toBe(1);
    const done = await repo.findJob(t.database.db, job!.id);
    expect(done!.leaseToken).toBeNull();
    expect(done!.attempts).toBe(1);
  });
});
