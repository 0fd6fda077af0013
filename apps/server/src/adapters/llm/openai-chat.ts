import { AnswerTooLarge, readCappedText } from '../../lib/provider-answer.js';
import type { ChatCallOptions, ChatModel, ChatOutcome, ChatRequest } from './chat-model.js';

/**
 * A chat model over the OpenAI-compatible API (`POST {base}/chat/completions`), which OpenAI,
 * DeepSeek, Qwen (DashScope's compatible mode) and Ollama all serve. Each call is capped in time
 * and in the size of its answer, a rate-limited call is retried once when the wait is short, and
 * a server without structured outputs is asked in JSON mode from then on.
 */

export interface OpenAiChatSettings {
  /** E.g. https://api.openai.com/v1, https://api.deepseek.com, http://localhost:11434/v1. */
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutSeconds: number;
  /** The largest answer read unless a call asks for less; past it the connection is closed. */
  maxAnswerBytes?: number;
  /** The longest Retry-After a 429 is waited out for; a longer one is a failure. */
  retryAfterMaxSeconds?: number;
  fetch?: typeof fetch;
}

/** A script is a few kilobytes; a megabyte is a server gone wrong, not a long answer. */
const MAX_ANSWER_BYTES_DEFAULT = 1024 * 1024;

/**
 * A rate-limited request is retried once, after at most this long: the model is asked inside a
 * request or a job, and a model that wants a longer break is better replaced by the templates.
 */
const RETRY_AFTER_MAX_SECONDS = 10;
/** When a 429 gives no Retry-After. */
const RETRY_AFTER_DEFAULT_SECONDS = 1;

function retryAfterSeconds(header: string | null): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, (date - Date.now()) / 1000);
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The provider's error code (`model_not_found`, `invalid_api_key`), never its message, which may echo the request. */
function errorCode(text: string): string | null {
  try {
    const json: unknown = JSON.parse(text);
    const code = isRecord(json) && isRecord(json.error) ? (json.error.code ?? json.error.type) : null;
    return typeof code === 'string' && /^[\w.-]{1,40}$/.test(code) ? code : null;
  } catch {
    return null;
  }
}

function networkDetail(error: unknown): string {
  const cause = error instanceof Error ? (error as Error & { cause?: unknown }).cause : undefined;
  const code = cause && typeof cause === 'object' && 'code' in cause ? String((cause as { code: unknown }).code) : null;
  return code && /^[A-Z_]{2,40}$/.test(code) ? `connection failed (${code})` : 'connection failed';
}

const failed = (detail: string, stop = false): ChatOutcome => ({ ok: false, detail, stop });

/** The message of a completion, or why there is none usable. */
function contentOf(text: string): ChatOutcome {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return failed('the response is not JSON', true);
  }
  const choice = isRecord(json) && Array.isArray(json.choices) ? json.choices[0] : undefined;
  if (!isRecord(choice) || !isRecord(choice.message)) return failed('the response has no message', true);
  const message = choice.message;
  if (typeof message.refusal === 'string' && message.refusal.trim() !== '') return failed('the model refused');
  if (choice.finish_reason === 'length') return failed('the answer was cut off at the token limit');
  if (choice.finish_reason === 'content_filter') return failed('the answer was blocked by the content filter');
  if (typeof message.content !== 'string' || message.content.trim() === '') return failed('the answer is empty');
  // Some compatible servers wrap JSON in a Markdown fence even in JSON mode.
  return { ok: true, content: message.content.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, '$1') };
}

export function createOpenAiChat(settings: OpenAiChatSettings): ChatModel {
  const doFetch = settings.fetch ?? fetch;
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const retryMax = settings.retryAfterMaxSeconds ?? RETRY_AFTER_MAX_SECONDS;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;

  /**
   * Structured outputs (`json_schema`) where the server has them; DeepSeek, and older Qwen and
   * Ollama versions, answer 400 to it and offer only JSON mode (`json_object`), where the schema
   * goes into the prompt instead. Learnt once per client, so later calls ask the right way.
   */
  let jsonMode: 'json_schema' | 'json_object' = 'json_schema';

  function payloadOf(request: ChatRequest, mode: 'json_schema' | 'json_object'): string {
    const { schema } = request;
    if (!schema) return JSON.stringify({ model: settings.model, messages: request.messages, response_format: { type: 'json_object' } });
    if (mode === 'json_object') {
      const [system, ...rest] = request.messages;
      return JSON.stringify({
        model: settings.model,
        messages: [{ role: 'system', content: `${system?.content ?? ''}\n\nJSON schema:\n${JSON.stringify(schema.schema)}` }, ...rest],
        response_format: { type: 'json_object' },
      });
    }
    return JSON.stringify({
      model: settings.model,
      messages: request.messages,
      response_format: { type: 'json_schema', json_schema: { name: schema.name, strict: true, schema: schema.schema } },
    });
  }

  return {
    kind: 'openai-compatible',
    model: settings.model,
    async complete(request, options: ChatCallOptions = {}) {
      const { signal } = options;
      const maxBytes = options.maxAnswerBytes ?? settings.maxAnswerBytes ?? MAX_ANSWER_BYTES_DEFAULT;
      let rateLimited = false;
      for (;;) {
        const mode = jsonMode;
        const timeout = AbortSignal.timeout(settings.timeoutSeconds * 1000);
        let status: number;
        let retryAfter: string | null;
        let text: string;
        try {
          const response = await doFetch(url, {
            method: 'POST',
            headers,
            body: payloadOf(request, mode),
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          });
          status = response.status;
          retryAfter = response.headers.get('retry-after');
          text = await readCappedText(response, maxBytes);
        } catch (error) {
          // The caller cancelling is not the model failing: the caller's work stops.
          if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
          // The next answer would likely be as large: the model is not asked again in this call.
          if (error instanceof AnswerTooLarge) return failed(error.message, true);
          if (timeout.aborted) return failed(`no answer within ${settings.timeoutSeconds} s`, true);
          return failed(networkDetail(error), true);
        }
        if (status === 429 && options.retryRateLimit !== false) {
          const wait = retryAfterSeconds(retryAfter) ?? RETRY_AFTER_DEFAULT_SECONDS;
          if (rateLimited) return failed('rate limited (HTTP 429) after one retry', true);
          if (wait > retryMax) return failed(`rate limited (HTTP 429, retry after ${Math.ceil(wait)} s)`, true);
          rateLimited = true;
          await pause(wait * 1000, signal);
          continue;
        }
        if (status === 400 && mode === 'json_schema' && request.schema) {
          jsonMode = 'json_object';
          continue;
        }
        if (status < 200 || status >= 300) {
          const code = errorCode(text);
          // The same request would fail the same way for the next call: stop asking.
          return failed(`HTTP ${status}${code ? ` (${code})` : ''}`, true);
        }
        return contentOf(text);
      }
    },
  };
}
