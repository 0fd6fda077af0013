import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GroupLowering } from './lifeline.js';
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

  it('puts a batch child in a scheduling group of its own at that priority, leaving this process’s group as it was', async () => {
    const groupOf = (pid: number | 'self') => {
      try {
        return readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim();
      } catch {
        return null;
      }
    };
    /** Why the kernel refuses this process a write of the child's group, asked again by the test. */
    const refusalOf = (pid: number) => {
      try {
        writeFileSync(`/proc/${pid}/autogroup`, String(BATCH_NICENESS));
        return 'nothing, asked again';
      } catch (error) {
        return (error as NodeJS.ErrnoException).code ?? String(error);
      }
    };
    // Empty where this process is in the kernel's default group (no ancestor started a session):
    // the batch child, in a session of its own, still gets a group, and that group is lowered.
    const own = groupOf('self');
    // Without the kernel's autogroup there is no group to lower: the niceness above is all there is.
    if (own === null) return;
    // Without a niceness the child stays in this process's group.
    let plain: string | null = null;
    await runProcess(process.execPath, ['-e', 'setTimeout(() => {}, 200)'], { timeoutMs: 10_000, onSpawn: (pid) => (plain = groupOf(pid)) });
    expect(plain).toBe(own);
    // The child runs until its group is settled; the group is read at that moment, then the run is ended.
    const stop = new AbortController();
    let settled: { lowering: GroupLowering; group: string | null; refusal?: string } | undefined;
    let pid = 0;
    const run = runProcess(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], {
      timeoutMs: 60_000,
      niceness: BATCH_NICENESS,
      signal: stop.signal,
      onSpawn: (child) => (pid = child),
      onGroup: (lowering) => {
        settled = { lowering, group: groupOf(pid) };
        if (lowering === 'refused') settled.refusal = refusalOf(pid);
        stop.abort();
      },
    });
    await expect(run).rejects.toBeInstanceOf(MediaAbortedError);
    expect(groupOf('self')).toBe(own);
    if (settled?.lowering === 'refused') {
      // A sandbox may forbid the write outright (its policy: a busy kernel's EAGAIN is tried
      // again until it lands): the child then runs at its own niceness in its own group.
      console.warn(`the kernel refused to lower a batch child's scheduling group: ${settled.refusal}`);
      expect(settled.group?.split(' ')[0]).not.toBe(own.split(' ')[0]);
      return;
    }
    expect(settled?.lowering).toBe('lowered');
    expect(settled?.group).toMatch(new RegExp(`^/autogroup-\\d+ nice ${BATCH_NICENESS}$`));
    expect(settled?.group?.split(' ')[0]).not.toBe(own.split(' ')[0]);
  }, 60_000);

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
