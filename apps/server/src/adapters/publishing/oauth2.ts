import { asRecord, num, str, withQuery, type PlatformFailure, type PlatformHttp, type PlatformResponse } from './platform-http.js';
import { PublishError, type AuthorizeInput, type ExchangeInput, type PublisherOptions, type TokenSet } from './publisher.js';

/**
 * OAuth 2's authorization code grant as RFC 6749 writes it (§4.1), which most platforms follow
 * with their own names here and there: the consent page's query, the token endpoint's form post
 * (the code, or a refresh token, with the client's credentials), its error answer and its token
 * answer. A platform that departs from it (Bilibili, Kuaishou, Meta) keeps its own calls and uses
 * only the pieces that fit.
 */

export interface OAuth2Settings {
  /** The token endpoint: the code exchange and the refresh go there. */
  tokenUrl: string;
  /** The platform's name for the client id parameter (TikTok calls it `client_key`). */
  clientIdParam?: string;
  /** Where the client's credentials go: the form (the default) or HTTP Basic (RFC 6749 §2.3.1 allows both). */
  clientAuth?: 'form' | 'basic';
  /** Headers the platform wants on the token request. */
  headers?: Record<string, string>;
  /** Whether the consent page takes a PKCE challenge and the code exchange its verifier. */
  pkce?: boolean;
  scopes?: readonly string[];
  /** How the platform joins scopes, on the consent page and in the token answer. */
  scopeSeparator?: string;
  /** The platform's reading of a failed token answer; the RFC's error body by default. */
  classify?: (response: PlatformResponse) => PlatformFailure | null;
  now?: () => Date;
}

export class OAuth2Client {
  private readonly clientIdParam: string;
  private readonly now: () => Date;

  constructor(
    private readonly http: PlatformHttp,
    private readonly credentials: Pick<PublisherOptions, 'clientId' | 'clientSecret'>,
    private readonly settings: OAuth2Settings,
  ) {
    this.clientIdParam = settings.clientIdParam ?? 'client_id';
    this.now = settings.now ?? (() => new Date());
  }

  /** The consent page (§4.1.1) at `base`, with the platform's own parameters (`extra`) before `state`. */
  authorizeUrl(base: string, input: AuthorizeInput, extra: Record<string, string> = {}): string {
    return withQuery(base, {
      [this.clientIdParam]: this.credentials.clientId,
      redirect_uri: input.redirectUri,
      response_type: 'code',
      ...(this.settings.scopes ? { scope: this.settings.scopes.join(this.settings.scopeSeparator) } : {}),
      ...extra,
      state: input.state,
      ...(this.settings.pkce ? { code_challenge: input.codeChallenge, code_challenge_method: 'S256' } : {}),
    });
  }

  /** A form post to the token endpoint with the client's credentials; the answer's body as it came. */
  async requestToken(grant: Record<string, string>): Promise<Record<string, unknown>> {
    const basic = this.settings.clientAuth === 'basic';
    const credentials: Record<string, string> = basic
      ? { authorization: `Basic ${Buffer.from(`${this.credentials.clientId}:${this.credentials.clientSecret}`).toString('base64')}` }
      : {};
    const response = await this.http.request(this.settings.tokenUrl, {
      form: basic ? grant : { [this.clientIdParam]: this.credentials.clientId, client_secret: this.credentials.clientSecret, ...grant },
      headers: { ...credentials, ...this.settings.headers },
      idempotent: true,
      classify: this.settings.classify ?? classifyOAuthError,
    });
    return asRecord(response.body);
  }

  /** The code redeemed (§4.1.3), with the PKCE verifier where the platform takes one; the answer as it came. */
  redeemCode(input: ExchangeInput): Promise<Record<string, unknown>> {
    return this.requestToken({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      ...(this.settings.pkce ? { code_verifier: input.codeVerifier } : {}),
    });
  }

  /** The code redeemed for tokens; the answer too, for what the platform adds to it (an account id). */
  async exchangeCode(input: ExchangeInput): Promise<{ tokens: TokenSet; answer: Record<string, unknown> }> {
    const answer = await this.redeemCode(input);
    return { tokens: tokenSetFrom(answer, this.now(), this.scopeOptions()), answer };
  }

  /** A refresh (§6), with any parameters the platform adds. */
  async refresh(refreshToken: string, extra: Record<string, string> = {}): Promise<TokenSet> {
    const answer = await this.requestToken({ grant_type: 'refresh_token', refresh_token: refreshToken, ...extra });
    // A platform may answer a refresh without a new refresh token (Google does): the one we hold stays valid.
    return tokenSetFrom(answer, this.now(), { refreshToken, ...this.scopeOptions() });
  }

  private scopeOptions(): { scopeSeparator?: string } {
    return this.settings.scopeSeparator !== undefined ? { scopeSeparator: this.settings.scopeSeparator } : {};
  }
}

/**
 * The standard OAuth 2 error answer (`{error, error_description}`, RFC 6749 §5.2) read for the
 * kind it means: a grant that is gone needs the merchant again; anything else may pass.
 */
export function classifyOAuthError(response: PlatformResponse): PlatformFailure | null {
  const body = asRecord(response.body);
  const error = typeof body.error === 'string' ? body.error : null;
  if (!error && response.status < 400) return null;
  const description = str(body.error_description) ?? str(body.message) ?? `HTTP ${response.status}`;
  if (error === 'invalid_grant' || error === 'access_denied' || error === 'unauthorized_client') {
    return { kind: 'needs_reconnect', message: `${error}: ${description}`, code: error };
  }
  if (response.status === 429 || error === 'rate_limit_exceeded') return { kind: 'rate_limited', message: description, code: error ?? 'rate_limited' };
  if (response.status >= 500 || error === 'temporarily_unavailable' || error === 'server_error') {
    return { kind: 'unavailable', message: description, ...(error ? { code: error } : {}) };
  }
  // A bad client id or secret is our configuration, not the merchant's grant: keep the connection.
  return { kind: 'rejected', message: error ? `${error}: ${description}` : description, ...(error ? { code: error } : {}) };
}

/**
 * A platform's own error vocabulary read at its token endpoint, where a refusal is of the code or
 * refresh token: the merchant must authorize again. A passing failure (a rate limit, an outage)
 * stays what it is, and so does a refusal of our own client credentials (`ourCodes`): that is our
 * configuration, and the merchant's connection is kept.
 */
export function refusedGrant(
  classify: (response: PlatformResponse) => PlatformFailure | null,
  ourCodes: readonly string[] = [],
): (response: PlatformResponse) => PlatformFailure | null {
  return (response) => {
    const failure = classify(response);
    if (!failure || failure.kind === 'rate_limited' || failure.kind === 'unavailable') return failure;
    if (failure.code !== undefined && ourCodes.includes(failure.code)) return failure;
    return { ...failure, kind: 'needs_reconnect' };
  };
}

/**
 * A token endpoint's answer (`expires_in` seconds from now) as a stored `TokenSet`. Scopes come
 * from the RFC's `scope` string, else a `scopes` list (Kuaishou), else `fallback.scopes`.
 */
export function tokenSetFrom(
  body: unknown,
  now: Date,
  fallback: { refreshToken?: string | null; scopeSeparator?: string | RegExp; scopes?: readonly string[] } = {},
): TokenSet {
  const record = asRecord(body);
  const accessToken = str(record.access_token);
  if (!accessToken) throw new PublishError('unavailable', 'token endpoint answered without an access_token');
  const expiresIn = num(record.expires_in);
  const refreshExpiresIn = num(record.refresh_expires_in ?? record.refresh_token_expires_in);
  const scope = str(record.scope);
  return {
    accessToken,
    refreshToken: str(record.refresh_token) ?? fallback.refreshToken ?? null,
    accessExpiresAt: expiresIn !== null ? new Date(now.getTime() + expiresIn * 1000) : null,
    refreshExpiresAt: refreshExpiresIn !== null ? new Date(now.getTime() + refreshExpiresIn * 1000) : null,
    scopes:
      scope !== null
        ? scope.split(fallback.scopeSeparator ?? /[\s,]+/).filter(Boolean)
        : Array.isArray(record.scopes)
          ? record.scopes.filter((entry): entry is string => typeof entry === 'string')
          : [...(fallback.scopes ?? [])],
  };
}
