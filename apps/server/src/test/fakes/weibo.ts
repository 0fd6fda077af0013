import { FakeTokens, startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from './fake-server.js';

/**
 * A local Weibo API on loopback for the assisted flow: `oauth2/access_token` (no refresh token
 * for web apps), `2/users/show.json`, and `2/statuses/show.json` with reposts, comments and
 * attitudes counts. Errors are `{error, error_code, request}` with Weibo's documented codes:
 * 21327 expired token, 10023 user requests out of rate limit (HTTP 403), 20101 no such post.
 */
export interface FakeWeibo {
  url: string;
  server: FakeServer;
  tokens: FakeTokens;
  /** Posts made by hand on Weibo, by mid. */
  posts: Map<string, { bid: string; deleted: boolean }>;
  behaviour: { rateLimitNext: number };
  issueCode(redirectUri: string, account?: string): string;
  close(): Promise<void>;
}

export async function startFakeWeibo(): Promise<FakeWeibo> {
  const tokens = new FakeTokens('wb');
  const posts: FakeWeibo['posts'] = new Map();
  const behaviour: FakeWeibo['behaviour'] = { rateLimitNext: 0 };
  const UID = '3053424305';

  const fail = (status: number, code: number, error: string, request: string): FakeReply => ({ status, body: { error, error_code: code, request } });
  const guard = (request: FakeRequest): { account: string } | FakeReply => {
    if (behaviour.rateLimitNext > 0) {
      behaviour.rateLimitNext--;
      return fail(403, 10023, 'User requests out of rate limit!', request.path);
    }
    const header = /^OAuth2 (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;
    const check = tokens.check(header);
    if (check.state === 'expired') return fail(401, 21327, 'expired_token', request.path);
    if (check.state !== 'valid') return fail(401, 21332, 'invalid_access_token', request.path);
    return { account: check.account };
  };

  const server = await startFakeServer([
    {
      method: 'POST',
      path: '/oauth2/access_token',
      handler: (request) => {
        const form = request.form();
        if (form.get('client_id') !== 'wb-app' || form.get('client_secret') !== 'wb-secret') return fail(400, 21324, 'invalid_client', '/oauth2/access_token');
        const redeemed = tokens.redeem(form.get('code') ?? '', form.get('redirect_uri') ?? '', null);
        if (!('account' in redeemed)) return fail(400, 21325, 'invalid_grant', '/oauth2/access_token');
        return { status: 200, body: { access_token: tokens.mint(redeemed.account).accessToken, expires_in: 157_679_999, remind_in: '157679999', uid: UID, isRealName: 'true' } };
      },
    },
    {
      method: 'GET',
      path: '/2/users/show.json',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        return { status: 200, body: { id: Number(UID), idstr: UID, screen_name: `${guarded.account}官方微博` } };
      },
    },
    {
      method: 'GET',
      path: '/2/statuses/show.json',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const mid = request.query.get('id') ?? '';
        const post = posts.get(mid);
        if (!post || post.deleted) return fail(400, 20101, 'Target weibo does not exist!', '/2/statuses/show.json');
        return {
          status: 200,
          body: { id: Number(mid), idstr: mid, mid, mblogid: post.bid, text: '春季新品', user: { id: Number(UID), idstr: UID }, reposts_count: 14, comments_count: 23, attitudes_count: 301 },
        };
      },
    },
  ]);
  return {
    url: server.url,
    server,
    tokens,
    posts,
    behaviour,
    issueCode: (redirectUri, account = 'merchant') => tokens.issueCode({ challenge: null, redirectUri, account }),
    close: () => server.close(),
  };
}
