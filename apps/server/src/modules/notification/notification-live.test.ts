import type { AddressInfo } from 'node:net';
import { formatMessage, type NotificationStreamItem, type UnreadCounts } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase, type Database } from '../../db/client.js';
import { createTestApp, testDatabaseUrl, type TestApp } from '../../test/harness.js';
import { streamTimings } from './stream.js';

/**
 * The live stream over real HTTP: a studio's open stream hears an announcement and an event's
 * notification as they commit, and fresh counts after a read, without asking again.
 */
let t: TestApp;
let base: string;
/** A second instance on the same database (its own pool on PostgreSQL, as another process would have). */
let other: FastifyInstance;
let otherDatabase: Database | undefined;
let otherBase: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  if (testDatabaseUrl) {
    const [{ name }] = (await t.query<{ name: string }>(sql`select current_database() as name`)) as [{ name: string }];
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${name}`;
    otherDatabase = await openDatabase({ url: url.toString(), poolSize: 2 });
  }
  other = await buildApp({ config: t.app.services.config, database: otherDatabase ?? t.database, mailer: t.mailer });
  await other.listen({ port: 0, host: '127.0.0.1' });
  otherBase = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await other.close();
  await otherDatabase?.close();
  await t.close();
});

interface SseEvent {
  event: string;
  data: unknown;
}

/** Opens the stream as `fetch` does in the browser and yields its events one by one. */
async function openStream(token: string, lang = 'en', at = base) {
  const controller = new AbortController();
  const response = await fetch(`${at}/api/v1/notification/stream`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const queue: SseEvent[] = [];
  const next = async (timeoutMs = 5000): Promise<SseEvent> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const ready = queue.shift();
      if (ready) return ready;
      if (Date.now() > deadline) throw new Error('no event in time');
      const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now()))]);
      if (!chunk) continue;
      if (chunk.done) throw new Error('stream ended');
      buffer += chunk.value;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data) queue.push({ event, data: JSON.parse(data) });
      }
    }
  };
  return { response, next, close: () => controller.abort() };
}

describe('the notification stream', () => {
  it('refuses a request without a valid token', async () => {
    const response = await fetch(`${base}/api/v1/notification/stream`, { headers: { authorization: 'Bearer nope' } });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe('403');
  });

  it('pushes an announcement and an event notification live, then fresh counts after a read', async () => {
    const studio = await t.login('studio@example.com');
    const admin = await t.login('admin@example.com');
    const stream = await openStream(studio, 'es');
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    const first = await stream.next();
    expect(first.event).toBe('unread');
    const start = first.data as UnreadCounts;

    const added = await t.call<{ id: number }>(
      '/v1/notification/announcement/add',
      { title: { 'en-US': 'Live now', 'es-ES': 'En directo' }, body: { 'en-US': 'Hello studios', 'es-ES': 'Hola estudios' }, audience: ['studio'] },
      { token: admin },
    );
    expect(added.code).toBe('200');
    const pushed = await stream.next();
    expect(pushed.event).toBe('notification');
    const item = pushed.data as NotificationStreamItem;
    expect(item.item).toMatchObject({ id: added.data.id, tab: 'official', title: 'En directo', body: 'Hola estudios' });
    expect(item.unread.official).toBe(start.official + 1);

    // An announcement for merchants only is not pushed to the studio; its own event is.
    await t.call('/v1/notification/announcement/add', { title: { 'en-US': 'Merchants' }, body: { 'en-US': 'only' }, audience: ['client'] }, { token: admin });
    const [client] = await t.query<{ id: number }>(sql`select id from accounts where email = 'client@example.com'`);
    const eventId = await t.database.db.transaction((tx) =>
      t.app.services.events.record(tx, 'video.published', {
        actor_id: null,
        subject_id: 12,
        account_id: client!.id,
        payload: { post_id: 12, job_id: 1, platform: 'youtube', title: 'Tacos al pastor' },
      }),
    );
    await t.app.services.events.deliver({ event_id: eventId, subscriber: 'notification.center' });
    const video = (await stream.next()).data as NotificationStreamItem;
    expect(video.item).toMatchObject({ tab: 'interactive', kind: 'video_published', title: 'Vídeo publicado', link: '/video?post=12' });

    await t.call('/v1/notification/read/all', {}, { token: studio });
    const counts = await stream.next();
    expect(counts).toEqual({ event: 'unread', data: { total: 0, official: 0, interactive: 0 } });
    stream.close();
  });

  it('a change made on one instance reaches a stream open on another', async () => {
    const operator = await t.login('operator@example.com');
    const admin = await t.login('admin@example.com');
    const stream = await openStream(operator, 'zh', otherBase);
    expect((await stream.next()).event).toBe('unread');
    const added = await t.call<{ id: number }>(
      '/v1/notification/announcement/add',
      { title: { 'zh-CN': '运营须知' }, body: { 'zh-CN': '请查看新流程' }, audience: ['operator'] },
      { token: admin },
    );
    const pushed = (await stream.next()).data as NotificationStreamItem;
    expect(pushed.item).toMatchObject({ id: added.data.id, title: '运营须知' });
    stream.close();
  });

  it('holds at most a few streams per account: the next is a 429 in the caller language, and a closed one frees its place', async () => {
    const limit = t.app.services.config.NOTIFICATION_STREAMS_PER_ACCOUNT;
    expect(limit).toBe(5);
    // Two devices of one account: the cap counts the account, not the session.
    const [phone, laptop] = [await t.login('client@example.com'), await t.login('client@example.com')];
    const streams = [];
    for (let index = 0; index < limit; index++) {
      const stream = await openStream(index % 2 ? phone : laptop);
      expect((await stream.next()).event).toBe('unread');
      streams.push(stream);
    }
    const refused = await fetch(`${base}/api/v1/notification/stream`, { headers: { authorization: `Bearer ${phone}`, 'accept-language': 'es' } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toEqual({ code: '429', msg: formatMessage('es', 'error.too_many_streams', { max: limit }), data: null });
    // Another account is not held back by this one, and the other instance counts its own.
    const other = await openStream(await t.login('operator@example.com'));
    expect((await other.next()).event).toBe('unread');
    const elsewhere = await openStream(phone, 'en', otherBase);
    expect((await elsewhere.next()).event).toBe('unread');

    streams.shift()!.close();
    let reopened = await fetch(`${base}/api/v1/notification/stream`, { headers: { authorization: `Bearer ${laptop}` } });
    for (let tries = 0; reopened.status === 429 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      reopened = await fetch(`${base}/api/v1/notification/stream`, { headers: { authorization: `Bearer ${laptop}` } });
    }
    expect(reopened.status).toBe(200);
    await reopened.body?.cancel();
    for (const stream of [...streams, other, elsewhere]) stream.close();
  });

  it('ends when its session is signed out', async () => {
    const saved = streamTimings.heartbeatMs;
    streamTimings.heartbeatMs = 100;
    try {
      const agent = await t.login('agent@example.com');
      const stream = await openStream(agent);
      expect((await stream.next()).event).toBe('unread');
      expect((await t.call('/v1/account/logout', {}, { token: agent })).code).toBe('200');
      await expect(stream.next(3000)).rejects.toThrow('stream ended');
    } finally {
      streamTimings.heartbeatMs = saved;
    }
  });
});
