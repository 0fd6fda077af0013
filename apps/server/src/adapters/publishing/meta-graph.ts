import { rangesFrom, sendChunks } from './chunked-upload.js';
import { tokenSetFrom } from './oauth2.js';
import { PlatformHttp, asRecord, bearer, endpointBases, num, str, withQuery, type PlatformFailure, type PlatformResponse } from './platform-http.js';
import { PublishError, type PublishContext, type PublishErrorKind, type PublisherOptions, type TokenSet } from './publisher.js';

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
    const base = endpointBases(options, { auth: `https://www.facebook.com/${GRAPH_VERSION}`, api: `https://graph.facebook.com/${GRAPH_VERSION}` });
    this.dialog = base.auth;
    this.graph = base.api;
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

  /**
   * The video to Meta's upload host (rupload) from byte `from` on, `chunkSize` bytes a request
   * with `offset` / `file_size`; `sent` records the end of each chunk that arrived.
   */
  async rupload(url: string, ctx: PublishContext, from: number, chunkSize: number, sent: (end: number) => Promise<void>): Promise<void> {
    await sendChunks(
      ctx.video,
      rangesFrom(from, ctx.video.size, chunkSize),
      0,
      (chunk, range) =>
        this.http.request(url, {
          method: 'POST',
          bytes: chunk,
          headers: { authorization: `OAuth ${ctx.accessToken}`, offset: String(range.start), file_size: String(ctx.video.size), 'content-type': 'application/octet-stream' },
          idempotent: true,
          signal: ctx.signal,
          classify: classifyRupload,
        }),
      (_, range) => sent(range.end),
    );
  }

  private tokenCall(form: Record<string, string>): Promise<PlatformResponse> {
    return this.http.request(`${this.graph}/oauth/access_token`, { form, idempotent: true, classify: classifyTokenEndpoint });
  }
}

/** Insights as Meta answers them (`data: [{name, values: [{value}], total_value: {value}}]`): each metric's first and total value by name. */
export function insightsByName(body: Record<string, unknown>): Map<string, { value: unknown; total: unknown }> {
  const insights = new Map<string, { value: unknown; total: unknown }>();
  for (const entry of Array.isArray(body.data) ? body.data.map(asRecord) : []) {
    const name = str(entry.name);
    if (!name) continue;
    const first = asRecord(Array.isArray(entry.values) ? entry.values[0] : undefined);
    insights.set(name, { value: first.value, total: asRecord(entry.total_value).value });
  }
  return insights;
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
function classifyRupload(response: PlatformResponse): PlatformFailure | null {
  const debug = asRecord(asRecord(response.body).debug_info);
  if (response.status < 400 && Object.keys(debug).length === 0) return null;
  const message = str(debug.message) ?? `upload failed (HTTP ${response.status})`;
  if (response.status === 401 || str(debug.type) === 'OAuthException') return { kind: 'unauthorized', message };
  if (response.status === 429) return { kind: 'rate_limited', message };
  return { kind: debug.retriable === false ? 'rejected' : 'unavailable', message };
}
