import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryVideo, publishWithRetries, type DriverState } from '../../test/fakes/publish-driver.js';
import { startFakeVk, type FakeVk } from '../../test/fakes/vk.js';
import type { PlatformAccount, PublishError } from './publisher.js';
import { VkPublisher } from './vk.js';

let fake: FakeVk;
let vk: VkPublisher;
const redirectUri = 'https://nearcast.example/video/connected';

beforeAll(async () => {
  fake = await startFakeVk();
  vk = new VkPublisher({ clientId: 'vk-app', clientSecret: 'vk-secret', endpoints: { auth: fake.url, api: `${fake.url}/method` } });
});
afterAll(() => fake?.close());
beforeEach(() => {
  Object.assign(fake.behaviour, { rateLimitNext: 0, processingPolls: 1, blockWith: null, dropAfterUpload: false });
  fake.videos.length = 0;
  fake.server.log.length = 0;
});

async function connect(): Promise<DriverState & { account: PlatformAccount }> {
  const { tokens, account } = await vk.exchange({ code: fake.issueCode(redirectUri), redirectUri, codeVerifier: 'unused' });
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, checkpoint: null, attempts: [], checks: [], account };
}

const post = (account: PlatformAccount) => ({ account, video: memoryVideo(2048), title: 'Spring menu', caption: 'Spring menu #food', hashtags: ['food'], language: 'en' });
const saves = () => fake.server.log.filter((entry) => entry.path === '/method/video.save').length;
const uploads = () => fake.server.log.filter((entry) => entry.path === '/upload.php').length;

describe('VK adapter against a local VK API', () => {
  it('asks for an offline token with state and names the account', async () => {
    const url = new URL(vk.authorizeUrl({ state: 'st', redirectUri, codeChallenge: 'ignored' }));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: 'vk-app', scope: 'video,offline', state: 'st', response_type: 'code' });
    const state = await connect();
    expect(state.account).toEqual({ id: '71000001', name: 'Merchant Shop' });
    expect(state.refreshToken).toBeNull();
  });

  it('saves, uploads the file, follows processing to the public video and reads its counts', async () => {
    const state = await connect();
    const outcome = await publishWithRetries(vk, state, post(state.account));
    expect(fake.videos).toEqual([expect.objectContaining({ title: 'Spring menu', bytes: 2048 })]);
    expect(outcome.state).toBe('reviewing');
    const ref = { accessToken: state.accessToken, account: state.account, remoteId: outcome.remoteId, checkpoint: state.checkpoint };
    expect(await vk.status(ref)).toMatchObject({ state: 'approved', url: `https://vk.com/video71000001_${fake.videos[0]!.id}` });
    expect(await vk.metrics(ref)).toEqual({ plays: 7_450, likes: 410, comments: 33, shares: 27, collections: null });
  });

  it('a refused token needs the merchant (VK has no refresh); with the new token the same video carries on', async () => {
    const state = await connect();
    let saved: Record<string, unknown> | null = null;
    // video.save went through, then the token was revoked before the upload.
    const first = await vk.publish({ ...post(state.account), accessToken: state.accessToken, checkpoint: null, save: (c) => Promise.resolve(void (saved = structuredClone(c))) });
    expect(first.remoteId).toBeTruthy();
    fake.videos.length = 0;
    fake.server.log.length = 0;
    const halfway = { videoRef: (saved as Record<string, unknown> | null)?.videoRef, uploadUrl: (saved as Record<string, unknown> | null)?.uploadUrl };
    fake.tokens.expire(state.accessToken);
    const driver: DriverState = { accessToken: state.accessToken, refreshToken: null, checkpoint: halfway, attempts: [], checks: [] };
    const refused = (await publishWithRetries(vk, driver, post(state.account)).catch((e: unknown) => e)) as PublishError;
    expect(refused.kind).toBe('unauthorized');
    expect(((await vk.refresh().catch((e: unknown) => e)) as PublishError).kind).toBe('needs_reconnect');
    const again = await connect();
    const resumed: DriverState = { ...again, checkpoint: halfway, attempts: [], checks: [] };
    const outcome = await publishWithRetries(vk, resumed, post(state.account));
    expect(outcome.remoteId).toBe(halfway.videoRef);
    expect(saves()).toBe(0);
    // The file had already arrived the first time: VK's record says so, nothing is re-sent.
    expect(uploads()).toBe(0);
  });

  it('answers error 6 as rate_limited', async () => {
    const state = await connect();
    fake.behaviour.rateLimitNext = 1;
    const limited = (await vk.publish({ ...post(state.account), accessToken: state.accessToken, checkpoint: null, save: () => Promise.resolve() }).catch((e: unknown) => e)) as PublishError;
    expect(limited.kind).toBe('rate_limited');
    expect(limited.detail.platformCode).toBe('6');
  });

  it('reports a blocked video with VK’s words', async () => {
    fake.behaviour.blockWith = 'Video is blocked for copyright reasons';
    fake.behaviour.processingPolls = 0;
    const state = await connect();
    const outcome = await publishWithRetries(vk, state, post(state.account));
    expect(outcome).toMatchObject({ state: 'failed', reason: 'Video is blocked for copyright reasons' });
  });

  it('resumes after the upload’s answer was lost: one video.save, one upload, one video', async () => {
    fake.behaviour.dropAfterUpload = true;
    const state = await connect();
    const outcome = await publishWithRetries(vk, state, post(state.account));
    expect(state.attempts).toEqual(['unavailable', 'ok']);
    expect(saves()).toBe(1);
    expect(uploads()).toBe(1);
    expect(fake.videos).toHaveLength(1);
    expect(outcome.remoteId).toMatch(/^71000001_\d+_ak\d+$/);
  });
});
