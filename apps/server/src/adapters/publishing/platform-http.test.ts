import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../test/fakes/fake-server.js';
import { memoryVideo } from '../../test/fakes/publish-driver.js';
import { chunkRanges, readChunk } from './chunked-upload.js';
import { classifyOAuthError, tokenSetFrom } from './oauth2.js';
import { PlatformHttp, kindOfStatus, retryAfterSeconds } from './platform-http.js';
import type { PublishError } from './publisher.js';

let server: FakeServer;
const http = new PlatformHttp('Example', {});

beforeAll(async () => {
  server = await startFakeServer([
    { method: 'POST', path: '/create', handler: () => ({ status: 200, drop: true }) },
    { method: 'GET', path: '/read', handler: () => ({ status: 200, drop: true }) },
    { method: 'GET', path: '/busy', handler: () => ({ status: 503, body: { error: 'busy' }, headers: { 'retry-after': '30' } }) },
    { method: 'GET', path: '/limited', handler: () => ({ status: 429, body: { error: 'slow down' }, headers: { 'retry-after': '12' } }) },
    { method: 'POST', path: '/token', handler: () => ({ status: 400, body: { error: 'invalid_grant', error_description: 'Refresh token revoked' } }) },
  ]);
});
afterAll(() => server?.close());

const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as PublishError);

describe('the shared platform HTTP helper', () => {
  it('a lost answer to a call that creates something is an unknown outcome; to a read, a passing failure', async () => {
    expect((await failure(http.request(`${server.url}/create`, { json: {} })))?.kind).toBe('unknown_outcome');
    expect((await failure(http.request(`${server.url}/create`, { json: {}, idempotent: true })))?.kind).toBe('unavailable');
    expect((await failure(http.request(`${server.url}/read`)))?.kind).toBe('unavailable');
  });

  it('a 5xx after a call that creates something may have taken effect; a 429 carries its wait', async () => {
    expect((await failure(http.request(`${server.url}/busy`, { method: 'GET', idempotent: false })))?.kind).toBe('unknown_outcome');
    const limited = await failure(http.request(`${server.url}/limited`));
    expect(limited?.kind).toBe('rate_limited');
    expect(limited?.detail.retryAfterSeconds).toBe(12);
  });

  it('never puts a URL’s query (where some platforms want the token) in an error message', async () => {
    const error = await failure(http.request(`${server.url}/read?access_token=SECRET-TOKEN&client_secret=SHH`));
    expect(error?.message).toContain('/read');
    expect(error?.message).not.toMatch(/SECRET-TOKEN|SHH/);
  });

  it('reads an OAuth error: a revoked grant needs the merchant, a bad client is ours', async () => {
    const revoked = await failure(http.request(`${server.url}/token`, { form: {}, classify: classifyOAuthError }));
    expect(revoked?.kind).toBe('needs_reconnect');
    expect(classifyOAuthError({ status: 401, headers: new Headers(), body: { error: 'invalid_client' }, text: '' })?.kind).toBe('rejected');
    expect(classifyOAuthError({ status: 503, headers: new Headers(), body: { error: 'temporarily_unavailable' }, text: '' })?.kind).toBe('unavailable');
  });

  it('reads Retry-After as seconds or a date, and maps bare statuses', () => {
    expect(retryAfterSeconds(new Headers({ 'retry-after': '120' }))).toBe(120);
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    expect(retryAfterSeconds(new Headers({ 'retry-after': inAMinute }))).toBeGreaterThanOrEqual(58);
    expect(retryAfterSeconds(new Headers())).toBeUndefined();
    expect(kindOfStatus(200, false)).toBeNull();
    expect(kindOfStatus(401, true)).toBe('unauthorized');
    expect(kindOfStatus(400, true)).toBe('rejected');
  });

  it('turns expires_in into absolute times and keeps the refresh token a refresh answer leaves out', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const tokens = tokenSetFrom({ access_token: 'a', expires_in: 3600, scope: 'x y' }, now, { refreshToken: 'kept' });
    expect(tokens).toEqual({ accessToken: 'a', refreshToken: 'kept', accessExpiresAt: new Date('2026-11-23T13:00:00Z'), refreshExpiresAt: null, scopes: ['x', 'y'] });
  });

  it('cuts a file into chunks whose last one takes the remainder, and reads exact ranges', async () => {
    expect(chunkRanges(10, 4)).toEqual([
      { start: 0, end: 4 },
      { start: 4, end: 10 },
    ]);
    expect(chunkRanges(3, 4)).toEqual([{ start: 0, end: 3 }]);
    const video = memoryVideo(10);
    expect([...(await readChunk(video, 4, 10))]).toEqual([...video.bytes.subarray(4, 10)]);
    const short = { ...video, open: () => video.open({ start: 0, end: 2 }) };
    expect((await failure(readChunk(short, 0, 5)))?.kind).toBe('unavailable');
  });
});
