import fs from 'node:fs/promises';
import path from 'node:path';
import { BATCH_NICENESS, runProcess, type MediaTools, type RunOutcome } from '../../../adapters/media/index.js';
import type { ProcessGraph, RenderGraph } from './render-graph.js';
import { FPS } from './timeline.js';

/**
 * How many of a render's ffmpeg runs go at once. ffmpeg 4.1 decodes and filters a graph on one
 * main thread, which set the pace of a one-graph render (1.6 of 2 cores busy); two segments at
 * once keep both cores busy, each holding only its own shot's decoders and frames. More would
 * only hold more frames in memory for cores the machine does not have.
 */
export const PARALLEL_RUNS = 2;

export interface RunsOptions {
  workDir: string;
  /** What is left of the render's time, asked before each run starts. */
  remainingMs: () => number;
  signal?: AbortSignal;
  /** Every run's environment: the captions' fontconfig file, which fontconfig then reads alone. */
  env: Record<string, string>;
  /** Frames of the picture made so far, over all segments. */
  onFrames: (frames: number) => void;
  keep: (line: string) => boolean;
}

/**
 * Runs a render graph: the sound and the picture's segments, PARALLEL_RUNS at a time, then the
 * join. The first run that fails stops the others, and its error is the render's. Every run is
 * a child of this process bound to its life (runProcess), at batch priority.
 */
export async function runRenderGraph(tools: MediaTools, graph: RenderGraph, options: RunsOptions): Promise<RunOutcome[]> {
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  if (options.signal?.aborted) stop.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const made = graph.segments.map(() => 0);
  const run = async (process: ProcessGraph, name: string, onOutTime?: (seconds: number) => void) => {
    const graphFile = path.join(options.workDir, `${name}.graph`);
    await fs.writeFile(graphFile, process.graph);
    return runProcess(tools.ffmpeg, ['-hide_banner', '-nostdin', '-y', '-nostats', ...(onOutTime ? ['-progress', 'pipe:1'] : []), ...process.inputArgs, '-filter_complex_script', graphFile, ...process.outputArgs], {
      timeoutMs: options.remainingMs(),
      signal: stop.signal,
      niceness: BATCH_NICENESS,
      name: 'ffmpeg',
      env: options.env,
      ...(onOutTime ? { onOutTime } : {}),
      keep: options.keep,
    });
  };
  // The costliest segments first and the sound (a second or two) last, so the two runs at a
  // time end together instead of one costly segment running alone at the end.
  const order = graph.segments.map((segment, index) => ({ segment, index })).sort((a, b) => b.segment.cost - a.segment.cost);
  const tasks = [
    ...order.map(({ segment, index }) => () =>
      run(segment, `segment-${index}`, (seconds) => {
        made[index] = Math.min(segment.frames, Math.round(seconds * FPS));
        options.onFrames(made.reduce((sum, frames) => sum + frames, 0));
      }),
    ),
    () => run(graph.sound, 'sound'),
  ];
  const outcomes: RunOutcome[] = [];
  let next = 0;
  const failures: unknown[] = [];
  const worker = async () => {
    while (next < tasks.length && failures.length === 0) {
      const task = tasks[next++]!;
      try {
        outcomes.push(await task());
      } catch (error) {
        failures.push(error);
        stop.abort();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: PARALLEL_RUNS }, worker));
    // The first failure is the cause; the others are the runs it stopped.
    if (failures.length > 0) throw failures[0];
    await fs.writeFile(graph.join.listFile, graph.join.list);
    outcomes.push(
      await runProcess(tools.ffmpeg, ['-hide_banner', '-nostdin', '-y', '-nostats', ...graph.join.args], {
        timeoutMs: options.remainingMs(),
        signal: stop.signal,
        niceness: BATCH_NICENESS,
        name: 'ffmpeg',
      }),
    );
    return outcomes;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}
