import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
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

  it('kills a child still running when its parent exits mid-render', async () => {
    const runner = fileURLToPath(new URL('./ffmpeg-process.ts', import.meta.url));
    // The parent starts a long "encoder", tells us its pid, and exits as the shutdown deadline would.
    const script = `import { runFfmpeg } from ${JSON.stringify(runner)};
runFfmpeg(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {
  timeoutMs: 60000,
  onSpawn: (pid) => { console.log(pid); setTimeout(() => process.exit(1), 100); },
}).catch(() => {});`;
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    parent.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => parent.once('close', resolve));
    expect(code).toBe(1);
    const pid = Number(output.trim());
    expect(pid).toBeGreaterThan(0);
    // Gone, or a zombie waiting for whoever adopted it to collect its status: either way, not running.
    const running = () => {
      try {
        return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
      } catch {
        return false;
      }
    };
    const until = Date.now() + 3000;
    while (running() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      expect(running()).toBe(false);
    } finally {
      if (running()) process.kill(pid, 'SIGKILL');
    }
  });
});
