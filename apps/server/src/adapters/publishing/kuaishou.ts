import { buffer } from 'node:stream/consumers';
import {
  NOT_POSTED_YET,
  PlatformHttp,
  asRecord,
  checkpointNumber,
  checkpointString,
  chunkRanges,
  idFrom,
  num,
  readChunk,
  str,
  withQuery,
  type PlatformFailure,
  type PlatformResponse,
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
  private readonly api: string;
  private readonly fragmentSize: number;
  /** Tests serve the upload host over plain HTTP on loopback; Kuaishou answers a bare host name. */
  private readonly uploadScheme: string;

  constructor(private readonly options: PublisherOptions) {
    this.http = new PlatformHttp('Kuaishou', options);
    this.api = options.endpoints?.api ?? 'https://open.kuaishou.com';
    this.uploadScheme = options.endpoints?.uploadScheme ?? 'https';
    this.fragmentSize = options.chunkSize ?? DEFAULT_FRAGMENT;
  }

  /** Kuaishou documents no daily number of works published through the API. */
  dailyLimit(): Promise<number | null> {
    return Promise.resolve(null);
  }

  authorizeUrl(input: AuthorizeInput): string {
    return withQuery(`${this.api}/oauth2/connect`, {
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
    let checkpoint: Record<string, unknown> = { ...ctx.checkpoint };
    const save = async (patch: Record<string, unknown>) => {
      checkpoint = { ...checkpoint, ...patch };
      await ctx.save(checkpoint);
    };
    const done = checkpointString(checkpoint, 'photoId');
    if (done) return { ...(await this.describe(ctx.accessToken, done)), remoteId: done };
    if (!ctx.cover) throw new PublishError('rejected', 'Kuaishou: a cover image is required to publish, and this video has none');

    let uploadToken = checkpointString(checkpoint, 'uploadToken');
    if (!uploadToken) {
      // An upload token is not a work: a lost answer leaves only an unused token.
      const started = await this.call('POST', '/openapi/photo/start_upload', ctx.accessToken, { signal: ctx.signal });
      uploadToken = str(started.upload_token) ?? undefined;
      const endpoint = str(started.endpoint);
      if (!uploadToken || !endpoint) throw new PublishError('unavailable', 'Kuaishou: start_upload answered without upload_token or endpoint');
      await save({ uploadToken, endpoint });
    }
    const host = `${this.uploadScheme}://${checkpointString(checkpoint, 'endpoint')}`;

    if (checkpoint.completed !== true) {
      const fragments = chunkRanges(ctx.video.size, Math.min(this.fragmentSize, ctx.video.size));
      // The upload host's own count of fragments it holds decides where to go on.
      const resume = await this.upload('GET', `${host}/api/upload/resume`, { upload_token: uploadToken }, undefined, ctx.signal);
      let next = num(resume.fragment_index) !== null && resume.existed === true ? num(resume.fragment_index)! + 1 : (checkpointNumber(checkpoint, 'fragmentsDone') ?? 0);
      for (; next < fragments.length; next++) {
        const fragment = fragments[next]!;
        await this.upload('POST', `${host}/api/upload/fragment`, { fragment_id: next, upload_token: uploadToken }, await readChunk(ctx.video, fragment.start, fragment.end), ctx.signal);
        await save({ fragmentsDone: next + 1 });
      }
      await this.upload('POST', `${host}/api/upload/complete`, { fragment_count: fragments.length, upload_token: uploadToken }, Buffer.alloc(0), ctx.signal);
      await save({ completed: true });
    }

    const caption = ctx.caption.slice(0, 500);
    let photoId: string | null = null;
    const startedAt = checkpointString(checkpoint, 'publishStartedAt');
    if (startedAt) photoId = await this.findWork(ctx.accessToken, caption, startedAt);
    if (!photoId) {
      await save({ publishStartedAt: new Date().toISOString() });
      const form = new FormData();
      form.append('caption', caption);
      form.append('cover', new Blob([new Uint8Array(await buffer(await ctx.cover.open()))], { type: ctx.cover.mimeType }), 'cover.jpg');
      const published = await this.call('POST', '/openapi/photo/publish', ctx.accessToken, { query: { upload_token: uploadToken }, multipart: form, idempotent: false, signal: ctx.signal });
      photoId = str(asRecord(published.video_info).photo_id);
      if (!photoId) throw new PublishError('unknown_outcome', 'Kuaishou: publish answered without a photo_id');
    }
    await save({ photoId });
    return { ...(await this.describe(ctx.accessToken, photoId)), remoteId: photoId };
  }

  async status(ref: RemoteRef): Promise<RemoteStatus> {
    const photoId = idFrom(ref, 'photoId');
    return photoId ? this.describe(ref.accessToken, photoId) : NOT_POSTED_YET;
  }

  /** Views, likes and comments; Kuaishou's open API gives no shares or saves. */
  async metrics(ref: RemoteRef): Promise<VideoMetrics> {
    const photoId = idFrom(ref, 'photoId');
    if (!photoId) return { plays: null, likes: null, comments: null, shares: null, collections: null };
    const info = asRecord((await this.call('GET', '/openapi/photo/info', ref.accessToken, { query: { photo_id: photoId } })).video_info);
    return { plays: num(info.view_count), likes: num(info.like_count), comments: num(info.comment_count), shares: null, collections: null };
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

  private async findWork(accessToken: string, caption: string, since: string): Promise<string | null> {
    const list = await this.call('GET', '/openapi/photo/list', accessToken, { query: { count: 20 } });
    const after = Date.parse(since) - 120_000;
    const match = (Array.isArray(list.video_list) ? list.video_list.map(asRecord) : []).find((item) => str(item.caption) === caption && (num(item.create_time) ?? 0) >= after);
    return match ? str(match.photo_id) : null;
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    accessToken: string,
    init: { query?: Record<string, string | number>; multipart?: FormData; idempotent?: boolean; signal?: AbortSignal | undefined } = {},
  ): Promise<Record<string, unknown>> {
    const response = await this.http.request(withQuery(`${this.api}${path}`, { app_id: this.options.clientId, access_token: accessToken, ...init.query }), {
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
    const response = await this.http.request(withQuery(`${this.api}${path}`, { app_id: this.options.clientId, app_secret: this.options.clientSecret, ...params }), {
      idempotent: true,
      classify: (r) => {
        const failure = classifyKuaishou(r);
        // A refused code or refresh token means the merchant must authorize again; refused app credentials are ours.
        if (failure?.code === '100200101') return failure;
        return failure && failure.kind !== 'rate_limited' && failure.kind !== 'unavailable' ? { ...failure, kind: 'needs_reconnect' } : failure;
      },
    });
    return asRecord(response.body);
  }
}

function tokensFrom(body: Record<string, unknown>, keep: string | null): TokenSet {
  const accessToken = str(body.access_token);
  if (!accessToken) throw new PublishError('unavailable', 'Kuaishou: token answer without access_token');
  const expiresIn = num(body.expires_in);
  const refreshIn = num(body.refresh_token_expires_in);
  return {
    accessToken,
    refreshToken: str(body.refresh_token) ?? keep,
    accessExpiresAt: expiresIn !== null ? new Date(Date.now() + expiresIn * 1000) : null,
    refreshExpiresAt: refreshIn !== null ? new Date(Date.now() + refreshIn * 1000) : null,
    scopes: Array.isArray(body.scopes) ? body.scopes.filter((scope): scope is string => typeof scope === 'string') : SCOPES,
  };
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
