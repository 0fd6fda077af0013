import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/seed.js';
import { codeFrom, createTestApp, type TestApp } from '../../test/harness.js';
import { DEVICE_COOKIE, DEVICE_TOKEN_DAYS, deviceCookie, deviceTokensFrom } from './device-tokens.js';
import { FREE_FAILURES } from './sign-in-throttle.js';

// The device list holds live sessions only: dead ones are pruned at each sign-in, and a user
// can sign out every other device at once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Devices = { list: { id: number; current: boolean }[] };

const sessionRows = async (email: string) =>
  (await t.query<{ n: number }>(sql`select count(*)::int as n from sessions s join accounts a on a.id = s.account_id where a.email = ${email}`))[0]!.n;

describe('signed-in devices', () => {
  it('prunes revoked and expired sessions at the next sign-in, keeping the live ones', async () => {
    const email = 'subagent@example.com';
    const first = await t.login(email);
    const second = await t.login(email);
    const third = await t.login(email);
    // One signs out, one runs past its expiry.
    await t.call('/v1/account/logout', {}, { token: first });
    await t.query(sql`update sessions set expires_at = now() - interval '1 minute'
      where token_hash = (select token_hash from sessions s join accounts a on a.id = s.account_id where a.email = ${email} and s.revoked_at is null order by s.id limit 1)`);
    const before = await sessionRows(email);
    expect(before).toBeGreaterThanOrEqual(3);

    const fourth = await t.login(email);
    // Only live sessions are left: the third and the new one (the second was the one expired).
    expect(await sessionRows(email)).toBe(2);
    const devices = await t.call<Devices>('/v1/account/devices', {}, { token: fourth });
    expect(devices.data.list).toHaveLength(2);
    expect((await t.call('/v1/account/detail', {}, { token: third })).code).toBe('200');
    expect((await t.call('/v1/account/detail', {}, { token: second })).code).toBe('403');
  });

  it('signs out every other device at once and keeps the one asking', async () => {
    const email = 'operator@example.com';
    const others = [await t.login(email), await t.login(email), await t.login(email)];
    const mine = await t.login(email);
    const response = await t.call<{ revoked: number }>('/v1/account/devices/revoke-others', {}, { token: mine });
    expect(response).toMatchObject({ code: '200', data: { revoked: others.length } });
    for (const token of others) expect((await t.call('/v1/account/detail', {}, { token })).code).toBe('403');
    const devices = await t.call<Devices>('/v1/account/devices', {}, { token: mine });
    expect(devices.data.list).toEqual([expect.objectContaining({ current: true })]);
    // Nothing else to end the second time.
    expect((await t.call<{ revoked: number }>('/v1/account/devices/revoke-others', {}, { token: mine })).data.revoked).toBe(0);
  });

  it('needs a session, and touches only the caller own devices', async () => {
    expect((await t.call('/v1/account/devices/revoke-others', {})).code).toBe('403');
    const theirs = await t.login('admin@example.com');
    await t.call('/v1/account/devices/revoke-others', {}, { token: await t.login('client@example.com') });
    expect((await t.call('/v1/account/detail', {}, { token: theirs })).code).toBe('200');
  });
});

/** Signs in as a browser would: sending back the device cookie it holds, keeping the one it gets. */
async function browserSignIn(email: string, password: string, jar: { cookie?: string }) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/account/login',
    headers: { 'content-type': 'application/json', ...(jar.cookie ? { cookie: jar.cookie } : {}) },
    payload: JSON.stringify({ email, password }),
  });
  const setCookie = [response.headers['set-cookie'] ?? []].flat();
  if (setCookie[0]) jar.cookie = setCookie[0].split(';')[0];
  return { code: (response.json() as { code: string }).code, setCookie };
}

async function lockOut(email: string) {
  for (let index = 0; index < FREE_FAILURES; index += 1) await browserSignIn(email, 'Guess-1234', {});
  expect((await browserSignIn(email, DEMO_PASSWORD, {})).code).toBe('429');
}

describe('the device cookie', () => {
  it('is set at a sign-in, httpOnly, SameSite=Lax, for the account calls only, for 30 days, and never at a failure', async () => {
    const failed = await browserSignIn('studio@example.com', 'Wrong-pass-1', {});
    expect(failed.setCookie).toEqual([]);
    const { setCookie } = await browserSignIn('studio@example.com', DEMO_PASSWORD, {});
    expect(setCookie).toHaveLength(1);
    const [pair, ...attributes] = setCookie[0]!.split('; ');
    expect(pair).toMatch(new RegExp(`^${DEVICE_COOKIE}=\\d+\\.\\d+\\.[\\w-]{22}\\.[\\w-]{43}$`));
    expect(attributes.sort()).toEqual(['HttpOnly', `Max-Age=${DEVICE_TOKEN_DAYS * 86_400}`, 'Path=/api/v1/account', 'SameSite=Lax']);
  });

  it('is Secure when the site is served over https', () => {
    expect(deviceCookie(['a'], true).split('; ')).toContain('Secure');
    expect(deviceCookie(['a'], false).split('; ')).not.toContain('Secure');
  });

  it('reads only its own, well-formed cookie', () => {
    const token = `12.1700000000.${'a'.repeat(22)}.${'b'.repeat(43)}`;
    expect(deviceTokensFrom(`x=1; ${DEVICE_COOKIE}=${token}~junk~${token}; y=2`)).toEqual([token, token]);
    expect(deviceTokensFrom(`not_${DEVICE_COOKIE}=${token}`)).toEqual([]);
    expect(deviceTokensFrom(undefined)).toEqual([]);
  });

  it('is set at a sign-up too, so a new account\'s browser is known from the start', async () => {
    await t.call('/v1/base/send', { email: 'device-signup@example.com', scene: 'register' });
    const code = codeFrom(t.mailer, 'device-signup@example.com');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/sign',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'Device', email: 'device-signup@example.com', password: 'Device-2026', confirm_password: 'Device-2026', code }),
    });
    expect(response.statusCode).toBe(200);
    const jar = { cookie: [response.headers['set-cookie'] ?? []].flat()[0]?.split(';')[0] };
    expect(jar.cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
    await lockOut('device-signup@example.com');
    expect((await browserSignIn('device-signup@example.com', 'Device-2026', jar)).code).toBe('200');
  });

  it('remembers every account signed in from one browser, each for itself', async () => {
    const jar: { cookie?: string } = {};
    expect((await browserSignIn('agent@example.com', DEMO_PASSWORD, jar)).code).toBe('200');
    expect((await browserSignIn('client@example.com', DEMO_PASSWORD, jar)).code).toBe('200');
    expect(deviceTokensFrom(jar.cookie)).toHaveLength(2);
    await lockOut('agent@example.com');
    await lockOut('client@example.com');
    expect((await browserSignIn('agent@example.com', DEMO_PASSWORD, jar)).code).toBe('200');
    expect((await browserSignIn('client@example.com', DEMO_PASSWORD, jar)).code).toBe('200');
    // Still two: a sign-in replaces its account's token rather than adding one.
    expect(deviceTokensFrom(jar.cookie)).toHaveLength(2);
  });
});
