import { FakeTokens, startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from './fake-server.js';

/**
 * A local Meta Graph API for Facebook Page reels on loopback: Facebook Login's token endpoint
 * (code → short-lived user token, `fb_exchange_token` → long-lived), `me/accounts` with Page
 * tokens, `video_reels` start / finish, an rupload-style upload URL with `offset` / `file_size`,
 * the video's `status` (uploading, processing, publishing phases) and `video_insights` for reels.
 */
export interface FakeFacebook {
  url: string;
  server: FakeServer;
  tokens: FakeTokens;
  /** Reels posted (one per accepted finish). */
  reels: Array<{ videoId: string; description: string }>;
  behaviour: {
    rateLimitNext: number;
    /** Status reads during which a finished reel is still processing before it is posted. */
    processingPolls: number;
    /** Processing fails with this message. */
    failWith: string | null;
    /** finish is taken (the reel will post) but the connection drops before the answer. */
    dropAfterFinish: boolean;
  };
  issueCode(redirectUri: string, account?: string): string;
  close(): Promise<void>;
}

interface Video {
  id: string;
  page: string;
  size: number;
  received: number;
  finished: boolean;
  polls: number;
}

export async function startFakeFacebook(): Promise<FakeFacebook> {
  const tokens = new FakeTokens('fb');
  const reels: FakeFacebook['reels'] = [];
  const videos = new Map<string, Video>();
  const behaviour: FakeFacebook['behaviour'] = { rateLimitNext: 0, processingPolls: 1, failWith: null, dropAfterFinish: false };
  let counter = 0;
  let baseUrl = '';
  const PAGE_ID = '1050000000000001';

  const metaError = (status: number, code: number, message: string, subcode?: number): FakeReply => ({
    status,
    body: { error: { message, type: 'OAuthException', code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: `trace${++counter}` } },
  });
  const guard = (request: FakeRequest, token = request.bearer()): { account: string } | FakeReply => {
    if (behaviour.rateLimitNext > 0) {
      behaviour.rateLimitNext--;
      return { ...metaError(400, 32, 'Page request limit reached'), headers: { 'x-business-use-case-usage': JSON.stringify({ [PAGE_ID]: [{ type: 'pages', call_count: 100, estimated_time_to_regain_access: 5 }] }) } };
    }
    const check = tokens.check(token);
    if (check.state === 'expired') return metaError(400, 190, 'Error validating access token: Session has expired.', 463);
    if (check.state !== 'valid') return metaError(400, 190, 'Invalid OAuth access token - Cannot parse access token');
    return { account: check.account };
  };
  const statusOf = (video: Video) => {
    const uploaded = video.size > 0 && video.received >= video.size;
    let processing = uploaded ? (video.finished && video.polls >= behaviour.processingPolls ? 'complete' : 'in_progress') : 'not_started';
    if (uploaded && video.finished) video.polls++;
    let publishing = video.finished ? (processing === 'complete' ? 'complete' : 'in_progress') : 'not_started';
    let videoStatus = processing === 'complete' ? 'ready' : uploaded ? 'processing' : 'upload_pending';
    const errors = behaviour.failWith && uploaded ? [{ code: 1363008, message: behaviour.failWith }] : undefined;
    if (errors) [processing, publishing, videoStatus] = ['error', video.finished ? 'error' : 'not_started', 'error'];
    return {
      video_status: videoStatus,
      uploading_phase: { status: uploaded ? 'complete' : video.received > 0 ? 'in_progress' : 'not_started', bytes_transferred: video.received },
      processing_phase: { status: processing, ...(errors ? { errors } : {}) },
      publishing_phase: { status: publishing, ...(publishing === 'complete' ? { publish_status: 'published', publish_time: Math.floor(Date.now() / 1000) } : {}) },
    };
  };

  const server = await startFakeServer([
    {
      method: 'POST',
      path: '/v21.0/oauth/access_token',
      handler: (request) => {
        const form = request.form();
        if (form.get('client_id') !== 'fb-app' || form.get('client_secret') !== 'fb-secret') return metaError(400, 1, 'Error validating client secret.');
        const exchange = form.get('fb_exchange_token');
        if (form.get('grant_type') === 'fb_exchange_token' && exchange) {
          const check = tokens.check(exchange);
          if (check.state !== 'valid') return metaError(400, 190, 'Error validating access token: The user has not authorized application.', 458);
          return { status: 200, body: { access_token: tokens.mint(check.account).accessToken, token_type: 'bearer', expires_in: 5_183_944 } };
        }
        const redeemed = tokens.redeem(form.get('code') ?? '', form.get('redirect_uri') ?? '', null);
        if (!('account' in redeemed)) return metaError(400, 100, 'This authorization code has been used.', 36009);
        return { status: 200, body: { access_token: tokens.mint(redeemed.account).accessToken, token_type: 'bearer', expires_in: 3600 } };
      },
    },
    {
      method: 'GET',
      path: '/v21.0/me/accounts',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        // A Page token stays valid while the user's grant does; each read hands out a fresh one.
        const pageToken = tokens.mint(`page:${guarded.account}`).accessToken;
        return { status: 200, body: { data: [{ id: PAGE_ID, name: `${guarded.account} Shop`, access_token: pageToken, tasks: ['CREATE_CONTENT', 'ANALYZE'] }] } };
      },
    },
    {
      method: 'POST',
      path: /^\/v21\.0\/(\d+)\/video_reels$/,
      handler: (request, match) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        if (match?.[1] !== PAGE_ID || !guarded.account.startsWith('page:')) return metaError(400, 200, 'Requires pages_manage_posts permission to manage the object');
        const form = request.form();
        if (form.get('upload_phase') === 'start') {
          const id = `1060000000${++counter}`;
          videos.set(id, { id, page: PAGE_ID, size: 0, received: 0, finished: false, polls: 0 });
          return { status: 200, body: { video_id: id, upload_url: `${baseUrl}/video-upload/v21.0/${id}` } };
        }
        if (form.get('upload_phase') === 'finish') {
          const video = videos.get(form.get('video_id') ?? '');
          if (!video) return metaError(400, 100, 'Invalid video_id');
          if (video.received < video.size || video.size === 0) return metaError(400, 6000, 'There was a problem uploading your video file. Please try again.', 1363130);
          if (video.finished) return metaError(400, 100, 'This video has already been published.', 1363040);
          if (form.get('video_state') !== 'PUBLISHED') return metaError(400, 100, 'video_state must be PUBLISHED here');
          video.finished = true;
          reels.push({ videoId: video.id, description: form.get('description') ?? '' });
          if (behaviour.dropAfterFinish) {
            behaviour.dropAfterFinish = false;
            return { status: 200, drop: true };
          }
          return { status: 200, body: { success: true } };
        }
        return metaError(400, 100, 'upload_phase is required');
      },
    },
    {
      method: 'POST',
      path: /^\/video-upload\/v21\.0\/(\d+)$/,
      handler: (request, match) => {
        const token = /^OAuth (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;
        if (tokens.check(token).state !== 'valid') return { status: 401, body: { debug_info: { retriable: false, type: 'OAuthException', message: 'Invalid OAuth access token' } } };
        const video = videos.get(match?.[1] ?? '');
        if (!video) return { status: 400, body: { debug_info: { retriable: false, type: 'NotFoundException', message: 'unknown video' } } };
        const offset = Number(request.headers.offset);
        const size = Number(request.headers.file_size);
        if (!Number.isInteger(offset) || offset !== video.received || !(size > 0)) return { status: 400, body: { debug_info: { retriable: false, type: 'ProcessingFailedError', message: `offset ${offset} does not match ${video.received}` } } };
        video.size = size;
        video.received = offset + request.body.length;
        return { status: 200, body: { success: true } };
      },
    },
    {
      method: 'GET',
      path: /^\/v21\.0\/(\d+)\/video_insights$/,
      handler: (request, match) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        if (!reels.some((reel) => reel.videoId === match?.[1])) return metaError(400, 100, 'Unsupported get request.', 33);
        const all: Record<string, unknown> = {
          blue_reels_play_count: 15_230,
          post_video_likes_by_reaction_type: { REACTION_LIKE: 700, REACTION_LOVE: 90, REACTION_WOW: 10 },
          post_video_social_actions: { COMMENT: 64, SHARE: 29 },
        };
        const data = (request.query.get('metric') ?? '').split(',').filter((name) => name in all).map((name) => ({ name, period: 'lifetime', values: [{ value: all[name] }] }));
        return { status: 200, body: { data } };
      },
    },
    {
      method: 'GET',
      path: /^\/v21\.0\/(\d+)$/,
      handler: (request, match) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const video = videos.get(match?.[1] ?? '');
        if (!video) return metaError(400, 100, 'Unsupported get request.', 33);
        return { status: 200, body: { id: video.id, status: statusOf(video), permalink_url: `/reel/${video.id}` } };
      },
    },
  ]);
  baseUrl = server.url;
  return {
    url: server.url,
    server,
    tokens,
    reels,
    behaviour,
    issueCode: (redirectUri, account = 'merchant') => tokens.issueCode({ challenge: null, redirectUri, account }),
    close: () => server.close(),
  };
}
