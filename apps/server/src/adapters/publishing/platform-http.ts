import { PublishError, type PublishErrorKind, type PublisherOptions } from './publisher.js';

/**
 * The parts every real adapter shares for calling a platform's HTTP API and turning its failures
 * into `PublishError`s the engine acts on (the OAuth 2 token calls are in `oauth2.ts`, the chunk
 * loop in `chunked-upload.ts`, resuming from a checkpoint in `checkpoint.ts`). Each platform keeps
 * its own error vocabulary; it hands `request` a `classify` function that reads the body the
 * platform sent and says which kind of failure it was, if any.
 */

export interface PlatformResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or `null` when the body was empty or not JSON. */
  body: unknown;
  text: string;
}

/** A platform's reading of a failed answer. */
export interface PlatformFailure {
  kind: PublishErrorKind;
  message: string;
  code?: string;
  /** When the platform's body (not a header) says how long to wait. */
  retryAfterSeconds?: number;
}

export interface PlatformRequest {
  method?: string;
  headers?: Record<string, string>;
  /** A JSON body (sent with `Content-Type: application/json`). */
  json?: unknown;
  /** A form body (`application/x-www-form-urlencoded`). */
  form?: Record<string, string>;
  /** Raw bytes (a chunk of the video). */
  bytes?: Buffer;
  /** A multipart form (fetch sets its boundary), e.g. an S3 presigned POST. */
  multipart?: FormData;
  /**
   * Whether sending the request twice is harmless. A failure after a non-idempotent request was
   * sent (the connection dropped, a 5xx) may have taken effect: it is `unknown_outcome`, so the
   * engine asks `status` before it tries again.
   */
  idempotent?: boolean;
  signal?: AbortSignal | undefined;
  /** The platform's reading of a body: a failure kind with its words, or null when it succeeded. */
  classify?: (response: PlatformResponse) => PlatformFailure | null;
}

/** Seconds from a `Retry-After` header (seconds or an HTTP date), if it has one. */
export function retryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The failure kind an HTTP status means when the platform's body says nothing more precise. */
export function kindOfStatus(status: number, idempotent: boolean): PublishErrorKind | null {
  if (status < 400) return null;
  if (status === 401) return 'unauthorized';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return idempotent ? 'unavailable' : 'unknown_outcome';
  if (status === 408) return idempotent ? 'unavailable' : 'unknown_outcome';
  return 'rejected';
}

export class PlatformHttp {
  private readonly fetchImpl: typeof fetch;

  constructor(
    /** The platform's name, which starts every error message. */
    readonly platform: string,
    options: Pick<PublisherOptions, 'fetch'>,
  ) {
    this.fetchImpl = options.fetch ?? fetch;
  }

  async request(url: string, init: PlatformRequest = {}): Promise<PlatformResponse> {
    const method = init.method ?? (init.json !== undefined || init.form || init.bytes || init.multipart ? 'POST' : 'GET');
    const idempotent = init.idempotent ?? (method === 'GET' || method === 'PUT');
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    let body: string | Uint8Array<ArrayBuffer> | FormData | undefined;
    if (init.json !== undefined) {
      headers['content-type'] ??= 'application/json; charset=UTF-8';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.bytes) {
      body = new Uint8Array(init.bytes);
    } else if (init.multipart) {
      body = init.multipart;
    }
    let response: Response;
    try {
      response = await this.fetchImpl(url, { method, headers, body, signal: init.signal, redirect: 'manual' });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      // Nothing came back: for a call that creates something, it may have been created.
      throw new PublishError(idempotent ? 'unavailable' : 'unknown_outcome', `${this.platform}: ${method} ${pathOf(url)} got no answer (${describe(error)})`);
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
    }
    const result: PlatformResponse = { status: response.status, headers: response.headers, body: parsed, text };
    const platformFailure = init.classify?.(result) ?? null;
    const kind = platformFailure?.kind ?? kindOfStatus(response.status, idempotent);
    if (kind) {
      const message = platformFailure?.message ?? (text.slice(0, 300) || `HTTP ${response.status}`);
      throw new PublishError(kind, `${this.platform}: ${message}`, {
        status: response.status,
        ...(kind === 'rate_limited' ? { retryAfterSeconds: platformFailure?.retryAfterSeconds ?? retryAfterSeconds(response.headers) } : {}),
        ...(platformFailure?.code ? { platformCode: platformFailure.code } : {}),
      });
    }
    return result;
  }
}

/** A URL with its query parameters set. */
export function withQuery(base: string, params: Record<string, string | number | undefined | null>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  return url.toString();
}

/** The bases of a platform's endpoints by name: its documented hosts, unless the options point one elsewhere (a test's local fake). */
export function endpointBases<Name extends string>(options: Pick<PublisherOptions, 'endpoints'>, defaults: Record<Name, string>): Record<Name, string> {
  const bases = { ...defaults };
  for (const name of Object.keys(defaults) as Name[]) bases[name] = options.endpoints?.[name] ?? defaults[name];
  return bases;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function str(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : typeof value === 'number' ? String(value) : null;
}

export function num(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

/** How an adapter polls a platform's processing within one `publish` call; tests make the waits zero. */
export interface PollOptions {
  pollIntervalMs?: number;
  /** Polls within one `publish` call before handing back to the engine (which retries later). */
  pollAttempts?: number;
}

/** Sleeps, unless the wait is zero (tests) or the call was aborted. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    });
  });
}
