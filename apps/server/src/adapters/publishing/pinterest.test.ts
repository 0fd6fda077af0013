import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakePinterest, type FakePinterest } from '../../test/fakes/pinterest.js';
import { memoryVideo, publishWithRetries, type DriverState } from '../../test/fakes/publish-driver.js';
import { PinterestPublisher } from './pinterest.js';
import type { PlatformAccount, PublishError } from './publisher.js';

let fake: FakePinterest;
let pinterest: PinterestPublisher;
const redirectUri = 'https://nearcast.example/video/connected';

beforeAll(async () => {
  fake = await startFakePinterest();
  pinterest = new PinterestPublisher({ clientId: 'pin-client', clientSecret: 'pin-secret', endpoints: { auth: fake.url, api: `${fake.url}/v5` } }, { pollIntervalMs: 0, pollAttempts: 5 });
});
afterAll(() => fake?.close());
beforeEach(() => {
  Object.assign(fake.behaviour, { rateLimitNext: 0, processingPolls: 1, failProcessing: false, dropAfterPin: false });
  fake.pins.length = 0;
  fake.server.log.length = 0;
});

async function connect(): Promise<DriverState & { account: PlatformAccount }> {
  const { tokens, account } = await pinterest.exchange({ code: fake.issueCode(redirectUri), redirectUri, codeVerifier: 'unused' });
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, checkpoint: null, attempts: [], checks: [], account };
}

const post = (account: PlatformAccount) => ({ account, video: memoryVideo(2500), title: 'Spring menu', caption: 'Spring menu #food', hashtags: ['food'], language: 'en' });
const pinCreates = () => fake.server.log.filter((entry) => entry.method === 'POST' && entry.path === '/v5/pins').length;

describe('Pinterest adapter against a local API v5', () => {
  it('authorizes with state, exchanges with HTTP Basic client auth and rotates the refresh token', async () => {
    const url = new URL(pinterest.authorizeUrl({ state: 'st', redirectUri, codeChallenge: 'ignored' }));
    expect(url.pathname).toBe('/oauth/');
    expect(url.searchParams.get('scope')).toBe('boards:read,pins:read,pins:write,user_accounts:read');
    const state = await connect();
    expect(state.account.name).toBe('merchant_pins');
    const renewed = await pinterest.refresh(state.refreshToken!);
    expect(renewed.refreshToken).not.toBe(state.refreshToken);
    expect(renewed.refreshExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    const reused = (await pinterest.refresh(state.refreshToken!).catch((e: unknown) => e)) as PublishError;
    expect(reused.kind).toBe('needs_reconnect');
  });

  it('registers the media, uploads the presigned form, waits for succeeded, pins it on the public board, reads analytics', async () => {
    const state = await connect();
    const outcome = await publishWithRetries(pinterest, state, post(state.account));
    expect(fake.pins).toEqual([expect.objectContaining({ boardId: '9002', title: 'Spring menu' })]);
    expect(outcome).toMatchObject({ state: 'approved', remoteId: fake.pins[0]!.id, url: `https://www.pinterest.com/pin/${fake.pins[0]!.id}/` });
    const ref = { accessToken: state.accessToken, account: state.account, remoteId: outcome.remoteId, checkpoint: state.checkpoint };
    expect(await pinterest.metrics(ref)).toEqual({ plays: 2_310, likes: 95, comments: 6, shares: null, collections: 140 });
    expect((await pinterest.status(ref)).state).toBe('approved');
  });

  it('an expired token is refreshed and the registered media is reused', async () => {
    const state = await connect();
    fake.behaviour.processingPolls = 10;
    const stalled = (await pinterest.publish({ ...post(state.account), accessToken: state.accessToken, checkpoint: null, save: (c) => Promise.resolve(void (state.checkpoint = structuredClone(c))) }).catch((e: unknown) => e)) as PublishError;
    expect(stalled.kind).toBe('unavailable');
    fake.behaviour.processingPolls = 0;
    fake.tokens.expire(state.accessToken);
    const outcome = await publishWithRetries(pinterest, state, post(state.account));
    expect(state.attempts).toEqual(['unauthorized', 'ok']);
    expect(outcome.state).toBe('approved');
    expect(fake.server.log.filter((entry) => entry.method === 'POST' && entry.path === '/v5/media')).toHaveLength(1);
    expect(fake.server.log.filter((entry) => entry.path === '/upload-bucket/')).toHaveLength(1);
  });

  it('answers a 429 as rate_limited with Retry-After', async () => {
    const state = await connect();
    fake.behaviour.rateLimitNext = 1;
    const limited = (await pinterest.publish({ ...post(state.account), accessToken: state.accessToken, checkpoint: null, save: () => Promise.resolve() }).catch((e: unknown) => e)) as PublishError;
    expect(limited.kind).toBe('rate_limited');
    expect(limited.detail.retryAfterSeconds).toBe(13);
  });

  it('a video Pinterest cannot process fails without a Pin', async () => {
    fake.behaviour.failProcessing = true;
    const state = await connect();
    const outcome = await publishWithRetries(pinterest, state, post(state.account));
    expect(outcome.state).toBe('failed');
    expect(pinCreates()).toBe(0);
  });

  it('resumes after the Pin’s answer was lost: finds it on the board instead of pinning again', async () => {
    fake.behaviour.dropAfterPin = true;
    const state = await connect();
    const outcome = await publishWithRetries(pinterest, state, post(state.account));
    expect(state.attempts).toEqual(['unknown_outcome', 'ok']);
    // The status check found nothing posted under the job yet, so publish carried on from the checkpoint.
    expect(state.checks).toEqual(['not posted yet']);
    expect(pinCreates()).toBe(1);
    expect(fake.pins).toHaveLength(1);
    expect(outcome.remoteId).toBe(fake.pins[0]!.id);
  });
});
