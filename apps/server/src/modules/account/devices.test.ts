import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

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
