import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { FFMPEG_NICENESS, RenderAbortedError, RenderFailedError, RenderTimeoutError, runFfmpeg } from './ffmpeg-process.js';

/** Node stands in for ffmpeg: the runner's rules do not depend on what the child computes. */
const child = (code: string) => ['-e', code];

describe('runFfmpeg', () => {
  it('runs the child below the priority of request handling', async () => {
    let niceness: number | undefined;
    await runFfmpeg(process.execPath, child('setTimeout(() => {}, 200)'), {
      timeoutMs: 10_000,
      onSpawn: (pid) => (niceness = os.getPriority(pid)),
    });
    expect(niceness).toBe(Math.max(FFMPEG_NICENESS, os.getPriority()));
  });

  it('reports progress from -progress lines and keeps the lines asked for', async () => {
    const seen: number[] = [];
    const outcome = await runFfmpeg(
      process.execPath,
      child("process.stdout.write('out_time_us=1500000\\nprogress=continue\\n'); process.stderr.write('Stream #0:0 kept\\nnoise\\n')"),
      { timeoutMs: 10_000, onOutTime: (seconds) => seen.push(seconds), keep: (line) => line.startsWith('Stream') },
    );
    expect(seen).toEqual([1.5]);
    expect(outcome.kept).toEqual(['Stream #0:0 kept']);
  });

  it('kills the child on cancel, on its time limit, and reports its own failures with stderr', async () => {
    const controller = new AbortController();
    const cancelled = runFfmpeg(process.execPath, child('setTimeout(() => {}, 30_000)'), { timeoutMs: 30_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(cancelled).rejects.toBeInstanceOf(RenderAbortedError);

    await expect(runFfmpeg(process.execPath, child('setTimeout(() => {}, 30_000)'), { timeoutMs: 200 })).rejects.toBeInstanceOf(
      RenderTimeoutError,
    );

    const failed = runFfmpeg(process.execPath, child("process.stderr.write('Invalid data found'); process.exit(1)"), { timeoutMs: 10_000 });
    await expect(failed).rejects.toBeInstanceOf(RenderFailedError);
    await expect(failed).rejects.toThrow(/Invalid data found/);
  });
});
