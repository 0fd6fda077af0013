import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScriptLanguage } from '@nearcast/contract';
import { MediaAbortedError, MediaFailedError, MediaProcessError, MediaTimeoutError, runProcess, type MediaTools } from '../media/index.js';
import { assembleTrack, isSilent, reasonOf, silentSeconds, type TrackPart } from './voice-track.js';
import { VoiceError, type SpeakRequest, type VoiceEngine, type VoiceTrack } from './voice-engine.js';
import { captionWords, characterWords, estimateWordTimes, wordTimesFromMarks, type EngineMark } from './word-timing.js';

/** The npm package that carries eSpeak NG (docs/decisions/048). */
export const LOCAL_VOICE_PACKAGE = '@echogarden/espeak-ng-emscripten';

/** eSpeak NG's voices for our languages: American English, Castilian Spanish (es-ES), Mandarin. */
const ESPEAK_VOICES: Record<ScriptLanguage, string> = { en: 'en-us', es: 'es', zh: 'cmn' };

/**
 * Words per minute. eSpeak's default 175 runs English words together; a little slower is clearer
 * for a robotic voice. Mandarin is measured in syllables and sounds dragged at the same setting.
 */
const ESPEAK_RATES: Record<ScriptLanguage, number> = { en: 165, es: 165, zh: 190 };

/** What eSpeak would misread: its input is SSML, so markup characters are replaced by their spoken word. */
const SPOKEN_SYMBOLS: Record<ScriptLanguage, Record<string, string>> = {
  en: { '&': ' and ', '<': ' ', '>': ' ' },
  es: { '&': ' y ', '<': ' ', '>': ' ' },
  zh: { '&': '和', '<': ' ', '>': ' ' },
};

/** A script is at most a minute of speech; eSpeak says that in a few seconds, so this is a hang. */
const LOCAL_TIMEOUT_MS = 120_000;

const PROCESS_SCRIPT = fileURLToPath(new URL('./espeak-process.mjs', import.meta.url));

interface ProcessResult {
  lines: Array<{ samples: number; sampleRate: number; marks: Array<{ kind: EngineMark['kind']; position: number; ms: number }> }>;
}

/** Why the local voice cannot speak here (its package is missing), or null. */
export function localVoiceMissing(): string | null {
  try {
    createRequire(import.meta.url).resolve(LOCAL_VOICE_PACKAGE);
    return null;
  } catch {
    return `the local voice package ${LOCAL_VOICE_PACKAGE} is not installed (npm install ${LOCAL_VOICE_PACKAGE} -w @nearcast/server)`;
  }
}

/**
 * The text eSpeak is given, and for each of its characters the UTF-16 offset in the line's own
 * text it came from, so eSpeak's word positions can be laid back onto the caption's words.
 */
export function espeakInput(text: string, language: ScriptLanguage): { input: string; origin: number[] } {
  let input = '';
  const origin: number[] = [];
  let offset = 0;
  for (const character of text) {
    const spoken = SPOKEN_SYMBOLS[language][character] ?? (/\p{Cc}/u.test(character) ? ' ' : character);
    for (const piece of spoken) {
      input += piece;
      origin.push(offset);
    }
    offset += character.length;
  }
  return { input, origin };
}

/**
 * The local voice: eSpeak NG, which arrives with `npm install`, works offline and speaks English,
 * Spanish and Mandarin. It sounds synthetic; docs/decisions/079 says when it is the default
 * (no cloud voice configured) and why. Its word events give the caption timings.
 */
export function createLocalVoice(tools: MediaTools): VoiceEngine {
  const unavailableReason = localVoiceMissing();
  return {
    name: 'local',
    available: unavailableReason === null,
    unavailableReason,
    async speak(request: SpeakRequest): Promise<VoiceTrack | null> {
      if (unavailableReason) throw new VoiceError('local', unavailableReason);
      if (request.lines.every(isSilent)) return null;
      request.signal?.throwIfAborted();
      const dir = await fs.mkdtemp(path.join(request.workDir, 'voice-local-'));
      try {
        const texts = request.lines.map((line) => line.text.trim());
        const spoken = texts.flatMap((text, index) => (text ? [{ index, text, ...espeakInput(text, request.language) }] : []));
        const requestFile = path.join(dir, 'request.json');
        const resultFile = path.join(dir, 'result.json');
        await fs.writeFile(
          requestFile,
          JSON.stringify({
            voice: ESPEAK_VOICES[request.language],
            rate: ESPEAK_RATES[request.language],
            result: resultFile,
            lines: spoken.map((item) => ({ text: item.input, file: path.join(dir, `line-${item.index}.wav`) })),
          }),
        );
        await runEspeak(requestFile, request.signal);
        const result = JSON.parse(await fs.readFile(resultFile, 'utf8')) as ProcessResult;

        const parts: TrackPart[] = request.lines.map((line) => ({ silence: silentSeconds(line, request.language) }));
        const marksOf = new Map<number, { marks: EngineMark[]; speechEnd: number }>();
        spoken.forEach((item, order) => {
          const clip = result.lines[order];
          if (!clip || clip.samples === 0) throw new VoiceError('local', `eSpeak NG produced no sound for line ${item.index + 1}`);
          const seconds = clip.samples / clip.sampleRate;
          parts[item.index] = { clip: path.join(dir, `line-${item.index}.wav`), seconds };
          const marks = clip.marks.map((mark) => ({
            kind: mark.kind,
            at: item.origin[mark.position - 1] ?? item.text.length,
            time: Math.min(seconds, mark.ms / 1000),
          }));
          const ends = marks.filter((mark) => mark.kind === 'clause-end').map((mark) => mark.time);
          marksOf.set(item.index, { marks, speechEnd: ends.length > 0 ? Math.max(...ends) : seconds });
        });

        const output = path.join(request.workDir, 'voice.wav');
        let assembled;
        try {
          assembled = await assembleTrack(tools, parts, output, request.signal);
        } catch (error) {
          if (error instanceof MediaProcessError) throw new VoiceError('local', `the voice track could not be assembled (${reasonOf(error)}: ${error.stderr.slice(-300)})`);
          throw error;
        }
        return {
          path: output,
          duration: assembled.duration,
          lines: assembled.windows.map((window, index) => {
            const text = texts[index] ?? '';
            const words = text ? captionWords(text, request.language) : [];
            const timing = marksOf.get(index);
            const length = window.end - window.start;
            const timed = timing ? wordTimesFromMarks(words, timing.marks, Math.min(timing.speechEnd, length), window.start) : null;
            const lineWords = timed ?? estimateWordTimes(words, length, window.start);
            // Chinese captions light character by character.
            return { ...window, words: request.language === 'zh' ? characterWords(lineWords) : lineWords };
          }),
        };
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Runs eSpeak's process to the end through the media runner, so it is bound to this process's
 * life like every encoder; aborting the signal kills it at once and rejects with its reason.
 */
async function runEspeak(requestFile: string, signal?: AbortSignal): Promise<void> {
  try {
    await runProcess(process.execPath, [PROCESS_SCRIPT, requestFile], { timeoutMs: LOCAL_TIMEOUT_MS, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (error instanceof MediaAbortedError && signal?.aborted) throw signal.reason;
    if (error instanceof MediaTimeoutError) throw new VoiceError('local', `eSpeak NG did not finish within ${LOCAL_TIMEOUT_MS / 1000} s`);
    if (error instanceof MediaFailedError && !error.started) {
      throw new VoiceError('local', `the eSpeak NG process could not start: ${error.cause instanceof Error ? error.cause.message : error.reason}`);
    }
    if (error instanceof MediaFailedError) throw new VoiceError('local', `eSpeak NG ended with ${error.exit}: ${error.stderr.trim().slice(-300)}`);
    throw error;
  }
}
