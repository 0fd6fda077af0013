import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { s256 } from '../../test/fakes/fake-server.js';
import { memoryVideo, publishWithRetries, testAccount, type DriverState } from '../../test/fakes/publish-driver.js';
import { startFakeTikTok, type FakeTikTok } from '../../test/fakes/tiktok.js';
import { PublishError } from './publisher.js';
import { TikTokPublisher } from './tiktok.js';

let fake: FakeTikTok;
let tiktok: TikTokPublisher;
const redirectUri = 'https://nearcast.example/api/v1/video/connections/callback/tiktok';
const verifier = 'a'.repeat(43) + 'VerifierForTikTok';

beforeAll(async () => {
  fake = await startFakeTikTok();
  tiktok = new TikTokPublisher({ clientId: 'tt-client', clientSecret: 'tt-secret', endpoints: { auth: fake.url, api: fake.url }, chunkSize: 1000 });
});
afterAll(() => fake?.close());
beforeEach(() => {
  Object.assign(fake.behaviour, { unaudited: false, rateLimitNext: 0, dropAfterLastChunk: false, failWith: null, processingPolls: 1 });
  fake.posts.length = 0;
  fake.server.log.length = 0;
});

async function connect(): Promise<DriverState> {
  const code = fake.issueCode(s256(verifier), redirectUri);
  const { tokens } = await tiktok.exchange({ code, redirectUri, codeVerifier: verifier });
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, checkpoint: null, attempts: [], checks: [] };
}

const post = (size = 3500) => ({ account: testAccount, video: memoryVideo(size), title: 'Spring menu', caption: 'Spring menu #food', hashtags: ['food'], language: 'en' });

describe('TikTok adapter against the local Content Posting API', () => {
  it('builds the v2 authorize URL with state and an S256 challenge', () => {
    const url = new URL(tiktok.authorizeUrl({ state: 'st4te', redirectUri, codeChallenge: s256(verifier) }));
    expect(url.pathname).toBe('/v2/auth/authorize/');
    expect(url.searchParams.get('client_key')).toBe('tt-client');
    expect(url.searchParams.get('state')).toBe('st4te');
    expect(url.searchParams.get('code_challenge')).toBe(s256(verifier));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')?.split(',')).toContain('video.publish');
  });

  it('exchanges a code with its verifier, names the account, and refuses a wrong verifier', async () => {
    const code = fake.issueCode(s256(verifier), redirectUri);
    const { tokens, account } = await tiktok.exchange({ code, redirectUri, codeVerifier: verifier });
    expect(account).toEqual({ id: 'open-merchant', name: 'Creator merchant' });
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.scopes).toContain('video.upload');
    expect(tokens.accessExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 86_000_000);

    const other = fake.issueCode(s256(verifier), redirectUri);
    const refused = await tiktok.exchange({ code: other, redirectUri, codeVerifier: 'b'.repeat(50) }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PublishError);
    expect((refused as PublishError).kind).toBe('needs_reconnect');
  });

  it('uploads in Content-Range chunks, then reports reviewing → approved with the post id, and reads counts (saves not available)', async () => {
    const state = await connect();
    const outcome = await publishWithRetries(tiktok, state, post());
    expect(fake.posts).toHaveLength(1);
    expect(fake.posts[0]).toMatchObject({ privacy: 'PUBLIC_TO_EVERYONE', bytes: 3500, title: 'Spring menu #food' });
    // 3500 bytes in chunks of 1000: three chunks, the last one carrying the remainder.
    expect(fake.server.log.filter((entry) => entry.method === 'PUT')).toHaveLength(3);
    expect(outcome.state).toBe('reviewing');
    expect(outcome.privateOnly).toBe(false);

    const ref = { accessToken: state.accessToken, account: testAccount, remoteId: outcome.remoteId, checkpoint: state.checkpoint };
    const later = await tiktok.status(ref);
    expect(later.state).toBe('approved');
    expect(later.url).toMatch(/^https:\/\/www\.tiktok\.com\/video\/73\d+$/);
    const metrics = await tiktok.metrics(ref);
    expect(metrics).toEqual({ plays: 1234, likes: 56, comments: 7, shares: 3, collections: null });
  });

  it('posts privately for an unaudited app and says so', async () => {
    fake.behaviour.unaudited = true;
    fake.behaviour.processingPolls = 0;
    const state = await connect();
    const outcome = await publishWithRetries(tiktok, state, post(800));
    expect(fake.posts).toEqual([expect.objectContaining({ privacy: 'SELF_ONLY' })]);
    expect(outcome).toMatchObject({ state: 'published', privateOnly: true });
    expect(outcome.reason).toMatch(/privately/);
  });

  it('refreshes an expired token once and carries on from the checkpoint without a second init', async () => {
    const state = await connect();
    fake.tokens.expireAll();
    const outcome = await publishWithRetries(tiktok, state, post());
    expect(state.attempts).toEqual(['unauthorized', 'ok']);
    expect(outcome.state).toBe('reviewing');
    expect(fake.server.log.filter((entry) => entry.path === '/v2/post/publish/video/init/')).toHaveLength(1);
    expect(fake.posts).toHaveLength(1);
  });

  it('answers a 429 as rate_limited with the wait TikTok asked for', async () => {
    const state = await connect();
    fake.behaviour.rateLimitNext = 1;
    const error = await tiktok
      .publish({ ...post(), accessToken: state.accessToken, checkpoint: null, save: () => Promise.resolve() })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PublishError);
    expect((error as PublishError).kind).toBe('rate_limited');
    expect((error as PublishError).detail.retryAfterSeconds).toBe(7);
  });

  it('reports a processing failure with TikTok’s reason', async () => {
    fake.behaviour.failWith = 'file_format_check_failed';
    fake.behaviour.processingPolls = 0;
    const state = await connect();
    const outcome = await publishWithRetries(tiktok, state, post());
    expect(outcome).toMatchObject({ state: 'failed', reason: 'file_format_check_failed' });
  });

  it('resumes after the connection died once TikTok had the last chunk: no second upload, no second post', async () => {
    fake.behaviour.dropAfterLastChunk = true;
    const state = await connect();
    const outcome = await publishWithRetries(tiktok, state, post());
    expect(state.attempts).toEqual(['unavailable', 'ok']);
    expect(fake.posts).toHaveLength(1);
    expect(fake.server.log.filter((entry) => entry.method === 'PUT')).toHaveLength(3);
    expect(fake.server.log.filter((entry) => entry.path === '/v2/post/publish/video/init/')).toHaveLength(1);
    expect(outcome.state).toBe('reviewing');
  });

  it('a refresh token that is gone needs the merchant again; a token endpoint outage does not', async () => {
    const gone = await tiktok.refresh('tt-rt-unknown').catch((error: unknown) => error);
    expect((gone as PublishError).kind).toBe('needs_reconnect');
    const down = new TikTokPublisher({ clientId: 'tt-client', clientSecret: 'tt-secret', endpoints: { api: 'http://127.0.0.1:9' } });
    const unreachable = await down.refresh('whatever').catch((error: unknown) => error);
    expect((unreachable as PublishError).kind).toBe('unavailable');
  });
});
