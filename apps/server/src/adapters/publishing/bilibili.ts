import { Checkpoint, metricsOf, postOnce, statusOf } from './checkpoint.js';
import { chunkRanges, sendChunks } from './chunked-upload.js';
import { refusedGrant } from './oauth2.js';
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

/** Bilibili advises parts of 8 MB (all but the last). */
const DEFAULT_PART = 8 * 1024 * 1024;
/** "Daily life" (生活), the section a merchant's short videos go to unless told otherwise. */
const DEFAULT_SECTION = 160;

/**
 * Bilibili's open platform (`member.bilibili.com/arcopen/fn`): OAuth with the account's consent
 * page, `archive/video/init` for an upload token, the file in numbered parts to the upload host,
 * `archive/video/complete` to join them, `archive/add-by-utoken` to submit the archive (稿件),
 * which Bilibili then reviews; `archive/viewinfo` for its review state and `data/arc/stat` for
 * views, likes, replies, shares and favourites.
 *
 * Submitting is the step that posts. Its start is saved first; a retry looks for the archive in
 * the account's list before submitting again.
 */
export class BilibiliPublisher implements Publisher {
  readonly platform = 'bilibili' as const;
  readonly mode = 'api' as const;
  readonly sandbox = false;
  readonly pkce = false;
  private readonly http: PlatformHttp;
  private readonly base: Record<'auth' | 'token' | 'api' | 'upload', string>;
  private readonly partSize: number;

  constructor(private readonly options: PublisherOptions) {
    this.http = new PlatformHttp('Bilibili', options);
    this.base = endpointBases(options, {
      auth: 'https://account.bilibili.com',
      token: 'https://api.bilibili.com',
      api: 'https://member.bilibili.com',
      upload: 'https://openupos.bilivideo.com',
    });
    this.partSize = options.chunkSize ?? DEFAULT_PART;
  }

  /** Bilibili limits accounts that are not yet full members to 5 archives a day and documents no number for the others; which one an account is, its API does not say. */
  dailyLimit(): Promise<number | null> {
    return Promise.resolve(null);
  }

  authorizeUrl(input: AuthorizeInput): string {
    return withQuery(`${this.base.auth}/pc/account-pc/auth/oauth`, {
      client_id: this.options.clientId,
      gourl: input.redirectUri,
      state: input.state,
      response_type: 'code',
    });
  }

  async exchange(input: ExchangeInput): Promise<{ tokens: TokenSet; account: PlatformAccount }> {
    const tokens = await this.token({ grant_type: 'authorization_code', code: input.code }, null);
    const info = await this.call('GET', '/arcopen/fn/user/account/info', tokens.accessToken);
    const openId = str(info.openid);
    if (!openId) throw new PublishError('unavailable', 'Bilibili: account info answered without openid');
    return { tokens, account: { id: openId, name: str(info.name) ?? openId } };
  }

  refresh(refreshToken: string): Promise<TokenSet> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken }, refreshToken);
  }

  async publish(ctx: PublishContext): Promise<PublishOutcome> {
    const checkpoint = new Checkpoint(ctx);
    const done = checkpoint.string('resourceId');
    if (done) return { ...(await this.describe(ctx.accessToken, done)), remoteId: done };

    const uploadToken = checkpoint.string('uploadToken') || (await this.initUpload(ctx, checkpoint));
    if (checkpoint.value.joined !== true) {
      const parts = chunkRanges(ctx.video.size, Math.min(this.partSize, ctx.video.size));
      // A part sent again replaces itself: parts are numbered, so a lost answer is safe to repeat.
      await sendChunks(
        ctx.video,
        parts,
        checkpoint.number('partsDone') ?? 0,
        (chunk, _part, index) =>
          this.http.request(withQuery(`${this.base.upload}/video/v2/part/upload`, { upload_token: uploadToken, part_number: index + 1 }), {
            method: 'POST',
            bytes: chunk,
            headers: { 'content-type': 'application/octet-stream' },
            idempotent: true,
            signal: ctx.signal,
            classify: classifyBilibili,
          }),
        (index) => checkpoint.save({ partsDone: index + 1 }),
      );
      await this.http.request(withQuery(`${this.base.api}/arcopen/fn/archive/video/complete`, { upload_token: uploadToken }), { json: {}, idempotent: true, signal: ctx.signal, classify: classifyBilibili });
      await checkpoint.save({ joined: true });
    }

    const title = ctx.title.slice(0, 80);
    const resourceId = await postOnce(checkpoint, {
      startedKey: 'submitStartedAt',
      idKey: 'resourceId',
      find: (after) => this.findArchive(ctx.accessToken, title, after),
      post: async () => {
        const submitted = await this.call('POST', '/arcopen/fn/archive/add-by-utoken', ctx.accessToken, {
          query: { upload_token: uploadToken },
          json: { title, tid: DEFAULT_SECTION, tag: ctx.hashtags.slice(0, 10).join(',') || 'vlog', desc: ctx.caption.slice(0, 2000), copyright: 1, no_reprint: 1 },
          idempotent: false,
          signal: ctx.signal,
        });
        const id = str(submitted.resource_id);
        if (!id) throw new PublishError('unknown_outcome', 'Bilibili: the archive was submitted without a resource_id in the answer');
        return id;
      },
    });
    return { ...(await this.describe(ctx.accessToken, resourceId)), remoteId: resourceId };
  }

  status(ref: RemoteRef): Promise<RemoteStatus> {
    return statusOf(ref, 'resourceId', (resourceId) => this.describe(ref.accessToken, resourceId));
  }

  metrics(ref: RemoteRef): Promise<VideoMetrics> {
    return metricsOf(ref, 'resourceId', async (resourceId) => {
      const stat = await this.call('GET', '/arcopen/fn/data/arc/stat', ref.accessToken, { query: { resource_id: resourceId } });
      return { plays: num(stat.view), likes: num(stat.like), comments: num(stat.reply), shares: num(stat.share), collections: num(stat.favorite) };
    });
  }

  private async initUpload(ctx: PublishContext, checkpoint: Checkpoint): Promise<string> {
    // An upload token is not an archive: a lost answer only leaves an unused token behind.
    const init = await this.call('POST', '/arcopen/fn/archive/video/init', ctx.accessToken, { json: { name: ctx.video.fileName, utype: '0' }, signal: ctx.signal });
    const uploadToken = str(init.upload_token);
    if (!uploadToken) throw new PublishError('unavailable', 'Bilibili: video/init answered without upload_token');
    await checkpoint.save({ uploadToken, partsDone: 0 });
    return uploadToken;
  }

  /** `addit_info.state`: 0 and above is open to viewers; below 0 is waiting, processing or refused. */
  private async describe(accessToken: string, resourceId: string): Promise<RemoteStatus> {
    const view = await this.call('GET', '/arcopen/fn/archive/viewinfo', accessToken, { query: { resource_id: resourceId } });
    const addit = asRecord(view.addit_info);
    const state = num(addit.state) ?? -1;
    const url = `https://www.bilibili.com/video/${resourceId}`;
    if (state >= 0) return { state: 'approved', remoteId: resourceId, url, reason: null, privateOnly: false };
    // -2 sent back (打回), -4 locked (锁定), -100 deleted: Bilibili's words say why.
    if (state === -2 || state === -4 || state === -100) {
      return { state: 'failed', remoteId: resourceId, url: null, reason: str(addit.reject_reason) ?? str(addit.state_desc) ?? `state ${state}`, privateOnly: false };
    }
    return { state: 'reviewing', remoteId: resourceId, url: null, reason: str(addit.state_desc), privateOnly: false };
  }

  /** `ctime` is in Unix seconds. */
  private async findArchive(accessToken: string, title: string, after: number): Promise<string | null> {
    const list = await this.call('GET', '/arcopen/fn/archive/viewlist', accessToken, { query: { pn: 1, ps: 20, status: 'all' } });
    const match = (Array.isArray(list.list) ? list.list.map(asRecord) : []).find((item) => str(item.title) === title && (num(item.ctime) ?? 0) * 1000 >= after);
    return match ? str(match.resource_id) : null;
  }

  /** An open-platform call: `client_id` and `access_token` as query parameters, answers `{code, message, data}`. */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    accessToken: string,
    init: { query?: Record<string, string | number>; json?: unknown; idempotent?: boolean; signal?: AbortSignal | undefined } = {},
  ): Promise<Record<string, unknown>> {
    const response = await this.http.request(withQuery(`${this.base.api}${path}`, { client_id: this.options.clientId, access_token: accessToken, ...init.query }), {
      method,
      ...(init.json !== undefined ? { json: init.json } : {}),
      idempotent: init.idempotent ?? true,
      signal: init.signal,
      classify: classifyBilibili,
    });
    return asRecord(asRecord(response.body).data);
  }

  private async token(params: Record<string, string>, keep: string | null): Promise<TokenSet> {
    const path = params.grant_type === 'refresh_token' ? '/x/account-oauth2/v1/refresh_token' : '/x/account-oauth2/v1/token';
    const response = await this.http.request(withQuery(`${this.base.token}${path}`, { client_id: this.options.clientId, client_secret: this.options.clientSecret, ...params }), {
      method: 'POST',
      idempotent: true,
      // At the token endpoints a refused code or refresh token means the merchant must authorize
      // again; -400 (a malformed request) is ours.
      classify: refusedGrant(classifyBilibili, ['-400']),
    });
    const data = asRecord(asRecord(response.body).data);
    const accessToken = str(data.access_token);
    if (!accessToken) throw new PublishError('unavailable', 'Bilibili: token answer without access_token');
    const expiresIn = num(data.expires_in);
    const scopes = Array.isArray(data.scopes) ? data.scopes.filter((scope): scope is string => typeof scope === 'string') : [];
    return {
      accessToken,
      refreshToken: str(data.refresh_token) ?? keep,
      // Bilibili answers `expires_in` as the expiry's Unix time, not a duration.
      accessExpiresAt: expiresIn ? new Date(expiresIn > 1e9 ? expiresIn * 1000 : Date.now() + expiresIn * 1000) : null,
      refreshExpiresAt: null,
      scopes,
    };
  }
}

/** `{code, message}`: 0 is success; -101/-2 an invalid or expired token; -509/-503/-412 too many requests. */
function classifyBilibili(response: PlatformResponse): PlatformFailure | null {
  const body = asRecord(response.body);
  const code = num(body.code);
  if (code === 0 && response.status < 400) return null;
  if (code === null && response.status < 400) return null;
  const message = `${str(body.message) ?? `HTTP ${response.status}`}${code !== null ? ` (code ${code})` : ''}`;
  let kind: PublishErrorKind;
  if (code === -101 || code === -2 || response.status === 401) kind = 'unauthorized';
  else if (code === -509 || code === -503 || code === -412 || response.status === 429) kind = 'rate_limited';
  else if (code === -500 || code === -504 || response.status >= 500) kind = 'unavailable';
  else kind = 'rejected';
  return { kind, message, ...(code !== null ? { code: String(code) } : {}) };
}
