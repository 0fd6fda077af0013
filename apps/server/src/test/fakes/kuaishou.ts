import { FakeTokens, startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from './fake-server.js';

/**
 * A local Kuaishou open platform on loopback: `oauth2/access_token` and `oauth2/refresh_token`,
 * `openapi/user_info`, `photo/start_upload` (upload token + upload host), the host's
 * `upload/fragment`, `upload/resume` and `upload/complete`, `photo/publish` (multipart caption +
 * cover), `photo/info` (`pending` during review) and `photo/list`. Answers are `{result, ...}` with
 * 1 for success; 100200100 for bad parameters and 100200101 for bad app credentials as documented.
 * Kuaishou documents no number for an expired token or a frequency limit that we found: the fake
 * answers those with a non-1 result and the words an integrator sees.
 */
export interface FakeKuaishou {
  url: string;
  server: FakeServer;
  tokens: FakeTokens;
  works: Array<{ photoId: string; caption: string; bytes: number; coverBytes: number }>;
  /** `rejectInReview`: the review turns the next work down, and Kuaishou takes it off the platform. */
  behaviour: { rateLimitNext: number; reviewPolls: number; dropAfterPublish: boolean; rejectInReview: boolean };
  issueCode(redirectUri: string, account?: string): string;
  close(): Promise<void>;
}

export async function startFakeKuaishou(): Promise<FakeKuaishou> {
  const tokens = new FakeTokens('ks');
  const works: FakeKuaishou['works'] = [];
  const uploads = new Map<string, { fragments: Map<number, number>; completed: number | null; used: boolean }>();
  const review = new Map<string, { polls: number; created: number }>();
  const behaviour: FakeKuaishou['behaviour'] = { rateLimitNext: 0, reviewPolls: 1, dropAfterPublish: false, rejectInReview: false };
  let counter = 0;
  let host = '';

  const fail = (result: number, message: string): FakeReply => ({ status: 200, body: { result, error_msg: message } });
  const guard = (request: FakeRequest): { account: string } | FakeReply => {
    if (behaviour.rateLimitNext > 0) {
      behaviour.rateLimitNext--;
      return fail(100200105, '请求过于频繁,请稍后重试');
    }
    if (request.query.get('app_id') !== 'ks-app') return fail(100200100, '参数有误: app_id');
    const check = tokens.check(request.query.get('access_token'));
    if (check.state !== 'valid') return fail(100200200, check.state === 'expired' ? 'access_token已过期' : 'access_token无效');
    return { account: check.account };
  };
  const tokenBody = (issued: { accessToken: string; refreshToken: string }, account: string) => ({
    result: 1,
    access_token: issued.accessToken,
    expires_in: 172_800,
    refresh_token: issued.refreshToken,
    refresh_token_expires_in: 15_552_000,
    open_id: `ks-open-${account}`,
    scopes: ['user_info', 'user_video_publish', 'user_video_info'],
  });
  const appOk = (request: FakeRequest) => request.query.get('app_id') === 'ks-app' && request.query.get('app_secret') === 'ks-secret';

  const server = await startFakeServer([
    {
      method: 'GET',
      path: '/oauth2/access_token',
      handler: (request) => {
        if (!appOk(request)) return fail(100200101, '验证出错,需要检查app_id和app_secret');
        const redeemed = tokens.redeem(request.query.get('code') ?? '', 'kuaishou', null);
        if (!('account' in redeemed)) return fail(100200100, '参数有误: code无效或已过期');
        return { status: 200, body: tokenBody(tokens.mint(redeemed.account), redeemed.account) };
      },
    },
    {
      method: 'GET',
      path: '/oauth2/refresh_token',
      handler: (request) => {
        if (!appOk(request)) return fail(100200101, '验证出错,需要检查app_id和app_secret');
        const rotated = tokens.rotate(request.query.get('refresh_token') ?? '');
        if (!rotated) return fail(100200100, '参数有误: refresh_token无效');
        return { status: 200, body: tokenBody(rotated, 'merchant') };
      },
    },
    {
      method: 'GET',
      path: '/openapi/user_info',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        return { status: 200, body: { result: 1, user_info: { name: `${guarded.account}的小店`, sex: 'F', fan: 120, follow: 3, head: 'https://example.invalid/h.jpg' } } };
      },
    },
    {
      method: 'POST',
      path: '/openapi/photo/start_upload',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const token = `ks-upload-${++counter}`;
        uploads.set(token, { fragments: new Map(), completed: null, used: false });
        return { status: 200, body: { result: 1, upload_token: token, endpoint: host } };
      },
    },
    {
      method: 'POST',
      path: '/api/upload/fragment',
      handler: (request) => {
        const upload = uploads.get(request.query.get('upload_token') ?? '');
        const id = Number(request.query.get('fragment_id'));
        if (!upload || !Number.isInteger(id) || id < 0) return fail(100200100, '参数有误');
        upload.fragments.set(id, request.body.length);
        return { status: 200, body: { result: 1 } };
      },
    },
    {
      method: 'GET',
      path: '/api/upload/resume',
      handler: (request) => {
        const upload = uploads.get(request.query.get('upload_token') ?? '');
        if (!upload) return fail(100200100, '参数有误');
        const ids = [...upload.fragments.keys()].sort((a, b) => a - b);
        return { status: 200, body: { result: 1, existed: ids.length > 0, fragment_index: ids.length > 0 ? ids[ids.length - 1] : -1, fragment_list: ids } };
      },
    },
    {
      method: 'POST',
      path: '/api/upload/complete',
      handler: (request) => {
        const upload = uploads.get(request.query.get('upload_token') ?? '');
        const count = Number(request.query.get('fragment_count'));
        if (!upload || upload.fragments.size !== count) return fail(100200100, '参数有误: fragment_count');
        upload.completed = [...upload.fragments.values()].reduce((sum, bytes) => sum + bytes, 0);
        return { status: 200, body: { result: 1 } };
      },
    },
    {
      method: 'POST',
      path: '/openapi/photo/publish',
      handler: async (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const upload = uploads.get(request.query.get('upload_token') ?? '');
        if (!upload || upload.completed === null || upload.used) return fail(100200100, '参数有误: upload_token');
        const form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': String(request.headers['content-type']) }, body: new Uint8Array(request.body) }).formData();
        const cover = form.get('cover');
        if (!(cover instanceof Blob) || cover.size === 0) return fail(100200100, '参数有误: cover');
        upload.used = true;
        const photoId = `3x${String(++counter).padStart(10, '0')}`;
        const caption = String(form.get('caption') ?? '');
        works.push({ photoId, caption, bytes: upload.completed, coverBytes: cover.size });
        review.set(photoId, { polls: 0, created: Date.now() });
        if (behaviour.dropAfterPublish) {
          behaviour.dropAfterPublish = false;
          return { status: 200, drop: true };
        }
        return { status: 200, body: { result: 1, video_info: { photo_id: photoId, caption, cover: 'https://example.invalid/c.jpg', play_url: '', create_time: Date.now(), like_count: 0, comment_count: 0, view_count: 0, pending: true } } };
      },
    },
    {
      method: 'GET',
      path: '/openapi/photo/info',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const photoId = request.query.get('photo_id') ?? '';
        const work = works.find((item) => item.photoId === photoId);
        const state = review.get(photoId);
        if (!work || !state) return fail(100200100, '参数有误: 作品不存在');
        const pending = state.polls++ < behaviour.reviewPolls;
        if (!pending && behaviour.rejectInReview) {
          behaviour.rejectInReview = false;
          works.splice(works.indexOf(work), 1);
          review.delete(photoId);
          return fail(100200100, '参数有误: 作品不存在');
        }
        return {
          status: 200,
          body: { result: 1, video_info: { photo_id: photoId, caption: work.caption, play_url: pending ? '' : `https://www.kuaishou.com/short-video/${photoId}`, create_time: state.created, like_count: 512, comment_count: 44, view_count: 20_480, pending } },
        };
      },
    },
    {
      method: 'GET',
      path: '/openapi/photo/list',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const video_list = [...works].reverse().map((work) => ({ photo_id: work.photoId, caption: work.caption, create_time: review.get(work.photoId)?.created }));
        return { status: 200, body: { result: 1, video_list } };
      },
    },
  ]);
  host = new URL(server.url).host;
  return {
    url: server.url,
    server,
    tokens,
    works,
    behaviour,
    // Kuaishou's consent page returns the code to the registered redirect; the exchange carries none.
    issueCode: (_redirectUri, account = 'merchant') => tokens.issueCode({ challenge: null, redirectUri: 'kuaishou', account }),
    close: () => server.close(),
  };
}
