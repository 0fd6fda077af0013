import { lineSeconds, type ScriptLanguage } from '@nearcast/contract';
import { spawnBound } from '../../../lib/bound-child.js';
import type { MediaTools } from '../../material/media-tools.js';
import type { VoiceLine } from './voice-types.js';
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

export class ToolFailure extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'ToolFailure';
  }
}

/**
 * Runs ffmpeg or ffprobe (never through a shell) and kills it when the signal aborts: a render
 * that is cancelled must not leave an encoder running. Rejects with the signal's reason then.
 */
export function runTool(binary: string, args: readonly string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const child = spawnBound(binary, args);
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-2000);
    });
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(kill, TOOL_TIMEOUT_MS);
    signal?.addEventListener('abort', kill, { once: true });
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', kill);
    };
    child.once('error', (error) => {
      done();
      reject(new ToolFailure(`${binary} could not start: ${error.message}`, ''));
    });
    child.once('close', (code, exitSignal) => {
      done();
      if (signal?.aborted) reject(signal.reason);
      else if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new ToolFailure(`${binary} ended with ${exitSignal ?? code}`, err));
    });
  });
}

/**
 * The real length of an audio file, read by ffprobe from the file itself: a provider's audio
 * has its own lead-in and pace, so no estimate from the text would place the next line right.
 * Throws ToolFailure when the file holds no audio.
 */
export async function measureSeconds(tools: MediaTools, file: string, signal?: AbortSignal): Promise<number> {
  const out = await runTool(tools.ffprobe, ['-v', 'error', '-show_entries', 'stream=codec_type,duration:format=duration', '-of', 'json', file], signal);
  let parsed: { streams?: Array<{ codec_type?: string; duration?: string }>; format?: { duration?: string } };
  try {
    parsed = JSON.parse(out) as typeof parsed;
  } catch {
    throw new ToolFailure('ffprobe answered something that is not JSON', out.slice(0, 200));
  }
  const audio = parsed.streams?.find((stream) => stream.codec_type === 'audio');
  const seconds = Number(audio?.duration ?? parsed.format?.duration);
  if (!audio || !Number.isFinite(seconds) || seconds <= 0) throw new ToolFailure('no audio in the file', '');
  return seconds;
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
  await runTool(
    tools.ffmpeg,
    ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...inputs, '-filter_complex', filters.join(';'), '-map', '[voice]', '-c:a', 'pcm_s16le', output],
    signal,
  );
  return { duration: round(cursor / TRACK_SAMPLE_RATE), windows };
}
