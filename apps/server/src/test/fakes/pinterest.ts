import { FakeTokens, startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from './fake-server.js';

/**
 * A local Pinterest API v5 on loopback: the OAuth token endpoint (HTTP Basic client auth,
 * `authorization_code`, `refresh_token` with rotation), `user_account`, `boards`, media
 * registration with a presigned-POST style upload (multipart fields + `file`, answered 204),
 * media status registered → processing → succeeded / failed, Pin creation from a `video_id`
 * media source, board Pins, and Pin analytics with `summary_metrics`. Errors are `{code, message}`.
 */
export interface FakePinterest {
  url: string;
  server: FakeServer;
  tokens: FakeTokens;
  pins: Array<{ id: string; boardId: string; mediaId: string; title: string }>;
  behaviour: {
    rateLimitNext: number;
    processingPolls: number;
    failProcessing: boolean;
    dropAfterPin: boolean;
  };
  issueCode(redirectUri: string, account?: string): string;
  close(): Promise<void>;
}

export async function startFakePinterest(): Promise<FakePinterest> {
  const tokens = new FakeTokens('pin');
  const pins: FakePinterest['pins'] = [];
  const media = new Map<string, { id: string; signature: string; bytes: number; polls: number }>();
  const behaviour: FakePinterest['behaviour'] = { rateLimitNext: 0, processingPolls: 1, failProcessing: false, dropAfterPin: false };
  let counter = 0;
  let baseUrl = '';
  const created = new Map<string, string>();

  const error = (status: number, code: number, message: string, headers: Record<string, string> = {}): FakeReply => ({ status, body: { code, message }, headers });
  const guard = (request: FakeRequest): { account: string } | FakeReply => {
    if (behaviour.rateLimitNext > 0) {
      behaviour.rateLimitNext--;
      return error(429, 8, 'You have exceeded your rate limit. Try again later.', { 'retry-after': '13' });
    }
    const check = tokens.check(request.bearer());
    if (check.state !== 'valid') return error(401, 2, 'Authentication failed.');
    return { account: check.account };
  };

  const server = await startFakeServer([
    {
      method: 'POST',
      path: '/v5/oauth/token',
      handler: (request) => {
        const expected = `Basic ${Buffer.from('pin-client:pin-secret').toString('base64')}`;
        if (request.headers.authorization !== expected) return { status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed' } };
        const form = request.form();
        let issued: { accessToken: string; refreshToken: string } | null = null;
        if (form.get('grant_type') === 'authorization_code') {
          const redeemed = tokens.redeem(form.get('code') ?? '', form.get('redirect_uri') ?? '', null);
          if ('account' in redeemed) issued = tokens.mint(redeemed.account);
        } else if (form.get('grant_type') === 'refresh_token') {
          issued = tokens.rotate(form.get('refresh_token') ?? '');
        }
        if (!issued) return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid refresh token or authorization code' } };
        return {
          status: 200,
          body: {
            access_token: issued.accessToken,
            refresh_token: issued.refreshToken,
            response_type: 'authorization_code',
            token_type: 'bearer',
            expires_in: 2_592_000,
            refresh_token_expires_in: 31_536_000,
            scope: 'boards:read,pins:read,pins:write,user_accounts:read',
          },
        };
      },
    },
    {
      method: 'GET',
      path: '/v5/user_account',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        return { status: 200, body: { account_type: 'BUSINESS', id: `5500${guarded.account.length}`, username: `${guarded.account}_pins` } };
      },
    },
    {
      method: 'GET',
      path: '/v5/boards',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        return { status: 200, body: { items: [{ id: '9001', name: 'Drafts', privacy: 'SECRET' }, { id: '9002', name: 'Shop', privacy: 'PUBLIC' }], bookmark: null } };
      },
    },
    {
      method: 'POST',
      path: '/v5/media',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        if (request.json().media_type !== 'video') return error(400, 1, 'media_type must be video');
        const id = `5${String(++counter).padStart(8, '0')}`;
        const signature = `sig-${id}`;
        media.set(id, { id, signature, bytes: 0, polls: 0 });
        return {
          status: 201,
          body: {
            media_id: id,
            media_type: 'video',
            upload_url: `${baseUrl}/upload-bucket/`,
            upload_parameters: { key: `uploads/${id}.mp4`, 'x-amz-algorithm': 'AWS4-HMAC-SHA256', 'x-amz-signature': signature, policy: 'eyJ...', 'Content-Type': 'multipart/form-data' },
          },
        };
      },
    },
    {
      method: 'POST',
      path: '/upload-bucket/',
      handler: async (request) => {
        const form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': String(request.headers['content-type']) }, body: new Uint8Array(request.body) }).formData();
        const key = String(form.get('key') ?? '');
        const entry = [...media.values()].find((item) => `uploads/${item.id}.mp4` === key);
        const file = form.get('file');
        if (!entry || form.get('x-amz-signature') !== entry.signature || !(file instanceof Blob)) {
          return { status: 403, body: '<Error><Code>AccessDenied</Code><Message>Invalid according to Policy</Message></Error>', headers: { 'content-type': 'application/xml' } };
        }
        entry.bytes = file.size;
        return { status: 204 };
      },
    },
    {
      method: 'GET',
      path: /^\/v5\/media\/(\d+)$/,
      handler: (request, match) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const entry = media.get(match?.[1] ?? '');
        if (!entry) return error(404, 3, 'Media not found.');
        if (entry.bytes === 0) return { status: 200, body: { media_id: entry.id, media_type: 'video', status: 'registered' } };
        if (entry.polls++ < behaviour.processingPolls) return { status: 200, body: { media_id: entry.id, media_type: 'video', status: 'processing' } };
        return { status: 200, body: { media_id: entry.id, media_type: 'video', status: behaviour.failProcessing ? 'failed' : 'succeeded' } };
      },
    },
    {
      method: 'POST',
      path: '/v5/pins',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const body = request.json();
        const source = (body.media_source ?? {}) as Record<string, unknown>;
        const entry = media.get(String(source.media_id ?? ''));
        if (source.source_type !== 'video_id' || !entry || entry.bytes === 0) return error(400, 1, 'Invalid media_source');
        if (body.board_id !== '9002' && body.board_id !== '9001') return error(404, 40, 'Board not found.');
        const id = `10${String(++counter).padStart(14, '0')}`;
        pins.push({ id, boardId: String(body.board_id), mediaId: entry.id, title: String(body.title ?? '') });
        created.set(id, new Date().toISOString());
        if (behaviour.dropAfterPin) {
          behaviour.dropAfterPin = false;
          return { status: 201, drop: true };
        }
        return { status: 201, body: { id, board_id: body.board_id, title: body.title, created_at: created.get(id) } };
      },
    },
    {
      method: 'GET',
      path: /^\/v5\/boards\/(\d+)\/pins$/,
      handler: (request, match) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const items = pins
          .filter((pin) => pin.boardId === match?.[1])
          .reverse()
          .map((pin) => ({ id: pin.id, title: pin.title, created_at: created.get(pin.id), board_id: pin.boardId, media: { media_type: 'video' } }));
        return { status: 200, body: { items, bookmark: null } };
      },
    },
    {
      method: 'GET',
      path: /^\/v5\/pins\/(\d+)\/analytics$/,
      handler: (request, match) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        if (!pins.some((pin) => pin.id === match?.[1])) return error(404, 50, 'Pin not found.');
        if (!request.query.get('start_date') || !request.query.get('end_date')) return error(400, 1, 'start_date and end_date are required');
        const all: Record<string, number> = { VIDEO_MRC_VIEW: 2_310, TOTAL_REACTIONS: 95, TOTAL_COMMENTS: 6, SAVE: 140 };
        const wanted = (request.query.get('metric_types') ?? '').split(',');
        const summary = Object.fromEntries(Object.entries(all).filter(([name]) => wanted.includes(name)));
        return { status: 200, body: { all: { daily_metrics: [], summary_metrics: summary } } };
      },
    },
    {
      method: 'GET',
      path: /^\/v5\/pins\/(\d+)$/,
      handler: (request, match) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const pin = pins.find((item) => item.id === match?.[1]);
        if (!pin) return error(404, 50, 'Pin not found.');
        return { status: 200, body: { id: pin.id, board_id: pin.boardId, title: pin.title, created_at: created.get(pin.id), media: { media_type: 'video' } } };
      },
    },
  ]);
  baseUrl = server.url;
  return {
    url: server.url,
    server,
    tokens,
    pins,
    behaviour,
    issueCode: (redirectUri, account = 'merchant') => tokens.issueCode({ challenge: null, redirectUri, account }),
    close: () => server.close(),
  };
}
