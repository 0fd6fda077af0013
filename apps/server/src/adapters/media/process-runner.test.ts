import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BATCH_NICENESS, MediaAbortedError, MediaFailedError, MediaTimeoutError, run, runProcess } from './process-runner.js';

/** Node stands in for ffmpeg: the runner's rules do not depend on what the child computes. */
const child = (code: string) => ['-e', code];

describe('runProcess', () => {
  it('runs the child below the priority of request handling', async () => {
    let niceness: number | undefined;
    await runProcess(process.execPath, child('setTimeout(() => {}, 200)'), {
      timeoutMs: 10_000,
      niceness: BATCH_NICENESS,
      onSpawn: (pid) => (niceness = os.getPriority(pid)),
    });
    expect(niceness).toBe(Math.max(BATCH_NICENESS, os.getPriority()));
  });

  it('reports progress from -progress lines and keeps the lines asked for', async () => {
    const seen: number[] = [];
    const outcome = await runProcess(
      process.execPath,
      child("process.stdout.write('out_time_us=1500000\\nprogress=continue\\n'); process.stderr.write('Stream #0:0 kept\\nnoise\\n')"),
      { timeoutMs: 10_000, onOutTime: (seconds) => seen.push(seconds), keep: (line) => line.startsWith('Stream') },
    );
    expect(seen).toEqual([1.5]);
    expect(outcome.kept).toEqual(['Stream #0:0 kept']);
  });

  it('collects stdout when it carries no progress, and keeps the end of stderr of a run that succeeded', async () => {
    const outcome = await runProcess(process.execPath, child(`process.stdout.write('{"streams":[]}'); process.stderr.write('decoder complained')`), { timeoutMs: 10_000 });
    expect([outcome.stdout, outcome.stderr]).toEqual(['{"streams":[]}', 'decoder complained']);
    await expect(run(process.execPath, child("process.stdout.write('ok')"), 10_000)).resolves.toBe('ok');
  });

  it('says a binary could not start apart from one that failed', async () => {
    const missing = await runProcess('/nonexistent/ffprobe', [], { timeoutMs: 10_000 }).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(MediaFailedError);
    expect((missing as MediaFailedError).started).toBe(false);
    const failed = await runProcess(process.execPath, child('process.exit(3)'), { timeoutMs: 10_000 }).catch((error: unknown) => error);
    expect([(failed as MediaFailedError).started, (failed as MediaFailedError).reason]).toEqual([true, `${path.basename(process.execPath)} ended with 3`]);
    // A render names its encoder ffmpeg whatever the binary's file is called (a wrapper, a versioned build).
    const named = await runProcess(process.execPath, child('process.exit(3)'), { timeoutMs: 10_000, name: 'ffmpeg' }).catch((error: unknown) => error);
    expect((named as MediaFailedError).reason).toBe('ffmpeg ended with 3');
  });

  it('kills the child on cancel, on its time limit, and reports its own failures with stderr', async () => {
    const controller = new AbortController();
    const cancelled = runProcess(process.execPath, child('setTimeout(() => {}, 30_000)'), { timeoutMs: 30_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(cancelled).rejects.toBeInstanceOf(MediaAbortedError);

    await expect(runProcess(process.execPath, child('setTimeout(() => {}, 30_000)'), { timeoutMs: 200 })).rejects.toBeInstanceOf(
      MediaTimeoutError,
    );

    const failed = runProcess(process.execPath, child("process.stderr.write('Invalid data found'); process.exit(1)"), { timeoutMs: 10_000 });
    await expect(failed).rejects.toBeInstanceOf(MediaFailedError);
    await expect(failed).rejects.toThrow(/Invalid data found/);
  });
});
