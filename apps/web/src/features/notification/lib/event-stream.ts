/**
 * A Server-Sent Events reader over fetch. EventSource cannot send an Authorization header and
 * the session travels only as a bearer token, so the stream is read with fetch and parsed here
 * following the WHATWG "event stream interpretation" rules (fields, comments, CR/LF/CRLF line
 * ends, multi-line data).
 */

export interface StreamMessage {
  /** `event:` field; 'message' when the server named none. */
  event: string;
  data: string;
  id?: string;
}

/** Splits a byte stream into SSE messages; feed it decoded text in any chunk sizes. */
export class EventStreamParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private id: string | undefined;
  /** The previous chunk ended in CR: a LF opening this one belongs to that line end. */
  private pendingLf = false;
  /** The server's `retry:` advice in ms, when it gave one. */
  retry: number | undefined;

  constructor(private readonly onMessage: (message: StreamMessage) => void) {}

  push(text: string): void {
    if (this.pendingLf && text.startsWith('\n')) text = text.slice(1);
    this.pendingLf = false;
    this.buffer += text;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) return;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      // A CR closing a chunk may be the first half of a CRLF split across chunks.
      if (match[0] === '\r' && this.buffer === '') this.pendingLf = true;
      this.line(line);
    }
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) return; // a comment: the server's heartbeat
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
  }

  private dispatch(): void {
    const event = this.event || 'message';
    const hasData = this.data.length > 0;
    const data = this.data.join('\n');
    this.data = [];
    this.event = '';
    if (!hasData) return;
    this.onMessage({ event, data, ...(this.id !== undefined ? { id: this.id } : {}) });
  }
}

/**
 * The wait before reconnection attempt `attempt` (0-based): exponential from `baseMs`, capped,
 * with "full jitter" so a server restart is not met by every open tab at the same instant.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random, baseMs = 1_000, capMs = 30_000): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 16));
  return Math.round(baseMs / 2 + random() * (ceiling - baseMs / 2));
}

export type StreamStatus = 'connecting' | 'open' | 'waiting' | 'stopped';

export interface StreamOptions {
  url: string;
  headers: () => Record<string, string>;
  onMessage: (message: StreamMessage) => void;
  /** Called each time a connection opens (after a gap the caller may want to refetch). */
  onOpen?: () => void;
  onStatus?: (status: StreamStatus) => void;
  /** The answer said the session is not valid: the stream stops instead of retrying. */
  onForbidden?: () => void;
  /** No byte (not even a heartbeat) for this long means the connection is dead. */
  idleTimeoutMs?: number;
  fetchImpl?: typeof fetch;
  random?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Keeps one stream open until `signal` aborts: reconnects with backoff after a network failure,
 * a server error or the end of the stream; stops on 401/403, and on 402 (the plan lapsed: every
 * retry would be refused until a renewal, after which a page opens the stream again). Aborting
 * is how the caller closes it (a page left, a sign-out) and is never reported as a failure.
 */
export async function runEventStream(options: StreamOptions, signal: AbortSignal): Promise<void> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const idleTimeoutMs = options.idleTimeoutMs ?? 75_000;
  let attempt = 0;
  while (!signal.aborted) {
    options.onStatus?.('connecting');
    const connection = new AbortController();
    const abort = () => connection.abort(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => connection.abort(new DOMException('The stream went quiet.', 'TimeoutError')), idleTimeoutMs);
    };
    let retryAdvice: number | undefined;
    try {
      touch();
      const response = await fetchImpl(options.url, {
        method: 'GET',
        headers: { Accept: 'text/event-stream', ...options.headers() },
        signal: connection.signal,
        cache: 'no-store',
      });
      if (response.status === 401 || response.status === 403) {
        options.onStatus?.('stopped');
        options.onForbidden?.();
        return;
      }
      if (response.status === 402) {
        options.onStatus?.('stopped');
        return;
      }
      if (!response.ok || !response.body) throw new Error(`stream answered HTTP ${response.status}`);
      attempt = 0;
      options.onStatus?.('open');
      options.onOpen?.();
      const parser = new EventStreamParser(options.onMessage);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        touch();
        parser.push(value);
      }
      retryAdvice = parser.retry;
    } catch {
      // A dropped connection, a refused one or a quiet one: all mean "try again later". A
      // cancelled one ends the loop below without a word.
    } finally {
      clearTimeout(idle);
      signal.removeEventListener('abort', abort);
    }
    if (signal.aborted) break;
    options.onStatus?.('waiting');
    await sleep(retryAdvice ?? backoffDelay(attempt, options.random), signal);
    attempt += 1;
  }
  options.onStatus?.('stopped');
}
