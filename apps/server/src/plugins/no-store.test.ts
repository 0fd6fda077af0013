import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { BODY_LIMIT_BYTES: 4096 } });
});
afterAll(() => t.close());

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });

describe('no API answer may be cached', () => {
  it('sends Cache-Control: no-store with the bearer token of /v1/account/detail', async () => {
    const token = await t.login('client@example.com');
    const detail = await post('/api/v1/account/detail', '{}', { authorization: `Bearer ${token}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ data: { token } });
    expect(detail.headers['cache-control']).toBe('no-store');
  });

  it('sends it with every kind of error too', async () => {
    const answers = await Promise.all([
      post('/api/v1/account/detail', '{}'), // 403
      post('/api/v1/account/login', '{"email": '), // malformed JSON
      post('/api/v1/account/login', JSON.stringify({ email: 'x' })), // 400 fields
      post('/api/v1/nothing/here', '{}'), // 404
      post('/api/v1/account/login', JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(10_000) })), // 413
      t.app.inject({ method: 'GET', url: '/api/v1/account/detail' }), // wrong method
      t.app.inject({ method: 'POST', url: '/api/v1/account/login', headers: { 'content-type': 'text/plain' }, payload: 'x' }), // 415
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([403, 400, 400, 404, 413, 404, 415]);
    for (const answer of answers) expect(answer.headers['cache-control'], answer.body).toBe('no-store');
  });
});
