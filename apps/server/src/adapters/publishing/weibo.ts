import { noMetrics } from './checkpoint.js';
import { OAuth2Client, refusedGrant, tokenSetFrom } from './oauth2.js';
import { PlatformHttp, asRecord, num, str, withQuery, type PlatformFailure, type PlatformResponse } from './platform-http.js';
import {
  PublishError,
  type AuthorizeInput,
  type ExchangeInput,
  type PlatformAccount,
  type PublishErrorKind,
  type PublishOutcome,
  type Publisher,
  type PublisherOptions,
  type RemoteRef,
  type RemoteStatus,
  type TokenSet,
  type VideoMetrics,
} from './publisher.js';

const BASE62 = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Weibo, assisted: Weibo offers third parties no API to publish a video, so an operator posts the
 * prepared file and caption by hand and pastes the post's link. The adapter connects the account
 * (Weibo's OAuth 2), turns the link into the post's id (`mid`, from the numeric form or the
 * base62 `bid` of weibo.com links), and reads what `statuses/show` gives: reposts, comments and
 * likes (`attitudes_count`). Weibo's API gives no play count for a video: not available.
 */
export class WeiboPublisher implements Publisher {
  readonly platform = 'weibo' as const;
  readonly mode = 'assisted' as const;
  readonly sandbox = false;
  readonly pkce = false;
  private readonly http: PlatformHttp;
  private readonly api: string;
  private readonly oauth: OAuth2Client;

  constructor(options: PublisherOptions) {
    this.http = new PlatformHttp('Weibo', options);
    this.api = options.endpoints?.api ?? 'https://api.weibo.com';
    this.oauth = new OAuth2Client(this.http, options, { tokenUrl: `${this.api}/oauth2/access_token`, classify: refusedGrant(classifyWeibo) });
  }

  dailyLimit(): Promise<number | null> {
    return Promise.resolve(null);
  }

  authorizeUrl(input: AuthorizeInput): string {
    return this.oauth.authorizeUrl(`${this.api}/oauth2/authorize`, input);
  }

  async exchange(input: ExchangeInput): Promise<{ tokens: TokenSet; account: PlatformAccount }> {
    const body = await this.oauth.redeemCode(input);
    const uid = str(body.uid);
    if (!str(body.access_token) || !uid) throw new PublishError('unavailable', 'Weibo: token answer without access_token or uid');
    // Weibo's answer names no scope and, for a web app, no refresh token.
    const tokens = tokenSetFrom(body, new Date());
    const user = await this.get('2/users/show.json', tokens.accessToken, { uid });
    return { tokens, account: { id: uid, name: str(user.screen_name) ?? uid } };
  }

  /** Weibo gives web apps no refresh token: an expired token needs the merchant to authorize again. */
  refresh(): Promise<TokenSet> {
    return Promise.reject(new PublishError('needs_reconnect', 'Weibo: the access token expired and Weibo issues web apps no refresh token'));
  }

  publish(): Promise<PublishOutcome> {
    return Promise.reject(new PublishError('unsupported', 'Weibo has no publishing API for third parties: the post is made by hand and its link pasted'));
  }

  /** The post's `mid` from a pasted link, or null when the link is not a Weibo post. */
  parsePostUrl(url: string): string | null {
    let parsed: URL;
    try {
      parsed = new URL(url.trim());
    } catch {
      return null;
    }
    const host = parsed.hostname.toLowerCase();
    if (!/(^|\.)(weibo\.com|weibo\.cn)$/.test(host)) return null;
    const segments = parsed.pathname.split('/').filter(Boolean);
    // m.weibo.cn/status/<id>, m.weibo.cn/detail/<id>, weibo.com/detail/<id>, weibo.com/<uid>/<bid or mid>
    const candidate =
      (segments[0] === 'status' || segments[0] === 'detail') && segments[1] ? segments[1] : segments.length === 2 && /^\d+$/.test(segments[0]!) ? segments[1]! : null;
    if (!candidate) return null;
    if (/^\d{10,20}$/.test(candidate)) return candidate;
    return /^[0-9A-Za-z]{5,12}$/.test(candidate) ? bidToMid(candidate) : null;
  }

  /** A post that exists is public on Weibo; one that no longer does (20101) failed. */
  async status(ref: RemoteRef): Promise<RemoteStatus> {
    const post = await this.post(ref.accessToken, ref.remoteId);
    if (!post) return { state: 'failed', remoteId: ref.remoteId, url: null, reason: 'the post no longer exists on Weibo', privateOnly: false };
    const uid = str(asRecord(post.user).idstr) ?? str(asRecord(post.user).id);
    const url = uid ? `https://weibo.com/${uid}/${str(post.mblogid) ?? midToBid(ref.remoteId)}` : `https://m.weibo.cn/detail/${ref.remoteId}`;
    return { state: 'approved', remoteId: ref.remoteId, url, reason: null, privateOnly: false };
  }

  async metrics(ref: RemoteRef): Promise<VideoMetrics> {
    const post = await this.post(ref.accessToken, ref.remoteId);
    if (!post) return noMetrics();
    return { plays: null, likes: num(post.attitudes_count), comments: num(post.comments_count), shares: num(post.reposts_count), collections: null };
  }

  private async post(accessToken: string, mid: string): Promise<Record<string, unknown> | null> {
    try {
      return await this.get('2/statuses/show.json', accessToken, { id: mid });
    } catch (error) {
      if (error instanceof PublishError && error.detail.platformCode === '20101') return null;
      throw error;
    }
  }

  /** Weibo's API reads its token from the Authorization header (`OAuth2 <token>`), kept out of URLs. */
  private async get(path: string, accessToken: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const response = await this.http.request(withQuery(`${this.api}/${path}`, params), { headers: { authorization: `OAuth2 ${accessToken}` }, classify: classifyWeibo });
    return asRecord(response.body);
  }
}

/** A weibo.com `bid` (base62 in groups of four from the end, each group seven decimal digits) as the numeric `mid`. */
export function bidToMid(bid: string): string {
  const groups: string[] = [];
  for (let end = bid.length; end > 0; end -= 4) groups.unshift(bid.slice(Math.max(0, end - 4), end));
  return groups
    .map((group, index) => {
      let value = 0;
      for (const char of group) value = value * 62 + BASE62.indexOf(char);
      return index === 0 ? String(value) : String(value).padStart(7, '0');
    })
    .join('')
    .replace(/^0+(?=\d)/, '');
}

/** The inverse: a numeric `mid` as the `bid` weibo.com links use. */
export function midToBid(mid: string): string {
  const groups: string[] = [];
  for (let end = mid.length; end > 0; end -= 7) groups.unshift(mid.slice(Math.max(0, end - 7), end));
  return groups
    .map((group, index) => {
      let value = Number(group);
      let text = '';
      do {
        text = BASE62[value % 62] + text;
        value = Math.floor(value / 62);
      } while (value > 0);
      return index === 0 ? text : text.padStart(4, '0');
    })
    .join('');
}

/** `{error, error_code, request}`: 21327/21332/21315 a dead token, 10022–10024 rate limits, 20101 no such post. */
function classifyWeibo(response: PlatformResponse): PlatformFailure | null {
  const body = asRecord(response.body);
  const code = num(body.error_code);
  if (code === null && response.status < 400) return null;
  const message = `${str(body.error) ?? `HTTP ${response.status}`}${code !== null ? ` (error_code ${code})` : ''}`;
  let kind: PublishErrorKind;
  if (code === 21327 || code === 21332 || code === 21315 || code === 21314 || code === 21316 || code === 21317 || response.status === 401) kind = 'unauthorized';
  else if (code === 10022 || code === 10023 || code === 10024 || response.status === 429) kind = 'rate_limited';
  else if (code === 10001 || code === 10002 || code === 10003 || code === 10009 || response.status >= 500) kind = 'unavailable';
  else kind = 'rejected';
  return { kind, message, ...(code !== null ? { code: String(code) } : {}), ...(kind === 'rate_limited' ? { retryAfterSeconds: 3600 } : {}) };
}
