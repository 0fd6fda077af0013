import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeInstagram, type FakeInstagram } from '../../test/fakes/instagram.js';
import { memoryVideo, publishWithRetries, type DriverState } from '../../test/fakes/publish-driver.js';
import { InstagramPublisher } from './instagram.js';
import type { PlatformAccount, PublishError } from './publisher.js';

let fake: FakeInstagram;
let instagram: InstagramPublisher;
const redirectUri = 'https://nearcast.example/video/connected';

beforeAll(async () => {
  fake = await startFakeInstagram();
  const base = `${fake.url}/v21.0`;
  instagram = new InstagramPublisher({ clientId: 'ig-app', clientSecret: 'ig-secret', endpoints: { auth: base, api: base }, chunkSize: 1500 }, { pollIntervalMs: 0, pollAttempts: 5 });
});
afterAll(() => fake?.close());
beforeEach(() => {
  Object.assign(fake.behaviour, { rateLimitNext: 0, processingPolls: 1, errorWith: null, dropAfterPublish: false, quotaUsage: 0, quotaTotal: 50 });
  fake.media.length = 0;
  fake.server.log.length = 0;
});

async function connect(): Promise<DriverState & { account: PlatformAccount }> {
  const { tokens, account } = await instagram.exchange({ code: fake.issueCode(redirectUri), redirectUri, codeVerifier: 'unused' });
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, checkpoint: null, attempts: [], checks: [], account };
}

const post = (account: PlatformAccount) => ({ account, video: memoryVideo(4000), title: 'Spring menu', caption: 'Spring menu #food', hashtags: ['food'], language: 'en' });
const publishes = () => fake.server.log.filter((entry) => entry.path.endsWith('/media_publish'));

describe('Instagram adapter against a local Graph API', () => {
  it('authorizes through Facebook Login, keeps a long-lived token and finds the professional account behind the Page', async () => {
    const url = new URL(instagram.authorizeUrl({ state: 'st', redirectUri, codeChallenge: 'ignored' }));
    expect(url.pathname).toBe('/v21.0/dialog/oauth');
    expect(url.searchParams.get('scope')?.split(',')).toContain('instagram_content_publish');
    expect(url.searchParams.get('state')).toBe('st');
    const state = await connect();
    expect(state.account).toEqual({ id: expect.stringMatching(/^1784/), name: 'merchant.shop' });
    // Meta issues no refresh token: the long-lived token is swapped again before it expires.
    expect(state.refreshToken).toBe(state.accessToken);
    const renewed = await instagram.refresh(state.refreshToken!);
    expect(renewed.accessToken).not.toBe(state.accessToken);
    expect(renewed.accessExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * 86_400_000);
  });

  it('reads the account’s publishing limit at run time', async () => {
    fake.behaviour.quotaTotal = 100;
    const state = await connect();
    expect(await instagram.dailyLimit({ accessToken: state.accessToken, account: state.account })).toBe(100);
  });

  it('opens a REELS container, uploads with offsets, waits for FINISHED, publishes once, then reads insights', async () => {
    const state = await connect();
    const outcome = await publishWithRetries(instagram, state, post(state.account));
    expect(fake.media).toHaveLength(1);
    expect(fake.media[0]!.caption).toBe('Spring menu #food');
    expect(fake.server.log.filter((entry) => entry.path.startsWith('/ig-api-upload/'))).toHaveLength(3);
    expect(outcome).toMatchObject({ state: 'approved', remoteId: fake.media[0]!.id, url: expect.stringMatching(/^https:\/\/www\.instagram\.com\/reel\//) });
    const ref = { accessToken: state.accessToken, account: state.account, remoteId: outcome.remoteId, checkpoint: state.checkpoint };
    expect(await instagram.metrics(ref)).toEqual({ plays: 9120, likes: 644, comments: 51, shares: 37, collections: 88 });
    expect((await instagram.status(ref)).state).toBe('approved');
  });

  it('an expired token is swapped for the newer long-lived one and the upload carries on in the same container', async () => {
    const state = await connect();
    // The refresh job already swapped the long-lived token; this attempt still holds the old one.
    const newer = await instagram.refresh(state.refreshToken!);
    fake.behaviour.processingPolls = 10;
    const stalled = (await instagram
      .publish({ ...post(state.account), accessToken: state.accessToken, checkpoint: null, save: (c) => Promise.resolve(void (state.checkpoint = structuredClone(c))) })
      .catch((e: unknown) => e)) as PublishError;
    expect(stalled.kind).toBe('unavailable');
    expect(state.checkpoint).toMatchObject({ uploaded: true });
    fake.behaviour.processingPolls = 0;
    fake.tokens.expire(state.accessToken);
    const driver: DriverState = { ...state, refreshToken: newer.refreshToken, attempts: [], checks: [] };
    const outcome = await publishWithRetries(instagram, driver, post(state.account));
    expect(driver.attempts).toEqual(['unauthorized', 'ok']);
    expect(outcome.state).toBe('approved');
    expect(fake.media).toHaveLength(1);
    expect(fake.server.log.filter((entry) => entry.method === 'POST' && /\/\d+\/media$/.test(entry.path))).toHaveLength(1);
    expect(fake.server.log.filter((entry) => entry.path.startsWith('/ig-api-upload/'))).toHaveLength(3);
  });

  it('a long-lived token that has expired cannot be swapped: the merchant must reconnect', async () => {
    const state = await connect();
    fake.tokens.expire(state.refreshToken!);
    const gone = (await instagram.refresh(state.refreshToken!).catch((e: unknown) => e)) as PublishError;
    expect(gone.kind).toBe('needs_reconnect');
  });

  it('answers a rate limit with the wait Meta’s usage header gives', async () => {
    const state = await connect();
    fake.behaviour.rateLimitNext = 1;
    const limited = (await instagram.publish({ ...post(state.account), accessToken: state.accessToken, checkpoint: null, save: () => Promise.resolve() }).catch((e: unknown) => e)) as PublishError;
    expect(limited.kind).toBe('rate_limited');
    expect(limited.detail.retryAfterSeconds).toBe(180);
  });

  it('the account’s publishing limit reached is a rate limit, not a failure', async () => {
    fake.behaviour.quotaUsage = 50;
    const state = await connect();
    const limited = (await instagram.publish({ ...post(state.account), accessToken: state.accessToken, checkpoint: null, save: (c) => Promise.resolve(void (state.checkpoint = c)) }).catch((e: unknown) => e)) as PublishError;
    expect(limited.kind).toBe('rate_limited');
    expect(limited.detail.platformCode).toBe('2207042');
    expect(fake.media).toHaveLength(0);
  });

  it('reports a processing failure with the container’s status', async () => {
    fake.behaviour.errorWith = 'Error: Media upload has failed with error code 2207026';
    const state = await connect();
    const outcome = await publishWithRetries(instagram, state, post(state.account));
    expect(outcome).toMatchObject({ state: 'failed', reason: 'Error: Media upload has failed with error code 2207026' });
    expect(publishes()).toHaveLength(0);
  });

  it('resumes after media_publish’s answer was lost: finds the new Reel instead of publishing again', async () => {
    fake.behaviour.dropAfterPublish = true;
    const state = await connect();
    const outcome = await publishWithRetries(instagram, state, post(state.account));
    expect(state.attempts).toEqual(['unknown_outcome', 'ok']);
    // The status check found nothing posted under the job yet, so publish carried on from the checkpoint.
    expect(state.checks).toEqual(['not posted yet']);
    expect(publishes()).toHaveLength(1);
    expect(fake.media).toHaveLength(1);
    expect(outcome).toMatchObject({ state: 'approved', remoteId: fake.media[0]!.id });
    // Nothing was uploaded twice either.
    expect(fake.server.log.filter((entry) => entry.path.startsWith('/ig-api-upload/'))).toHaveLength(3);
  });
});
