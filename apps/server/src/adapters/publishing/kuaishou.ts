import { buffer } from 'node:stream/consumers';
import { Checkpoint, metricsOf, postOnce, statusOf } from './checkpoint.js';
import { chunkRanges, sendChunks } from './chunked-upload.js';
import { refusedGrant, tokenSetFrom } from './oauth2.js';
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

const SCOPES = ['user_info', 'user_video_publish', 'user_video_info'];
const DEFAULT_FRAGMENT = 4 * 1024 * 1024;

/**
 * Kuaishou's open platform: OAuth (`oauth2/connect`, `oauth2/access_token`, `oauth2/refresh_token`),
 * `photo/start_upload` for an upload token and an upload host, numbered fragments to that host
 * (`upload/resume` says which arrived), `upload/complete`, then `photo/publish` with the caption
 * and a cover image; `photo/info` gives the work's review state (`pending`) and its views, likes
 * and comments.
 *
 * Publishing is the step that posts; its start is saved first and a retry looks for the work in
 * the account's list before publishing again.
 */
export class KuaishouPublisher implements Publisher {
  readonly platform = 'kuaishou' as const;
  readonly mode = 'api' as const;
  readonly sandbox = false;
  readonly pkce = false;
  private readonly http: PlatformHttp;
  /** `uploadScheme`: tests serve the upload host over plain HTTP on loopback; Kuaishou answers a bare host name. */
  private readonly base: Record<'api' | 'uploadScheme', string>;
  private readonly fragmentSize: number;

  constructor(private readonly options: PublisherOptions) {
    this.http = new PlatformHttp('Kuaishou', options);
    this.base = endpointBases(options, { api: 'https://open.kuaishou.com', uploadScheme: 'https' });
    this.fragmentSize = options.chunkSize ?? DEFAULT_FRAGMENT;
  }

  /** Kuaishou documents no daily number of works published through the API. */
  dailyLimit(): Promise<number | null> {
    return Promise.resolve(null);
  }

  authorizeUrl(input: AuthorizeInput): string {
    return withQuery(`${this.base.api}/oauth2/connect`, {
      app_id: this.options.clientId,
      scope: SCOPES.join(','),
      response_type: 'code',
      redirect_uri: input.redirectUri,
      state: input.state,
    });
  }

  async exchange(input: ExchangeInput): Promise<{ tokens: TokenSet; account: PlatformAccount }> {
    const body = await this.oauth('/oauth2/access_token', { grant_type: 'authorization_code', code: input.code });
    const tokens = tokensFrom(body, null);
    const openId = str(body.open_id);
    if (!openId) throw new PublishError('unavailable', 'Kuaishou: token answer without open_id');
    const info = await this.call('GET', '/openapi/user_info', tokens.accessToken);
    return { tokens, account: { id: openId, name: str(asRecord(info.user_info).name) ?? openId } };
  }

  async refresh(refreshToken: string): Promise<TokenSet> {
    return tokensFrom(await this.oauth('/oauth2/refresh_token', { grant_type: 'refresh_token', refresh_token: refreshToken }), refreshToken);
  }

  async publish(ctx: PublishContext): Promise<PublishOutcome> {
    const checkpoint = new Checkpoint(ctx);
    const done = checkpoint.string('photoId');
    if (done) return { ...(await this.describe(ctx.accessToken, done)), remoteId: done };
    const cover = ctx.cover;
    if (!cover) throw new PublishError('rejected', 'Kuaishou: a cover image is required to publish, and this video has none');

    const uploadToken = checkpoint.string('uploadToken') || (await this.startUpload(ctx, checkpoint));
    const host = `${this.base.uploadScheme}://${checkpoint.string('endpoint')}`;

    if (checkpoint.value.completed !== true) {
      const fragments = chunkRanges(ctx.video.size, Math.min(this.fragmentSize, ctx.video.size));
      // The upload host's own count of fragments it holds decides where to go on.
      const resume = await this.upload('GET', `${host}/api/upload/resume`, { upload_token: uploadToken }, undefined, ctx.signal);
      const next = num(resume.fragment_index) !== null && resume.existed === true ? num(resume.fragment_index)! + 1 : (checkpoint.number('fragmentsDone') ?? 0);
      await sendChunks(
        ctx.video,
        fragments,
        next,
        (chunk, _fragment, index) => this.upload('POST', `${host}/api/upload/fragment`, { fragment_id: index, upload_token: uploadToken }, chunk, ctx.signal),
        (index) => checkpoint.save({ fragmentsDone: index + 1 }),
      );
      await this.upload('POST', `${host}/api/upload/complete`, { fragment_count: fragments.length, upload_token: uploadToken }, Buffer.alloc(0), ctx.signal);
      await checkpoint.save({ completed: true });
    }

    const caption = ctx.caption.slice(0, 500);
    const photoId = await postOnce(checkpoint, {
      startedKey: 'publishStartedAt',
      idKey: 'photoId',
      find: (after) => this.findWork(ctx.accessToken, caption, after),
      post: async () => {
        const form = new FormData();
        form.append('caption', caption);
        form.append('cover', new Blob([new Uint8Array(await buffer(await cover.open()))], { type: cover.mimeType }), 'cover.jpg');
        const published = await this.call('POST', '/openapi/photo/publish', ctx.accessToken, { query: { upload_token: uploadToken }, multipart: form, idempotent: false, signal: ctx.signal });
        const id = str(asRecord(published.video_info).photo_id);
        if (!id) throw new PublishError('unknown_outcome', 'Kuaishou: publish answered without a photo_id');
        return id;
      },
    });
    return { ...(await this.describe(ctx.accessToken, photoId)), remoteId: photoId };
  }

  status(ref: RemoteRef): Promise<RemoteStatus> {
    return statusOf(ref, 'photoId', (photoId) => this.describe(ref.accessToken, photoId));
  }

  /** Views, likes and comments; Kuaishou's open API gives no shares or saves. */
  metrics(ref: RemoteRef): Promise<VideoMetrics> {
    return metricsOf(ref, 'photoId', async (photoId) => {
      const info = asRecord((await this.call('GET', '/openapi/photo/info', ref.accessToken, { query: { photo_id: photoId } })).video_info);
      return { plays: num(info.view_count), likes: num(info.like_count), comments: num(info.comment_count), shares: null, collections: null };
    });
  }

  private async startUpload(ctx: PublishContext, checkpoint: Checkpoint): Promise<string> {
    // An upload token is not a work: a lost answer leaves only an unused token.
    const started = await this.call('POST', '/openapi/photo/start_upload', ctx.accessToken, { signal: ctx.signal });
    const uploadToken = str(started.upload_token);
    const endpoint = str(started.endpoint);
    if (!uploadToken || !endpoint) throw new PublishError('unavailable', 'Kuaishou: start_upload answered without upload_token or endpoint');
    await checkpoint.save({ uploadToken, endpoint });
    return uploadToken;
  }

  /** `pending` is true while Kuaishou reviews the work; afterwards it plays at its `play_url`. */
  private async describe(accessToken: string, photoId: string): Promise<RemoteStatus> {
    let info: Record<string, unknown>;
    try {
      info = asRecord((await this.call('GET', '/openapi/photo/info', accessToken, { query: { photo_id: photoId } })).video_info);
    } catch (error) {
      if (error instanceof PublishError && error.kind === 'rejected' && /不存在|not exist/i.test(error.message)) {
        return { state: 'failed', remoteId: photoId, url: null, reason: 'the work no longer exists on Kuaishou', privateOnly: false };
      }
      throw error;
    }
    if (info.pending === true) return { state: 'published', remoteId: photoId, url: null, reason: null, privateOnly: false };
    return { state: 'approved', remoteId: photoId, url: str(info.play_url), reason: null, privateOnly: false };
  }

  private async findWork(accessToken: string, caption: string, after: number): Promise<string | null> {
    const list = await this.call('GET', '/openapi/photo/list', accessToken, { query: { count: 20 } });
    const match = (Array.isArray(list.video_list) ? list.video_list.map(asRecord) : []).find((item) => str(item.caption) === caption && (num(item.create_time) ?? 0) >= after);
    return match ? str(match.photo_id) : null;
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    accessToken: string,
    init: { query?: Record<string, string | number>; multipart?: FormData; idempotent?: boolean; signal?: AbortSignal | undefined } = {},
  ): Promise<Record<string, unknown>> {
    const response = await this.http.request(withQuery(`${this.base.api}${path}`, { app_id: this.options.clientId, access_token: accessToken, ...init.query }), {
      method,
      ...(init.multipart ? { multipart: init.multipart } : {}),
      idempotent: init.idempotent ?? true,
      signal: init.signal,
      classify: classifyKuaishou,
    });
    return asRecord(response.body);
  }

  private async upload(method: 'GET' | 'POST', url: string, query: Record<string, string | number>, bytes: Buffer | undefined, signal: AbortSignal | undefined): Promise<Record<string, unknown>> {
    const response = await this.http.request(withQuery(url, query), {
      method,
      ...(bytes ? { bytes, headers: { 'content-type': 'application/octet-stream' } } : {}),
      idempotent: true,
      signal,
      classify: classifyKuaishou,
    });
    return asRecord(response.body);
  }

  private async oauth(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const response = await this.http.request(withQuery(`${this.base.api}${path}`, { app_id: this.options.clientId, app_secret: this.options.clientSecret, ...params }), {
      idempotent: true,
      // A refused code or refresh token means the merchant must authorize again; refused app credentials are ours.
      classify: refusedGrant(classifyKuaishou, ['100200101']),
    });
    return asRecord(response.body);
  }
}

/** Kuaishou lists the granted scopes as an array (`scopes`); without it, the ones asked for. */
function tokensFrom(body: Record<string, unknown>, keep: string | null): TokenSet {
  if (!str(body.access_token)) throw new PublishError('unavailable', 'Kuaishou: token answer without access_token');
  return tokenSetFrom(body, new Date(), { refreshToken: keep, scopes: SCOPES });
}

/**
 * `{result, error_msg}`: 1 is success. Kuaishou documents 100200100 (bad parameters) and
 * 100200101 (app id or secret refused); for an expired token or a frequency limit we found no
 * documented number, so those are read from the HTTP status and the words of `error_msg`.
 */
function classifyKuaishou(response: PlatformResponse): PlatformFailure | null {
  const body = asRecord(response.body);
  const result = num(body.result);
  if (result === 1 && response.status < 400) return null;
  if (result === null && response.status < 400) return { kind: 'unavailable', message: 'Kuaishou answered without a result' };
  const words = str(body.error_msg) ?? '';
  const message = `${words || `HTTP ${response.status}`}${result !== null ? ` (result ${result})` : ''}`;
  let kind: PublishErrorKind;
  if (response.status === 401 || /access[_ ]?token/i.test(words)) kind = 'unauthorized';
  else if (response.status === 429 || /频率|频繁|too many|rate limit/i.test(words)) kind = 'rate_limited';
  else if (response.status >= 500 || /系统繁忙|system busy/i.test(words)) kind = 'unavailable';
  else kind = 'rejected';
  return { kind, message, ...(result !== null ? { code: String(result) } : {}) };
}
