import { lineSeconds, type ScriptLanguage } from '@nearcast/contract';
import { audioSeconds, MediaAbortedError, MediaFailedError, runProcess, type MediaProcessError, type MediaTools } from '../media/index.js';
import type { VoiceLine } from './voice-engine.js';
import { round } from './word-timing.js';

/** The breath between two lines of a voice-over: long enough to hear a new line start, short enough to keep the pace. */
export const LINE_PAUSE_SECONDS = 0.3;

/** The track's format: mono 16-bit PCM at the video's 48 kHz, so the renderer mixes it without resampling. */
export const TRACK_SAMPLE_RATE = 48_000;

/** A tool that has not finished in this long is stuck on something, not working. */
const TOOL_TIMEOUT_MS = 60_000;

export function isSilent(line: VoiceLine): boolean {
  return line.text.trim() === '';
}

/** How long a line without words is held: as long as its on-screen words take to read (lineSeconds). */
export function silentSeconds(line: VoiceLine, language: ScriptLanguage): number {
  return lineSeconds({ on_screen: line.onScreen ?? '', spoken: '' }, language);
}

/**
 * A media step of a voice: a cancelled render rejects with its signal's reason, as the rest of
 * a voice does, so the engine's caller sees one kind of cancel; every other failure is the media
 * runner's (MediaProcessError).
 */
async function voiceStep<T>(signal: AbortSignal | undefined, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof MediaAbortedError && signal?.aborted) throw signal.reason;
    throw error;
  }
}

/** A media failure's bare cause: its stderr is quoted apart, or not at all. */
export function reasonOf(error: MediaProcessError): string {
  return error instanceof MediaFailedError ? error.reason : error.message;
}

/** A clip's measured length (media adapter's probe), cancelled with the voice. */
export function measureSeconds(tools: MediaTools, file: string, signal?: AbortSignal): Promise<number> {
  return voiceStep(signal, () => audioSeconds(tools, file, signal));
}

/** A line's sound: a clip and its measured length, or silence of a given length. */
export type TrackPart = { clip: string; seconds: number } | { silence: number };

export interface AssembledTrack {
  duration: number;
  windows: Array<{ start: number; end: number }>;
}

/**
 * Joins the lines into one WAV in a single ffmpeg run: each clip is resampled to the track's
 * format and padded or trimmed to an exact sample count, silent lines are generated, and a pause
 * follows every line but the last. Counting samples (not seconds) is what makes the returned
 * windows land exactly where the sound is, however many lines there are.
 */
export async function assembleTrack(tools: MediaTools, parts: readonly TrackPart[], output: string, signal?: AbortSignal): Promise<AssembledTrack> {
  const pause = Math.round(LINE_PAUSE_SECONDS * TRACK_SAMPLE_RATE);
  const format = `aformat=sample_fmts=s16:sample_rates=${TRACK_SAMPLE_RATE}:channel_layouts=mono`;
  const inputs: string[] = [];
  const filters: string[] = [];
  const windows: AssembledTrack['windows'] = [];
  let cursor = 0;
  parts.forEach((part, index) => {
    const sound = Math.max(1, Math.round(('clip' in part ? part.seconds : part.silence) * TRACK_SAMPLE_RATE));
    const total = sound + (index < parts.length - 1 ? pause : 0);
    if ('clip' in part) {
      inputs.push('-i', part.clip);
      const input = inputs.length / 2 - 1;
      filters.push(`[${input}:a]aresample=${TRACK_SAMPLE_RATE},${format},apad=whole_len=${total},atrim=end_sample=${total},asetpts=N/SR/TB[l${index}]`);
    } else {
      filters.push(`anullsrc=r=${TRACK_SAMPLE_RATE}:cl=mono,${format},atrim=end_sample=${total},asetpts=N/SR/TB[l${index}]`);
    }
    windows.push({ start: round(cursor / TRACK_SAMPLE_RATE), end: round((cursor + sound) / TRACK_SAMPLE_RATE) });
    cursor += total;
  });
  filters.push(`${parts.map((_, index) => `[l${index}]`).join('')}concat=n=${parts.length}:v=0:a=1[voice]`);
  await voiceStep(signal, () =>
    runProcess(
      tools.ffmpeg,
      ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...inputs, '-filter_complex', filters.join(';'), '-map', '[voice]', '-c:a', 'pcm_s16le', output],
      { timeoutMs: TOOL_TIMEOUT_MS, ...(signal ? { signal } : {}) },
    ),
  );
  return { duration: round(cursor / TRACK_SAMPLE_RATE), windows };
}
