import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/seed.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { DEVICE_COOKIE } from './device-tokens.js';
import { FREE_FAILURES, MAX_LOCK_SECONDS, emailSubject, lockSeconds } from './sign-in-throttle.js';

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
  /** The device cookie's value, as a browser would send it back. */
  device?: string;
}

async function signIn({ email, password, ip = '203.0.113.7', userAgent = 'attacker/1.0', lang, device }: Attempt) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/account/login',
    remoteAddress: ip,
    headers: {
      'content-type': 'application/json',
      'user-agent': userAgent,
      ...(lang ? { 'accept-language': lang } : {}),
      ...(device ? { cookie: `theme=dark; ${DEVICE_COOKIE}=${device}` } : {}),
    },
    payload: JSON.stringify({ email, password }),
  });
  const setCookie = [response.headers['set-cookie'] ?? []].flat().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
  return {
    status: response.statusCode,
    retryAfter: response.headers['retry-after'],
    device: setCookie ? setCookie.slice(DEVICE_COOKIE.length + 1).split(';')[0] : undefined,
    ...(response.json() as { code: string; msg: string; data: unknown }),
  };
}

/** What a caller can see of an answer (the seconds may tick between two calls). */
const seen = ({ status, code, msg, data, retryAfter }: Awaited<ReturnType<typeof signIn>>) => ({
  status,
  code,
  msg: msg.replace(/\d+/g, 'N'),
  data,
  waits: retryAfter !== undefined,
});

/** Moves an email's lock into the past, as if its time had run out. */
const expireLock = (email: string) =>
  t.query(sql`update sign_in_throttle set locked_until = now() - interval '1 second' where subject = ${emailSubject(email)}`);

async function lockOut(email: string) {
  for (let index = 0; index < FREE_FAILURES; index += 1) {
    expect((await signIn({ email, password: 'Guess-1234', ip: `198.51.100.${index + 1}` })).code).toBe('400');
  }
}

describe('the lock grows only with failures, and stays short', () => {
  it('lets the first failures through, then doubles from 30 seconds up to 15 minutes', () => {
    expect([1, 2, 3, 4].map(lockSeconds)).toEqual([0, 0, 0, 0]);
    expect(lockSeconds(FREE_FAILURES)).toBe(30);
    expect(lockSeconds(FREE_FAILURES + 1)).toBe(60);
    expect(lockSeconds(FREE_FAILURES + 2)).toBe(120);
    expect(lockSeconds(1000)).toBe(MAX_LOCK_SECONDS);
  });
});

describe('sign-in throttling per email', () => {
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
           where subject = ${emailSubject('newstudio@example.com')}`,
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
      sql`select count(*)::int as n from sign_in_throttle where subject = ${emailSubject('newstudio@example.com')}`,
    );
    expect(cleared?.n).toBe(0);
  });

  it('counts a burst of parallel guesses in full', async () => {
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, index) => signIn({ email: 'subagent@example.com', password: `Guess-${index}-x`, ip: `192.0.2.${index + 1}` })),
    );
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === '400')).toHaveLength(FREE_FAILURES);
    expect(codes.filter((code) => code === '429')).toHaveLength(16 - FREE_FAILURES);
  });
});

describe('a device the server recognised before', () => {
  const owner = { ip: '198.51.100.200', userAgent: 'owner-browser/2.0' };

  it('is not a claimed address and browser: replaying them during a lock gets the lock for any password', async () => {
    const email = 'operator@example.com';
    expect((await signIn({ email, password: DEMO_PASSWORD, ...owner })).code).toBe('200');
    await lockOut(email);
    // The attacker copies the owner's address and user agent, but holds no device cookie.
    const wrong = await signIn({ email, password: 'Guess-5678', ...owner });
    const right = await signIn({ email, password: DEMO_PASSWORD, ...owner });
    expect(wrong).toMatchObject({ status: 429, code: '429' });
    expect(right).toMatchObject({ status: 429, code: '429' });
    expect(seen(right)).toEqual(seen(wrong));
  });

  it('lets the owner through a lock with the right password, and answers a wrong one exactly like the lock', async () => {
    const email = 'studio@example.com';
    const first = await signIn({ email, password: DEMO_PASSWORD, ...owner });
    expect(first.code).toBe('200');
    expect(first.device).toBeTruthy();
    await lockOut(email);

    const stranger = await signIn({ email, password: 'Guess-5678', ip: '192.0.2.99', userAgent: 'other/1.0' });
    const ownerWrong = await signIn({ email, password: 'Guess-5678', ...owner, device: first.device });
    expect(stranger).toMatchObject({ status: 429, code: '429' });
    // The same status, code, message and wait: the cookie opens the lock to the password only.
    expect(seen(ownerWrong)).toEqual(seen(stranger));
    expect(Math.abs(Number(ownerWrong.retryAfter) - Number(stranger.retryAfter))).toBeLessThanOrEqual(1);

    const ownerRight = await signIn({ email, password: DEMO_PASSWORD, ...owner, device: first.device });
    expect(ownerRight.code).toBe('200');
    // The owner's sign-in does not lift the lock the attacker earned.
    expect((await signIn({ email, password: DEMO_PASSWORD, ip: '192.0.2.99' })).code).toBe('429');
    // The renewed cookie works too.
    expect((await signIn({ email, password: DEMO_PASSWORD, ...owner, device: ownerRight.device })).code).toBe('200');
  });

  it('does not count a forged, tampered or other account cookie', async () => {
    const email = 'agent@example.com';
    const mine = await signIn({ email, password: DEMO_PASSWORD, ...owner });
    const theirs = await signIn({ email: 'admin@example.com', password: DEMO_PASSWORD, ...owner });
    await lockOut(email);

    const token = mine.device!;
    const flip = (char: string) => (char === 'A' ? 'B' : 'A');
    const tampered = [
      token.slice(0, -1) + flip(token.at(-1)!),
      // Another account's id under this token's signature.
      token.replace(/^\d+/, (id) => String(Number(id) + 1)),
      // Issued later than it was, to outlive its 30 days.
      token.replace(/^(\d+)\.(\d+)/, (_all, id: string, issued: string) => `${id}.${Number(issued) + 86_400}`),
      `${token.split('.').slice(0, 3).join('.')}.${'A'.repeat(43)}`,
    ];
    for (const device of [...tampered, theirs.device!]) {
      const answer = await signIn({ email, password: DEMO_PASSWORD, ...owner, device });
      expect(answer.code, device).toBe('429');
    }
    expect((await signIn({ email, password: DEMO_PASSWORD, ...owner, device: token })).code).toBe('200');
  });

  it('gives a stolen cookie no more guesses than the normal rate', async () => {
    const email = 'newclient@example.com';
    const { device } = await signIn({ email, password: DEMO_PASSWORD, ...owner });
    await lockOut(email);
    const answers = [];
    for (let index = 0; index < FREE_FAILURES + 2; index += 1) {
      answers.push((await signIn({ email, password: `Guess-${index}-y`, device })).code);
    }
    expect(answers).toEqual(Array(FREE_FAILURES + 2).fill('429'));
    // Its own free tries are spent: now even the right password waits, with the cookie too.
    expect((await signIn({ email, password: DEMO_PASSWORD, device })).code).toBe('429');
  });
});

describe('the lock tells nothing about which emails exist', () => {
  it('locks an unknown email exactly like a known one', async () => {
    const known = [];
    const unknown = [];
    for (let index = 0; index < FREE_FAILURES + 2; index += 1) {
      known.push(seen(await signIn({ email: 'client@example.com', password: 'Wrong-pass-1', lang: 'zh' })));
      unknown.push(seen(await signIn({ email: 'nobody-here@example.com', password: 'Wrong-pass-1', lang: 'zh' })));
    }
    expect(unknown).toEqual(known);
    expect(known.slice(FREE_FAILURES).map((answer) => answer.code)).toEqual(['429', '429']);
    expect(known[0]?.code).toBe('400');
  });

  it('forgets stale counts of addresses nobody uses', async () => {
    await signIn({ email: 'tried-once@example.com', password: 'Wrong-pass-1' });
    await t.query(sql`update sign_in_throttle set last_failure_at = now() - interval '2 days' where subject = ${emailSubject('tried-once@example.com')}`);
    // Another new email's first attempt sweeps it away.
    await signIn({ email: 'tried-later@example.com', password: 'Wrong-pass-1' });
    const rows = await t.query<{ subject: string }>(sql`select subject from sign_in_throttle`);
    const subjects = rows.map((row) => row.subject);
    expect(subjects).not.toContain(emailSubject('tried-once@example.com'));
    expect(subjects).toContain(emailSubject('tried-later@example.com'));
    // The table keeps hashes, not addresses.
    expect(subjects.join(' ')).not.toContain('@');
  });
});
