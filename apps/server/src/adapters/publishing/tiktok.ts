import { checkpointNumber, checkpointString, noMetrics, statusOf } from './checkpoint.js';
import { chunkRanges, sendChunks } from './chunked-upload.js';
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

const SCOPES = ['user.info.basic', 'video.publish', 'video.upload', 'video.list'];
/** TikTok takes chunks of 5–64 MB (the last up to 128 MB); a file under 5 MB goes whole. */
const DEFAULT_CHUNK = 10 * 1024 * 1024;
const MIN_CHUNK = 5 * 1024 * 1024;
const MAX_CHUNKS = 1000;

/**
 * TikTok's Content Posting API, Direct Post with FILE_UPLOAD: the creator's posting options
 * (`creator_info/query`), `video/init` for a publish id and an upload URL, the file in sequential
 * `Content-Range` chunks, then `status/fetch` until TikTok has processed and moderated it.
 * An unaudited app may only post privately (`SELF_ONLY`); the adapter then posts privately and
 * says so (`privateOnly`) rather than failing or pretending the video is public.
 */
export class TikTokPublisher implements Publisher {
  readonly platform = 'tiktok' as const;
  readonly mode = 'api' as const;
  readonly sandbox = false;
  readonly pkce = true;
  private readonly http: PlatformHttp;
  private readonly base: Record<'auth' | 'api', string>;
  private readonly oauth: OAuth2Client;
  private readonly chunkSize: number | undefined;

  constructor(private readonly options: PublisherOptions) {
    this.http = new PlatformHttp('TikTok', options);
    this.base = endpointBases(options, { auth: 'https://www.tiktok.com', api: 'https://open.tiktokapis.com' });
    this.oauth = new OAuth2Client(this.http, options, {
      tokenUrl: `${this.base.api}/v2/oauth/token/`,
      clientIdParam: 'client_key',
      headers: { 'cache-control': 'no-cache' },
      pkce: true,
      scopeSeparator: ',',
    });
    this.chunkSize = options.chunkSize;
  }

  /** TikTok publishes no fixed number: its daily cap answers `spam_risk_too_many_posts` when reached. */
  dailyLimit(): Promise<number | null> {
    return Promise.resolve(null);
  }

  authorizeUrl(input: AuthorizeInput): string {
    return withQuery(`${this.base.auth}/v2/auth/authorize/`, {
      client_key: this.options.clientId,
      scope: SCOPES.join(','),
      response_type: 'code',
      redirect_uri: input.redirectUri,
      state: input.state,
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
    });
  }

  async exchange(input: ExchangeInput): Promise<{ tokens: TokenSet; account: PlatformAccount }> {
    const { tokens, answer } = await this.oauth.exchangeCode(input);
    const openId = str(answer.open_id);
    if (!openId) throw new PublishError('unavailable', 'TikTok: token answer without open_id');
    const info = await this.http.request(withQuery(`${this.base.api}/v2/user/info/`, { fields: 'open_id,display_name' }), {
      headers: bearer(tokens.accessToken),
      classify: classifyApi,
    });
    const user = asRecord(asRecord(asRecord(info.body).data).user);
    return { tokens, account: { id: openId, name: str(user.display_name) ?? openId } };
  }

  refresh(refreshToken: string): Promise<TokenSet> {
    return this.oauth.refresh(refreshToken);
  }

  async publish(ctx: PublishContext): Promise<PublishOutcome> {
    let checkpoint = { ...ctx.checkpoint };
    let publishId = checkpointString(checkpoint, 'publishId');
    if (!publishId) {
      const started = await this.init(ctx);
      checkpoint = { ...started };
      // Saved before a single byte goes up: a retry resumes this publish instead of starting another.
      await ctx.save(checkpoint);
      publishId = started.publishId;
    }
    const uploadUrl = checkpointString(checkpoint, 'uploadUrl');
    const chunkSize = checkpointNumber(checkpoint, 'chunkSize');
    const privateOnly = checkpoint.privateOnly === true;
    if (!uploadUrl || !chunkSize) throw new PublishError('rejected', 'TikTok: the saved checkpoint has no upload URL');

    // Where TikTok says the upload stands, not where our last attempt thought it was: the final
    // chunk may have arrived (and the post started) although its answer never reached us.
    let current = await this.fetchStatus(ctx.accessToken, publishId, ctx.signal);
    if (current.raw === 'PROCESSING_UPLOAD' && current.uploadedBytes < ctx.video.size) {
      const ranges = chunkRanges(ctx.video.size, chunkSize);
      const uploadedBytes = current.uploadedBytes;
      const firstMissing = ranges.findIndex((range) => range.end > uploadedBytes);
      await sendChunks(
        ctx.video,
        ranges,
        Math.max(0, firstMissing),
        (bytes, range) =>
          this.http.request(uploadUrl, {
            method: 'PUT',
            bytes,
            headers: {
              'content-type': ctx.video.mimeType,
              'content-range': `bytes ${range.start}-${range.end - 1}/${ctx.video.size}`,
            },
            signal: ctx.signal,
            classify: classifyUpload,
          }),
        async (index) => {
          checkpoint = { ...checkpoint, chunksDone: index + 1 };
          await ctx.save(checkpoint);
        },
      );
      current = await this.fetchStatus(ctx.accessToken, publishId, ctx.signal);
    }
    return { ...toRemote(current, publishId, privateOnly), remoteId: publishId };
  }

  status(ref: RemoteRef): Promise<RemoteStatus> {
    return statusOf(ref, 'publishId', async (publishId) => toRemote(await this.fetchStatus(ref.accessToken, publishId), publishId, ref.checkpoint?.privateOnly === true));
  }

  /**
   * Counts from the Display API's `video/query`. TikTok names the post only after moderation (and
   * never for a private post), so the post id comes from the publish's status when we hold the
   * publish id. TikTok gives no count of saves: `collections` is not available.
   */
  async metrics(ref: RemoteRef): Promise<VideoMetrics> {
    let videoId: string | null = ref.remoteId;
    const publishId = checkpointString(ref.checkpoint, 'publishId');
    if (publishId && videoId === publishId) {
      videoId = (await this.fetchStatus(ref.accessToken, publishId)).postId;
    }
    if (!videoId) return noMetrics();
    const response = await this.http.request(
      withQuery(`${this.base.api}/v2/video/query/`, { fields: 'id,view_count,like_count,comment_count,share_count' }),
      { json: { filters: { video_ids: [videoId] } }, headers: bearer(ref.accessToken), idempotent: true, classify: classifyApi },
    );
    const videos = asRecord(asRecord(response.body).data).videos;
    const video = asRecord(Array.isArray(videos) ? videos.find((entry) => str(asRecord(entry).id) === videoId) : undefined);
    if (!str(video.id)) return noMetrics();
    return { plays: num(video.view_count), likes: num(video.like_count), comments: num(video.comment_count), shares: num(video.share_count), collections: null };
  }

  private async init(ctx: PublishContext): Promise<{ publishId: string; uploadUrl: string; chunkSize: number; privateOnly: boolean }> {
    const creator = await this.http.request(`${this.base.api}/v2/post/publish/creator_info/query/`, {
      json: {},
      headers: bearer(ctx.accessToken),
      idempotent: true,
      signal: ctx.signal,
      classify: classifyApi,
    });
    const info = asRecord(asRecord(creator.body).data);
    const maxSeconds = num(info.max_video_post_duration_sec);
    if (maxSeconds !== null && ctx.video.durationSeconds !== null && ctx.video.durationSeconds > maxSeconds) {
      throw new PublishError('rejected', `TikTok: this account posts videos up to ${maxSeconds} s; the video is ${Math.round(ctx.video.durationSeconds)} s`);
    }
    const options = Array.isArray(info.privacy_level_options) ? info.privacy_level_options.filter((o): o is string => typeof o === 'string') : [];
    const chunkSize = this.chunkFor(ctx.video.size);
    const totalChunks = chunkRanges(ctx.video.size, chunkSize).length;
    const body = (privacy: string) => ({
      post_info: {
        title: ctx.caption.slice(0, 2200),
        privacy_level: privacy,
        disable_comment: info.comment_disabled === true,
        disable_duet: info.duet_disabled === true,
        disable_stitch: info.stitch_disabled === true,
      },
      source_info: { source: 'FILE_UPLOAD', video_size: ctx.video.size, chunk_size: chunkSize, total_chunk_count: totalChunks },
    });
    const wanted = options.includes('PUBLIC_TO_EVERYONE') || options.length === 0 ? 'PUBLIC_TO_EVERYONE' : options.includes('SELF_ONLY') ? 'SELF_ONLY' : options[0]!;
    // Init only reserves an upload slot: nothing is posted until every byte arrives, so a lost
    // answer here is safe to retry (an orphaned slot expires after an hour).
    const call = (privacy: string) =>
      this.http.request(`${this.base.api}/v2/post/publish/video/init/`, {
        json: body(privacy),
        headers: bearer(ctx.accessToken),
        idempotent: true,
        signal: ctx.signal,
        classify: classifyApi,
      });
    let privateOnly = wanted === 'SELF_ONLY';
    let response: PlatformResponse;
    try {
      response = await call(wanted);
    } catch (error) {
      if (!(error instanceof PublishError) || error.detail.platformCode !== 'unaudited_client_can_only_post_to_private_accounts') throw error;
      privateOnly = true;
      response = await call('SELF_ONLY');
    }
    const data = asRecord(asRecord(response.body).data);
    const publishId = str(data.publish_id);
    const uploadUrl = str(data.upload_url);
    if (!publishId || !uploadUrl) throw new PublishError('unavailable', 'TikTok: video/init answered without publish_id or upload_url');
    return { publishId, uploadUrl, chunkSize, privateOnly };
  }

  private chunkFor(size: number): number {
    if (this.chunkSize) return Math.min(this.chunkSize, size);
    if (size < MIN_CHUNK) return size;
    return Math.max(DEFAULT_CHUNK, Math.ceil(size / MAX_CHUNKS));
  }

  private async fetchStatus(accessToken: string, publishId: string, signal?: AbortSignal): Promise<TikTokStatus> {
    const response = await this.http.request(`${this.base.api}/v2/post/publish/status/fetch/`, {
      json: { publish_id: publishId },
      headers: bearer(accessToken),
      idempotent: true,
      signal,
      classify: classifyApi,
    });
    const data = asRecord(asRecord(response.body).data);
    // Post ids are int64s sent as bare JSON numbers, longer than a double holds exactly: read
    // the digits from the text (TikTok's own spelling of the field).
    const idMatch = /"publicaly_available_post_id"\s*:\s*\[\s*"?(\d+)/.exec(response.text);
    return {
      raw: str(data.status) ?? 'UNKNOWN',
      reason: str(data.fail_reason),
      uploadedBytes: num(data.uploaded_bytes) ?? 0,
      postId: idMatch?.[1] ?? null,
    };
  }
}

interface TikTokStatus {
  raw: string;
  reason: string | null;
  uploadedBytes: number;
  postId: string | null;
}

function toRemote(status: TikTokStatus, publishId: string, privateOnly: boolean): RemoteStatus {
  switch (status.raw) {
    case 'FAILED':
      return { state: 'failed', remoteId: publishId, url: null, reason: status.reason ?? 'TikTok reported the post failed', privateOnly };
    case 'PUBLISH_COMPLETE':
      // A public post gets its id once moderation is done; a private one never gets a public id.
      return status.postId
        ? { state: 'approved', remoteId: status.postId, url: `https://www.tiktok.com/video/${status.postId}`, reason: null, privateOnly }
        : // Private: posted, but never public, so it stays "published" and says why.
          { state: 'published', remoteId: publishId, url: null, reason: privateOnly ? 'TikTok: posted privately (the app is not audited)' : null, privateOnly };
    case 'SEND_TO_USER_INBOX':
      return { state: 'published', remoteId: publishId, url: null, reason: null, privateOnly };
    default:
      return { state: 'reviewing', remoteId: publishId, url: null, reason: null, privateOnly };
  }
}

/** TikTok's API answers `{error: {code, message}}` with `code: "ok"` on success. */
function classifyApi(response: PlatformResponse): PlatformFailure | null {
  const error = asRecord(asRecord(response.body).error);
  const code = str(error.code);
  if ((!code || code === 'ok') && response.status < 400) return null;
  const message = `${code ?? `HTTP ${response.status}`}: ${str(error.message) ?? 'request failed'}`;
  const kind: PublishErrorKind | null =
    code === 'access_token_invalid' || response.status === 401
      ? 'unauthorized'
      : code === 'scope_not_authorized' || code === 'scope_permission_missed'
        ? 'needs_reconnect'
        : code === 'rate_limit_exceeded' || code === 'spam_risk_too_many_posts' || code === 'spam_risk_too_many_pending_share' || response.status === 429
          ? 'rate_limited'
          : response.status >= 500 || code === 'internal_error'
            ? 'unavailable'
            : 'rejected';
  // The daily post cap is per rolling day: trying again within hours only spends requests.
  const wait = code === 'spam_risk_too_many_posts' ? { retryAfterSeconds: 24 * 3600 } : {};
  return { kind, message, ...(code ? { code } : {}), ...wait };
}

/** The upload URL answers bare HTTP statuses; an expired URL (the slot lasts an hour) cannot be resumed. */
function classifyUpload(response: PlatformResponse): PlatformFailure | null {
  if (response.status < 400) return null;
  if (response.status === 403 || response.status === 404) return { kind: 'rejected', message: `upload URL refused the chunk (HTTP ${response.status}); the upload slot has expired` };
  return null;
}
