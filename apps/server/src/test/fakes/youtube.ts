import { FakeTokens, parseContentRange, startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from './fake-server.js';

/**
 * A local Google OAuth 2 token endpoint and YouTube Data API v3 on loopback: the resumable upload
 * protocol (session from `uploadType=resumable` in `Location`, `Content-Range` PUTs answered 308
 * with `Range: bytes=0-N`, `bytes *\/size` status queries, 201 with the video resource once the
 * last byte arrives), `channels.list mine`, `videos.list` with status, processingDetails and
 * statistics, and Google's error bodies (`authError`, `quotaExceeded`, `rateLimitExceeded`).
 */
export interface FakeYouTube {
  url: string;
  server: FakeServer;
  tokens: FakeTokens;
  /** Each uploaded video with the snippet it was inserted with (description and tags as sent). */
  videos: Array<{ id: string; title: string; description: string; tags: string[]; bytes: number; privacy: string }>;
  behaviour: {
    rateLimitNext: number;
    /** The project's `videos.insert` bucket is empty: sessions are refused with `quotaExceeded`. */
    quotaExhausted: boolean;
    dropAfterLastChunk: boolean;
    /** The video is rejected after upload with this `rejectionReason`. */
    rejectWith: string | null;
    /** `videos.list` answers `uploaded` (processing) this many times before `processed`. */
    processingPolls: number;
    /** An unverified API project: uploads are locked private. */
    unverifiedProject: boolean;
  };
  issueCode(challenge: string, redirectUri: string, account?: string): string;
  close(): Promise<void>;
}

interface Session {
  id: string;
  size: number;
  received: number;
  title: string;
  description: string;
  tags: string[];
  privacy: string;
  videoId: string | null;
}

export async function startFakeYouTube(): Promise<FakeYouTube> {
  const tokens = new FakeTokens('yt');
  const videos: FakeYouTube['videos'] = [];
  const sessions = new Map<string, Session>();
  const state = new Map<string, { polls: number; rejected: string | null; privacy: string }>();
  const behaviour: FakeYouTube['behaviour'] = { rateLimitNext: 0, quotaExhausted: false, dropAfterLastChunk: false, rejectWith: null, processingPolls: 1, unverifiedProject: false };
  let counter = 0;
  let baseUrl = '';

  const googleError = (code: number, reason: string, message: string, domain = 'youtube'): FakeReply => ({
    status: code,
    body: { error: { code, message, errors: [{ message, domain, reason }], status: code === 401 ? 'UNAUTHENTICATED' : code === 429 ? 'RESOURCE_EXHAUSTED' : 'PERMISSION_DENIED' } },
  });
  const guard = (request: FakeRequest): { account: string } | FakeReply => {
    if (behaviour.rateLimitNext > 0) {
      behaviour.rateLimitNext--;
      return { ...googleError(429, 'rateLimitExceeded', 'Too many requests.', 'usageLimits'), headers: { 'retry-after': '11' } };
    }
    const check = tokens.check(request.bearer());
    if (check.state !== 'valid') return googleError(401, 'authError', 'Request had invalid authentication credentials.', 'global');
    return { account: check.account };
  };
  const finished = (session: Session): FakeReply => ({
    status: 201,
    body: { kind: 'youtube#video', id: session.videoId, snippet: { title: session.title }, status: { uploadStatus: 'uploaded', privacyStatus: session.privacy } },
  });

  const server = await startFakeServer([
    {
      method: 'POST',
      path: '/token',
      handler: (request) => {
        const form = request.form();
        if (form.get('client_id') !== 'yt-client' || form.get('client_secret') !== 'yt-secret') return { status: 401, body: { error: 'invalid_client', error_description: 'The OAuth client was not found.' } };
        if (form.get('grant_type') === 'authorization_code') {
          const redeemed = tokens.redeem(form.get('code') ?? '', form.get('redirect_uri') ?? '', form.get('code_verifier'));
          if (!('account' in redeemed)) return { status: 400, body: { error: 'invalid_grant', error_description: 'Bad Request' } };
          const minted = tokens.mint(redeemed.account);
          return { status: 200, body: { access_token: minted.accessToken, expires_in: 3599, refresh_token: minted.refreshToken, scope: 'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly', token_type: 'Bearer' } };
        }
        if (form.get('grant_type') === 'refresh_token') {
          const refreshToken = form.get('refresh_token') ?? '';
          // Google keeps the refresh token: the answer carries none, the old one still works.
          const accessToken = tokens.renew(refreshToken);
          if (!accessToken) return { status: 400, body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } };
          return { status: 200, body: { access_token: accessToken, expires_in: 3599, scope: 'https://www.googleapis.com/auth/youtube.upload', token_type: 'Bearer' } };
        }
        return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' } };
      },
    },
    {
      method: 'GET',
      path: '/youtube/v3/channels',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        return { status: 200, body: { kind: 'youtube#channelListResponse', items: [{ kind: 'youtube#channel', id: `UC${guarded.account}`, snippet: { title: `Channel ${guarded.account}` } }] } };
      },
    },
    {
      method: 'POST',
      path: '/upload/youtube/v3/videos',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        if (request.query.get('uploadType') !== 'resumable') return googleError(400, 'invalidParameter', 'uploadType must be resumable here');
        if (behaviour.quotaExhausted) return googleError(403, 'quotaExceeded', 'The request cannot be completed because you have exceeded your quota.', 'youtube.quota');
        const size = Number(request.headers['x-upload-content-length']);
        if (!(size > 0)) return googleError(400, 'invalidParameter', 'X-Upload-Content-Length is required');
        const body = request.json();
        const snippet = (body.snippet ?? {}) as Record<string, unknown>;
        const status = (body.status ?? {}) as Record<string, unknown>;
        if (!snippet.title) return googleError(400, 'invalidTitle', 'The video title is missing');
        const id = `session-${++counter}`;
        const privacy = behaviour.unverifiedProject ? 'private' : String(status.privacyStatus ?? 'private');
        const tags = Array.isArray(snippet.tags) ? snippet.tags.map(String) : [];
        sessions.set(id, { id, size, received: 0, title: String(snippet.title), description: String(snippet.description ?? ''), tags, privacy, videoId: null });
        return { status: 200, body: '', headers: { location: `${baseUrl}/upload/youtube/v3/videos?uploadType=resumable&upload_id=${id}` } };
      },
    },
    {
      method: 'PUT',
      path: '/upload/youtube/v3/videos',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const session = sessions.get(request.query.get('upload_id') ?? '');
        if (!session) return { status: 404, body: 'Not Found' };
        const header = request.headers['content-range'] ?? '';
        const incomplete = (): FakeReply => ({ status: 308, body: '', headers: session.received > 0 ? { range: `bytes=0-${session.received - 1}` } : {} });
        if (header === `bytes */${session.size}`) return session.videoId ? finished(session) : incomplete();
        const range = parseContentRange(header);
        if (!range || range.total !== session.size || range.last - range.first + 1 !== request.body.length) return { status: 400, body: 'bad Content-Range' };
        if (session.videoId) return finished(session);
        if (range.first !== session.received) return incomplete();
        session.received = range.last + 1;
        if (session.received < session.size) return incomplete();
        session.videoId = `yt${String(++counter).padStart(9, '0')}`;
        videos.push({ id: session.videoId, title: session.title, description: session.description, tags: session.tags, bytes: session.received, privacy: session.privacy });
        state.set(session.videoId, { polls: 0, rejected: behaviour.rejectWith, privacy: session.privacy });
        if (behaviour.dropAfterLastChunk) {
          behaviour.dropAfterLastChunk = false;
          return { status: 201, drop: true };
        }
        return finished(session);
      },
    },
    {
      method: 'GET',
      path: '/youtube/v3/videos',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const parts = (request.query.get('part') ?? '').split(',');
        const id = request.query.get('id') ?? '';
        const video = state.get(id);
        if (!video) return { status: 200, body: { kind: 'youtube#videoListResponse', items: [] } };
        const processing = video.polls++ < behaviour.processingPolls;
        const item: Record<string, unknown> = { kind: 'youtube#video', id };
        if (parts.includes('status')) {
          item.status = video.rejected
            ? { uploadStatus: 'rejected', rejectionReason: video.rejected, privacyStatus: video.privacy }
            : { uploadStatus: processing ? 'uploaded' : 'processed', privacyStatus: video.privacy };
        }
        if (parts.includes('processingDetails')) item.processingDetails = { processingStatus: processing ? 'processing' : 'succeeded' };
        if (parts.includes('statistics')) item.statistics = { viewCount: '4821', likeCount: '310', favoriteCount: '0', commentCount: '42' };
        return { status: 200, body: { kind: 'youtube#videoListResponse', items: [item] } };
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
    issueCode: (challenge, redirectUri, account = 'merchant') => tokens.issueCode({ challenge, redirectUri, account }),
    close: () => server.close(),
  };
}
