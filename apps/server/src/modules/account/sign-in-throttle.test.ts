import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/seed.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { FREE_FAILURES, MAX_LOCK_SECONDS, lockSeconds } from './sign-in-throttle.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Attempt {
  email: string;
  password: string;
  ip?: string;
  userAgent?: string;
  lang?: string;
}

async function signIn({ email, password, ip = '203.0.113.7', userAgent = 'attacker/1.0', lang }: Attempt) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/account/login',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', 'user-agent': userAgent, ...(lang ? { 'accept-language': lang } : {}) },
    payload: JSON.stringify({ email, password }),
  });
  return { status: response.statusCode, retryAfter: response.headers['retry-after'], ...(response.json() as { code: string; msg: string }) };
}

/** Moves an account's lock into the past, as if its time had run out. */
const expireLock = (email: string) =>
  t.query(sql`update sign_in_throttle set locked_until = now() - interval '1 second'
               where account_id = (select id from accounts where email = ${email})`);

describe('the lock grows only with failures, and stays short', () => {
  it('lets the first failures through, then doubles from 30 seconds up to 15 minutes', () => {
    expect([1, 2, 3, 4].map(lockSeconds)).toEqual([0, 0, 0, 0]);
    expect(lockSeconds(FREE_FAILURES)).toBe(30);
    expect(lockSeconds(FREE_FAILURES + 1)).toBe(60);
    expect(lockSeconds(FREE_FAILURES + 2)).toBe(120);
    expect(lockSeconds(1000)).toBe(MAX_LOCK_SECONDS);
  });
});

describe('sign-in throttling per account', () => {
  it('locks an account after repeated wrong passwords, whatever the address, and says how long to wait', async () => {
    for (let index = 0; index < FREE_FAILURES; index += 1) {
      const response = await signIn({ email: 'newstudio@example.com', password: 'Wrong-pass-1', ip: `198.51.100.${index + 1}` });
      expect(response.code, `attempt ${index + 1}`).toBe('400');
    }
    // A new address, even with the right password: the account waits.
    const locked = await signIn({ email: 'newstudio@example.com', password: DEMO_PASSWORD, ip: '192.0.2.50', lang: 'es' });
    expect(locked.status).toBe(429);
    expect(locked.code).toBe('429');
    expect(Number(locked.retryAfter)).toBeGreaterThan(25);
    expect(Number(locked.retryAfter)).toBeLessThanOrEqual(30);
    expect(locked.msg).toBe(
      `Demasiados inicios de sesión fallidos en esta cuenta. Vuelve a intentarlo dentro de ${locked.retryAfter} segundos.`,
    );
    const zh = await signIn({ email: 'newstudio@example.com', password: 'Wrong-pass-1', lang: 'zh' });
    expect(zh.msg).toMatch(/^该账号登录失败次数过多，请在 \d+ 秒后重试。$/);

    // Refused attempts are not counted: the lock did not grow.
    const [row] = await t.query<{ failures: number; seconds: number }>(
      sql`select failures, extract(epoch from locked_until - now())::float8 as seconds from sign_in_throttle
           where account_id = (select id from accounts where email = 'newstudio@example.com')`,
    );
    expect(row?.failures).toBe(FREE_FAILURES);
    expect(row?.seconds).toBeLessThanOrEqual(30);

    // Once the lock runs out one more failure locks it for longer; the right password then clears it.
    await expireLock('newstudio@example.com');
    expect((await signIn({ email: 'newstudio@example.com', password: 'Wrong-pass-1' })).code).toBe('400');
    const longer = await signIn({ email: 'newstudio@example.com', password: DEMO_PASSWORD });
    expect(longer.code).toBe('429');
    expect(Number(longer.retryAfter)).toBeGreaterThan(30);
    expect(Number(longer.retryAfter)).toBeLessThanOrEqual(60);
    await expireLock('newstudio@example.com');
    expect((await signIn({ email: 'newstudio@example.com', password: DEMO_PASSWORD })).code).toBe('200');
    const [cleared] = await t.query<{ n: number }>(
      sql`select count(*)::int as n from sign_in_throttle where account_id = (select id from accounts where email = 'newstudio@example.com')`,
    );
    expect(cleared?.n).toBe(0);
  });

  it('lets the owner in from a device that signed in before, while an attacker keeps it locked elsewhere', async () => {
    const owner = { ip: '198.51.100.200', userAgent: 'owner-browser/2.0' };
    expect((await signIn({ email: 'operator@example.com', password: DEMO_PASSWORD, ...owner })).code).toBe('200');
    for (let index = 0; index < FREE_FAILURES; index += 1) await signIn({ email: 'operator@example.com', password: 'Guess-1234' });
    expect((await signIn({ email: 'operator@example.com', password: DEMO_PASSWORD })).code).toBe('429');
    expect((await signIn({ email: 'operator@example.com', password: DEMO_PASSWORD, ...owner })).code).toBe('200');
  });

  it('counts a burst of parallel guesses in full', async () => {
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, index) => signIn({ email: 'subagent@example.com', password: `Guess-${index}-x`, ip: `192.0.2.${index + 1}` })),
    );
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === '400')).toHaveLength(FREE_FAILURES);
    expect(codes.filter((code) => code === '429')).toHaveLength(16 - FREE_FAILURES);
  });

  it('gives an unknown email the plain wrong-credentials answer', async () => {
    for (let index = 0; index < FREE_FAILURES + 2; index += 1) {
      expect((await signIn({ email: 'nobody-here@example.com', password: 'Wrong-pass-1' })).code).toBe('400');
    }
  });
});
