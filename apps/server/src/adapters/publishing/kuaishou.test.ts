import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeKuaishou, type FakeKuaishou } from '../../test/fakes/kuaishou.js';
import { memoryVideo, publishWithRetries, type DriverState } from '../../test/fakes/publish-driver.js';
import { KuaishouPublisher } from './kuaishou.js';
import type { PlatformAccount, PublishError } from './publisher.js';

let fake: FakeKuaishou;
let kuaishou: KuaishouPublisher;
const redirectUri = 'https://nearcast.example/video/connected';
const cover = { mimeType: 'image/jpeg', open: () => Promise.resolve(Readable.from([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9])])) };

beforeAll(async () => {
  fake = await startFakeKuaishou();
  kuaishou = new KuaishouPublisher({ clientId: 'ks-app', clientSecret: 'ks-secret', endpoints: { api: fake.url, uploadScheme: 'http' }, chunkSize: 1000 });
});
afterAll(() => fake?.close());
beforeEach(() => {
  Object.assign(fake.behaviour, { rateLimitNext: 0, reviewPolls: 1, dropAfterPublish: false, rejectInReview: false });
  fake.works.length = 0;
  fake.server.log.length = 0;
});

async function connect(): Promise<DriverState & { account: PlatformAccount }> {
  const { tokens, account } = await kuaishou.exchange({ code: fake.issueCode(redirectUri), redirectUri, codeVerifier: 'unused' });
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, checkpoint: null, attempts: [], checks: [], account };
}

const post = (account: PlatformAccount) => ({ account, video: memoryVideo(3200), title: '春季新品', caption: '春季新品 #美食', hashtags: ['美食'], language: 'zh', cover });
const publishes = () => fake.server.log.filter((entry) => entry.path === '/openapi/photo/publish').length;
const fragments = () => fake.server.log.filter((entry) => entry.path === '/api/upload/fragment').length;

describe('Kuaishou adapter against a local open platform', () => {
  it('authorizes with state, names the account, rotates the refresh token; refused app credentials are not the merchant’s fault', async () => {
    const url = new URL(kuaishou.authorizeUrl({ state: 'st', redirectUri, codeChallenge: 'ignored' }));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ app_id: 'ks-app', state: 'st', redirect_uri: redirectUri });
    const state = await connect();
    expect(state.account).toEqual({ id: 'ks-open-merchant', name: 'merchant的小店' });
    await kuaishou.refresh(state.refreshToken!);
    expect(((await kuaishou.refresh(state.refreshToken!).catch((e: unknown) => e)) as PublishError).kind).toBe('needs_reconnect');
    const wrongApp = new KuaishouPublisher({ clientId: 'ks-app', clientSecret: 'nope', endpoints: { api: fake.url } });
    expect(((await wrongApp.refresh('x').catch((e: unknown) => e)) as PublishError).kind).toBe('rejected');
  });

  it('uploads fragments, completes, publishes with the cover, follows review and reads the numbers', async () => {
    const state = await connect();
    const outcome = await publishWithRetries(kuaishou, state, post(state.account));
    expect(fake.works).toEqual([expect.objectContaining({ caption: '春季新品 #美食', bytes: 3200, coverBytes: 9 })]);
    expect(fragments()).toBe(3);
    expect(outcome.state).toBe('published');
    const ref = { accessToken: state.accessToken, account: state.account, remoteId: outcome.remoteId, checkpoint: state.checkpoint };
    expect(await kuaishou.status(ref)).toMatchObject({ state: 'approved', url: `https://www.kuaishou.com/short-video/${outcome.remoteId}` });
    expect(await kuaishou.metrics(ref)).toEqual({ plays: 20_480, likes: 512, comments: 44, shares: null, collections: null });
  });

  it('fails a work that Kuaishou’s review turns down and takes off the platform, saying so', async () => {
    const state = await connect();
    fake.behaviour.rejectInReview = true;
    const outcome = await publishWithRetries(kuaishou, state, post(state.account));
    expect(outcome.state).toBe('published');
    const ref = { accessToken: state.accessToken, account: state.account, remoteId: outcome.remoteId, checkpoint: state.checkpoint };
    expect(await kuaishou.status(ref)).toEqual({ state: 'failed', remoteId: outcome.remoteId, url: null, reason: 'the work no longer exists on Kuaishou', privateOnly: false });
    expect(fake.works).toHaveLength(0);
  });

  it('says a cover is missing instead of failing inside Kuaishou', async () => {
    const state = await connect();
    const refused = (await kuaishou.publish({ ...post(state.account), cover: null, accessToken: state.accessToken, checkpoint: null, save: () => Promise.resolve() }).catch((e: unknown) => e)) as PublishError;
    expect(refused.kind).toBe('rejected');
    expect(refused.message).toMatch(/cover/);
  });

  it('refreshes an expired token and carries on with the same upload', async () => {
    const state = await connect();
    fake.tokens.expire(state.accessToken);
    const outcome = await publishWithRetries(kuaishou, state, post(state.account));
    expect(state.attempts).toEqual(['unauthorized', 'ok']);
    expect(fake.works).toHaveLength(1);
    expect(outcome.remoteId).toBe(fake.works[0]!.photoId);
  });

  it('answers a frequency limit as rate_limited', async () => {
    const state = await connect();
    fake.behaviour.rateLimitNext = 1;
    const limited = (await kuaishou.publish({ ...post(state.account), accessToken: state.accessToken, checkpoint: null, save: () => Promise.resolve() }).catch((e: unknown) => e)) as PublishError;
    expect(limited.kind).toBe('rate_limited');
  });

  it('resumes after publish’s answer was lost: finds the work instead of publishing again', async () => {
    fake.behaviour.dropAfterPublish = true;
    const state = await connect();
    const outcome = await publishWithRetries(kuaishou, state, post(state.account));
    expect(state.attempts).toEqual(['unknown_outcome', 'ok']);
    // The status check found nothing posted under the job yet, so publish carried on from the checkpoint.
    expect(state.checks).toEqual(['not posted yet']);
    expect(publishes()).toBe(1);
    expect(fragments()).toBe(3);
    expect(fake.works).toHaveLength(1);
    expect(outcome.remoteId).toBe(fake.works[0]!.photoId);
  });
});
