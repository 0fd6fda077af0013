import { NOT_POSTED_YET, checkpointString, metricsOf, noMetrics, statusOf } from './checkpoint.js';
import { readChunk } from './chunked-upload.js';
import { OAuth2Client } from './oauth2.js';
import { PlatformHttp, asRecord, endpointBases, num, str, withQuery, type PlatformFailure, type PlatformResponse } from './platform-http.js';
import {
  PublishError,
  type AuthorizeInput,
  type ExchangeInput,
  type PlatformAccount,
  type PublishContext,
  type PublishErrorKind,
  type PublishOutcome,
  type Publisher,
  type PublisherOptions,
  type RemoteRef,
  type RemoteStatus,
  type TokenSet,
  type VideoMetrics,
} from './publisher.js';

export const VK_API_VERSION = '5.199';

/**
 * VK: the authorization code flow of `oauth.vk.com` with the `video` and `offline` scopes (an
 * offline token does not expire and VK issues no refresh token), `video.save` for a video id and
 * an upload URL, the file posted to that URL (`video_file`), and `video.get` for processing and
 * the counts (views, likes, comments, reposts).
 *
 * `video.save` makes the video's id; the upload only fills it. The id is saved before the upload,
 * so a retry re-sends the file to the same video and can never make a second one.
 */
export class VkPublisher implements Publisher {
  readonly platform = 'vk' as const;
  readonly mode = 'api' as const;
  readonly sandbox = false;
  readonly pkce = false;
  private readonly http: PlatformHttp;
  private readonly base: Record<'auth' | 'api', string>;
  private readonly oauth: OAuth2Client;

  constructor(private readonly options: PublisherOptions) {
    this.http = new PlatformHttp('VK', options);
    this.base = endpointBases(options, { auth: 'https://oauth.vk.com', api: 'https://api.vk.com/method' });
    this.oauth = new OAuth2Client(this.http, options, { tokenUrl: `${this.base.auth}/access_token`, classify: classifyOAuth });
  }

  /** VK documents no daily number of video uploads; its flood control answers error 9 when reached. */
  dailyLimit(): Promise<number | null> {
    return Promise.resolve(null);
  }

  authorizeUrl(input: AuthorizeInput): string {
    return withQuery(`${this.base.auth}/authorize`, {
      client_id: this.options.clientId,
      redirect_uri: input.redirectUri,
      display: 'page',
      scope: 'video,offline',
      response_type: 'code',
      state: input.state,
      v: VK_API_VERSION,
    });
  }

  async exchange(input: ExchangeInput): Promise<{ tokens: TokenSet; account: PlatformAccount }> {
    // VK's code exchange names no grant_type.
    const body = await this.oauth.requestToken({ redirect_uri: input.redirectUri, code: input.code });
    const accessToken = str(body.access_token);
    const userId = str(body.user_id);
    if (!accessToken || !userId) throw new PublishError('unavailable', 'VK: token answer without access_token or user_id');
    const expiresIn = num(body.expires_in);
    const users = await this.method('users.get', accessToken, { user_ids: userId });
    const user = asRecord(Array.isArray(users) ? users[0] : undefined);
    const name = [str(user.first_name), str(user.last_name)].filter(Boolean).join(' ') || userId;
    return {
      tokens: { accessToken, refreshToken: null, accessExpiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null, refreshExpiresAt: null, scopes: ['video', 'offline'] },
      account: { id: userId, name },
    };
  }

  /** VK issues no refresh token: a refused offline token means the merchant must authorize again. */
  refresh(): Promise<TokenSet> {
    return Promise.reject(new PublishError('needs_reconnect', 'VK: the access token was refused and VK issues no refresh token'));
  }

  async publish(ctx: PublishContext): Promise<PublishOutcome> {
    let checkpoint: Record<string, unknown> = { ...ctx.checkpoint };
    let videoRef = checkpointString(checkpoint, 'videoRef');
    if (!videoRef) {
      // An empty video entry is not a post until its file arrives: a lost answer is safe to repeat.
      const saved = asRecord(
        await this.method('video.save', ctx.accessToken, { name: ctx.title.slice(0, 128), description: ctx.caption.slice(0, 5000), wallpost: '0', repeat: '0' }, ctx.signal),
      );
      const videoId = str(saved.video_id);
      const ownerId = str(saved.owner_id);
      const uploadUrl = str(saved.upload_url);
      if (!videoId || !ownerId || !uploadUrl) throw new PublishError('unavailable', 'VK: video.save answered without video_id, owner_id or upload_url');
      videoRef = [ownerId, videoId, str(saved.access_key)].filter(Boolean).join('_');
      checkpoint = { videoRef, uploadUrl };
      await ctx.save(checkpoint);
    }

    if (checkpoint.uploaded !== true) {
      // VK's own record first: the file may have arrived although its answer did not.
      const current = await this.video(ctx.accessToken, videoRef, ctx.signal);
      if (!current) {
        const form = new FormData();
        const bytes = await readChunk(ctx.video, 0, ctx.video.size);
        form.append('video_file', new Blob([new Uint8Array(bytes)], { type: ctx.video.mimeType }), ctx.video.fileName);
        const uploaded = await this.http.request(checkpointString(checkpoint, 'uploadUrl')!, { multipart: form, idempotent: true, signal: ctx.signal, classify: classifyUpload });
        if (!str(asRecord(uploaded.body).video_hash) && !str(asRecord(uploaded.body).video_id)) throw new PublishError('unavailable', 'VK: the upload answered without the video');
      }
      checkpoint = { ...checkpoint, uploaded: true };
      await ctx.save(checkpoint);
    }
    return { ...(await this.status({ accessToken: ctx.accessToken, account: ctx.account, remoteId: videoRef, checkpoint })), remoteId: videoRef };
  }

  status(ref: RemoteRef): Promise<RemoteStatus> {
    return statusOf(ref, 'videoRef', async (videoRef) => {
      const video = await this.video(ref.accessToken, videoRef);
      // Not visible yet: the file has not arrived (or is still being taken in).
      if (!video) return NOT_POSTED_YET;
      const [owner, id] = videoRef.split('_');
      const url = `https://vk.com/video${owner}_${id}`;
      if (num(video.processing) === 1) return { state: 'reviewing', remoteId: videoRef, url, reason: null, privateOnly: false };
      if (asRecord(video.restriction).title || str(video.content_restricted_message)) {
        return { state: 'failed', remoteId: videoRef, url: null, reason: str(asRecord(video.restriction).title) ?? str(video.content_restricted_message), privateOnly: false };
      }
      return { state: 'approved', remoteId: videoRef, url, reason: null, privateOnly: false };
    });
  }

  /** Views, likes, comments and reposts (as shares); VK counts no saves. */
  metrics(ref: RemoteRef): Promise<VideoMetrics> {
    return metricsOf(ref, 'videoRef', async (videoRef) => {
      const video = await this.video(ref.accessToken, videoRef);
      if (!video) return noMetrics();
      return {
        plays: num(video.views),
        likes: num(asRecord(video.likes).count),
        comments: num(video.comments),
        shares: num(asRecord(video.reposts).count),
        collections: null,
      };
    });
  }

  private async video(accessToken: string, videoRef: string, signal?: AbortSignal): Promise<Record<string, unknown> | null> {
    const response = asRecord(await this.method('video.get', accessToken, { videos: videoRef, extended: '0' }, signal));
    const items = Array.isArray(response.items) ? response.items : [];
    return items.length > 0 ? asRecord(items[0]) : null;
  }

  /** A VK API method, its token in the form body (never in a URL). */
  private async method(name: string, accessToken: string, params: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
    const response = await this.http.request(`${this.base.api}/${name}`, {
      form: { ...params, access_token: accessToken, v: VK_API_VERSION },
      idempotent: true,
      signal,
      classify: classifyVk,
    });
    return asRecord(response.body).response;
  }
}

/** VK answers HTTP 200 with `{error: {error_code, error_msg}}`. */
function classifyVk(response: PlatformResponse): PlatformFailure | null {
  const error = asRecord(asRecord(response.body).error);
  const code = num(error.error_code);
  if (code === null) return response.status >= 400 ? { kind: response.status >= 500 ? 'unavailable' : 'rejected', message: `HTTP ${response.status}` } : null;
  const message = `${str(error.error_msg) ?? 'error'} (code ${code})`;
  let kind: PublishErrorKind;
  let retryAfterSeconds: number | undefined;
  if (code === 5) kind = 'unauthorized';
  else if (code === 6) [kind, retryAfterSeconds] = ['rate_limited', 1];
  else if (code === 9 || code === 29) [kind, retryAfterSeconds] = ['rate_limited', 3600];
  else if (code === 14) [kind, retryAfterSeconds] = ['rate_limited', 600];
  else if (code === 1 || code === 10) kind = 'unavailable';
  else if (code === 7 || code === 15 || code === 17 || code === 204) kind = 'needs_reconnect';
  else kind = 'rejected';
  return { kind, message, code: String(code), ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) };
}

function classifyOAuth(response: PlatformResponse): PlatformFailure | null {
  const body = asRecord(response.body);
  const error = str(body.error);
  if (!error) return response.status >= 400 ? { kind: 'unavailable', message: `HTTP ${response.status}` } : null;
  const message = `${error}: ${str(body.error_description) ?? ''}`;
  return { kind: error === 'invalid_grant' ? 'needs_reconnect' : error === 'invalid_client' ? 'rejected' : 'unavailable', message, code: error };
}

function classifyUpload(response: PlatformResponse): PlatformFailure | null {
  const body = asRecord(response.body);
  const error = str(body.error);
  if (!error && response.status < 400) return null;
  return { kind: response.status >= 500 ? 'unavailable' : 'rejected', message: `upload refused: ${error ?? `HTTP ${response.status}`}` };
}
