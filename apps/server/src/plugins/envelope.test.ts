import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo/seed.js';
import { codeFrom, createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { BODY_LIMIT_BYTES: 4096 } });
});
afterAll(() => t.close());

const accountsFingerprint = async () =>
  (await t.query<{ f: string }>(sql`select md5(string_agg(a::text, ',' order by id)) as f from accounts a`))[0]?.f;

describe('bad input never crashes and changes nothing', () => {
  it('answers malformed JSON with 400 in the caller language', async () => {
    const response = await t.call('/v1/account/login', undefined, { raw: '{"email": ', lang: 'es' });
    expect(response).toMatchObject({ code: '400', status: 400, msg: 'El cuerpo de la solicitud no es JSON válido' });
  });

  it('names wrong types, missing and unknown fields', async () => {
    const response = await t.call('/v1/account/login', { email: 42, password: ['x'], remember: 'yes', admin: true });
    expect(response.code).toBe('400');
    expect(response.data).toEqual({
      fields: {
        email: 'Please fill in all required fields',
        password: 'Please fill in all required fields',
        remember: 'Must be true or false',
        admin: 'Unknown field: admin',
      },
    });
  });

  it('refuses a body that is not an object', async () => {
    for (const raw of ['[]', '"text"', 'null', '7']) {
      const response = await t.call('/v1/account/login', undefined, { raw });
      expect(response.code, raw).toBe('400');
    }
  });

  it('refuses an oversized body with 413', async () => {
    const response = await t.call('/v1/account/login', { email: 'a@b.co', password: 'x'.repeat(10_000) });
    expect(response).toMatchObject({ code: '413', status: 413, msg: 'The request is too large' });
  });

  it('refuses other content types with 415', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/account/login', headers: { 'content-type': 'text/plain' }, payload: 'hi' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: '415' });
  });

  it('treats strings full of quotes and SQL as plain data', async () => {
    const before = await accountsFingerprint();
    const nasty = `' OR 1=1; DROP TABLE accounts; --`;
    expect((await t.call('/v1/account/login', { email: `x${nasty}@example.com`, password: nasty })).code).toBe('400');
    expect((await t.call('/v1/account/login', { email: 'super@example.com', password: nasty })).msg).toBe('Incorrect email or password');
    expect((await t.call('/v1/base/send', { email: 'a@b.co', scene: nasty })).code).toBe('400');
    expect(await accountsFingerprint()).toBe(before);

    const token = await t.login('client@example.com');
    const update = await t.call<{ bio: string }>('/v1/account/update', { bio: nasty }, { token });
    expect(update.data.bio).toBe(nasty);
    expect(await t.query(sql`select count(*)::int as n from accounts`)).toEqual([{ n: 9 }]);
  });

  it('answers other methods and unknown paths under /api with the envelope', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH'] as const) {
      const response = await t.app.inject({ method, url: '/api/v1/account/detail' });
      expect(response.statusCode, method).toBe(404);
      expect(response.json(), method).toEqual({ code: '404', msg: 'Only POST is accepted under /api', data: null });
    }
    const unknown = await t.call('/v1/nothing/here');
    expect(unknown).toMatchObject({ code: '404', msg: 'No such API endpoint' });
  });
});

describe('sessions', () => {
  it('refuses a missing, malformed, unknown, revoked or expired token with 403', async () => {
    expect((await t.call('/v1/account/detail')).code).toBe('403');
    expect((await t.call('/v1/account/detail', {}, { headers: { authorization: 'Basic abc' } })).code).toBe('403');
    expect((await t.call('/v1/account/detail', {}, { token: 'x'.repeat(43) })).code).toBe('403');
    expect((await t.call('/v1/account/detail', {}, { token: 'y'.repeat(5000) })).code).toBe('403');

    const revoked = await t.login('agent@example.com');
    await t.call('/v1/account/logout', {}, { token: revoked });
    expect((await t.call('/v1/account/detail', {}, { token: revoked })).code).toBe('403');

    const expired = await t.login('agent@example.com');
    await t.query(sql`update sessions set expires_at = now() - interval '1 second' where revoked_at is null and account_id = (select id from accounts where email = 'agent@example.com')`);
    expect((await t.call('/v1/account/detail', {}, { token: expired })).code).toBe('403');
  });

  it('refuses a disabled account, both its open sessions and new logins', async () => {
    const token = await t.login('newstudio@example.com');
    await t.query(sql`update accounts set status = 'disabled' where email = 'newstudio@example.com'`);
    const detail = await t.call('/v1/account/detail', {}, { token });
    expect(detail).toMatchObject({ code: '403', msg: 'This account has been disabled' });
    const login = await t.call('/v1/account/login', { email: 'newstudio@example.com', password: DEMO_PASSWORD });
    expect(login).toMatchObject({ code: '422', msg: 'This account has been disabled' });
    await t.query(sql`update accounts set status = 'normal' where email = 'newstudio@example.com'`);
  });
});

describe('logs', () => {
  it('never contain passwords, codes or tokens', async () => {
    const token = await t.login('admin@example.com');
    await t.call('/v1/account/detail', {}, { token });
    await t.call('/v1/base/send', { email: 'logcheck@example.com', scene: 'register' });
    const code = codeFrom(t.mailer, 'logcheck@example.com');
    await t.call('/v1/account/sign', { username: 'Log', email: 'logcheck@example.com', password: 'Secret-pass-9', confirm_password: 'Secret-pass-9', code });
    const all = t.logs.join('');
    expect(all).toContain('/api/v1/account/login');
    for (const secret of [DEMO_PASSWORD, token, code, 'Secret-pass-9']) expect(all).not.toContain(secret);
  });
});

describe('health, headers and the SPA', () => {
  it('reports liveness and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ status: 'ok' });
  });

  it('sends a page the full security headers, and an API answer the API’s own set', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');

    // A success, a refusal and a route that does not exist alike: nothing may load in, frame,
    // sniff or read an API answer from another origin.
    const token = await t.login('client@example.com');
    const answers = [
      await t.app.inject({ method: 'POST', url: '/api/v1/account/detail', headers: { authorization: `Bearer ${token}` }, payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/v1/account/detail', payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/v1/no/such/route', payload: {} }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 403, 404]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-origin',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cache-control': 'no-store',
      });
      expect(answer.headers).not.toHaveProperty('cross-origin-opener-policy');
    }
  });
});

describe('SPA with history fallback', () => {
  let spa: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'nc-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    spa = await createTestApp({ config: { WEB_DIST: dist }, seed: false });
  });
  afterAll(async () => {
    await spa.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for app routes and long-cached assets', async () => {
    const page = await spa.app.inject({ method: 'GET', url: '/clients?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await spa.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await spa.app.inject({ method: 'GET', url: '/api/v1/account/detail' });
    expect(api.json()).toMatchObject({ code: '404' });
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ config: { RATE_LIMIT_LOGIN_PER_MINUTE: 3, RATE_LIMIT_CODE_PER_HOUR: 2 }, seed: false });
  });
  afterAll(() => limited.close());

  it('limits login attempts per address', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 4; i += 1) codes.push((await limited.call('/v1/account/login', { email: 'a@b.co', password: 'x' })).code);
    expect(codes).toEqual(['400', '400', '400', '429']);
    const last = await limited.call('/v1/account/login', { email: 'a@b.co', password: 'x' }, { lang: 'zh' });
    expect(last.msg).toBe('请求过于频繁，请稍后再试。');
  });

  it('limits code sending per address', async () => {
    const codes: string[] = [];
    for (const email of ['r1@example.com', 'r2@example.com', 'r3@example.com']) {
      codes.push((await limited.call('/v1/base/send', { email, scene: 'register' })).code);
    }
    expect(codes).toEqual(['200', '200', '429']);
  });
});
