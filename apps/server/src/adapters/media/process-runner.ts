import os from 'node:os';
import path from 'node:path';
import { lowerSchedulingGroup, spawnBound, type GroupLowering } from './lifeline.js';

/**
 * The one way the server runs a media tool (ffmpeg, ffprobe, the local voice's eSpeak process):
 * never through a shell, bound to this process's life (lifeline.ts: the kernel's parent-death
 * signal or a watchdog, and the exit hook for exits that run JavaScript), killed with SIGKILL on
 * its time limit or its caller's cancel, optionally at a lower priority, keeping the end of
 * stderr for the diagnosis. A media process holds no state worth a graceful stop, and SIGTERM can
 * wait on a slow encoder flush. Material intake, the renderer and the voices all come through
 * here, so each guarantee holds for every child, not only for the one path that was tested.
 */

/** What every failure of a media process carries: the end of its stderr. */
export class MediaProcessError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'MediaProcessError';
  }
}

/** Stopped by its caller (the AbortSignal): the name callers test for, as fetch uses. */
export class MediaAbortedError extends MediaProcessError {
  constructor(stderr: string) {
    super('The media process was cancelled', stderr);
    this.name = 'AbortError';
  }
}

/** Ran past its time limit and was killed: not a verdict on its input. */
export class MediaTimeoutError extends MediaProcessError {
  constructor(
    readonly timeoutMs: number,
    stderr: string,
    what = 'The media process',
  ) {
    super(`${what} took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`, stderr);
    this.name = 'TimeoutError';
  }
}

/**
 * Failed on its own (a non-zero exit), or could not start (`started` false, the spawn error as
 * the cause). `reason` is the bare cause; the message adds the end of stderr, the diagnosis.
 */
export class MediaFailedError extends MediaProcessError {
  readonly started: boolean;
  /** The exit code or the signal that ended it; null when it did not run or did not say. */
  readonly exit: string | null;
  constructor(
    readonly reason: string,
    stderr: string,
    options: { started?: boolean; cause?: unknown; exit?: string } = {},
  ) {
    super(stderr.trim() ? `${reason}\n${stderr.trim().split('\n').slice(-12).join('\n')}` : reason, stderr);
    this.name = 'MediaFailedError';
    this.started = options.started ?? true;
    this.exit = options.exit ?? null;
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

/**
 * Renders and voice assembly are batch work beside request handling: where a render process
 * shares a machine with a web or worker process, the kernel gives the encoder what the requests
 * leave over, so API latency holds while a render runs (and on a render-only machine nothing
 * else competes). The lowest priority there is: at 10 the encoder's threads still took enough of
 * a busy 2-core machine to push the video reads' p95 past 100 ms (bench:api beside a render); an
 * idle CPU is the encoder's at any niceness, so a render alone is as fast as before. A child run
 * at this niceness gets a session and scheduling group of its own at it too
 * (lowerSchedulingGroup in lifeline.ts): under autogroup scheduling a niceness alone only counts
 * inside its session.
 */
export const BATCH_NICENESS = 19;

/**
 * How long a batch child runs before its scheduling group is lowered: the kernel takes ten such
 * changes a second for the whole machine, and a run that ends within a second (a probe, a short
 * segment) has taken little from the requests by then, so the changes go to the long encodes.
 */
const GROUP_AFTER_MS = 1000;

export interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** The child's priority (BATCH_NICENESS for renders); left out, it runs at ours. */
  niceness?: number;
  /** Seconds of output written so far, from ffmpeg's `-progress pipe:1` (the caller adds that flag); stdout is not collected then. */
  onOutTime?: (seconds: number) => void;
  /** Lines of stderr worth keeping whole (the tail alone may have scrolled them away). */
  keep?: (line: string) => boolean;
  onSpawn?: (pid: number) => void;
  /** What became of a batch child's scheduling group (lowerSchedulingGroup), once that is settled. */
  onGroup?: (lowering: GroupLowering) => void;
  /** What the messages call the tool (`ffmpeg`), whatever its binary's file is named; left out, that file name. */
  name?: string;
  /** The child's whole environment (ffmpeg needs none of ours; the caption fonts need FONTCONFIG_FILE). */
  env?: Record<string, string>;
}

export interface RunOutcome {
  /** All of stdout (ffprobe's JSON), empty when it carried progress. */
  stdout: string;
  /** The last few kilobytes of stderr: what a decoder complained of, even on success. */
  stderr: string;
  kept: string[];
}

const STDERR_TAIL = 16_000;

/**
 * Runs `binary` with `args` to its end. Rejects with MediaAbortedError on cancel,
 * MediaTimeoutError past `timeoutMs`, MediaFailedError on any other non-zero exit or a failure to
 * start; each carries the end of stderr.
 */
export function runProcess(binary: string, args: readonly string[], options: RunOptions): Promise<RunOutcome> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new MediaAbortedError(''));
      return;
    }
    const child = spawnBound(binary, args, {
      ...(options.env ? { env: options.env } : {}),
      ...(options.niceness !== undefined ? { niceness: options.niceness, ownSession: true } : {}),
    });
    if (child.pid !== undefined) {
      if (options.niceness !== undefined) {
        try {
          os.setPriority(child.pid, options.niceness);
        } catch {
          // Set before the binary started (spawnBound); this covers a child started without
          // `nice` (a bare binary name). Lowering a child's priority is always allowed on Linux
          // and macOS; where it is not (a sandbox), the child simply runs at normal priority.
        }
        // In the background: a change the kernel asks to have later must not hold the run up.
        const running = () => child.exitCode === null && child.signalCode === null;
        void lowerSchedulingGroup(child.pid, options.niceness, { running, afterMs: GROUP_AFTER_MS }).then((lowering) => options.onGroup?.(lowering));
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
    const out: Buffer[] = [];
    let progress = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (!options.onOutTime) {
        out.push(chunk);
        return;
      }
      const lines = (progress + chunk.toString('utf8')).split('\n');
      progress = lines.pop() ?? '';
      for (const line of lines) {
        // out_time_ms is in microseconds despite its name (ffmpeg kept it for compatibility).
        const match = /^out_time_(?:ms|us)=(\d+)/.exec(line);
        if (match) options.onOutTime(Number(match[1]) / 1e6);
      }
    });
    const name = options.name ?? path.basename(binary);
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
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.once('error', (error) => {
      finish();
      reject(new MediaFailedError(`${binary} could not start: ${error.message}`, '', { started: false, cause: error }));
    });
    child.once('close', (code, signal) => {
      finish();
      if (ended === 'abort') reject(new MediaAbortedError(stderr));
      else if (ended === 'timeout') reject(new MediaTimeoutError(options.timeoutMs, stderr, name));
      else if (code === 0) {
        if (options.keep && partial && options.keep(partial)) kept.push(partial);
        resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr, kept });
      } else {
        const exit = String(signal ?? code);
        reject(new MediaFailedError(`${name} ended with ${exit}`, stderr, { exit }));
      }
    });
  });
}

/** stdout of a run that must succeed within `timeoutMs` (ffprobe's JSON, a tool's answer). */
export async function run(binary: string, args: readonly string[], timeoutMs: number): Promise<string> {
  return (await runProcess(binary, args, { timeoutMs })).stdout;
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
