import { storedMessage } from '@nearcast/contract';
import { AnswerTooLarge, readCappedText } from '../../lib/provider-answer.js';
import { removedNote } from './script-guard.js';
import { offersAvoided, scriptFingerprint, warnUnsafeBrief, type ScriptLog, type ScriptRequest, type ScriptWriter, type WrittenScript } from './script-writing.js';
import { planScripts, type ScriptPlan } from './script-structures.js';
import { writeTemplateScript } from './template-script-writer.js';
import { plainDetail } from './tool-output.js';
import { failure, isRecord, readScript, scriptJsonSchema, type Attempt } from './llm-script-reply.js';
import { promptMessages } from './llm-script-prompts.js';

/**
 * The language-model engine: one chat completion per script over the OpenAI-compatible API
 * (`POST {base}/chat/completions`), which OpenAI, DeepSeek, Qwen (DashScope's compatible mode)
 * and Ollama all serve. The answer is constrained by a JSON schema mirroring `scriptBody`, kept
 * to the keywords every one of them accepts (no length or count keywords: the limits are in the
 * prompt and checked here); a server without structured outputs gets JSON mode with the schema
 * in the prompt. Whatever goes wrong with a script, the template engine writes it instead and
 * the reason is kept with it.
 */

export interface LlmSettings {
  /** E.g. https://api.openai.com/v1, https://api.deepseek.com, http://localhost:11434/v1. */
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutSeconds: number;
  /** The largest answer read; past it the connection is closed and the templates write the script. */
  maxAnswerBytes?: number;
}

export interface LlmWriterOptions {
  fetch?: typeof fetch;
  /** The longest Retry-After a 429 is waited out for; a longer one gives the script to the templates. */
  retryAfterMaxSeconds?: number;
  /** Where a fallback, and what was cut from a model's script, is written at warn. */
  log?: ScriptLog;
}

/** A script is a few kilobytes; a megabyte is a server gone wrong, not a long script. */
const MAX_ANSWER_BYTES_DEFAULT = 1024 * 1024;

/**
 * A rate-limited request is retried once, after at most this long: the writer runs inside a
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

// ---------------------------------------------------------------------------------------------
// The writer

export function createLlmScriptWriter(settings: LlmSettings, options: LlmWriterOptions = {}): ScriptWriter {
  const doFetch = options.fetch ?? fetch;
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const retryMax = options.retryAfterMaxSeconds ?? RETRY_AFTER_MAX_SECONDS;
  const maxBytes = settings.maxAnswerBytes ?? MAX_ANSWER_BYTES_DEFAULT;
  const log = options.log;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;

  /**
   * Structured outputs (`json_schema`) where the server has them; DeepSeek, and older Qwen and
   * Ollama versions, answer 400 to it and offer only JSON mode (`json_object`), where the schema
   * goes into the prompt instead. Learnt once per writer, so later scripts ask the right way.
   */
  let jsonMode: 'json_schema' | 'json_object' = 'json_schema';

  function payloadOf(request: ScriptRequest, plan: ScriptPlan, written: readonly WrittenScript[]): string {
    const schema = scriptJsonSchema(request.platforms);
    const messages = promptMessages(request, plan, written);
    if (jsonMode === 'json_object') {
      const [system, ...rest] = messages;
      return JSON.stringify({
        model: settings.model,
        messages: [{ role: 'system', content: `${system?.content ?? ''}\n\nJSON schema:\n${JSON.stringify(schema)}` }, ...rest],
        response_format: { type: 'json_object' },
      });
    }
    return JSON.stringify({
      model: settings.model,
      messages,
      response_format: { type: 'json_schema', json_schema: { name: 'short_video_script', strict: true, schema } },
    });
  }

  async function ask(request: ScriptRequest, plan: ScriptPlan, written: readonly WrittenScript[], signal?: AbortSignal): Promise<Attempt> {
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
          body: payloadOf(request, plan, written),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        status = response.status;
        retryAfter = response.headers.get('retry-after');
        text = await readCappedText(response, maxBytes);
      } catch (error) {
        // The caller cancelling is not the model failing: the whole write stops.
        if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
        // The next answer would likely be as large: the model is not asked again in this call.
        if (error instanceof AnswerTooLarge) return failure(error.message, true);
        if (timeout.aborted) return failure(`no answer within ${settings.timeoutSeconds} s`, true);
        return failure(networkDetail(error), true);
      }
      if (status === 429) {
        const wait = retryAfterSeconds(retryAfter) ?? RETRY_AFTER_DEFAULT_SECONDS;
        if (rateLimited) return failure('rate limited (HTTP 429) after one retry', true);
        if (wait > retryMax) return failure(`rate limited (HTTP 429, retry after ${Math.ceil(wait)} s)`, true);
        rateLimited = true;
        await pause(wait * 1000, signal);
        continue;
      }
      if (status === 400 && mode === 'json_schema') {
        jsonMode = 'json_object';
        continue;
      }
      if (status < 200 || status >= 300) {
        const code = errorCode(text);
        // The same request would fail the same way for the next script: stop asking.
        return failure(`HTTP ${status}${code ? ` (${code})` : ''}`, true);
      }
      return readAnswer(text, request, plan);
    }
  }

  function readAnswer(text: string, request: ScriptRequest, plan: ScriptPlan): Attempt {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return failure('the response is not JSON', true);
    }
    const choice = isRecord(json) && Array.isArray(json.choices) ? json.choices[0] : undefined;
    if (!isRecord(choice) || !isRecord(choice.message)) return failure('the response has no message', true);
    const message = choice.message;
    if (typeof message.refusal === 'string' && message.refusal.trim() !== '') return failure('the model refused');
    if (choice.finish_reason === 'length') return failure('the answer was cut off at the token limit');
    if (choice.finish_reason === 'content_filter') return failure('the answer was blocked by the content filter');
    if (typeof message.content !== 'string' || message.content.trim() === '') return failure('the answer is empty');
    // Some compatible servers wrap JSON in a Markdown fence even in JSON mode.
    const content = message.content.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, '$1');
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      return failure('malformed JSON');
    }
    return readScript(parsed, request, plan);
  }

  return {
    async write(request, signal) {
      signal?.throwIfAborted();
      warnUnsafeBrief(request, log);
      const taken = new Set(request.recent);
      const scripts: WrittenScript[] = [];
      let unavailable: string | null = null;
      const about = { merchant_id: request.brief.merchant_id, language: request.language, model: settings.model };
      for (const plan of planScripts(request)) {
        let outcome: Attempt = unavailable ? failure(unavailable, true) : await ask(request, plan, scripts, signal);
        if (outcome.ok) {
          const fingerprint = scriptFingerprint(outcome.body);
          if (!taken.has(fingerprint) && !offersAvoided(outcome.body, request.avoid)) {
            const template = `${request.brief.category}.${plan.structure}`;
            if (outcome.removed.length > 0) log?.warn({ ...about, note: removedNote(outcome.removed) }, 'script writer cut what the brief does not have from a model script');
            scripts.push({ body: outcome.body, template, hook_style: plan.hookStyle, fingerprint, engine: 'llm', fallback_reason: null });
            taken.add(fingerprint);
            continue;
          }
          outcome = failure(taken.has(fingerprint) ? 'the same as a recent script' : 'a title or hook the studio turned down');
        }
        // Logged once per call for a model that is down, then once for each script it misread.
        if (outcome.detail !== unavailable) log?.warn({ ...about, reason: outcome.detail }, 'script writer fell back to the templates');
        if (outcome.stop) unavailable = outcome.detail;
        const script = writeTemplateScript(request, plan, taken);
        taken.add(script.fingerprint);
        scripts.push({ ...script, fallback_reason: storedMessage('creative.note.llm_fallback', { detail: plainDetail(outcome.detail) || '—' }) });
      }
      return scripts;
    },
  };
}
