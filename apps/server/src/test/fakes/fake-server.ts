import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the platform fakes share: an HTTP server on a loopback port, a tiny router, the request
 * body as bytes, and the failure switches each test flips (the next call answers 429, the
 * current token has expired, the connection drops after the platform took the request).
 */

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json(): Record<string, unknown>;
  form(): URLSearchParams;
  bearer(): string | null;
}

export interface FakeReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Take the request's effect, then drop the connection without answering: the client cannot
   * tell whether it worked (a crash or timeout between the platform's work and our reading it).
   */
  drop?: boolean;
}

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface FakeRoute {
  method: string;
  /** Exact path, or a pattern whose groups are passed on. */
  path: string | RegExp;
  handler: (request: FakeRequest, match: RegExpExecArray | null) => FakeReply | Promise<FakeReply>;
}

export interface FakeServer {
  url: string;
  /** Every request seen, in order (method and path), so a test can assert what was (not) called twice. */
  log: Array<{ method: string; path: string }>;
  close(): Promise<void>;
}

export async function startFakeServer(routes: FakeRoute[]): Promise<FakeServer> {
  const log: Array<{ method: string; path: string }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const body = Buffer.concat(chunks);
        const request: FakeRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body,
          json: () => {
            try {
              const value: unknown = JSON.parse(body.toString('utf8') || '{}');
              return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
            } catch {
              return {};
            }
          },
          form: () => new URLSearchParams(body.toString('utf8')),
          bearer: () => {
            const header = req.headers.authorization ?? '';
            const match = /^(?:Bearer|OAuth)\s+(.+)$/i.exec(header);
            return match?.[1] ?? url.searchParams.get('access_token');
          },
        };
        log.push({ method: request.method, path: request.path });
        let reply: FakeReply = { status: 404, body: { error: 'not_found', path: request.path } };
        for (const route of routes) {
          if (route.method !== request.method) continue;
          const match = typeof route.path === 'string' ? (route.path === request.path ? null : undefined) : route.path.exec(request.path);
          if (match === undefined || (typeof route.path !== 'string' && !match)) continue;
          try {
            reply = await route.handler(request, match);
          } catch (error) {
            reply = { status: 500, body: { error: 'fake_error', message: error instanceof Error ? error.message : String(error) } };
          }
          break;
        }
        if (reply.drop) {
          req.socket.destroy();
          return;
        }
        const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
        res.writeHead(reply.status, {
          ...(reply.body === undefined || typeof reply.body === 'string' ? {} : { 'content-type': 'application/json; charset=UTF-8' }),
          ...reply.headers,
        });
        res.end(text);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The S256 challenge of a PKCE verifier (RFC 7636 §4.2), which a fake checks the exchange against. */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Parses `bytes a-b/total` of a chunk upload. */
export function parseContentRange(header: string | undefined): { first: number; last: number; total: number | null } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header ?? '');
  if (!match) return null;
  return { first: Number(match[1]), last: Number(match[2]), total: match[3] === '*' ? null : Number(match[3]) };
}

/**
 * The OAuth side every fake shares: issued codes (with their PKCE challenge), live and expired
 * access tokens, refresh tokens. `expireAll` makes every current access token answer "expired".
 */
export class FakeTokens {
  private codes = new Map<string, { challenge: string | null; redirectUri: string; account: string }>();
  private access = new Map<string, { account: string; expired: boolean }>();
  private refreshTokens = new Map<string, string>();
  private counter = 0;

  constructor(private readonly prefix: string) {}

  /** What the platform's consent page would redirect back with. */
  issueCode(input: { challenge: string | null; redirectUri: string; account: string }): string {
    const code = `${this.prefix}-code-${++this.counter}`;
    this.codes.set(code, input);
    return code;
  }

  /** Redeems a code once; the verifier must hash to the challenge where one was given. */
  redeem(code: string, redirectUri: string, verifier: string | null): { account: string } | { error: string } {
    const entry = this.codes.get(code);
    if (!entry) return { error: 'invalid_grant' };
    this.codes.delete(code);
    if (entry.redirectUri !== redirectUri) return { error: 'invalid_grant' };
    if (entry.challenge && (!verifier || s256(verifier) !== entry.challenge)) return { error: 'invalid_grant' };
    return { account: entry.account };
  }

  mint(account: string): { accessToken: string; refreshToken: string } {
    const accessToken = `${this.prefix}-at-${++this.counter}`;
    const refreshToken = `${this.prefix}-rt-${this.counter}`;
    this.access.set(accessToken, { account, expired: false });
    this.refreshTokens.set(refreshToken, account);
    return { accessToken, refreshToken };
  }

  /** A refresh token is single-use where the platform rotates them; an unknown one is invalid_grant. */
  rotate(refreshToken: string): { accessToken: string; refreshToken: string } | null {
    const account = this.refreshTokens.get(refreshToken);
    if (!account) return null;
    this.refreshTokens.delete(refreshToken);
    return this.mint(account);
  }

  /** A new access token for a refresh token that stays valid (platforms that do not rotate). */
  renew(refreshToken: string): string | null {
    const account = this.refreshTokens.get(refreshToken);
    if (!account) return null;
    const accessToken = `${this.prefix}-at-${++this.counter}`;
    this.access.set(accessToken, { account, expired: false });
    return accessToken;
  }

  revokeRefresh(refreshToken: string): void {
    this.refreshTokens.delete(refreshToken);
  }

  /** `valid`, `expired` or `invalid` for a bearer token. */
  check(token: string | null): { state: 'valid'; account: string } | { state: 'expired' | 'invalid' } {
    if (!token) return { state: 'invalid' };
    const entry = this.access.get(token);
    if (!entry) return { state: 'invalid' };
    return entry.expired ? { state: 'expired' } : { state: 'valid', account: entry.account };
  }

  /** Expires one access token (the others stay valid). */
  expire(token: string): void {
    const entry = this.access.get(token);
    if (entry) entry.expired = true;
  }

  expireAll(): void {
    for (const entry of this.access.values()) entry.expired = true;
  }
}
