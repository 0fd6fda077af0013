import { wallClockAt } from '@nearcast/contract';
import { checkpointString, metricsOf, statusOf } from './checkpoint.js';
import { readChunk } from './chunked-upload.js';
import { OAuth2Client } from './oauth2.js';
import { PlatformHttp, asRecord, bearer, endpointBases, num, str, withQuery, type PlatformFailure, type PlatformResponse } from './platform-http.js';
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

const SCOPES = ['https://www.googleapis.com/auth/youtube.upload', 'https://www.googleapis.com/auth/youtube.readonly'];
/** Chunks of a resumable upload must be multiples of 256 KiB (all but the last). */
const CHUNK_UNIT = 256 * 1024;
const DEFAULT_CHUNK = 32 * CHUNK_UNIT;

/**
 * YouTube Data API v3: Google's OAuth 2 with PKCE and offline access, `videos.insert` as a
 * resumable upload session (whose URL is the checkpoint: asking it `bytes *\/size` tells how much
 * arrived, or answers the created video when the last byte did), and `videos.list` for
 * processing, moderation (`uploadStatus`, `rejectionReason`), privacy and statistics.
 *
 * Quota: `videos.insert` has its own bucket per Google Cloud project (100 a day by default),
 * shared by every channel the project posts for, and resets at midnight Pacific Time. It is not
 * a per-channel number, so `dailyLimit` is null and a `quotaExceeded` answer waits for the reset.
 */
export class YouTubePublisher implements Publisher {
  readonly platform = 'youtube' as const;
  readonly mode = 'api' as const;
  readonly sandbox = false;
  readonly pkce = true;
  private readonly http: PlatformHttp;
  private readonly base: Record<'auth' | 'token' | 'api' | 'upload', string>;
  private readonly oauth: OAuth2Client;
  private readonly chunkSize: number;

  constructor(
    options: PublisherOptions,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.http = new PlatformHttp('YouTube', options);
    const base = endpointBases(options, { auth: 'https://accounts.google.com', token: 'https://oauth2.googleapis.com', api: 'https://www.googleapis.com' });
    this.base = { ...base, upload: options.endpoints?.upload ?? base.api };
    this.oauth = new OAuth2Client(this.http, options, { tokenUrl: `${this.base.token}/token`, pkce: true, scopes: SCOPES, scopeSeparator: ' ', now });
    this.chunkSize = options.chunkSize ?? DEFAULT_CHUNK;
  }

  dailyLimit(): Promise<number | null> {
    return Promise.resolve(null);
  }

  authorizeUrl(input: AuthorizeInput): string {
    return this.oauth.authorizeUrl(`${this.base.auth}/o/oauth2/v2/auth`, input, {
      // Offline access with consent each time: Google sends a refresh token only then.
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
    });
  }

  async exchange(input: ExchangeInput): Promise<{ tokens: TokenSet; account: PlatformAccount }> {
    const { tokens } = await this.oauth.exchangeCode(input);
    const channels = await this.http.request(withQuery(`${this.base.api}/youtube/v3/channels`, { part: 'snippet', mine: 'true' }), {
      headers: bearer(tokens.accessToken),
      classify: (r) => classifyGoogle(r, this.now()),
    });
    const items = asRecord(channels.body).items;
    const channel = asRecord(Array.isArray(items) ? items[0] : undefined);
    const id = str(channel.id);
    if (!id) throw new PublishError('rejected', 'YouTube: this Google account has no YouTube channel to publish to');
    return { tokens, account: { id, name: str(asRecord(channel.snippet).title) ?? id } };
  }

  refresh(refreshToken: string): Promise<TokenSet> {
    return this.oauth.refresh(refreshToken);
  }

  async publish(ctx: PublishContext): Promise<PublishOutcome> {
    let checkpoint = { ...ctx.checkpoint };
    let session = checkpointString(checkpoint, 'uploadUrl');
    if (!session) {
      // Opening a session creates nothing on the channel: only the last byte does. A lost
      // answer here is safe to repeat.
      const response = await this.http.request(withQuery(`${this.base.upload}/upload/youtube/v3/videos`, { uploadType: 'resumable', part: 'snippet,status' }), {
        json: {
          snippet: {
            title: ctx.title.slice(0, 100),
            description: ctx.caption.slice(0, 5000),
            tags: ctx.hashtags.slice(0, 30),
            categoryId: '22',
            defaultLanguage: ctx.language,
          },
          status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
        },
        headers: { ...bearer(ctx.accessToken), 'x-upload-content-length': String(ctx.video.size), 'x-upload-content-type': ctx.video.mimeType },
        idempotent: true,
        signal: ctx.signal,
        classify: (r) => classifyGoogle(r, this.now()),
      });
      session = response.headers.get('location') ?? undefined;
      if (!session) throw new PublishError('unavailable', 'YouTube: the resumable session answered without a Location');
      checkpoint = { uploadUrl: session };
      await ctx.save(checkpoint);
    }

    // Ask the session where it stands before sending anything: the last attempt may have sent
    // bytes (or the whole video) whose answer never came back.
    let progress = await this.query(session, ctx);
    while (progress.video === null) {
      const start = progress.received;
      const end = Math.min(ctx.video.size, start + this.chunkSize);
      const bytes = await readChunk(ctx.video, start, end);
      const response = await this.http.request(session, {
        method: 'PUT',
        bytes,
        headers: { ...bearer(ctx.accessToken), 'content-type': ctx.video.mimeType, 'content-range': `bytes ${start}-${end - 1}/${ctx.video.size}` },
        signal: ctx.signal,
        classify: (r) => classifySession(r, this.now()),
      });
      progress = readProgress(response);
      await ctx.save({ ...checkpoint, received: progress.received });
    }
    const videoId = progress.video;
    await ctx.save({ ...checkpoint, videoId });
    return { ...(await this.describe(ctx.accessToken, videoId)), remoteId: videoId };
  }

  status(ref: RemoteRef): Promise<RemoteStatus> {
    // No video id yet: only the session knows, and `publish` asks it before sending anything.
    return statusOf(ref, 'videoId', (videoId) => this.describe(ref.accessToken, videoId));
  }

  /** `videos.list` statistics; YouTube counts no shares, and `favoriteCount` is deprecated (always 0): not available. */
  metrics(ref: RemoteRef): Promise<VideoMetrics> {
    return metricsOf(ref, 'videoId', async (videoId) => {
      const item = await this.video(ref.accessToken, videoId, 'statistics');
      const statistics = asRecord(item?.statistics);
      return {
        plays: num(statistics.viewCount),
        likes: num(statistics.likeCount),
        comments: num(statistics.commentCount),
        shares: null,
        collections: null,
      };
    });
  }

  private async describe(accessToken: string, videoId: string): Promise<RemoteStatus> {
    const item = await this.video(accessToken, videoId, 'status,processingDetails');
    if (!item) return { state: 'failed', remoteId: videoId, url: null, reason: 'YouTube: the video no longer exists', privateOnly: false };
    const status = asRecord(item.status);
    const processing = asRecord(item.processingDetails);
    const upload = str(status.uploadStatus);
    const url = `https://www.youtube.com/watch?v=${videoId}`;
    const privacy = str(status.privacyStatus);
    if (upload === 'rejected') return { state: 'failed', remoteId: videoId, url, reason: `rejected: ${str(status.rejectionReason) ?? 'unknown'}`, privateOnly: false };
    if (upload === 'failed') return { state: 'failed', remoteId: videoId, url, reason: `failed: ${str(status.failureReason) ?? 'unknown'}`, privateOnly: false };
    if (upload === 'deleted') return { state: 'failed', remoteId: videoId, url: null, reason: 'deleted on YouTube', privateOnly: false };
    const processingStatus = str(processing.processingStatus);
    if (processingStatus === 'failed' || processingStatus === 'terminated') {
      return { state: 'failed', remoteId: videoId, url, reason: `processing ${processingStatus}: ${str(processing.processingFailureReason) ?? 'unknown'}`, privateOnly: false };
    }
    if (upload === 'processed') {
      // Google makes an unverified project's uploads private, whatever privacyStatus it asked for.
      return privacy === 'public'
        ? { state: 'approved', remoteId: videoId, url, reason: null, privateOnly: false }
        : { state: 'published', remoteId: videoId, url, reason: `YouTube kept the video ${privacy ?? 'private'}`, privateOnly: privacy === 'private' };
    }
    return { state: 'reviewing', remoteId: videoId, url, reason: null, privateOnly: false };
  }

  private async video(accessToken: string, videoId: string, part: string): Promise<Record<string, unknown> | null> {
    const response = await this.http.request(withQuery(`${this.base.api}/youtube/v3/videos`, { part, id: videoId }), {
      headers: bearer(accessToken),
      classify: (r) => classifyGoogle(r, this.now()),
    });
    const items = asRecord(response.body).items;
    return Array.isArray(items) && items.length > 0 ? asRecord(items[0]) : null;
  }

  /** The session's own account of what it holds (`Content-Range: bytes *\/size`). */
  private async query(session: string, ctx: PublishContext): Promise<Progress> {
    const response = await this.http.request(session, {
      method: 'PUT',
      bytes: Buffer.alloc(0),
      headers: { ...bearer(ctx.accessToken), 'content-range': `bytes */${ctx.video.size}` },
      signal: ctx.signal,
      classify: (r) => classifySession(r, this.now()),
    });
    return readProgress(response);
  }
}

interface Progress {
  received: number;
  video: string | null;
}

/** 308 with `Range: bytes=0-N` (or none yet), or 200/201 with the video resource once complete. */
function readProgress(response: PlatformResponse): Progress {
  if (response.status === 200 || response.status === 201) {
    const id = str(asRecord(response.body).id);
    if (!id) throw new PublishError('unavailable', 'YouTube: the finished upload answered without a video id');
    return { received: Number.POSITIVE_INFINITY, video: id };
  }
  if (response.status === 308) {
    const range = /bytes=0-(\d+)/.exec(response.headers.get('range') ?? '');
    return { received: range ? Number(range[1]) + 1 : 0, video: null };
  }
  throw new PublishError('unavailable', `YouTube: unexpected answer ${response.status} from the upload session`);
}

/** Seconds until the next midnight in Pacific Time, when YouTube's daily quotas reset. */
export function secondsUntilPacificMidnight(now: Date): number {
  const clock = wallClockAt(now, 'America/Los_Angeles');
  const elapsed = clock.hour * 3600 + clock.minute * 60 + clock.second;
  return Math.max(60, 86_400 - elapsed);
}

/** Google's error body: `{error: {code, message, errors: [{reason, domain}], status}}`. */
function classifyGoogle(response: PlatformResponse, now: Date): PlatformFailure | null {
  if (response.status < 400) return null;
  const error = asRecord(asRecord(response.body).error);
  const errors = Array.isArray(error.errors) ? error.errors.map(asRecord) : [];
  const reason = str(errors[0]?.reason) ?? str(error.status);
  const message = `${reason ?? `HTTP ${response.status}`}: ${str(error.message) ?? 'request failed'}`;
  let kind: PublishErrorKind;
  if (response.status === 401) kind = 'unauthorized';
  else if (reason === 'quotaExceeded' || reason === 'uploadLimitExceeded' || reason === 'dailyLimitExceeded') {
    return { kind: 'rate_limited', message, code: reason, retryAfterSeconds: secondsUntilPacificMidnight(now) };
  } else if (response.status === 429 || reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded') kind = 'rate_limited';
  else if (reason === 'insufficientPermissions' || reason === 'forbidden' || reason === 'youtubeSignupRequired') kind = 'needs_reconnect';
  else if (response.status >= 500 || reason === 'backendError') kind = 'unavailable';
  else kind = 'rejected';
  return { kind, message, ...(reason ? { code: reason } : {}) };
}

/** The session URL: a 404/410 means it expired (a week) or was cancelled, so the upload starts over. */
function classifySession(response: PlatformResponse, now: Date): PlatformFailure | null {
  if (response.status === 404 || response.status === 410) return { kind: 'rejected', message: 'the upload session has expired', code: 'session_expired' };
  return classifyGoogle(response, now);
}
