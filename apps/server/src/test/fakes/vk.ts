import { FakeTokens, startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from './fake-server.js';

/**
 * A local VK on loopback: `oauth.vk.com/access_token` (code → offline token, no refresh token),
 * API methods answering HTTP 200 with `{response}` or `{error: {error_code, error_msg}}`
 * (5 authorization failed, 6 too many requests per second), `video.save` giving an upload URL,
 * the upload taking a multipart `video_file` and answering `{size, video_id, owner_id, video_hash}`,
 * and `video.get` with `processing` then views, likes, comments and reposts.
 */
export interface FakeVk {
  url: string;
  server: FakeServer;
  tokens: FakeTokens;
  /** Videos whose file arrived (one per video id). */
  videos: Array<{ ownerId: number; id: number; title: string; bytes: number }>;
  behaviour: { rateLimitNext: number; processingPolls: number; blockWith: string | null; dropAfterUpload: boolean };
  issueCode(redirectUri: string, account?: string): string;
  close(): Promise<void>;
}

export async function startFakeVk(): Promise<FakeVk> {
  const tokens = new FakeTokens('vk');
  const videos: FakeVk['videos'] = [];
  const entries = new Map<number, { ownerId: number; title: string; description: string; accessKey: string; uploaded: boolean; polls: number }>();
  const behaviour: FakeVk['behaviour'] = { rateLimitNext: 0, processingPolls: 1, blockWith: null, dropAfterUpload: false };
  let counter = 456_239_000;
  let baseUrl = '';
  const OWNER = 71_000_001;

  const vkError = (code: number, message: string): FakeReply => ({ status: 200, body: { error: { error_code: code, error_msg: message, request_params: [] } } });
  const guard = (request: FakeRequest): { account: string } | FakeReply => {
    if (behaviour.rateLimitNext > 0) {
      behaviour.rateLimitNext--;
      return vkError(6, 'Too many requests per second');
    }
    const check = tokens.check(request.form().get('access_token'));
    if (check.state !== 'valid') return vkError(5, 'User authorization failed: invalid access_token (4).');
    if (request.form().get('v') !== '5.199') return vkError(8, 'Invalid request: v (version) is required');
    return { account: check.account };
  };

  const server = await startFakeServer([
    {
      method: 'POST',
      path: '/access_token',
      handler: (request) => {
        const form = request.form();
        if (form.get('client_id') !== 'vk-app' || form.get('client_secret') !== 'vk-secret') return { status: 401, body: { error: 'invalid_client', error_description: 'client_secret is incorrect' } };
        const redeemed = tokens.redeem(form.get('code') ?? '', form.get('redirect_uri') ?? '', null);
        if (!('account' in redeemed)) return { status: 401, body: { error: 'invalid_grant', error_description: 'Code is invalid or expired.' } };
        return { status: 200, body: { access_token: tokens.mint(redeemed.account).accessToken, expires_in: 0, user_id: OWNER } };
      },
    },
    {
      method: 'POST',
      path: '/method/users.get',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        return { status: 200, body: { response: [{ id: OWNER, first_name: 'Merchant', last_name: 'Shop' }] } };
      },
    },
    {
      method: 'POST',
      path: '/method/video.save',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const form = request.form();
        const id = ++counter;
        const accessKey = `ak${id}`;
        entries.set(id, { ownerId: OWNER, title: form.get('name') ?? '', description: form.get('description') ?? '', accessKey, uploaded: false, polls: 0 });
        return { status: 200, body: { response: { access_key: accessKey, description: form.get('description'), owner_id: OWNER, title: form.get('name'), upload_url: `${baseUrl}/upload.php?vid=${id}`, video_id: id } } };
      },
    },
    {
      method: 'POST',
      path: '/upload.php',
      handler: async (request) => {
        const id = Number(request.query.get('vid'));
        const entry = entries.get(id);
        if (!entry) return { status: 200, body: { error: 'invalid upload url' } };
        const form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': String(request.headers['content-type']) }, body: new Uint8Array(request.body) }).formData();
        const file = form.get('video_file');
        if (!(file instanceof Blob)) return { status: 200, body: { error: 'video_file is missing' } };
        if (!entry.uploaded) {
          entry.uploaded = true;
          videos.push({ ownerId: entry.ownerId, id, title: entry.title, bytes: file.size });
        }
        if (behaviour.dropAfterUpload) {
          behaviour.dropAfterUpload = false;
          return { status: 200, drop: true };
        }
        return { status: 200, body: { size: file.size, owner_id: entry.ownerId, video_id: id, video_hash: `h${id}` } };
      },
    },
    {
      method: 'POST',
      path: '/method/video.get',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const [owner, id, key] = (request.form().get('videos') ?? '').split('_');
        const entry = entries.get(Number(id));
        if (!entry || entry.ownerId !== Number(owner) || entry.accessKey !== key || !entry.uploaded) return { status: 200, body: { response: { count: 0, items: [] } } };
        const item: Record<string, unknown> = { id: Number(id), owner_id: entry.ownerId, title: entry.title, description: entry.description, duration: 20 };
        if (entry.polls++ < behaviour.processingPolls) item.processing = 1;
        else if (behaviour.blockWith) item.restriction = { title: behaviour.blockWith, can_play: 0 };
        else Object.assign(item, { views: 7_450, comments: 33, likes: { count: 410, user_likes: 0 }, reposts: { count: 27 }, player: `https://vk.com/video_ext.php?oid=${owner}&id=${id}` });
        return { status: 200, body: { response: { count: 1, items: [item] } } };
      },
    },
  ]);
  baseUrl = server.url;
  return {
    url: server.url,
    server,
    tokens,
    videos,
    behaviour,
    issueCode: (redirectUri, account = 'merchant') => tokens.issueCode({ challenge: null, redirectUri, account }),
    close: () => server.close(),
  };
}
