import { FakeTokens, startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from './fake-server.js';

/**
 * A local Meta Graph API for Instagram publishing on loopback: Facebook Login's token endpoint
 * (code → short-lived token, `fb_exchange_token` → long-lived), `me/accounts` with the linked
 * professional account, REELS containers with `upload_type=resumable` whose upload goes to an
 * rupload-style URL with `offset` / `file_size` headers, `status_code` IN_PROGRESS → FINISHED /
 * ERROR / PUBLISHED, `media_publish`, the account's media list, `content_publishing_limit` and
 * media insights. Errors use Meta's body: `{error: {message, type, code, error_subcode, fbtrace_id}}`.
 */
export interface FakeInstagram {
  url: string;
  server: FakeServer;
  tokens: FakeTokens;
  /** Media published (one per successful media_publish). */
  media: Array<{ id: string; containerId: string; caption: string }>;
  behaviour: {
    rateLimitNext: number;
    /** Polls a container answers IN_PROGRESS after its upload. */
    processingPolls: number;
    /** The container ends in ERROR with this status text. */
    errorWith: string | null;
    /** media_publish posts, then the connection drops before the answer. */
    dropAfterPublish: boolean;
    /** Posts the account already published in the last 24 hours, and its limit. */
    quotaUsage: number;
    quotaTotal: number;
  };
  issueCode(redirectUri: string, account?: string): string;
  close(): Promise<void>;
}

interface Container {
  id: string;
  owner: string;
  caption: string;
  size: number;
  received: number;
  polls: number;
  published: boolean;
}

export async function startFakeInstagram(): Promise<FakeInstagram> {
  const tokens = new FakeTokens('ig');
  const media: FakeInstagram['media'] = [];
  const containers = new Map<string, Container>();
  const behaviour: FakeInstagram['behaviour'] = { rateLimitNext: 0, processingPolls: 1, errorWith: null, dropAfterPublish: false, quotaUsage: 0, quotaTotal: 50 };
  let counter = 0;
  let baseUrl = '';

  const metaError = (status: number, code: number, message: string, subcode?: number, type = 'OAuthException'): FakeReply => ({
    status,
    body: { error: { message, type, code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: `trace${++counter}` } },
  });
  const guard = (request: FakeRequest): { account: string } | FakeReply => {
    if (behaviour.rateLimitNext > 0) {
      behaviour.rateLimitNext--;
      return {
        ...metaError(400, 80002, 'There have been too many calls to this Instagram account. Wait a bit and try again.'),
        headers: { 'x-business-use-case-usage': JSON.stringify({ '17841400000000001': [{ type: 'instagram', call_count: 100, total_cputime: 20, total_time: 30, estimated_time_to_regain_access: 3 }] }) },
      };
    }
    const check = tokens.check(request.bearer());
    if (check.state === 'expired') return metaError(400, 190, 'Error validating access token: Session has expired.', 463);
    if (check.state !== 'valid') return metaError(400, 190, 'Invalid OAuth access token - Cannot parse access token');
    return { account: check.account };
  };
  const igId = (account: string) => `1784140000${account.length}${account.charCodeAt(0)}`;
  const v = '/v21.0';

  const server = await startFakeServer([
    {
      method: 'POST',
      path: `${v}/oauth/access_token`,
      handler: (request) => {
        const form = request.form();
        if (form.get('client_id') !== 'ig-app' || form.get('client_secret') !== 'ig-secret') return metaError(400, 1, 'Error validating client secret.', undefined, 'OAuthException');
        const exchange = form.get('fb_exchange_token');
        if (form.get('grant_type') === 'fb_exchange_token' && exchange) {
          const check = tokens.check(exchange);
          if (check.state !== 'valid') return metaError(400, 190, 'Error validating access token: Session has expired.', 463);
          const minted = tokens.mint(check.account);
          return { status: 200, body: { access_token: minted.accessToken, token_type: 'bearer', expires_in: 5_183_944 } };
        }
        const redeemed = tokens.redeem(form.get('code') ?? '', form.get('redirect_uri') ?? '', null);
        if (!('account' in redeemed)) return metaError(400, 100, 'This authorization code has expired.', 36007);
        return { status: 200, body: { access_token: tokens.mint(redeemed.account).accessToken, token_type: 'bearer', expires_in: 3600 } };
      },
    },
    {
      method: 'GET',
      path: `${v}/me/accounts`,
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        return { status: 200, body: { data: [{ id: '1040000001', name: 'Page without Instagram' }, { id: '1040000002', name: 'Shop page', instagram_business_account: { id: igId(guarded.account), username: `${guarded.account}.shop` } }] } };
      },
    },
    {
      method: 'GET',
      path: /^\/v21\.0\/(\d+)\/content_publishing_limit$/,
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        return { status: 200, body: { data: [{ quota_usage: behaviour.quotaUsage, config: { quota_total: behaviour.quotaTotal, quota_duration: 86400 } }] } };
      },
    },
    {
      method: 'POST',
      path: /^\/v21\.0\/(\d+)\/media$/,
      handler: (request, match) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        if (match?.[1] !== igId(guarded.account)) return metaError(400, 100, 'Unsupported post request.', 33, 'GraphMethodException');
        const form = request.form();
        if (form.get('media_type') !== 'REELS' || form.get('upload_type') !== 'resumable') return metaError(400, 100, 'The parameter media_type is required', undefined, 'OAuthException');
        const id = `1790000000${++counter}`;
        containers.set(id, { id, owner: guarded.account, caption: form.get('caption') ?? '', size: 0, received: 0, polls: 0, published: false });
        return { status: 200, body: { id, uri: `${baseUrl}/ig-api-upload/v21.0/${id}` } };
      },
    },
    {
      method: 'POST',
      path: /^\/ig-api-upload\/v21\.0\/(\d+)$/,
      handler: (request, match) => {
        const header = request.headers.authorization ?? '';
        const check = tokens.check(/^OAuth (.+)$/.exec(header)?.[1] ?? null);
        if (check.state !== 'valid') return { status: 401, body: { debug_info: { retriable: false, type: 'OAuthException', message: 'Invalid OAuth access token' } } };
        const container = containers.get(match?.[1] ?? '');
        if (!container) return { status: 400, body: { debug_info: { retriable: false, type: 'NotFoundException', message: 'unknown container' } } };
        const offset = Number(request.headers.offset);
        const size = Number(request.headers.file_size);
        if (!Number.isInteger(offset) || !(size > 0) || offset > container.received) return { status: 400, body: { debug_info: { retriable: false, type: 'ProcessingFailedError', message: 'bad offset' } } };
        container.size = size;
        container.received = offset + request.body.length;
        return { status: 200, body: { success: true, message: 'Upload successful. ' } };
      },
    },
    {
      method: 'POST',
      path: /^\/v21\.0\/(\d+)\/media_publish$/,
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        if (behaviour.quotaUsage >= behaviour.quotaTotal) return metaError(400, 9, 'Application request limit reached', 2207042);
        const container = containers.get(request.form().get('creation_id') ?? '');
        if (!container) return metaError(400, 100, 'Invalid parameter', 2207008);
        if (container.published) return metaError(400, 100, 'The media has already been published', 2207008);
        if (container.received < container.size || container.polls <= behaviour.processingPolls || behaviour.errorWith) return metaError(400, 9007, 'Media ID is not available', 2207027);
        container.published = true;
        behaviour.quotaUsage++;
        const id = `1800000000${++counter}`;
        media.push({ id, containerId: container.id, caption: container.caption });
        if (behaviour.dropAfterPublish) {
          behaviour.dropAfterPublish = false;
          return { status: 200, drop: true };
        }
        return { status: 200, body: { id } };
      },
    },
    {
      method: 'GET',
      path: /^\/v21\.0\/(\d+)\/media$/,
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const data = [...media].reverse().map((item) => ({ id: item.id, caption: item.caption, timestamp: new Date().toISOString().replace('Z', '+0000') }));
        return { status: 200, body: { data } };
      },
    },
    {
      method: 'GET',
      path: /^\/v21\.0\/(\d+)\/insights$/,
      handler: (request, match) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        if (!media.some((item) => item.id === match?.[1])) return metaError(400, 100, 'Unsupported get request.', 33, 'GraphMethodException');
        const values: Record<string, number> = { views: 9120, likes: 644, comments: 51, shares: 37, saved: 88 };
        const data = (request.query.get('metric') ?? '').split(',').map((name) => ({ name, period: 'lifetime', values: [{ value: values[name] ?? 0 }], id: `${match?.[1]}/insights/${name}/lifetime` }));
        return { status: 200, body: { data } };
      },
    },
    {
      method: 'GET',
      path: /^\/v21\.0\/(\d+)$/,
      handler: (request, match) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const id = match?.[1] ?? '';
        const container = containers.get(id);
        if (container) {
          if (container.published) return { status: 200, body: { id, status_code: 'PUBLISHED', status: 'Published: Media has been published' } };
          if (container.received === 0 || container.received < container.size) return { status: 200, body: { id, status_code: 'IN_PROGRESS', status: 'In Progress: Media is still uploading' } };
          if (container.polls++ < behaviour.processingPolls) return { status: 200, body: { id, status_code: 'IN_PROGRESS', status: 'In Progress: Media is still being processed.' } };
          if (behaviour.errorWith) return { status: 200, body: { id, status_code: 'ERROR', status: behaviour.errorWith } };
          return { status: 200, body: { id, status_code: 'FINISHED', status: 'Finished: Media has been uploaded and it is ready to be published.' } };
        }
        const item = media.find((entry) => entry.id === id);
        if (!item) return metaError(400, 100, 'Unsupported get request.', 33, 'GraphMethodException');
        return { status: 200, body: { id, permalink: `https://www.instagram.com/reel/C${id.slice(-6)}/`, media_product_type: 'REELS' } };
      },
    },
  ]);
  baseUrl = server.url;
  return {
    url: server.url,
    server,
    tokens,
    media,
    behaviour,
    issueCode: (redirectUri, account = 'merchant') => tokens.issueCode({ challenge: null, redirectUri, account }),
    close: () => server.close(),
  };
}
