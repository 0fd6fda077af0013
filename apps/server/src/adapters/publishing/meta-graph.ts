import { PlatformHttp, asRecord, num, str, tokenSetFrom, withQuery, type PlatformFailure, type PlatformResponse } from './platform-http.js';
import { PublishError, type PublishErrorKind, type PublisherOptions, type TokenSet } from './publisher.js';

/**
 * What Instagram and Facebook share: Meta's Graph API (one version for both), Facebook Login's
 * code exchange followed by the swap for a long-lived (about 60 days) user token, and Meta's
 * error body. Meta issues no refresh token: the long-lived token is swapped again before it
 * expires, so it is kept as the "refresh token" too; once expired, only the merchant can renew it.
 */
export const GRAPH_VERSION = 'v21.0';

export class MetaGraph {
  readonly http: PlatformHttp;
  readonly dialog: string;
  readonly graph: string;

  constructor(
    name: string,
    private readonly options: PublisherOptions,
  ) {
    this.http = new PlatformHttp(name, options);
    this.dialog = options.endpoints?.auth ?? `https://www.facebook.com/${GRAPH_VERSION}`;
    this.graph = options.endpoints?.api ?? `https://graph.facebook.com/${GRAPH_VERSION}`;
  }

  authorizeUrl(input: { state: string; redirectUri: string }, scopes: string[]): string {
    return withQuery(`${this.dialog}/dialog/oauth`, {
      client_id: this.options.clientId,
      redirect_uri: input.redirectUri,
      state: input.state,
      response_type: 'code',
      scope: scopes.join(','),
    });
  }

  /** The code for a short-lived user token, then that for a long-lived one. */
  async exchangeCode(code: string, redirectUri: string): Promise<TokenSet> {
    const short = await this.tokenCall({ client_id: this.options.clientId, client_secret: this.options.clientSecret, redirect_uri: redirectUri, code });
    const shortToken = str(asRecord(short.body).access_token);
    if (!shortToken) throw new PublishError('unavailable', `${this.http.platform}: token answer without access_token`);
    return this.longLived(shortToken);
  }

  /** Swaps a user token (short- or long-lived, while still valid) for a fresh long-lived one. */
  async longLived(token: string): Promise<TokenSet> {
    const response = await this.tokenCall({
      grant_type: 'fb_exchange_token',
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
      fb_exchange_token: token,
    });
    const tokens = tokenSetFrom(response.body, new Date());
    return { ...tokens, refreshToken: tokens.accessToken };
  }

  async get(path: string, accessToken: string, params: Record<string, string | number | undefined> = {}, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const response = await this.http.request(withQuery(`${this.graph}/${path}`, params), { headers: bearer(accessToken), signal, classify: classifyGraph });
    return asRecord(response.body);
  }

  async post(
    path: string,
    accessToken: string,
    form: Record<string, string>,
    options: { idempotent: boolean; signal?: AbortSignal | undefined },
  ): Promise<Record<string, unknown>> {
    const response = await this.http.request(`${this.graph}/${path}`, { form, headers: bearer(accessToken), idempotent: options.idempotent, signal: options.signal, classify: classifyGraph });
    return asRecord(response.body);
  }

  private tokenCall(form: Record<string, string>): Promise<PlatformResponse> {
    return this.http.request(`${this.graph}/oauth/access_token`, { form, idempotent: true, classify: classifyTokenEndpoint });
  }
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** Minutes Meta says to wait, from its `X-Business-Use-Case-Usage` / `X-App-Usage` headers. */
function regainSeconds(headers: Headers): number | undefined {
  const raw = headers.get('x-business-use-case-usage');
  if (!raw) return undefined;
  try {
    const usage = JSON.parse(raw) as Record<string, Array<Record<string, unknown>>>;
    const minutes = Object.values(usage)
      .flat()
      .map((entry) => num(entry.estimated_time_to_regain_access) ?? 0);
    const longest = Math.max(0, ...minutes);
    return longest > 0 ? longest * 60 : undefined;
  } catch {
    return undefined;
  }
}

/** Meta's error body: `{error: {message, type, code, error_subcode, is_transient, fbtrace_id}}`. */
export function classifyGraph(response: PlatformResponse): PlatformFailure | null {
  const error = asRecord(asRecord(response.body).error);
  if (response.status < 400 && Object.keys(error).length === 0) return null;
  const code = num(error.code);
  const subcode = num(error.error_subcode);
  const message = `${str(error.message) ?? `HTTP ${response.status}`}${code !== null ? ` (code ${code}${subcode !== null ? `/${subcode}` : ''})` : ''}`;
  const platformCode = code !== null ? String(subcode ?? code) : undefined;
  let kind: PublishErrorKind;
  let retryAfterSeconds: number | undefined;
  if (code === 190 || code === 102 || response.status === 401) kind = 'unauthorized';
  else if (code === 9 || subcode === 2207042) {
    // An Instagram account's publishing limit (a rolling 24 hours) is reached.
    kind = 'rate_limited';
    retryAfterSeconds = 3600;
  } else if (code === 4 || code === 17 || code === 32 || code === 613 || (code !== null && code >= 80001 && code <= 80014) || response.status === 429) {
    kind = 'rate_limited';
    retryAfterSeconds = regainSeconds(response.headers);
  } else if (code === 10 || (code !== null && code >= 200 && code <= 299)) kind = 'needs_reconnect';
  else if (error.is_transient === true || code === 1 || code === 2 || response.status >= 500) kind = 'unavailable';
  else kind = 'rejected';
  return { kind, message, ...(platformCode ? { code: platformCode } : {}), ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) };
}

/**
 * At the token endpoint an expired or invalid token (190) or authorization code (100) means the
 * merchant must authorize again; a bad app secret (1, 101) is ours and keeps the connection.
 */
function classifyTokenEndpoint(response: PlatformResponse): PlatformFailure | null {
  const failure = classifyGraph(response);
  const code = num(asRecord(asRecord(response.body).error).code);
  if (failure && (code === 190 || code === 100)) return { ...failure, kind: 'needs_reconnect' };
  return failure;
}

/** Meta's upload host (rupload) answers `{success: true}` or `{debug_info: {retriable, type, message}}`. */
export function classifyRupload(response: PlatformResponse): PlatformFailure | null {
  const debug = asRecord(asRecord(response.body).debug_info);
  if (response.status < 400 && Object.keys(debug).length === 0) return null;
  const message = str(debug.message) ?? `upload failed (HTTP ${response.status})`;
  if (response.status === 401 || str(debug.type) === 'OAuthException') return { kind: 'unauthorized', message };
  if (response.status === 429) return { kind: 'rate_limited', message };
  return { kind: debug.retriable === false ? 'rejected' : 'unavailable', message };
}
