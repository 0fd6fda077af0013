import { Checkpoint, metricsOf, postOnce, statusOf } from './checkpoint.js';
import { readChunk } from './chunked-upload.js';
import { OAuth2Client } from './oauth2.js';
import {
  PlatformHttp,
  asRecord,
  bearer,
  endpointBases,
  num,
  pause,
  str,
  withQuery,
  type PlatformFailure,
  type PlatformResponse,
  type PollOptions,
} from './platform-http.js';
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

const SCOPES = ['boards:read', 'pins:read', 'pins:write', 'user_accounts:read'];
/** Pinterest's organic analytics look back 90 days at most. */
const ANALYTICS_DAYS = 89;

/**
 * Pinterest API v5: `POST /media` registers an upload (a media id and a presigned S3 form), the
 * file goes up in one multipart POST, `GET /media/{id}` is polled until `succeeded`, then
 * `POST /pins` makes a video Pin on the account's first public board. Pin analytics give video
 * views (MRC), reactions, comments and saves over Pinterest's 90-day window.
 *
 * Only creating the Pin posts anything; its start time is saved first, and a retry looks for the
 * Pin on the board before creating another.
 */
export class PinterestPublisher implements Publisher {
  readonly platform = 'pinterest' as const;
  readonly mode = 'api' as const;
  readonly sandbox = false;
  readonly pkce = false;
  private readonly http: PlatformHttp;
  private readonly base: Record<'auth' | 'api', string>;
  private readonly oauth: OAuth2Client;
  private readonly pollIntervalMs: number;
  private readonly pollAttempts: number;

  constructor(
    options: PublisherOptions,
    poll: PollOptions = {},
    private readonly now: () => Date = () => new Date(),
  ) {
    this.http = new PlatformHttp('Pinterest', options);
    this.base = endpointBases(options, { auth: 'https://www.pinterest.com', api: 'https://api.pinterest.com/v5' });
    this.oauth = new OAuth2Client(this.http, options, { tokenUrl: `${this.base.api}/oauth/token`, clientAuth: 'basic', scopes: SCOPES, scopeSeparator: ',', now });
    this.pollIntervalMs = poll.pollIntervalMs ?? 5_000;
    this.pollAttempts = poll.pollAttempts ?? 60;
  }

  /** Pinterest documents no per-account daily number of Pins through the API. */
  dailyLimit(): Promise<number | null> {
    return Promise.resolve(null);
  }

  authorizeUrl(input: AuthorizeInput): string {
    return this.oauth.authorizeUrl(`${this.base.auth}/oauth/`, input);
  }

  async exchange(input: ExchangeInput): Promise<{ tokens: TokenSet; account: PlatformAccount }> {
    const { tokens } = await this.oauth.exchangeCode(input);
    const user = await this.get('user_account', tokens.accessToken);
    const username = str(user.username);
    if (!username) throw new PublishError('unavailable', 'Pinterest: user_account answered without a username');
    return { tokens, account: { id: str(user.id) ?? username, name: username } };
  }

  refresh(refreshToken: string): Promise<TokenSet> {
    return this.oauth.refresh(refreshToken, { continuous_refresh: 'true' });
  }

  async publish(ctx: PublishContext): Promise<PublishOutcome> {
    const checkpoint = new Checkpoint(ctx);
    const done = checkpoint.string('pinId');
    if (done) return { ...(await this.describePin(ctx.accessToken, done)), remoteId: done };

    const mediaId = checkpoint.string('mediaId') || (await this.register(ctx, checkpoint));
    let media = await this.media(ctx.accessToken, mediaId, ctx.signal);
    if (media.status === 'registered') {
      const form = new FormData();
      for (const [key, value] of Object.entries(asRecord(checkpoint.value.uploadParameters))) if (typeof value === 'string') form.append(key, value);
      const bytes = await readChunk(ctx.video, 0, ctx.video.size);
      form.append('file', new Blob([new Uint8Array(bytes)], { type: ctx.video.mimeType }), ctx.video.fileName);
      await this.http.request(checkpoint.string('uploadUrl')!, { multipart: form, idempotent: true, signal: ctx.signal, classify: classifyS3 });
      media = await this.media(ctx.accessToken, mediaId, ctx.signal);
    }
    for (let attempt = 0; media.status !== 'succeeded' && media.status !== 'failed'; attempt++) {
      if (attempt >= this.pollAttempts) throw new PublishError('unavailable', 'Pinterest: the video is still processing', { retryAfterSeconds: 60 });
      await pause(this.pollIntervalMs, ctx.signal);
      media = await this.media(ctx.accessToken, mediaId, ctx.signal);
    }
    if (media.status === 'failed') return { state: 'failed', remoteId: mediaId, url: null, reason: 'Pinterest could not process the video', privateOnly: false };

    const boardId = checkpoint.string('boardId') ?? (await this.board(ctx.accessToken, ctx.signal));
    const title = ctx.title.slice(0, 100);
    const pinId = await postOnce(checkpoint, {
      startedKey: 'pinStartedAt',
      idKey: 'pinId',
      with: { boardId },
      now: this.now,
      find: (after) => this.findPin(ctx.accessToken, boardId, mediaId, title, after),
      post: async () => {
        const pin = await this.call(`${this.base.api}/pins`, ctx.accessToken, {
          json: {
            board_id: boardId,
            title,
            description: ctx.caption.slice(0, 800),
            media_source: { source_type: 'video_id', media_id: mediaId, cover_image_key_frame_time: 1 },
          },
          idempotent: false,
          signal: ctx.signal,
        });
        const id = str(pin.id);
        if (!id) throw new PublishError('unknown_outcome', 'Pinterest: the Pin was created without an id in the answer');
        return id;
      },
    });
    return { ...(await this.describePin(ctx.accessToken, pinId)), remoteId: pinId };
  }

  status(ref: RemoteRef): Promise<RemoteStatus> {
    // No Pin id saved: a Pin made with its answer lost is found on the board by `publish`.
    return statusOf(ref, 'pinId', (pinId) => this.describePin(ref.accessToken, pinId));
  }

  /** Video views (MRC), reactions, comments and saves; Pinterest counts no shares. */
  metrics(ref: RemoteRef): Promise<VideoMetrics> {
    return metricsOf(ref, 'pinId', async (pinId) => {
      const end = this.now();
      const start = new Date(end.getTime() - ANALYTICS_DAYS * 86_400_000);
      const body = await this.get(`pins/${pinId}/analytics`, ref.accessToken, {
        start_date: start.toISOString().slice(0, 10),
        end_date: end.toISOString().slice(0, 10),
        metric_types: 'VIDEO_MRC_VIEW,TOTAL_REACTIONS,TOTAL_COMMENTS,SAVE',
      });
      const summary = asRecord(asRecord(body.all).summary_metrics);
      return {
        plays: num(summary.VIDEO_MRC_VIEW),
        likes: num(summary.TOTAL_REACTIONS),
        comments: num(summary.TOTAL_COMMENTS),
        shares: null,
        collections: num(summary.SAVE),
      };
    });
  }

  private async register(ctx: PublishContext, checkpoint: Checkpoint): Promise<string> {
    // A registered upload is not a Pin: repeating the registration posts nothing.
    const registered = await this.call(`${this.base.api}/media`, ctx.accessToken, { json: { media_type: 'video' }, idempotent: true, signal: ctx.signal });
    const mediaId = str(registered.media_id);
    const uploadUrl = str(registered.upload_url);
    if (!mediaId || !uploadUrl) throw new PublishError('unavailable', 'Pinterest: media registration answered without media_id or upload_url');
    await checkpoint.save({ mediaId, uploadUrl, uploadParameters: asRecord(registered.upload_parameters) });
    return mediaId;
  }

  private async describePin(accessToken: string, pinId: string): Promise<RemoteStatus> {
    try {
      await this.get(`pins/${pinId}`, accessToken);
    } catch (error) {
      if (error instanceof PublishError && error.detail.status === 404) return { state: 'failed', remoteId: pinId, url: null, reason: 'the Pin no longer exists on Pinterest', privateOnly: false };
      throw error;
    }
    // A Pin on a public board is public once created; Pinterest reports no separate review.
    return { state: 'approved', remoteId: pinId, url: `https://www.pinterest.com/pin/${pinId}/`, reason: null, privateOnly: false };
  }

  private async media(accessToken: string, mediaId: string, signal?: AbortSignal): Promise<{ status: string }> {
    const body = await this.get(`media/${mediaId}`, accessToken, {}, signal);
    return { status: str(body.status) ?? 'registered' };
  }

  /** The account's first public board (Pins are public only there). */
  private async board(accessToken: string, signal?: AbortSignal): Promise<string> {
    const body = await this.get('boards', accessToken, { page_size: 25 }, signal);
    const boards = Array.isArray(body.items) ? body.items.map(asRecord) : [];
    const board = boards.find((item) => str(item.privacy) === 'PUBLIC') ?? null;
    if (!board) throw new PublishError('rejected', 'Pinterest: the account has no public board to pin the video to');
    return str(board.id)!;
  }

  private async findPin(accessToken: string, boardId: string, mediaId: string, title: string, after: number): Promise<string | null> {
    const body = await this.get(`boards/${boardId}/pins`, accessToken, { page_size: 25 });
    const pin = (Array.isArray(body.items) ? body.items.map(asRecord) : []).find(
      (item) => str(item.title) === title && (Date.parse(str(item.created_at) ?? '') || 0) >= after && (!str(asRecord(item.media).media_id) || str(asRecord(item.media).media_id) === mediaId),
    );
    return pin ? str(pin.id) : null;
  }

  private async get(path: string, accessToken: string, params: Record<string, string | number> = {}, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const response = await this.http.request(withQuery(`${this.base.api}/${path}`, params), { headers: bearer(accessToken), signal, classify: classifyPinterest });
    return asRecord(response.body);
  }

  private async call(url: string, accessToken: string, init: { json: unknown; idempotent: boolean; signal?: AbortSignal | undefined }): Promise<Record<string, unknown>> {
    const response = await this.http.request(url, { json: init.json, headers: bearer(accessToken), idempotent: init.idempotent, signal: init.signal, classify: classifyPinterest });
    return asRecord(response.body);
  }
}

/** Pinterest's error body: `{code, message}` with the HTTP status saying most of it. */
function classifyPinterest(response: PlatformResponse): PlatformFailure | null {
  if (response.status < 400) return null;
  const body = asRecord(response.body);
  const code = num(body.code);
  const message = `${str(body.message) ?? `HTTP ${response.status}`}${code !== null ? ` (code ${code})` : ''}`;
  let kind: PublishErrorKind;
  if (response.status === 401) kind = 'unauthorized';
  else if (response.status === 429) kind = 'rate_limited';
  else if (response.status === 403 && code === 29) kind = 'needs_reconnect';
  else if (response.status >= 500) kind = 'unavailable';
  else kind = 'rejected';
  return { kind, message, ...(code !== null ? { code: String(code) } : {}) };
}

/** S3's presigned POST answers 204 (or 201); an expired policy answers 403 with an XML body. */
function classifyS3(response: PlatformResponse): PlatformFailure | null {
  if (response.status < 400) return null;
  if (response.status === 403) return { kind: 'rejected', message: 'the upload form has expired; the video must be registered again', code: 'upload_expired' };
  return response.status >= 500 ? { kind: 'unavailable', message: `upload failed (HTTP ${response.status})` } : { kind: 'rejected', message: `upload refused (HTTP ${response.status})` };
}
