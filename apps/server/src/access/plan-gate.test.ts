import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { api, enUS, esES, zhCN, type Envelope, type UploadResponse } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { mediaFile } from '../test/media-samples.js';
import { multipartBody } from '../test/multipart.js';
import { tusCreate } from '../test/tus-client.js';

/**
 * Plan gating on the server (docs/decisions/053). Every endpoint of the contract, found by
 * walking `api`, is called with an empty body by a paid client and studio and by clients and
 * studios without an active plan: never paid, expired, and past the plan's end before the
 * expiry job has marked it. Each unpaid answer is the paid one where the endpoint is public or
 * open to unpaid accounts, the role's refusal where the role may not call it at all, and the
 * plan-required answer everywhere else. Then the cases an outside probe found, one by one.
 */
let t: TestApp;
const tokens = new Map<string, string>();
const ids = new Map<string, number>();
const PASSWORD = 'Fixture-pass-1';
const PLAN_REQUIRED = { code: '402', msg: enUS['error.plan_required'], data: null };

/** Who calls: each unpaid caller is compared with the paid caller of its role. */
const PAID = { client: 'client', studio: 'studio' } as const;
const UNPAID = [
  ['newclient', 'client'],
  ['expiredclient', 'client'],
  ['lapsedclient', 'client'],
  ['newstudio', 'studio'],
  ['expiredstudio', 'studio'],
  ['lapsedstudio', 'studio'],
] as const;
type Name = (typeof UNPAID)[number][0] | 'client' | 'studio';

/** The accounts by name: the demo's own, or made here with PASSWORD. */
const emailOf = (name: Name) => `${name}@example.com`;
const passwordOf = (name: Name) => (name.startsWith('expired') || name.startsWith('lapsed') ? PASSWORD : undefined);
const login = async (name: Name) => tokens.set(name, await t.login(emailOf(name), passwordOf(name)));

beforeAll(async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-plan-gate-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  const superToken = await t.login('super@example.com');
  for (const [name, role] of UNPAID) {
    if (name.startsWith('new')) continue;
    const added = await t.call<{ id: number }>('/v1/account/add', { email: emailOf(name), password: PASSWORD, username: name, role }, { token: superToken });
    expect(added.code, added.msg).toBe('200');
  }
  // Expired: the expiry job has run. Lapsed: the plan ended a minute ago and the job has not
  // run yet, so the status still says paid; the end date alone must refuse it.
  await t.query(sql`update accounts set pay_status = 2, expire_at = now() - interval '3 days' where email like 'expired%'`);
  await t.query(sql`update accounts set pay_status = 1, expire_at = now() - interval '1 minute' where email like 'lapsed%'`);
  for (const row of await t.query<{ id: number; email: string }>(sql`select id, email from accounts`)) ids.set(row.email.replace('@example.com', ''), row.id);
  for (const name of [...Object.values(PAID), ...UNPAID.map(([unpaid]) => unpaid)]) await login(name);
}, 60_000);
afterAll(() => t?.close());

const call = (pathname: string, name?: Name, body: object = {}) => t.call(pathname, body, { token: name ? tokens.get(name) : undefined });

interface Walked {
  path: string;
  openToUnpaid: boolean;
}
const endpoints: [string, Walked][] = Object.entries(api).flatMap(([group, members]) =>
  Object.entries(members as Record<string, Walked>).map(([name, endpoint]) => [`${group}.${name}`, endpoint] as [string, Walked]),
);

describe('the contract says which endpoints an unpaid account may call', () => {
  it("marks exactly its own account, sign-out, checkout and a full city's waitlist open to unpaid accounts", () => {
    const open = endpoints.filter(([, endpoint]) => endpoint.openToUnpaid).map(([name]) => name);
    expect(open.sort()).toEqual(
      [
        'account.detail',
        'account.logout',
        'account.psd',
        'account.update',
        'account.devices',
        'account.revokeDevice',
        'account.revokeOtherDevices',
        'payment.stripe',
        'payment.callback',
        'payment.places',
        'payment.plan',
        // A studio waits for a place before it has bought one.
        'area.waitlistJoin',
        'area.waitlistList',
        'area.waitlistLeave',
      ].sort(),
    );
  });

  it('has the plan-required message in every language', () => {
    for (const catalogue of [enUS, zhCN, esES]) expect(catalogue['error.plan_required']).toBeTruthy();
  });
});

describe('every endpoint, called without an active plan', () => {
  it.each(endpoints)('%s', async (_name, endpoint) => {
    const isPublic = (await call(endpoint.path)).code !== '403';
    const outcomes: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const [name, role] of UNPAID) {
      const paid = await call(endpoint.path, PAID[role]);
      if (endpoint.path === api.account.logout.path) await login(PAID[role]);
      const unpaid = await call(endpoint.path, name);
      if (endpoint.path === api.account.logout.path) await login(name);
      // A paid caller is never held to a plan.
      expect(paid.code, `${endpoint.path} as paid ${role}`).not.toBe('402');
      outcomes[name] = { code: unpaid.code, msg: unpaid.code === '402' ? unpaid.msg : undefined };
      if (isPublic || endpoint.openToUnpaid || paid.code === '403') expected[name] = { code: paid.code, msg: undefined };
      else expected[name] = { code: '402', msg: PLAN_REQUIRED.msg };
    }
    expect(outcomes).toEqual(expected);
  });
});

describe('the cases the probe found', () => {
  it('refuses an unpaid merchant adding material, and stores nothing', async () => {
    // The upload made while the plan was active; the add comes after it ended.
    await t.query(sql`update accounts set pay_status = 1, expire_at = now() + interval '30 days' where email = 'newclient@example.com'`);
    const form = multipartBody({}, { filename: 'x.png', contentType: 'image/png', content: mediaFile('png') });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/base/oss/temp',
      headers: { ...form.headers, authorization: `Bearer ${tokens.get('newclient')}` },
      payload: form.body,
    });
    const upload = uploaded.json() as Envelope<UploadResponse>;
    expect(upload.code, upload.msg).toBe('200');
    await t.query(sql`update accounts set pay_status = 0, expire_at = null where email = 'newclient@example.com'`);

    expect(await call('/v1/footage/add', 'newclient', { upload_id: upload.data.id })).toMatchObject(PLAN_REQUIRED);
    const [stored] = await t.query<{ n: number }>(sql`select count(*)::int as n from footage where merchant_id = ${ids.get('newclient')!}`);
    expect(stored!.n).toBe(0);
    const [claimed] = await t.query<{ claimed: boolean }>(sql`select claimed_at is not null as claimed from uploads where id = ${upload.data.id}`);
    expect(claimed!.claimed).toBe(false);
  });

  it('refuses an unpaid merchant every way of uploading, before a byte is stored', async () => {
    const [before] = await t.query<{ n: number }>(sql`select count(*)::int as n from uploads where owner_id = ${ids.get('newclient')!}`);
    const form = multipartBody({}, { filename: 'x.png', contentType: 'image/png', content: mediaFile('png') });
    const temp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/base/oss/temp',
      headers: { ...form.headers, authorization: `Bearer ${tokens.get('newclient')}` },
      payload: form.body,
    });
    expect(temp.statusCode).toBe(402);
    expect(temp.json()).toMatchObject(PLAN_REQUIRED);
    const [after] = await t.query<{ n: number }>(sql`select count(*)::int as n from uploads where owner_id = ${ids.get('newclient')!}`);
    expect(after!.n).toBe(before!.n);

    // The resumable upload that could fill the whole 5 GB quota.
    const tus = await tusCreate(t, tokens.get('newclient')!, 5 * 1024 ** 3, { filename: 'big.mp4' }, 'es');
    expect(tus.status).toBe(402);
    expect(JSON.parse(tus.body)).toMatchObject({ code: '402', msg: esES['error.plan_required'] });
    const [staged] = await t.query<{ n: number }>(sql`select count(*)::int as n from footage_tus_uploads where owner_id = ${ids.get('newclient')!}`);
    expect(staged!.n).toBe(0);
  });

  it.each([
    ['/v1/promotion/link', {}],
    ['/v1/learn/course', {}],
    ['/v1/client/list', {}],
  ])('refuses an unpaid studio %s, and answers it once paid', async (pathname, body) => {
    for (const name of ['newstudio', 'expiredstudio', 'lapsedstudio'] as const) {
      expect(await call(pathname, name, body), name).toMatchObject(PLAN_REQUIRED);
    }
    expect((await call(pathname, 'studio', body)).code).toBe('200');
  });

  it('answers in the caller’s language', async () => {
    const chinese = await t.call('/v1/client/list', {}, { token: tokens.get('newstudio'), lang: 'zh-CN' });
    expect(chinese).toMatchObject({ code: '402', msg: zhCN['error.plan_required'] });
  });

  it('closes the notification stream to an unpaid studio', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/notification/stream', headers: { authorization: `Bearer ${tokens.get('newstudio')}` } });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject(PLAN_REQUIRED);
  });
});

describe('the plan is read fresh on every call', () => {
  it('lets a merchant in on the very call after its payment, with the same session', async () => {
    const token = tokens.get('newclient')!;
    expect(await call('/v1/footage/list', 'newclient')).toMatchObject(PLAN_REQUIRED);
    const [pkg] = await t.query<{ id: number }>(sql`select id from packages where type = 'business' and status = 'enabled' order by id limit 1`);
    const checkout = await t.call<{ session_id: string }>('/v1/payment/stripe', { package_id: pkg!.id }, { token });
    expect(checkout.code, checkout.msg).toBe('200');
    const paid = await t.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${checkout.data.session_id}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    const verified = await t.call<{ status: string }>('/v1/payment/stripe/callback', { session_id: checkout.data.session_id }, { token });
    expect(verified.data.status).toBe('paid');
    expect((await call('/v1/footage/list', 'newclient')).code).toBe('200');
  });

  it('refuses a merchant the moment its plan ends, before the expiry job has run', async () => {
    expect((await call('/v1/footage/list', 'client')).code).toBe('200');
    await t.query(sql`update accounts set expire_at = now() - interval '1 second' where email = 'client@example.com'`);
    try {
      expect(await call('/v1/footage/list', 'client')).toMatchObject(PLAN_REQUIRED);
      // Its own account and the way to renew stay open; an add-on, which extends a running plan, does not.
      expect((await call('/v1/account/detail', 'client')).code).toBe('200');
      expect((await call('/v1/payment/plan', 'client')).code).toBe('200');
      const [addon] = await t.query<{ id: number }>(sql`select id from packages where type = 'addon' and status = 'enabled' order by id limit 1`);
      expect(await call('/v1/payment/stripe', 'client', { package_id: addon!.id })).toMatchObject({ code: '422', msg: enUS['payment.addon_needs_plan'] });
    } finally {
      await t.query(sql`update accounts set expire_at = now() + interval '30 days' where email = 'client@example.com'`);
    }
  });

  it('never holds staff, agents or operators to a plan', async () => {
    for (const email of ['super', 'admin', 'agent', 'operator']) {
      const token = await t.login(`${email}@example.com`);
      expect((await t.call('/v1/client/list', {}, { token })).code, email).toBe('200');
    }
  });
});
