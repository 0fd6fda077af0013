import os from 'node:os';
import { spawnBound } from '../../../lib/bound-child.js';
import { atExit } from '../../../lib/exit-cleanup.js';

/** A render stopped by its caller (the AbortSignal): the name callers test for, as fetch uses. */
export class RenderAbortedError extends Error {
  constructor(readonly stderr: string) {
    super('The render was cancelled');
    this.name = 'AbortError';
  }
}

/** A render that ran past its time limit and was killed. */
export class RenderTimeoutError extends Error {
  constructor(
    readonly timeoutMs: number,
    readonly stderr: string,
  ) {
    super(`The render took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`);
    this.name = 'TimeoutError';
  }
}

/** ffmpeg failed on its own: the end of what it said is the diagnosis. */
export class RenderFailedError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(`${message}\n${stderr.trim().split('\n').slice(-12).join('\n')}`);
    this.name = 'RenderFailedError';
  }
}

export interface FfmpegOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Seconds of output written so far, from `-progress pipe:1` (the caller adds that flag). */
  onOutTime?: (seconds: number) => void;
  /** Lines of stderr worth keeping whole (the tail alone may have scrolled them away). */
  keep?: (line: string) => boolean;
  onSpawn?: (pid: number) => void;
  /** The child's whole environment (ffmpeg needs none of ours; the caption fonts need FONTCONFIG_FILE). */
  env?: Record<string, string>;
}

export interface FfmpegOutcome {
  /** The last few kilobytes of stderr. */
  stderr: string;
  kept: string[];
}

const STDERR_TAIL = 16_000;
/**
 * Renders are batch work beside request handling: where a render process shares a machine with
 * a web or worker process, the kernel gives the encoder what the requests leave over, so API
 * latency holds while a render runs (and on a render-only machine nothing else competes). The
 * lowest priority there is: at 10 the encoder's threads still took enough of a busy 2-core
 * machine to push the video reads' p95 past 100 ms (bench:api beside a render); an idle CPU is
 * the encoder's at any niceness, so a render alone is as fast as before.
 */
export const FFMPEG_NICENESS = 19;

/**
 * Runs ffmpeg (never through a shell) at a lower priority (FFMPEG_NICENESS). A cancel or the time limit kills it with SIGKILL — a
 * render holds no state worth a graceful stop, and SIGTERM can wait on a slow encoder flush —
 * and rejects with RenderAbortedError or RenderTimeoutError; any other non-zero exit rejects
 * with RenderFailedError. Each carries the end of stderr. A child still running when this process
 * exits is killed on the way out (lib/exit-cleanup.ts), and one whose process is killed outright
 * dies with it (lib/bound-child.ts), so no encoder outlives its render.
 */
export function runFfmpeg(binary: string, args: readonly string[], options: FfmpegOptions): Promise<FfmpegOutcome> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new RenderAbortedError(''));
      return;
    }
    const child = spawnBound(binary, args, options.env ? { env: options.env } : {});
    const forget = atExit(() => child.kill('SIGKILL'));
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, FFMPEG_NICENESS);
      } catch {
        // Lowering a child's priority is always allowed on Linux and macOS; where it is not
        // (a sandbox), the render simply runs at normal priority.
      }
      options.onSpawn?.(child.pid);
    }
    let stderr = '';
    let partial = '';
    const kept: string[] = [];
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      stderr = (stderr + text).slice(-STDERR_TAIL);
      if (options.keep) {
        const lines = (partial + text).split(/\r?\n|\r/);
        partial = lines.pop() ?? '';
        for (const line of lines) if (options.keep(line)) kept.push(line);
      }
    });
    let progress = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (!options.onOutTime) return;
      const lines = (progress + chunk.toString('utf8')).split('\n');
      progress = lines.pop() ?? '';
      for (const line of lines) {
        // out_time_ms is in microseconds despite its name (ffmpeg kept it for compatibility).
        const match = /^out_time_(?:ms|us)=(\d+)/.exec(line);
        if (match) options.onOutTime(Number(match[1]) / 1e6);
      }
    });
    let ended: 'abort' | 'timeout' | null = null;
    const kill = (reason: 'abort' | 'timeout') => {
      if (ended) return;
      ended = reason;
      child.kill('SIGKILL');
    };
    const onAbort = () => kill('abort');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => kill('timeout'), options.timeoutMs);
    const finish = () => {
      forget();
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.once('error', (error) => {
      finish();
      reject(new RenderFailedError(`${binary} could not start: ${error.message}`, ''));
    });
    child.once('close', (code, signal) => {
      finish();
      if (ended === 'abort') reject(new RenderAbortedError(stderr));
      else if (ended === 'timeout') reject(new RenderTimeoutError(options.timeoutMs, stderr));
      else if (code === 0) {
        if (options.keep && partial && options.keep(partial)) kept.push(partial);
        resolve({ stderr, kept });
      } else reject(new RenderFailedError(`ffmpeg ended with ${signal ?? code}`, stderr));
    });
  });
}

/** The measurement loudnorm prints (print_format=json) at the end of a run. */
export function parseLoudnormJson(stderr: string): { lufs: number; truePeak: number; lra: number; threshold: number; offset: number } {
  const start = stderr.lastIndexOf('{');
  const end = stderr.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error('no loudness measurement in the ffmpeg output');
  const parsed = JSON.parse(stderr.slice(start, end + 1)) as Record<string, string>;
  const value = (key: string) => {
    const number = Number(parsed[key]);
    // Silence measures as -inf: treat it as far below anything audible.
    return Number.isFinite(number) ? number : -99;
  };
  return { lufs: value('input_i'), truePeak: value('input_tp'), lra: value('input_lra'), threshold: value('input_thresh'), offset: value('target_offset') };
}
