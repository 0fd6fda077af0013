import type { MediaTools } from './tools.js';
import { MediaFailedError, run, runProcess } from './process-runner.js';

/** What ffprobe says of a file: its streams and container, as far as the callers read them. */
export interface ProbedStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  duration?: string;
  /** Bits a second, as ffprobe writes it (a string); absent where the container does not say. */
  bit_rate?: string;
  disposition?: { attached_pic?: number };
}

export interface Probe {
  streams: ProbedStream[];
  format: { format_name?: string; duration?: string; bit_rate?: string };
}

/** A probe that has not answered in this long is stuck on something, not working. */
const PROBE_TIMEOUT_MS = 60_000;

export async function probe(tools: MediaTools, file: string): Promise<Probe> {
  const out = await run(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], PROBE_TIMEOUT_MS);
  const parsed = JSON.parse(out) as Partial<Probe>;
  return { streams: parsed.streams ?? [], format: parsed.format ?? {} };
}

/**
 * The real length of an audio file, read by ffprobe from the file itself: a provider's audio
 * has its own lead-in and pace, so no estimate from the text would place the next line right.
 * Throws MediaFailedError when the file holds no audio, and the media runner's errors otherwise
 * (MediaAbortedError when `signal` aborts).
 */
export async function audioSeconds(tools: MediaTools, file: string, signal?: AbortSignal): Promise<number> {
  const { stdout } = await runProcess(tools.ffprobe, ['-v', 'error', '-show_entries', 'stream=codec_type,duration:format=duration', '-of', 'json', file], {
    timeoutMs: PROBE_TIMEOUT_MS,
    ...(signal ? { signal } : {}),
  });
  let parsed: { streams?: Array<{ codec_type?: string; duration?: string }>; format?: { duration?: string } };
  try {
    parsed = JSON.parse(stdout) as typeof parsed;
  } catch {
    throw new MediaFailedError('ffprobe answered something that is not JSON', stdout.slice(0, 200));
  }
  const audio = parsed.streams?.find((stream) => stream.codec_type === 'audio');
  const seconds = Number(audio?.duration ?? parsed.format?.duration);
  if (!audio || !Number.isFinite(seconds) || seconds <= 0) throw new MediaFailedError('no audio in the file', '');
  return seconds;
}
