import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeFacebook, type FakeFacebook } from '../../test/fakes/facebook.js';
import { memoryVideo, publishWithRetries, type DriverState } from '../../test/fakes/publish-driver.js';
import { FacebookPublisher } from './facebook.js';
import type { PlatformAccount, PublishError } from './publisher.js';

let fake: FakeFacebook;
let facebook: FacebookPublisher;
const redirectUri = 'https://nearcast.example/video/connected';

beforeAll(async () => {
  fake = await startFakeFacebook();
  const base = `${fake.url}/v21.0`;
  facebook = new FacebookPublisher({ clientId: 'fb-app', clientSecret: 'fb-secret', endpoints: { auth: base, api: base }, chunkSize: 1024 });
});
afterAll(() => fake?.close());
beforeEach(() => {
  Object.assign(fake.behaviour, { rateLimitNext: 0, processingPolls: 1, failWith: null, dropAfterFinish: false });
  fake.reels.length = 0;
  fake.server.log.length = 0;
});

async function connect(): Promise<DriverState & { account: PlatformAccount }> {
  const { tokens, account } = await facebook.exchange({ code: fake.issueCode(redirectUri), redirectUri, codeVerifier: 'unused' });
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, checkpoint: null, attempts: [], checks: [], account };
}

const post = (account: PlatformAccount) => ({ account, video: memoryVideo(3000), title: 'Spring menu', caption: 'Spring menu #food', hashtags: ['food'], language: 'en' });
const finishes = () => fake.server.log.filter((entry) => entry.path.endsWith('/video_reels')).length;
const uploads = () => fake.server.log.filter((entry) => entry.path.startsWith('/video-upload/')).length;

describe('Facebook adapter against a local Graph API for Page reels', () => {
  it('connects the Page the login manages and publishes with its token', async () => {
    const url = new URL(facebook.authorizeUrl({ state: 'st', redirectUri, codeChallenge: 'ignored' }));
    expect(url.searchParams.get('scope')?.split(',')).toContain('pages_manage_posts');
    const state = await connect();
    expect(state.account).toEqual({ id: '1050000000000001', name: 'merchant Shop' });
    expect(state.refreshToken).toMatch(/^1050000000000001:/);
    expect(await facebook.dailyLimit()).toBe(30);
  });

  it('starts, uploads with offsets, finishes as PUBLISHED, follows processing to the posted reel and reads its insights', async () => {
    const state = await connect();
    const outcome = await publishWithRetries(facebook, state, post(state.account));
    expect(fake.reels).toEqual([{ videoId: outcome.remoteId, description: 'Spring menu #food' }]);
    expect(uploads()).toBe(3);
    expect(outcome.state).toBe('published');
    const ref = { accessToken: state.accessToken, account: state.account, remoteId: outcome.remoteId, checkpoint: state.checkpoint };
    const later = await facebook.status(ref);
    expect(later).toMatchObject({ state: 'approved', url: `https://www.facebook.com/reel/${outcome.remoteId}` });
    expect(await facebook.metrics(ref)).toEqual({ plays: 15_230, likes: 800, comments: 64, shares: 29, collections: null });
  });

  it('a refused Page token is derived again from the user grant, and the same video carries on', async () => {
    const state = await connect();
    fake.tokens.expire(state.accessToken);
    const outcome = await publishWithRetries(facebook, state, post(state.account));
    expect(state.attempts).toEqual(['unauthorized', 'ok']);
    expect(fake.reels).toHaveLength(1);
    expect(outcome.remoteId).toBe(fake.reels[0]!.videoId);
  });

  it('a user grant that is gone needs the merchant again', async () => {
    const state = await connect();
    const userToken = state.refreshToken!.split(':')[1]!;
    fake.tokens.expire(userToken);
    const gone = (await facebook.refresh(state.refreshToken!).catch((e: unknown) => e)) as PublishError;
    expect(gone.kind).toBe('needs_reconnect');
  });

  it('answers the Page rate limit with the wait in Meta’s usage header', async () => {
    const state = await connect();
    fake.behaviour.rateLimitNext = 1;
    const limited = (await facebook.publish({ ...post(state.account), accessToken: state.accessToken, checkpoint: null, save: () => Promise.resolve() }).catch((e: unknown) => e)) as PublishError;
    expect(limited.kind).toBe('rate_limited');
    expect(limited.detail.retryAfterSeconds).toBe(300);
  });

  it('reports a processing failure with Facebook’s message', async () => {
    fake.behaviour.failWith = 'The video file is too short';
    const state = await connect();
    const outcome = await publishWithRetries(facebook, state, post(state.account));
    expect(outcome).toMatchObject({ state: 'failed', reason: 'The video file is too short' });
    expect(fake.reels).toHaveLength(0);
  });

  it('resumes after finish’s answer was lost: the video says it is publishing, so finish is not sent again', async () => {
    fake.behaviour.dropAfterFinish = true;
    const state = await connect();
    const outcome = await publishWithRetries(facebook, state, post(state.account));
    // As the engine does: the lost answer is checked with status, which finds the reel publishing.
    expect(state.attempts).toEqual(['unknown_outcome', 'status']);
    expect(state.checks).toEqual(['published']);
    expect(fake.reels).toHaveLength(1);
    // start + one finish; no second finish, no second upload.
    expect(finishes()).toBe(2);
    expect(uploads()).toBe(3);
    expect(['published', 'approved']).toContain(outcome.state);
  });
});
