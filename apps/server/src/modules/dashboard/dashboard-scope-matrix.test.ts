import type { DashboardActivityResponse, DashboardPayResponse, DashboardStudioResponse, DashboardTotalResponse, Role } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../test/demo-roles.js';
import { declaredRoles } from '../../test/declared-access.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { merchantPays } from '../../test/settlement-fixtures.js';
import { backfillDashboard } from '../../scripts/dashboard-backfill.js';
import { ROLLUP_SUBSCRIBER } from './rollup-subscriber.js';
import type { EventPayload } from '../events/catalogue.js';

/**
 * The dashboard scope matrix: every dashboard endpoint called as every demo role is allowed or
 * refused as its routes say, each answers the caller's own scope (never one a request could
 * name), and nothing a caller sends changes that or produces a 500.
 */
let t: TestApp;
const DEMO = ['super', 'admin', 'agent', 'subagent', 'studio', 'operator', 'client', 'newclient'] as const;
type Demo = (typeof DEMO)[number];
const ROLE_OF: Record<Demo, Role> = {
  super: 'super',
  admin: 'admin',
  agent: 'partner',
  subagent: 'partner',
  studio: 'studio',
  operator: 'operator',
  client: 'client',
  newclient: 'client',
};
const tokens = new Map<Demo, string>();
const ids = new Map<string, number>();
const token = (name: Demo) => tokens.get(name)!;

beforeAll(async () => {
  t = await createTestApp();
  await backfillDashboard(t.app.services);
  for (const name of DEMO) tokens.set(name, await t.login(`${name}@example.com`));
  for (const [name, id] of await demoIds(t)) ids.set(name, id);
  // Carmen (the studio's merchant) and Nina (nobody's) each pay once.
  await merchantPays(t, token('client'));
  await merchantPays(t, token('newclient'));
  for (const { id } of await t.query<{ id: number }>(sql`select id from events order by id`)) {
    await t.app.services.events.deliver({ event_id: Number(id), subscriber: ROLLUP_SUBSCRIBER });
  }
}, 120_000);
afterAll(() => t.close());

describe('who may call what', () => {
  // Who may call each endpoint is read from its contract entry (declaredRoles), the declaration route() enforces.
  const matrix: [string, object][] = [
    ['/v1/dashboard/total', { range: '7d' }],
    ['/v1/dashboard/studio', { range: '7d' }],
    ['/v1/dashboard/client', { range: '7d' }],
    ['/v1/dashboard/pay', { range: '7d' }],
    ['/v1/dashboard/profit', { range: '7d' }],
    ['/v1/dashboard/activity', { limit: 5 }],
  ];

  it.each(matrix)('%s', async (path, body) => {
    const allowed = declaredRoles(path);
    const outcomes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const name of DEMO) {
      const response = await t.call(path, body, { token: token(name) });
      outcomes[name] = response.code === '403' ? 'refused' : response.code === '200' ? 'allowed' : response.code;
      expected[name] = allowed.includes(ROLE_OF[name]) ? 'allowed' : 'refused';
    }
    expect(outcomes).toEqual(expected);
    expect((await t.call(path, body)).code, 'anonymous').toBe('403');
  });
});

describe('each caller sees its own scope', () => {
  const revenue = async (name: Demo) => (await t.call<DashboardPayResponse>('/v1/dashboard/pay', { range: 'today' }, { token: token(name) })).data.revenue_cents.value;

  it('counts a payment only where its merchant stood', async () => {
    const [carmen, nina] = await t.query<{ amount_cents: number }>(sql`select amount_cents from payments order by id`);
    const both = Number(carmen!.amount_cents) + Number(nina!.amount_cents);
    expect(await revenue('super')).toBe(both);
    expect(await revenue('admin')).toBe(both);
    // Carmen is the studio's, the operator's and (through the studio) the main agent's; Nina nobody's.
    expect(await revenue('agent')).toBe(Number(carmen!.amount_cents));
    expect(await revenue('studio')).toBe(Number(carmen!.amount_cents));
    expect(await revenue('operator')).toBe(Number(carmen!.amount_cents));
    expect(await revenue('client')).toBe(Number(carmen!.amount_cents));
    expect(await revenue('newclient')).toBe(Number(nina!.amount_cents));
    expect(await revenue('subagent')).toBe(0);
  });

  it('names the scope and hands a merchant its own plan only', async () => {
    const scopes: Record<string, string> = {};
    for (const name of DEMO) {
      const total = await t.call<DashboardTotalResponse>('/v1/dashboard/total', { range: '30d' }, { token: token(name) });
      scopes[name] = total.data.scope;
      if (ROLE_OF[name] === 'client') expect(total.data.plan?.name, name).toBeTruthy();
      else expect(total.data.plan, name).toBeNull();
    }
    expect(scopes).toEqual({ super: 'platform', admin: 'platform', agent: 'agent', subagent: 'sub_agent', studio: 'studio', operator: 'operator', client: 'client', newclient: 'client' });
  });

  it('lists only the studios under the caller', async () => {
    const top = async (name: Demo) => (await t.call<DashboardStudioResponse>('/v1/dashboard/studio', { range: '30d' }, { token: token(name) })).data.top.map((row) => row.id).sort();
    const both = [ids.get('studio')!, ids.get('newstudio')!].sort();
    expect(await top('super')).toEqual(both);
    expect(await top('agent')).toEqual(both);
    expect(await top('subagent')).toEqual([]);
  });

  it('feeds each caller the events of its own scope only', async () => {
    // Of one type: the merchants the caller's feed names (the payments above, and the demo
    // seed's arrivals, which it wrote as history).
    const feed = async (name: Demo, type: string) =>
      (await t.call<DashboardActivityResponse>('/v1/dashboard/activity', { limit: 50 }, { token: token(name) })).data.list
        .filter((row) => row.type === type && row.client !== null)
        .map((row) => row.client!.id);
    for (const type of ['payment.completed', 'account.created']) {
      expect(new Set(await feed('super', type)), type).toEqual(new Set([ids.get('client'), ids.get('newclient')]));
      for (const name of ['agent', 'studio', 'operator', 'client'] as const) expect(await feed(name, type), `${name} ${type}`).toEqual([ids.get('client')]);
      expect(await feed('newclient', type), type).toEqual([ids.get('newclient')]);
      expect(await feed('subagent', type), type).toEqual([]);
    }
  });

  it('pages the feed by the last id seen', async () => {
    const first = await t.call<DashboardActivityResponse>('/v1/dashboard/activity', { limit: 1 }, { token: token('super') });
    expect(first.data.list).toHaveLength(1);
    expect(first.data.next_before_id).toBe(first.data.list[0]!.id);
    const second = await t.call<DashboardActivityResponse>('/v1/dashboard/activity', { limit: 1, before_id: first.data.next_before_id }, { token: token('super') });
    expect(second.data.list[0]!.id).toBeLessThan(first.data.list[0]!.id);
    expect(second.data.list[0]!.params.amount_cents).toEqual(expect.any(Number));
  });
});

describe('publishing connections', () => {
  it('counts each connection once, in its state, where its merchant stands', async () => {
    const record = (type: 'connection.connected' | 'connection.needs_reconnect', connection: number) =>
      t.database.db.transaction((tx) =>
        t.app.services.events.record(tx, type, {
          actor_id: ids.get('studio')!,
          subject_id: connection,
          account_id: ids.get('client')!,
          payload: { connection_id: connection, platform: 'tiktok' },
        }),
      );
    const events = [await record('connection.connected', 9001), await record('connection.connected', 9002), await record('connection.needs_reconnect', 9001)];
    for (const id of [...events, ...events]) await t.app.services.events.deliver({ event_id: id, subscriber: ROLLUP_SUBSCRIBER });
    const connections = async (name: Demo) => (await t.call<DashboardTotalResponse>('/v1/dashboard/total', { range: '7d' }, { token: token(name) })).data.connections;
    const one = [{ platform: 'tiktok', connected: 1, needs_reconnect: 1 }];
    for (const name of ['super', 'agent', 'studio', 'operator', 'client'] as const) expect(await connections(name), name).toEqual(one);
    for (const name of ['subagent', 'newclient'] as const) expect(await connections(name), name).toEqual([]);
  });
});

describe('videos and plays', () => {
  it('counts publications and every play the readings add, once per event, whatever order they arrive in', async () => {
    const record = <T extends 'video.published' | 'video.plays' | 'video.milestone'>(type: T, payload: EventPayload<T>) =>
      t.database.db.transaction((tx) =>
        t.app.services.events.record(tx, type, { actor_id: ids.get('studio')!, subject_id: 7, account_id: ids.get('client')!, payload }),
      );
    const job = { post_id: 7, job_id: 9007, platform: 'tiktok' as const, title: 'Tacos al pastor' };
    const youtube = { ...job, job_id: 9008, platform: 'youtube' as const };
    const events = [
      await record('video.published', job),
      await record('video.plays', { ...job, plays: 734 }),
      await record('video.plays', { ...job, plays: 10_321 }),
      // A reading older than one already counted adds nothing.
      await record('video.plays', { ...job, plays: 9_000 }),
      await record('video.plays', { ...youtube, plays: 1_212 }),
      // A milestone is told in words, not counted again.
      await record('video.milestone', { ...youtube, metric: 'plays', value: 1_000 }),
    ];
    for (const id of [...events, ...events]) await t.app.services.events.deliver({ event_id: id, subscriber: ROLLUP_SUBSCRIBER });
    const total = async (name: Demo) => (await t.call<DashboardTotalResponse>('/v1/dashboard/total', { range: 'today' }, { token: token(name) })).data;
    for (const name of ['super', 'studio', 'client'] as const) {
      const figures = await total(name);
      expect({ videos: figures.videos_published.value, plays: figures.plays.value }, name).toEqual({ videos: 1, plays: 11_533 });
    }
    expect((await total('newclient')).plays.value).toBe(0);
    const pay = await t.call<DashboardPayResponse>('/v1/dashboard/pay', { range: 'today' }, { token: token('client') });
    expect(pay.data.trend.at(-1)?.plays).toBe(11_533);
    const feed = await t.call<DashboardActivityResponse>('/v1/dashboard/activity', { limit: 1 }, { token: token('client') });
    expect(feed.data.list[0]).toMatchObject({ type: 'video.milestone', client: { id: ids.get('client') }, params: { platform: 'youtube', value: 1_000 } });
  });
});

describe('materials', () => {
  /** A material of a merchant, written straight to its tables: the figure counts rows, not bytes. */
  async function material(owner: string, status: 'active' | 'inactive' | 'processing') {
    const merchant = ids.get(owner)!;
    const key = `test/dashboard-${owner}-${status}-${Math.random().toString(36).slice(2)}.png`;
    const [upload] = await t.query<{ id: number }>(
      sql`insert into uploads (owner_id, key, type, mime, size, claimed_at) values (${merchant}, ${key}, 'image', 'image/png', 10, now()) returning id`,
    );
    await t.query(
      sql`insert into footage (merchant_id, upload_id, type, status, name, key, mime, size, stored_bytes)
          values (${merchant}, ${upload!.id}, 'image', ${status}, 'shelf.png', ${key}, 'image/png', 10, 10)`,
    );
  }

  it('counts, for every role, the materials of the merchants its dashboard covers', async () => {
    const figure = async (name: Demo) => (await t.call<DashboardTotalResponse>('/v1/dashboard/total', { range: '7d' }, { token: token(name) })).data.materials;
    const before = new Map<Demo, number>();
    for (const name of DEMO) before.set(name, (await figure(name)).value);
    // Carmen (the studio's merchant, under the main agent) has two usable materials and one she
    // switched off; Nina (nobody's) has one.
    await material('client', 'active');
    await material('client', 'active');
    await material('client', 'inactive');
    await material('newclient', 'active');

    const added: Record<string, number> = {};
    for (const name of DEMO) {
      const now = await figure(name);
      expect(now.previous, name).toBeNull();
      added[name] = now.value - before.get(name)!;
    }
    expect(added).toEqual({
      // Staff: every merchant's materials, whatever their status.
      super: 4,
      admin: 4,
      // The main agent's network holds Carmen: what her studio sees of hers.
      agent: 2,
      subagent: 0,
      studio: 2,
      operator: 2,
      // A merchant: its own, in every status.
      client: 3,
      newclient: 1,
    });
  });
});

describe('bad input', () => {
  it('refuses an unknown range in the caller language and a scope the caller would name', async () => {
    const bogus = await t.call('/v1/dashboard/total', { range: 'decade' }, { token: token('studio'), lang: 'es' });
    expect(bogus.code).toBe('400');
    expect(bogus.msg).toContain('No es uno de los valores permitidos');
    const named = await t.call('/v1/dashboard/pay', { range: '7d', studio_id: ids.get('newstudio') }, { token: token('studio') });
    expect(named.code).toBe('400');
    const limit = await t.call('/v1/dashboard/activity', { limit: 10_000 }, { token: token('studio') });
    expect(limit.code).toBe('400');
  });
});
