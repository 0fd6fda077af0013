import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SCRIPT_LANGUAGES, type ScriptLanguage } from '@nearcast/contract';
import type { Config } from '../../config.js';
import { MediaProcessError, type MediaTools } from '../media/index.js';
import { AnswerTooLarge, formatBytes, readCapped } from '../../lib/provider-answer.js';
import { assembleTrack, isSilent, measureSeconds, reasonOf, silentSeconds, type TrackPart } from './voice-track.js';
import { VoiceError, type SpeakRequest, type VoiceEngine, type VoiceTrack } from './voice-engine.js';
import { captionWords, characterWords, estimateWordTimes } from './word-timing.js';

export type CloudVoiceConfig = Pick<Config, 'TTS_BASE_URL' | 'TTS_API_KEY' | 'TTS_MODEL' | 'TTS_VOICES' | 'TTS_TIMEOUT_SECONDS'> &
  Partial<Pick<Config, 'TTS_MAX_ANSWER_BYTES'>>;

/** Lines asked for at once: fast enough for a 60-second script, gentle on a provider's rate limit. */
const PARALLEL_REQUESTS = 3;
/** A Retry-After longer than this is not waited for: the render would stall, so it goes on without a voice. */
export const RETRY_AFTER_CAP_SECONDS = 10;
/** The wait before the one retry when the provider names none. */
const DEFAULT_RETRY_SECONDS = 1;
/** WAV needs no decoder delay or padding, so the measured length is the sound's length. */
const RESPONSE_FORMAT = 'wav';
const PROVIDER_MESSAGE_MAX = 200;
/** One line's audio: a minute of 24 kHz WAV is under 3 MB, so this is a provider gone wrong. */
const MAX_ANSWER_BYTES_DEFAULT = 50 * 1024 * 1024;

/**
 * TTS_VOICES is either one voice for every language or `en=alloy,es=nova,zh=shimmer`; a
 * language it does not name gets the unnamed entry, else the first one listed.
 */
export function parseVoices(setting: string): Record<ScriptLanguage, string> {
  const entries = setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const named = new Map<string, string>();
  let fallback: string | undefined;
  for (const entry of entries) {
    const [key, value] = entry.includes('=') ? entry.split('=', 2).map((part) => part.trim()) : [undefined, entry];
    if (!value) continue;
    if (key) named.set(key.toLowerCase(), value);
    else fallback ??= value;
  }
  const first = fallback ?? named.values().next().value ?? 'alloy';
  return Object.fromEntries(SCRIPT_LANGUAGES.map((language) => [language, named.get(language) ?? first])) as Record<ScriptLanguage, string>;
}

/**
 * Cloud text-to-speech over the OpenAI-compatible `POST {TTS_BASE_URL}/audio/speech` (OpenAI
 * itself, and the many providers and self-hosted servers that copy its shape). One request per
 * line, so every line's real length is measured and its caption window is exact.
 */
export function createCloudVoice(config: CloudVoiceConfig, tools: MediaTools, fetchImpl: typeof fetch = fetch): VoiceEngine {
  const baseUrl = config.TTS_BASE_URL?.replace(/\/+$/, '');
  const voices = parseVoices(config.TTS_VOICES);
  const timeoutMs = config.TTS_TIMEOUT_SECONDS * 1000;
  const maxBytes = config.TTS_MAX_ANSWER_BYTES ?? MAX_ANSWER_BYTES_DEFAULT;
  const unavailableReason = baseUrl ? null : 'TTS_BASE_URL is not set';
  const endpoint = baseUrl ? `${baseUrl}/audio/speech` : '';

  // Everything a provider says goes through here: a provider echoing the key must not put it in
  // our logs. A key of a few characters is a placeholder for a keyless server, and masking it
  // would garble the message.
  const secret = config.TTS_API_KEY && config.TTS_API_KEY.length >= 8 ? config.TTS_API_KEY : null;
  const redact = (text: string): string => (secret ? text.split(secret).join('***') : text);
  const fail = (detail: string): VoiceError => new VoiceError('cloud', redact(detail));

  async function speakLine(text: string, voice: string, file: string, signal: AbortSignal): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    // Self-hosted servers often take no key; sending an empty Bearer would be refused by some.
    if (config.TTS_API_KEY) headers.authorization = `Bearer ${config.TTS_API_KEY}`;
    const body = JSON.stringify({ model: config.TTS_MODEL, input: text, voice, response_format: RESPONSE_FORMAT });
    for (let attempt = 1; ; attempt++) {
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      let audio: Buffer;
      try {
        response = await fetchImpl(endpoint, { method: 'POST', headers, body, signal: AbortSignal.any([signal, timeout]) });
        // Read as a stream up to the cap: past it the connection is closed, not buffered whole.
        audio = await readCapped(response, maxBytes);
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        // A provider that sends too much would send too much again: no retry.
        if (error instanceof AnswerTooLarge) throw fail(`the speech provider's answer is larger than ${formatBytes(error.maxBytes)}`);
        // A provider that does not answer in time is not asked again: the retry would double the wait.
        if (timeout.aborted) throw fail(`no answer from the speech provider within ${config.TTS_TIMEOUT_SECONDS} s`);
        if (attempt === 1) {
          await sleep(DEFAULT_RETRY_SECONDS * 1000, undefined, { signal });
          continue;
        }
        throw fail(`could not reach the speech provider: ${describe(error)}`);
      }
      if (response.ok) {
        if (audio.length === 0) throw fail('the speech provider answered with no audio');
        await fs.writeFile(file, audio);
        return;
      }
      const message = providerMessage(audio);
      const transient = response.status === 429 || response.status >= 500;
      if (transient && attempt === 1) {
        const wait = retryAfterSeconds(response.headers.get('retry-after')) ?? DEFAULT_RETRY_SECONDS;
        if (wait > RETRY_AFTER_CAP_SECONDS) {
          throw fail(`HTTP ${response.status} from the speech provider, which asks to wait ${Math.ceil(wait)} s${message ? `: ${message}` : ''}`);
        }
        await sleep(wait * 1000, undefined, { signal });
        continue;
      }
      const retried = transient ? ' (after one retry)' : '';
      throw fail(`HTTP ${response.status} from the speech provider${retried}${message ? `: ${message}` : ''}`);
    }
  }

  return {
    name: 'cloud',
    available: unavailableReason === null,
    unavailableReason,
    async speak(request: SpeakRequest): Promise<VoiceTrack | null> {
      if (unavailableReason) throw fail(unavailableReason);
      if (request.lines.every(isSilent)) return null;
      const outer = request.signal;
      outer?.throwIfAborted();
      const clipsDir = await fs.mkdtemp(path.join(request.workDir, 'voice-cloud-'));
      // One line failing stops the others: their audio would be thrown away anyway.
      const stop = new AbortController();
      const signal = outer ? AbortSignal.any([outer, stop.signal]) : stop.signal;
      const voice = voices[request.language];
      const parts: TrackPart[] = request.lines.map((line) => ({ silence: silentSeconds(line, request.language) }));
      try {
        const spoken = request.lines.flatMap((line, index) => (isSilent(line) ? [] : [{ line, index }]));
        let next = 0;
        const worker = async (): Promise<void> => {
          while (next < spoken.length) {
            const item = spoken[next++];
            if (!item) return;
            const file = path.join(clipsDir, `line-${item.index}.${RESPONSE_FORMAT}`);
            await speakLine(item.line.text.trim(), voice, file, signal);
            try {
              parts[item.index] = { clip: file, seconds: await measureSeconds(tools, file, signal) };
            } catch (error) {
              if (error instanceof MediaProcessError) throw fail(`the speech provider's answer is not audio that can be read (${reasonOf(error)})`);
              throw error;
            }
          }
        };
        const workers = Array.from({ length: Math.min(PARALLEL_REQUESTS, spoken.length) }, () =>
          worker().catch((error: unknown) => {
            stop.abort(error);
            throw error;
          }),
        );
        await Promise.allSettled(workers);
        if (outer?.aborted) throw outer.reason;
        // The first failure is the cause; the others are the aborts it set off.
        if (stop.signal.aborted) throw stop.signal.reason;

        const output = path.join(request.workDir, 'voice.wav');
        let assembled;
        try {
          assembled = await assembleTrack(tools, parts, output, outer);
        } catch (error) {
          if (error instanceof MediaProcessError) throw fail(`the voice track could not be assembled (${reasonOf(error)}: ${error.stderr.slice(-300)})`);
          throw error;
        }
        return {
          path: output,
          duration: assembled.duration,
          lines: assembled.windows.map((window, index) => {
            const line = request.lines[index];
            const words = line && !isSilent(line) ? captionWords(line.text.trim(), request.language) : [];
            const timed = estimateWordTimes(words, window.end - window.start, window.start);
            // Chinese captions light character by character.
            return { ...window, words: request.language === 'zh' ? characterWords(timed) : timed };
          }),
        };
      } finally {
        await fs.rm(clipsDir, { recursive: true, force: true });
      }
    },
  };
}

/** Retry-After is seconds or an HTTP date (RFC 9110); anything else is ignored. */
function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, (date - Date.now()) / 1000);
}

/** The provider's own words for a failure: OpenAI's `{ error: { message } }`, else the start of the body. */
function providerMessage(body: Buffer): string {
  const text = body.toString('utf8');
  let message = text;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const candidate = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof candidate === 'string') message = candidate;
  } catch {
    // Not JSON: a proxy's HTML page or plain text; its start still says what happened.
  }
  const printable = message.replace(/[^\P{C}\n]/gu, '').replace(/\s+/g, ' ').trim();
  return printable.length > PROVIDER_MESSAGE_MAX ? `${printable.slice(0, PROVIDER_MESSAGE_MAX)}…` : printable;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
