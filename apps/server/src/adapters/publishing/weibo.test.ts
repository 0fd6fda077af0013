import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testAccount } from '../../test/fakes/publish-driver.js';
import { startFakeWeibo, type FakeWeibo } from '../../test/fakes/weibo.js';
import type { PublishError } from './publisher.js';
import { WeiboPublisher, bidToMid, midToBid } from './weibo.js';

let fake: FakeWeibo;
let weibo: WeiboPublisher;
const redirectUri = 'https://nearcast.example/video/connected';

beforeAll(async () => {
  fake = await startFakeWeibo();
  weibo = new WeiboPublisher({ clientId: 'wb-app', clientSecret: 'wb-secret', endpoints: { api: fake.url } });
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.behaviour.rateLimitNext = 0;
  fake.posts.clear();
  fake.posts.set('4154099588849643', { bid: 'FmHnoB8cb', deleted: false });
});

async function connect() {
  const { tokens, account } = await weibo.exchange({ code: fake.issueCode(redirectUri), redirectUri, codeVerifier: 'unused' });
  return { accessToken: tokens.accessToken, account };
}

describe('Weibo adapter (assisted) against a local Weibo API', () => {
  it('says it is assisted and refuses to publish', async () => {
    expect(weibo.mode).toBe('assisted');
    const refused = (await weibo.publish().catch((e: unknown) => e)) as PublishError;
    expect(refused.kind).toBe('unsupported');
  });

  it('reads the post id from the links a person pastes, and nothing from other links', () => {
    expect(bidToMid('FmHnoB8cb')).toBe('4154099588849643');
    expect(midToBid('4154099588849643')).toBe('FmHnoB8cb');
    expect(weibo.parsePostUrl('https://weibo.com/3053424305/FmHnoB8cb')).toBe('4154099588849643');
    expect(weibo.parsePostUrl('https://weibo.com/3053424305/FmHnoB8cb?type=comment#_rnd1')).toBe('4154099588849643');
    expect(weibo.parsePostUrl('https://m.weibo.cn/status/4154099588849643')).toBe('4154099588849643');
    expect(weibo.parsePostUrl('https://m.weibo.cn/detail/FmHnoB8cb')).toBe('4154099588849643');
    expect(weibo.parsePostUrl('https://weibo.com/detail/4154099588849643')).toBe('4154099588849643');
    expect(weibo.parsePostUrl('https://weibo.com.evil.example/3053424305/FmHnoB8cb')).toBeNull();
    expect(weibo.parsePostUrl('https://weibo.com/u/3053424305')).toBeNull();
    expect(weibo.parsePostUrl('not a link')).toBeNull();
  });

  it('connects the account and reads the pasted post’s status and numbers (plays not available)', async () => {
    const { accessToken, account } = await connect();
    expect(account).toEqual({ id: '3053424305', name: 'merchant官方微博' });
    const ref = { accessToken, account, remoteId: weibo.parsePostUrl('https://weibo.com/3053424305/FmHnoB8cb')!, checkpoint: null };
    expect(await weibo.status(ref)).toMatchObject({ state: 'approved', url: 'https://weibo.com/3053424305/FmHnoB8cb' });
    expect(await weibo.metrics(ref)).toEqual({ plays: null, likes: 301, comments: 23, shares: 14, collections: null });
  });

  it('a post deleted on Weibo is reported failed, its numbers not available', async () => {
    const { accessToken } = await connect();
    fake.posts.get('4154099588849643')!.deleted = true;
    const ref = { accessToken, account: testAccount, remoteId: '4154099588849643', checkpoint: null };
    expect(await weibo.status(ref)).toMatchObject({ state: 'failed', reason: 'the post no longer exists on Weibo' });
    expect((await weibo.metrics(ref)).likes).toBeNull();
  });

  it('an expired token is unauthorized, and without a refresh token it needs the merchant again', async () => {
    const { accessToken } = await connect();
    fake.tokens.expire(accessToken);
    const refused = (await weibo.status({ accessToken, account: testAccount, remoteId: '4154099588849643', checkpoint: null }).catch((e: unknown) => e)) as PublishError;
    expect(refused.kind).toBe('unauthorized');
    expect(refused.detail.platformCode).toBe('21327');
    expect(((await weibo.refresh().catch((e: unknown) => e)) as PublishError).kind).toBe('needs_reconnect');
  });

  it('answers 10023 as rate_limited', async () => {
    const { accessToken } = await connect();
    fake.behaviour.rateLimitNext = 1;
    const limited = (await weibo.metrics({ accessToken, account: testAccount, remoteId: '4154099588849643', checkpoint: null }).catch((e: unknown) => e)) as PublishError;
    expect(limited.kind).toBe('rate_limited');
    expect(limited.detail.platformCode).toBe('10023');
  });
});
