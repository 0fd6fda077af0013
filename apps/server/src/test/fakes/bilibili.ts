import { FakeTokens, startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from './fake-server.js';

/**
 * A local Bilibili open platform on loopback: the OAuth token and refresh endpoints (`expires_in`
 * as a Unix time), `user/account/info`, `archive/video/init` (upload token), numbered part uploads
 * on the upload host, `archive/video/complete`, `archive/add-by-utoken` (an archive that goes to
 * review), `archive/viewinfo` (`addit_info.state`), `archive/viewlist` and `data/arc/stat`.
 * Every answer is `{code, message, data}`; an expired token is code -101, too many requests -509.
 */
export interface FakeBilibili {
  url: string;
  server: FakeServer;
  tokens: FakeTokens;
  archives: Array<{ resourceId: string; title: string; bytes: number }>;
  behaviour: { rateLimitNext: number; reviewPolls: number; rejectWith: string | null; dropAfterSubmit: boolean };
  issueCode(redirectUri: string, account?: string): string;
  close(): Promise<void>;
}

export async function startFakeBilibili(): Promise<FakeBilibili> {
  const tokens = new FakeTokens('bili');
  const archives: FakeBilibili['archives'] = [];
  const uploads = new Map<string, { parts: Map<number, number>; joined: number | null; used: boolean }>();
  const reviews = new Map<string, { polls: number; ctime: number }>();
  const behaviour: FakeBilibili['behaviour'] = { rateLimitNext: 0, reviewPolls: 1, rejectWith: null, dropAfterSubmit: false };
  let counter = 0;

  const reply = (code: number, message: string, data: unknown = {}): FakeReply => ({ status: 200, body: { code, message, ttl: 1, data } });
  const guard = (request: FakeRequest): { account: string } | FakeReply => {
    if (behaviour.rateLimitNext > 0) {
      behaviour.rateLimitNext--;
      return reply(-509, '请求过于频繁，请稍后再试');
    }
    if (request.query.get('client_id') !== 'bili-client') return reply(-400, 'client_id invalid');
    const check = tokens.check(request.query.get('access_token'));
    if (check.state !== 'valid') return reply(-101, check.state === 'expired' ? 'access_token expired' : '账号未登录');
    return { account: check.account };
  };
  const tokenData = (issued: { accessToken: string; refreshToken: string }) => ({
    access_token: issued.accessToken,
    expires_in: Math.floor(Date.now() / 1000) + 30 * 86_400,
    refresh_token: issued.refreshToken,
    scopes: ['USER_INFO', 'ATC_DATA', 'ATC_BASE'],
  });

  const server = await startFakeServer([
    {
      method: 'POST',
      path: '/x/account-oauth2/v1/token',
      handler: (request) => {
        if (request.query.get('client_id') !== 'bili-client' || request.query.get('client_secret') !== 'bili-secret') return reply(-400, 'client invalid');
        const redeemed = tokens.redeem(request.query.get('code') ?? '', 'bilibili', null);
        if (!('account' in redeemed)) return reply(-101, 'code invalid or expired');
        return reply(0, '0', tokenData(tokens.mint(redeemed.account)));
      },
    },
    {
      method: 'POST',
      path: '/x/account-oauth2/v1/refresh_token',
      handler: (request) => {
        if (request.query.get('client_id') !== 'bili-client' || request.query.get('client_secret') !== 'bili-secret') return reply(-400, 'client invalid');
        const rotated = tokens.rotate(request.query.get('refresh_token') ?? '');
        if (!rotated) return reply(-101, 'refresh_token invalid');
        return reply(0, '0', tokenData(rotated));
      },
    },
    {
      method: 'GET',
      path: '/arcopen/fn/user/account/info',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        return reply(0, '0', { name: `${guarded.account}小店`, face: 'https://example.invalid/face.jpg', openid: `open-${guarded.account}` });
      },
    },
    {
      method: 'POST',
      path: '/arcopen/fn/archive/video/init',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const token = `utoken-${++counter}`;
        uploads.set(token, { parts: new Map(), joined: null, used: false });
        return reply(0, '0', { upload_token: token });
      },
    },
    {
      method: 'POST',
      path: '/video/v2/part/upload',
      handler: (request) => {
        const upload = uploads.get(request.query.get('upload_token') ?? '');
        const part = Number(request.query.get('part_number'));
        if (!upload || !(part >= 1)) return reply(-400, 'upload_token or part_number invalid');
        upload.parts.set(part, request.body.length);
        return reply(0, '0');
      },
    },
    {
      method: 'POST',
      path: '/arcopen/fn/archive/video/complete',
      handler: (request) => {
        const upload = uploads.get(request.query.get('upload_token') ?? '');
        if (!upload || upload.parts.size === 0) return reply(-400, 'no parts');
        const numbers = [...upload.parts.keys()].sort((a, b) => a - b);
        if (numbers.some((value, index) => value !== index + 1)) return reply(-400, 'parts missing');
        upload.joined = [...upload.parts.values()].reduce((sum, bytes) => sum + bytes, 0);
        return reply(0, '0');
      },
    },
    {
      method: 'POST',
      path: '/arcopen/fn/archive/add-by-utoken',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const upload = uploads.get(request.query.get('upload_token') ?? '');
        if (!upload || upload.joined === null) return reply(21012, 'video not uploaded');
        if (upload.used) return reply(21013, 'upload_token already used');
        const body = request.json();
        if (!body.title || !body.tid || !body.tag) return reply(-400, 'title, tid and tag are required');
        upload.used = true;
        const resourceId = `BV1${String(++counter).padStart(9, 'x')}`;
        archives.push({ resourceId, title: String(body.title), bytes: upload.joined });
        reviews.set(resourceId, { polls: 0, ctime: Math.floor(Date.now() / 1000) });
        if (behaviour.dropAfterSubmit) {
          behaviour.dropAfterSubmit = false;
          return { status: 200, drop: true };
        }
        return reply(0, '0', { resource_id: resourceId });
      },
    },
    {
      method: 'GET',
      path: '/arcopen/fn/archive/viewinfo',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const resourceId = request.query.get('resource_id') ?? '';
        const review = reviews.get(resourceId);
        if (!review) return reply(-404, '稿件不存在');
        const state =
          review.polls++ < behaviour.reviewPolls ? { state: -30, state_desc: '审核中' } : behaviour.rejectWith ? { state: -2, state_desc: '已退回', reject_reason: behaviour.rejectWith } : { state: 0, state_desc: '开放浏览' };
        return reply(0, '0', { resource_id: resourceId, title: archives.find((a) => a.resourceId === resourceId)?.title, tid: 160, addit_info: state });
      },
    },
    {
      method: 'GET',
      path: '/arcopen/fn/archive/viewlist',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const list = [...archives].reverse().map((archive) => ({ resource_id: archive.resourceId, title: archive.title, ctime: reviews.get(archive.resourceId)?.ctime }));
        return reply(0, '0', { list, page: { pn: 1, ps: 20, total: list.length } });
      },
    },
    {
      method: 'GET',
      path: '/arcopen/fn/data/arc/stat',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        if (!reviews.has(request.query.get('resource_id') ?? '')) return reply(-404, '稿件不存在');
        return reply(0, '0', { ptime: Math.floor(Date.now() / 1000), view: 12_034, danmaku: 88, reply: 57, favorite: 230, coin: 41, share: 19, like: 980 });
      },
    },
  ]);
  return {
    url: server.url,
    server,
    tokens,
    archives,
    behaviour,
    // Bilibili's consent page sends the code to `gourl`; the exchange carries no redirect URI.
    issueCode: (_redirectUri, account = 'merchant') => tokens.issueCode({ challenge: null, redirectUri: 'bilibili', account }),
    close: () => server.close(),
  };
}
