import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OPEN_CHECKOUTS } from '../modules/payment/service.js';
import { codeFrom, createTestApp, type TestApp } from '../test/harness.js';
import { idempotencyPurgeJob } from './idempotency.js';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await createTestApp();
  superToken = await t.login('super@example.com');
});
afterAll(() => t.close());

const plan = (name: string) => ({ name, type: 'business', base_price_cents: 9900, actual_price_cents: 7900 });
const packagesNamed = async (name: string) =>
  (await t.query<{ n: number }>(sql`select count(*)::int as n from packages where name = ${name}`))[0]?.n;

async function inject(path: string, body: unknown, token: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, headers: response.headers, ...(response.json() as { code: string; msg: string; data: { id?: number } }) };
}

describe('Idempotency-Key on creates', () => {
  it('creates one package for 20 concurrent identical calls with one key, and answers each of them with it', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => inject('/v1/price/add', plan('Twenty at once'), superToken, { 'idempotency-key': 'create-twenty-1' })),
    );
    expect(answers.map((answer) => answer.code)).toEqual(Array(20).fill('200'));
    expect(new Set(answers.map((answer) => answer.data.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await packagesNamed('Twenty at once')).toBe(1);
  });

  it('replays a later retry, and refuses the same key with another body', async () => {
    const first = await inject('/v1/price/add', plan('Retried plan'), superToken, { 'idempotency-key': 'retry-1' });
    const again = await inject('/v1/price/add', plan('Retried plan'), superToken, { 'idempotency-key': 'retry-1' });
    expect(again).toMatchObject({ code: '200', data: { id: first.data.id } });
    const other = await inject('/v1/price/add', plan('Another plan'), superToken, { 'idempotency-key': 'retry-1', 'accept-language': 'zh' });
    expect(other).toMatchObject({ status: 422, code: '422', msg: '该 Idempotency-Key 已用于另一个不同的请求' });
    expect(await packagesNamed('Retried plan')).toBe(1);
    expect(await packagesNamed('Another plan')).toBe(0);
    // Without a key each call creates, as before.
    await inject('/v1/price/add', plan('Keyless plan'), superToken);
    await inject('/v1/price/add', plan('Keyless plan'), superToken);
    expect(await packagesNamed('Keyless plan')).toBe(2);
  });

  it('keeps keys per caller, releases a key whose first call failed, and refuses a malformed key', async () => {
    const adminToken = await t.login('admin@example.com');
    const bySuper = await inject('/v1/area/add', { name: 'Keyville', type: 'country' }, superToken, { 'idempotency-key': 'shared-key' });
    const byAdmin = await inject('/v1/area/add', { name: 'Keytown', type: 'country' }, adminToken, { 'idempotency-key': 'shared-key' });
    expect(bySuper.code).toBe('200');
    expect(byAdmin.code).toBe('200');
    expect(byAdmin.data.id).not.toBe(bySuper.data.id);

    // A failed first call (the name is taken) stores nothing: the same key runs again.
    const taken = await inject('/v1/area/add', { name: 'Keyville', type: 'country' }, adminToken, { 'idempotency-key': 'fails-1' });
    expect(taken.code).toBe('409');
    const [stored] = await t.query<{ n: number }>(sql`select count(*)::int as n from idempotency_keys where key = 'fails-1'`);
    expect(stored?.n).toBe(0);

    // A claim left behind by a first call that never answered (the database went away before
    // it could be released, and the caller heard '503') does not hold the key for a day.
    const [superId] = await t.query<{ id: number }>(sql`select id from accounts where email = 'super@example.com'`);
    await t.query(sql`insert into idempotency_keys (account_id, endpoint, key, request_hash, created_at)
                      values (${superId!.id}, '/v1/price/add', 'outage-1', 'whatever', now() - interval '10 minutes')`);
    const retried = await inject('/v1/price/add', plan('After the outage'), superToken, { 'idempotency-key': 'outage-1' });
    expect(retried.code, retried.msg).toBe('200');
    expect(await packagesNamed('After the outage')).toBe(1);
    // A claim of a first call that may still be running is left alone: the retry does not run.
    await t.query(sql`insert into idempotency_keys (account_id, endpoint, key, request_hash)
                      values (${superId!.id}, '/v1/price/add', 'running-1', 'whatever')`);
    const waiting = await inject('/v1/price/add', plan('Still running'), superToken, { 'idempotency-key': 'running-1' });
    expect(waiting.code).not.toBe('200');
    expect(await packagesNamed('Still running')).toBe(0);

    const malformed = await inject('/v1/price/add', plan('Bad key'), superToken, { 'idempotency-key': 'has spaces in it' });
    expect(malformed).toMatchObject({ code: '400', data: { fields: { 'Idempotency-Key': 'The Idempotency-Key header must be 1 to 255 visible characters' } } });
  });
});

describe('checkouts per account', () => {
  async function newBuyer(email: string) {
    await t.call('/v1/base/send', { email, scene: 'register' });
    const signed = await t.call<{ token: string }>('/v1/account/sign', {
      username: email.split('@')[0],
      email,
      password: 'Buyer-pass-1',
      confirm_password: 'Buyer-pass-1',
      code: codeFrom(t.mailer, email),
    });
    return signed.data.token;
  }
  const pending = async (email: string) =>
    (await t.query<{ n: number }>(sql`select count(*)::int as n from orders o join accounts a on a.id = o.account_id
                                        where a.email = ${email} and o.status = 'pending'`))[0]?.n;

  it('opens one checkout for concurrent retries with one key', async () => {
    const token = await newBuyer('keyed-buyer@example.com');
    const [pkg] = await t.query<{ id: number }>(sql`select id from packages where type = 'business' and status = 'enabled' order by id limit 1`);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => inject('/v1/payment/stripe', { package_id: pkg!.id }, token, { 'idempotency-key': 'buy-once' })),
    );
    expect(answers.every((answer) => answer.code === '200')).toBe(true);
    expect(await pending('keyed-buyer@example.com')).toBe(1);
  });

  it('holds at most a few open checkouts per account, and says how long to wait', async () => {
    const token = await newBuyer('eager-buyer@example.com');
    const [pkg] = await t.query<{ id: number }>(sql`select id from packages where type = 'business' and status = 'enabled' order by id limit 1`);
    const answers = await Promise.all(Array.from({ length: 20 }, () => inject('/v1/payment/stripe', { package_id: pkg!.id }, token, { 'accept-language': 'en' })));
    const opened = answers.filter((answer) => answer.code === '200');
    const refused = answers.filter((answer) => answer.code === '429');
    expect(opened).toHaveLength(MAX_OPEN_CHECKOUTS);
    expect(refused).toHaveLength(20 - MAX_OPEN_CHECKOUTS);
    expect(refused[0]?.msg).toMatch(/^You have several payments open already\. Finish one, or try again in \d+ seconds\.$/);
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(60);
    expect(await pending('eager-buyer@example.com')).toBe(MAX_OPEN_CHECKOUTS);

    // A checkout that ends (cancelled here) frees its slot.
    await t.query(sql`update orders set status = 'cancelled' where id = (select o.id from orders o join accounts a on a.id = o.account_id
                       where a.email = 'eager-buyer@example.com' and o.status = 'pending' order by o.id limit 1)`);
    expect((await inject('/v1/payment/stripe', { package_id: pkg!.id }, token)).code).toBe('200');
  });

  it('forgets keys past their lifetime through the hourly purge job, and keeps fresh ones', async () => {
    await inject('/v1/price/add', plan('Purged key plan'), superToken, { 'idempotency-key': 'purge-old-1' });
    await inject('/v1/price/add', plan('Fresh key plan'), superToken, { 'idempotency-key': 'purge-fresh-1' });
    await t.query(sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'purge-old-1'`);

    await idempotencyPurgeJob(t.database.db, t.app.log).handler({});

    const keys = await t.query<{ key: string }>(sql`select key from idempotency_keys where key like 'purge-%' order by key`);
    expect(keys.map((row) => row.key)).toEqual(['purge-fresh-1']);
  });
});
