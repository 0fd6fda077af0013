import type { Announcement, NotificationListResponse } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoles } from '../../test/declared-access.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { DEMO_ROLE_OF as ROLE_OF } from '../../test/demo-roles.js';

/**
 * The notification scope matrix: every notification endpoint called as every demo role is
 * allowed or refused as its routes say (every signed-in role reads its own center; staff write
 * announcements), and every id outside the caller's center answers not-found, changing nothing.
 */
let t: TestApp;
const tokens = new Map<string, string>();
const DEMO = ['super', 'admin', 'agent', 'subagent', 'studio', 'operator', 'client'] as const;
const token = (name: string) => tokens.get(name)!;
let studioNotification = 0;
let studioAnnouncement = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const name of DEMO) tokens.set(name, await t.login(`${name}@example.com`));
  // The studio holds one interactive notification and one announcement addressed to studios.
  const [studio] = await t.query<{ id: number }>(sql`select id from accounts where email = 'studio@example.com'`);
  const [made] = await t.database.db.transaction((tx) =>
    t.app.services.notificationDelivery.notify(tx, [
      { accountId: studio!.id, kind: 'payment_received', cause: 'matrix:1', params: { amount_cents: 100 }, subject: { type: 'payment', id: 1 } },
    ]),
  );
  studioNotification = made!.id;
  const announced = await t.call<Announcement>(
    '/v1/notification/announcement/add',
    { title: { 'en-US': 'Studios only' }, body: { 'en-US': 'Hi' }, audience: ['studio'] },
    { token: token('admin') },
  );
  studioAnnouncement = announced.data.id;
}, 120_000);
afterAll(() => t.close());

// Out-of-scope first: the matrix's read-all calls would otherwise read the studio's own.
describe('objects outside the scope', () => {
  it('another reader\'s notification or an announcement not addressed to you is not found, and stays unread', async () => {
    for (const name of DEMO.filter((n) => n !== 'studio')) {
      const interactive = await t.call('/v1/notification/read', { tab: 'interactive', ids: [studioNotification] }, { token: token(name) });
      expect(interactive.code, name).toBe('404');
      const official = await t.call('/v1/notification/read', { tab: 'official', ids: [studioAnnouncement] }, { token: token(name) });
      expect(official.code, name).toBe('404');
      const list = await t.call<NotificationListResponse>('/v1/notification/list', { tab: 'interactive' }, { token: token(name) });
      expect(list.data.list.some((n) => n.id === studioNotification), name).toBe(false);
    }
    const [row] = await t.query<{ read_at: string | null }>(sql`select read_at from notifications where id = ${studioNotification}`);
    expect(row!.read_at).toBeNull();
    expect(await t.query(sql`select * from announcement_reads where announcement_id = ${studioAnnouncement}`)).toEqual([]);
    // Marking all read touches only the caller's own.
    for (const name of DEMO.filter((n) => n !== 'studio')) await t.call('/v1/notification/read/all', {}, { token: token(name) });
    const [after] = await t.query<{ read_at: string | null }>(sql`select read_at from notifications where id = ${studioNotification}`);
    expect(after!.read_at).toBeNull();
    const studio = await t.call<NotificationListResponse>('/v1/notification/list', { tab: 'official' }, { token: token('studio') });
    expect(studio.data.list.find((n) => n.id === studioAnnouncement)?.read).toBe(false);
  });
});

describe('who may call what', () => {
  // Bodies that change nothing when allowed: a missing id, an empty list, a valid but refused change.
  // Who may call each endpoint is read from its contract entry (declaredRoles), the declaration route() enforces.
  const matrix: [string, () => object][] = [
    ['/v1/notification/list', () => ({ tab: 'interactive' })],
    ['/v1/notification/unread', () => ({})],
    ['/v1/notification/read', () => ({ tab: 'interactive', ids: [999_999] })],
    ['/v1/notification/read/all', () => ({ tab: 'official' })],
    ['/v1/notification/announcement/list', () => ({})],
    ['/v1/notification/announcement/get', () => ({ id: 999_999 })],
    ['/v1/notification/announcement/add', () => ({ title: {}, body: {}, audience: ['client'] })],
    ['/v1/notification/announcement/update', () => ({ id: 999_999, title: { 'en-US': 'x' }, body: { 'en-US': 'y' }, audience: ['client'] })],
    ['/v1/notification/announcement/delete', () => ({ id: 999_999 })],
  ];

  it.each(matrix)('%s', async (path, body) => {
    const allowed = declaredRoles(path);
    const outcomes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const name of DEMO) {
      const response = await t.call(path, body(), { token: token(name) });
      outcomes[name] = response.code === '403' ? 'refused' : 'allowed';
      expected[name] = allowed.includes(ROLE_OF[name]) ? 'allowed' : 'refused';
    }
    expect(outcomes).toEqual(expected);
    expect((await t.call(path, body())).code, 'anonymous').toBe('403');
  });

  it('the stream refuses anonymous callers', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/notification/stream' });
    expect(anonymous.statusCode).toBe(403);
  });
});
