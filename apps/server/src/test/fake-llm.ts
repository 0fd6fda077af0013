import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible chat completions server on a loopback port, so the
 * language-model script engine is tested without the network. It answers `POST /v1/chat/completions`
 * with OpenAI's documented shapes: a `chat.completion` object whose `choices[0].message` holds
 * `content` (or `refusal`) and whose `finish_reason` says why it stopped; errors as
 * `{ error: { message, type, param, code } }`. Each answer follows the next scripted mode, or the
 * default one; every request is recorded.
 */

export interface FakeLlmRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body; null when it was not JSON. */
  body: Record<string, unknown> | null;
}

export type FakeLlmMode =
  /** A valid completion whose content is this value as JSON (or what the function makes of the request). */
  | { kind: 'json'; content: unknown }
  /** A completion whose content is this text as it is (malformed JSON, a fenced block). */
  | { kind: 'text'; content: string }
  /** A structured-output refusal: `content` null, `refusal` set. */
  | { kind: 'refusal'; message?: string }
  /** A completion stopped for this reason, its content cut off or filtered. */
  | { kind: 'finish'; reason: 'length' | 'content_filter'; content?: string }
  /** Takes the request and never answers. */
  | { kind: 'timeout' }
  /** 429 with this Retry-After (none when undefined). */
  | { kind: 'rate_limit'; retryAfter?: string }
  /** An error status: 5xx as a server error, 4xx as a rejected request (how DeepSeek refuses `json_schema`). */
  | { kind: 'error'; status?: number };

export interface FakeLlm {
  /** The base URL a client is configured with (`…/v1`). */
  baseUrl: string;
  requests: FakeLlmRequest[];
  /** The modes of the next answers, in order; after them, the default. */
  enqueue(...modes: Array<FakeLlmMode | ((request: FakeLlmRequest) => FakeLlmMode)>): void;
  setDefault(mode: FakeLlmMode | ((request: FakeLlmRequest) => FakeLlmMode)): void;
  close(): Promise<void>;
}

function errorBody(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

let completions = 0;

function completion(model: string, message: Record<string, unknown>, finishReason: string) {
  completions += 1;
  return {
    id: `chatcmpl-fake${completions}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', refusal: null, ...message }, logprobs: null, finish_reason: finishReason }],
    usage: { prompt_tokens: 420, completion_tokens: 310, total_tokens: 730 },
    system_fingerprint: 'fp_fake',
  };
}

export async function startFakeLlm(options: { apiKey?: string } = {}): Promise<FakeLlm> {
  const requests: FakeLlmRequest[] = [];
  const queue: Array<FakeLlmMode | ((request: FakeLlmRequest) => FakeLlmMode)> = [];
  let fallback: FakeLlmMode | ((request: FakeLlmRequest) => FakeLlmMode) = { kind: 'error', status: 500 };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      let body: Record<string, unknown> | null = null;
      try {
        const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
      } catch {
        body = null;
      }
      const request: FakeLlmRequest = { method: req.method ?? 'GET', path, headers: req.headers, body };
      requests.push(request);
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(payload));
      };

      if (request.method !== 'POST' || path !== '/v1/chat/completions') {
        send(404, errorBody(`Invalid URL (${request.method} ${path})`, 'invalid_request_error', null));
        return;
      }
      if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        send(401, errorBody('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
        return;
      }
      if (!body) {
        send(400, errorBody('We could not parse the JSON body of your request.', 'invalid_request_error', null));
        return;
      }
      if (typeof body.model !== 'string' || !Array.isArray(body.messages)) {
        send(400, errorBody('you must provide a model parameter and messages', 'invalid_request_error', null));
        return;
      }
      const model = body.model;
      const next = queue.shift() ?? fallback;
      const mode = typeof next === 'function' ? next(request) : next;
      switch (mode.kind) {
        case 'json': {
          const content = typeof mode.content === 'function' ? (mode.content as (request: FakeLlmRequest) => unknown)(request) : mode.content;
          send(200, completion(model, { content: JSON.stringify(content) }, 'stop'));
          return;
        }
        case 'text':
          send(200, completion(model, { content: mode.content }, 'stop'));
          return;
        case 'refusal':
          send(200, completion(model, { content: null, refusal: mode.message ?? "I'm sorry, I can't help with that request." }, 'stop'));
          return;
        case 'finish':
          send(200, completion(model, { content: mode.content ?? (mode.reason === 'length' ? '{"title": "Fresh bread' : null) }, mode.reason));
          return;
        case 'timeout':
          // Keep the connection open without a word; close() ends it.
          return;
        case 'rate_limit':
          send(
            429,
            errorBody('Rate limit reached for requests. Please try again later.', 'requests', 'rate_limit_exceeded'),
            mode.retryAfter === undefined ? {} : { 'retry-after': mode.retryAfter },
          );
          return;
        case 'error':
          if ((mode.status ?? 500) >= 500) send(mode.status ?? 500, errorBody('The server had an error while processing your request.', 'server_error', null));
          else send(mode.status ?? 400, errorBody('This response_format type is unavailable now.', 'invalid_request_error', 'invalid_request_error'));
          return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...modes) => queue.push(...modes),
    setDefault: (mode) => {
      fallback = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
