import { FakeTokens, parseContentRange, startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from './fake-server.js';

/**
 * A local TikTok (Login Kit v2 token endpoint, Content Posting API Direct Post with FILE_UPLOAD,
 * Display API video query) on loopback, following the documented shapes: `{data, error: {code,
 * message, log_id}}`, chunk PUTs with `Content-Range` answered 206 then 201, a post that starts
 * by itself once the last byte arrives, statuses PROCESSING_UPLOAD → PUBLISH_COMPLETE or FAILED.
 */
export interface FakeTikTok {
  url: string;
  server: FakeServer;
  tokens: FakeTokens;
  /** Posts created (one per completed upload), which a test counts. */
  posts: Array<{ publishId: string; privacy: string; title: string; bytes: number }>;
  /** Switches a test flips. */
  behaviour: {
    /** An unaudited client: a public init is refused with `unaudited_client_can_only_post_to_private_accounts`. */
    unaudited: boolean;
    /** The next N API calls answer 429 `rate_limit_exceeded`. */
    rateLimitNext: number;
    /** The upload's final chunk is taken (the post starts) but the connection drops before the answer. */
    dropAfterLastChunk: boolean;
    /** Processing fails with this `fail_reason` instead of completing. */
    failWith: string | null;
    /** Status polls a publish answers PROCESSING before it completes. */
    processingPolls: number;
  };
  issueCode(challenge: string, redirectUri: string, account?: string): string;
  close(): Promise<void>;
}

interface Publish {
  id: string;
  size: number;
  chunkSize: number;
  totalChunks: number;
  received: number;
  privacy: string;
  title: string;
  polls: number;
  postId: string | null;
}

export async function startFakeTikTok(): Promise<FakeTikTok> {
  const tokens = new FakeTokens('tt');
  const posts: FakeTikTok['posts'] = [];
  const publishes = new Map<string, Publish>();
  const behaviour: FakeTikTok['behaviour'] = { unaudited: false, rateLimitNext: 0, dropAfterLastChunk: false, failWith: null, processingPolls: 1 };
  let counter = 0;
  const stats = new Map<string, { views: number; likes: number; comments: number; shares: number }>();

  const error = (status: number, code: string, message: string): FakeReply => ({ status, body: { data: {}, error: { code, message, log_id: `log${++counter}` } } });
  const ok = (data: unknown): FakeReply => ({ status: 200, body: { data, error: { code: 'ok', message: '', log_id: `log${++counter}` } } });

  /** Token check and the 429 switch, which every API call goes through. */
  const guard = (request: FakeRequest): { account: string } | FakeReply => {
    if (behaviour.rateLimitNext > 0) {
      behaviour.rateLimitNext--;
      return { ...error(429, 'rate_limit_exceeded', 'API rate limit was exceeded'), headers: { 'retry-after': '7' } };
    }
    const check = tokens.check(request.bearer());
    if (check.state !== 'valid') return error(401, 'access_token_invalid', check.state === 'expired' ? 'The access token has expired.' : 'The access token is invalid or not found in the request.');
    return { account: check.account };
  };

  let baseUrl = '';
  const server = await startFakeServer([
    {
      method: 'POST',
      path: '/v2/oauth/token/',
      handler: (request) => {
        const form = request.form();
        if (form.get('client_key') !== 'tt-client' || form.get('client_secret') !== 'tt-secret') {
          return { status: 401, body: { error: 'invalid_client', error_description: 'Client key or secret is incorrect.', log_id: 'l' } };
        }
        const grant = form.get('grant_type');
        let issued: { accessToken: string; refreshToken: string; account: string } | null = null;
        if (grant === 'authorization_code') {
          const redeemed = tokens.redeem(form.get('code') ?? '', form.get('redirect_uri') ?? '', form.get('code_verifier'));
          if ('account' in redeemed) issued = { ...tokens.mint(redeemed.account), account: redeemed.account };
        } else if (grant === 'refresh_token') {
          const rotated = tokens.rotate(form.get('refresh_token') ?? '');
          if (rotated) issued = { ...rotated, account: 'rotated' };
        } else {
          return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'grant_type is not supported', log_id: 'l' } };
        }
        if (!issued) return { status: 400, body: { error: 'invalid_grant', error_description: 'Authorization code or refresh token is expired or invalid.', log_id: 'l' } };
        return {
          status: 200,
          body: {
            open_id: issued.account === 'rotated' ? 'open-rotated' : `open-${issued.account}`,
            scope: 'user.info.basic,video.publish,video.upload,video.list',
            access_token: issued.accessToken,
            expires_in: 86400,
            refresh_token: issued.refreshToken,
            refresh_expires_in: 31536000,
            token_type: 'Bearer',
          },
        };
      },
    },
    {
      method: 'GET',
      path: '/v2/user/info/',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        return ok({ user: { open_id: `open-${guarded.account}`, display_name: `Creator ${guarded.account}` } });
      },
    },
    {
      method: 'POST',
      path: '/v2/post/publish/creator_info/query/',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        return ok({
          creator_avatar_url: 'https://example.invalid/a.jpg',
          creator_username: guarded.account,
          creator_nickname: `Creator ${guarded.account}`,
          privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
          comment_disabled: false,
          duet_disabled: false,
          stitch_disabled: true,
          max_video_post_duration_sec: 600,
        });
      },
    },
    {
      method: 'POST',
      path: '/v2/post/publish/video/init/',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const body = request.json();
        const post = (body.post_info ?? {}) as Record<string, unknown>;
        const source = (body.source_info ?? {}) as Record<string, unknown>;
        const size = Number(source.video_size);
        const chunkSize = Number(source.chunk_size);
        const total = Number(source.total_chunk_count);
        if (source.source !== 'FILE_UPLOAD' || !(size > 0) || !(chunkSize > 0) || total !== Math.max(1, Math.floor(size / chunkSize))) {
          return error(400, 'invalid_params', 'source_info is invalid: total_chunk_count must be video_size / chunk_size rounded down');
        }
        const privacy = String(post.privacy_level ?? '');
        if (behaviour.unaudited && privacy !== 'SELF_ONLY') {
          return error(403, 'unaudited_client_can_only_post_to_private_accounts', 'Unaudited clients can only post to a private account');
        }
        const id = `v_pub_file~v2-1.${++counter}`;
        publishes.set(id, { id, size, chunkSize, totalChunks: total, received: 0, privacy, title: String(post.title ?? ''), polls: 0, postId: null });
        return ok({ publish_id: id, upload_url: `${baseUrl}/upload/?upload_id=${encodeURIComponent(id)}` });
      },
    },
    {
      method: 'PUT',
      path: '/upload/',
      handler: (request) => {
        const publish = publishes.get(request.query.get('upload_id') ?? '');
        if (!publish) return { status: 404, body: '' };
        const range = parseContentRange(request.headers['content-range']);
        if (!range || range.total !== publish.size || range.last - range.first + 1 !== request.body.length) return { status: 416, body: '' };
        // Chunks go in order; a chunk already taken is not taken again.
        if (range.first !== publish.received) return { status: 416, body: '' };
        publish.received = range.last + 1;
        if (publish.received < publish.size) return { status: 206, body: '' };
        posts.push({ publishId: publish.id, privacy: publish.privacy, title: publish.title, bytes: publish.received });
        if (behaviour.dropAfterLastChunk) {
          behaviour.dropAfterLastChunk = false;
          return { status: 201, drop: true };
        }
        return { status: 201, body: '' };
      },
    },
    {
      method: 'POST',
      path: '/v2/post/publish/status/fetch/',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const publish = publishes.get(String(request.json().publish_id ?? ''));
        if (!publish) return error(400, 'invalid_publish_id', 'publish_id does not exist');
        if (publish.received < publish.size) return ok({ status: 'PROCESSING_UPLOAD', uploaded_bytes: publish.received, publicaly_available_post_id: [] });
        if (publish.polls++ < behaviour.processingPolls) return ok({ status: 'PROCESSING_UPLOAD', uploaded_bytes: publish.received, publicaly_available_post_id: [] });
        if (behaviour.failWith) return ok({ status: 'FAILED', fail_reason: behaviour.failWith, uploaded_bytes: publish.received, publicaly_available_post_id: [] });
        if (publish.privacy !== 'PUBLIC_TO_EVERYONE') return ok({ status: 'PUBLISH_COMPLETE', uploaded_bytes: publish.received, publicaly_available_post_id: [] });
        publish.postId ??= `73${String(++counter).padStart(17, '0')}`;
        stats.set(publish.postId, stats.get(publish.postId) ?? { views: 1234, likes: 56, comments: 7, shares: 3 });
        // The post id is an int64 written as a bare JSON number, past what a double holds exactly.
        const body = JSON.stringify({ data: { status: 'PUBLISH_COMPLETE', uploaded_bytes: publish.received, publicaly_available_post_id: ['@ID@'] }, error: { code: 'ok', message: '', log_id: 'l' } });
        return { status: 200, body: body.replace('"@ID@"', publish.postId), headers: { 'content-type': 'application/json; charset=UTF-8' } };
      },
    },
    {
      method: 'POST',
      path: '/v2/video/query/',
      handler: (request) => {
        const guarded = guard(request);
        if (!('account' in guarded)) return guarded;
        const fields = (request.query.get('fields') ?? '').split(',');
        const ids = (((request.json().filters ?? {}) as Record<string, unknown>).video_ids ?? []) as string[];
        const videos = ids.flatMap((id) => {
          const found = stats.get(String(id));
          if (!found) return [];
          const all: Record<string, unknown> = { id: String(id), view_count: found.views, like_count: found.likes, comment_count: found.comments, share_count: found.shares };
          return [Object.fromEntries(Object.entries(all).filter(([key]) => fields.includes(key)))];
        });
        return ok({ videos, cursor: 0, has_more: false });
      },
    },
  ]);
  baseUrl = server.url;
  return {
    url: server.url,
    server,
    tokens,
    posts,
    behaviour,
    issueCode: (challenge, redirectUri, account = 'merchant') => tokens.issueCode({ challenge, redirectUri, account }),
    close: () => server.close(),
  };
}
