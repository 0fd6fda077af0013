import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { s256 } from '../../test/fakes/fake-server.js';
import { memoryVideo, publishWithRetries, testAccount, type DriverState } from '../../test/fakes/publish-driver.js';
import { startFakeYouTube, type FakeYouTube } from '../../test/fakes/youtube.js';
import { PublishError } from './publisher.js';
import { YouTubePublisher, secondsUntilPacificMidnight } from './youtube.js';

let fake: FakeYouTube;
let youtube: YouTubePublisher;
const redirectUri = 'https://nearcast.example/video/connected';
const verifier = 'yt-verifier-'.repeat(5);
// 256 KiB units are what Google's chunks are made of; the test uses the smallest.
const CHUNK = 256 * 1024;

beforeAll(async () => {
  fake = await startFakeYouTube();
  youtube = new YouTubePublisher({ clientId: 'yt-client', clientSecret: 'yt-secret', endpoints: { auth: fake.url, token: fake.url, api: fake.url }, chunkSize: CHUNK });
});
afterAll(() => fake?.close());
beforeEach(() => {
  Object.assign(fake.behaviour, { rateLimitNext: 0, quotaExhausted: false, dropAfterLastChunk: false, rejectWith: null, processingPolls: 1, unverifiedProject: false });
  fake.videos.length = 0;
  fake.server.log.length = 0;
});

async function connect(): Promise<DriverState> {
  const { tokens } = await youtube.exchange({ code: fake.issueCode(s256(verifier), redirectUri), redirectUri, codeVerifier: verifier });
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, checkpoint: null, attempts: [], checks: [] };
}

const SIZE = 2 * CHUNK + 1234;
const post = () => ({ account: testAccount, video: memoryVideo(SIZE), title: 'Spring menu', caption: 'Our spring menu #food', hashtags: ['food'], language: 'en' });
const puts = () => fake.server.log.filter((entry) => entry.method === 'PUT');

describe('YouTube adapter against a local Data API with resumable uploads', () => {
  it('asks Google for offline access with PKCE and state, and names the channel after the exchange', async () => {
    const url = new URL(youtube.authorizeUrl({ state: 'st', redirectUri, codeChallenge: s256(verifier) }));
    expect(url.pathname).toBe('/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: 'yt-client', access_type: 'offline', state: 'st', code_challenge: s256(verifier), code_challenge_method: 'S256' });
    const { tokens, account } = await youtube.exchange({ code: fake.issueCode(s256(verifier), redirectUri), redirectUri, codeVerifier: verifier });
    expect(account).toEqual({ id: 'UCmerchant', name: 'Channel merchant' });
    expect(tokens.scopes).toContain('https://www.googleapis.com/auth/youtube.upload');
    const wrong = await youtube.exchange({ code: fake.issueCode(s256(verifier), redirectUri), redirectUri, codeVerifier: 'x'.repeat(43) }).catch((e: unknown) => e);
    expect((wrong as PublishError).kind).toBe('needs_reconnect');
  });

  it('keeps the refresh token Google does not resend', async () => {
    const state = await connect();
    const renewed = await youtube.refresh(state.refreshToken!);
    expect(renewed.refreshToken).toBe(state.refreshToken);
    expect(renewed.accessToken).not.toBe(state.accessToken);
  });

  it('uploads through one resumable session in 256 KiB chunks, then reads processing → public and statistics', async () => {
    const state = await connect();
    const outcome = await publishWithRetries(youtube, state, post());
    expect(fake.videos).toEqual([expect.objectContaining({ title: 'Spring menu', bytes: SIZE, privacy: 'public' })]);
    // One status query, then three chunks.
    expect(puts()).toHaveLength(4);
    expect(outcome).toMatchObject({ state: 'reviewing', remoteId: fake.videos[0]!.id, url: `https://www.youtube.com/watch?v=${fake.videos[0]!.id}` });
    const ref = { accessToken: state.accessToken, account: testAccount, remoteId: outcome.remoteId, checkpoint: state.checkpoint };
    expect((await youtube.status(ref)).state).toBe('approved');
    expect(await youtube.metrics(ref)).toEqual({ plays: 4821, likes: 310, comments: 42, shares: null, collections: null });
  });

  it('says so when Google keeps an unverified project’s upload private', async () => {
    fake.behaviour.unverifiedProject = true;
    fake.behaviour.processingPolls = 0;
    const outcome = await publishWithRetries(youtube, await connect(), post());
    expect(outcome).toMatchObject({ state: 'published', privateOnly: true });
  });

  it('refreshes an expired token and continues the same session', async () => {
    const state = await connect();
    fake.tokens.expireAll();
    const outcome = await publishWithRetries(youtube, state, post());
    expect(state.attempts).toEqual(['unauthorized', 'ok']);
    expect(fake.videos).toHaveLength(1);
    expect(outcome.remoteId).toBe(fake.videos[0]!.id);
  });

  it('answers 429 as rate_limited with Google’s wait, and an empty upload quota waits for midnight Pacific', async () => {
    const state = await connect();
    fake.behaviour.rateLimitNext = 1;
    const limited = await youtube.publish({ ...post(), accessToken: state.accessToken, checkpoint: null, save: () => Promise.resolve() }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(PublishError);
    expect((limited as PublishError).kind).toBe('rate_limited');
    expect((limited as PublishError).detail.retryAfterSeconds).toBe(11);

    fake.behaviour.quotaExhausted = true;
    const quota = (await youtube.publish({ ...post(), accessToken: state.accessToken, checkpoint: null, save: () => Promise.resolve() }).catch((e: unknown) => e)) as PublishError;
    expect(quota.kind).toBe('rate_limited');
    expect(quota.detail.platformCode).toBe('quotaExceeded');
    expect(quota.detail.retryAfterSeconds).toBeGreaterThan(0);
    expect(quota.detail.retryAfterSeconds).toBeLessThanOrEqual(86_400);
    expect(fake.videos).toHaveLength(0);
  });

  it('counts the seconds to midnight in Los Angeles, summer time or not', () => {
    // 23:00 PDT on 1 July = 06:00 UTC on 2 July; 23:00 PST on 1 December = 07:00 UTC on 2 December.
    expect(secondsUntilPacificMidnight(new Date('2026-07-02T06:00:00Z'))).toBe(3600);
    expect(secondsUntilPacificMidnight(new Date('2026-12-02T07:00:00Z'))).toBe(3600);
  });

  it('reports a rejection with YouTube’s reason', async () => {
    fake.behaviour.rejectWith = 'copyright';
    const state = await connect();
    const outcome = await publishWithRetries(youtube, state, post());
    expect(outcome).toMatchObject({ state: 'failed', reason: 'rejected: copyright' });
  });

  it('resumes after the connection died once YouTube had the last byte: the session answers the video, nothing is sent again', async () => {
    fake.behaviour.dropAfterLastChunk = true;
    const state = await connect();
    const outcome = await publishWithRetries(youtube, state, post());
    expect(state.attempts).toEqual(['unavailable', 'ok']);
    expect(fake.videos).toHaveLength(1);
    expect(outcome.remoteId).toBe(fake.videos[0]!.id);
    expect(fake.server.log.filter((entry) => entry.method === 'POST' && entry.path === '/upload/youtube/v3/videos')).toHaveLength(1);
    // First attempt: query + 3 chunks; second: one query that answers the finished video.
    expect(puts()).toHaveLength(5);
  });

  it('a revoked grant needs the merchant again', async () => {
    const gone = (await youtube.refresh('yt-rt-revoked').catch((e: unknown) => e)) as PublishError;
    expect(gone.kind).toBe('needs_reconnect');
  });
});
