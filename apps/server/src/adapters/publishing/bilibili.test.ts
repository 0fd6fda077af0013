import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeBilibili, type FakeBilibili } from '../../test/fakes/bilibili.js';
import { memoryVideo, publishWithRetries, type DriverState } from '../../test/fakes/publish-driver.js';
import { BilibiliPublisher } from './bilibili.js';
import type { PlatformAccount, PublishError } from './publisher.js';

let fake: FakeBilibili;
let bilibili: BilibiliPublisher;
const redirectUri = 'https://nearcast.example/video/connected';

beforeAll(async () => {
  fake = await startFakeBilibili();
  bilibili = new BilibiliPublisher({ clientId: 'bili-client', clientSecret: 'bili-secret', endpoints: { auth: fake.url, token: fake.url, api: fake.url, upload: fake.url }, chunkSize: 1000 });
});
afterAll(() => fake?.close());
beforeEach(() => {
  Object.assign(fake.behaviour, { rateLimitNext: 0, reviewPolls: 1, rejectWith: null, dropAfterSubmit: false });
  fake.archives.length = 0;
  fake.server.log.length = 0;
});

async function connect(): Promise<DriverState & { account: PlatformAccount }> {
  const { tokens, account } = await bilibili.exchange({ code: fake.issueCode(redirectUri), redirectUri, codeVerifier: 'unused' });
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, checkpoint: null, attempts: [], checks: [], account };
}

const post = (account: PlatformAccount) => ({ account, video: memoryVideo(2600), title: '春季新品', caption: '春季新品 #美食', hashtags: ['美食'], language: 'zh' });
const submits = () => fake.server.log.filter((entry) => entry.path === '/arcopen/fn/archive/add-by-utoken').length;
const parts = () => fake.server.log.filter((entry) => entry.path === '/video/v2/part/upload').length;

describe('Bilibili adapter against a local open platform', () => {
  it('authorizes with state, reads the Unix-time expiry, names the account and rotates the refresh token', async () => {
    const url = new URL(bilibili.authorizeUrl({ state: 'st', redirectUri, codeChallenge: 'ignored' }));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: 'bili-client', gourl: redirectUri, state: 'st' });
    const state = await connect();
    expect(state.account).toEqual({ id: 'open-merchant', name: 'merchant小店' });
    const renewed = await bilibili.refresh(state.refreshToken!);
    expect(renewed.accessExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(renewed.accessExpiresAt!.getTime()).toBeLessThan(Date.now() + 31 * 86_400_000);
    const reused = (await bilibili.refresh(state.refreshToken!).catch((e: unknown) => e)) as PublishError;
    expect(reused.kind).toBe('needs_reconnect');
  });

  it('uploads numbered parts, joins them, submits the archive, follows review to open and reads its numbers', async () => {
    const state = await connect();
    const outcome = await publishWithRetries(bilibili, state, post(state.account));
    expect(fake.archives).toEqual([expect.objectContaining({ title: '春季新品', bytes: 2600 })]);
    expect(parts()).toBe(2);
    expect(outcome.state).toBe('reviewing');
    const ref = { accessToken: state.accessToken, account: state.account, remoteId: outcome.remoteId, checkpoint: state.checkpoint };
    expect(await bilibili.status(ref)).toMatchObject({ state: 'approved', url: `https://www.bilibili.com/video/${outcome.remoteId}` });
    expect(await bilibili.metrics(ref)).toEqual({ plays: 12_034, likes: 980, comments: 57, shares: 19, collections: 230 });
  });

  it('refreshes an expired token and carries on with the same upload token', async () => {
    const state = await connect();
    fake.tokens.expire(state.accessToken);
    const outcome = await publishWithRetries(bilibili, state, post(state.account));
    expect(state.attempts).toEqual(['unauthorized', 'ok']);
    expect(fake.archives).toHaveLength(1);
    expect(outcome.remoteId).toBe(fake.archives[0]!.resourceId);
  });

  it('answers -509 as rate_limited', async () => {
    const state = await connect();
    fake.behaviour.rateLimitNext = 1;
    const limited = (await bilibili.publish({ ...post(state.account), accessToken: state.accessToken, checkpoint: null, save: () => Promise.resolve() }).catch((e: unknown) => e)) as PublishError;
    expect(limited.kind).toBe('rate_limited');
    expect(limited.detail.platformCode).toBe('-509');
  });

  it('reports an archive sent back by review with its reason', async () => {
    fake.behaviour.rejectWith = '视频内容不符合社区规范';
    fake.behaviour.reviewPolls = 0;
    const state = await connect();
    const outcome = await publishWithRetries(bilibili, state, post(state.account));
    expect(outcome).toMatchObject({ state: 'failed', reason: '视频内容不符合社区规范' });
  });

  it('resumes after the submit’s answer was lost: finds the archive instead of submitting again', async () => {
    fake.behaviour.dropAfterSubmit = true;
    const state = await connect();
    const outcome = await publishWithRetries(bilibili, state, post(state.account));
    expect(state.attempts).toEqual(['unknown_outcome', 'ok']);
    // The status check found nothing posted under the job yet, so publish carried on from the checkpoint.
    expect(state.checks).toEqual(['not posted yet']);
    expect(submits()).toBe(1);
    expect(parts()).toBe(2);
    expect(fake.archives).toHaveLength(1);
    expect(outcome.remoteId).toBe(fake.archives[0]!.resourceId);
  });
});
