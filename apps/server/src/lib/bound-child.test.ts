import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveMediaTools } from '../modules/material/media-tools.js';
import { defaultLifeline, type Lifeline } from './bound-child.js';

/** Running: present and not a zombie waiting for whoever adopted it to collect its status. */
function running(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

/**
 * A Node process that starts a child through `module`'s export (an encoder on an endless
 * input), prints the child's pid, and waits: the caller then kills it with -9, which runs none
 * of its JavaScript, so only the lifeline can end the child.
 */
async function orphanAfterKill(script: string): Promise<{ pid: number; goneWithinMs: number | null }> {
  const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const pid = await new Promise<number>((resolve, reject) => {
    parent.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const line = /^(\d+)\n/.exec(output);
      if (line) resolve(Number(line[1]));
    });
    parent.once('close', (code) => reject(new Error(`the parent ended first (${code}): ${output}`)));
  });
  expect(running(pid)).toBe(true);
  // Let the encoder get going, as a render would be mid-encode.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(running(pid)).toBe(true);
  const killed = Date.now();
  parent.kill('SIGKILL');
  let goneWithinMs: number | null = null;
  while (Date.now() - killed < 5000) {
    if (!running(pid)) {
      goneWithinMs = Date.now() - killed;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (running(pid)) process.kill(pid, 'SIGKILL');
  return { pid, goneWithinMs };
}

const boundChild = fileURLToPath(new URL('./bound-child.ts', import.meta.url));
const ffmpegRunner = fileURLToPath(new URL('../modules/creative/renderer/ffmpeg-process.ts', import.meta.url));
const ffmpeg = resolveMediaTools({ MEDIA_BINARIES: 'bundled' } as never).ffmpeg;
/** An encode with no end: a test pattern at its real speed into nothing. */
const ENDLESS = ['-nostdin', '-re', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-f', 'null', '-'];

describe('a child bound to its process', () => {
  it('uses the kernel’s parent-death signal where setpriv knows it, the watchdog elsewhere', () => {
    const help = spawnSync('setpriv', ['--help'], { encoding: 'utf8' });
    expect(defaultLifeline()).toBe(help.stdout?.includes('--pdeathsig') ? 'pdeathsig' : 'watchdog');
  });

  it.each<Lifeline>(['pdeathsig', 'watchdog'])('an ffmpeg started with the %s lifeline dies within 2 s of a kill -9 of its Node process', async (lifeline) => {
    const script = `import { spawnBound } from ${JSON.stringify(boundChild)};
const child = spawnBound(${JSON.stringify(ffmpeg)}, ${JSON.stringify(ENDLESS)}, {}, ${JSON.stringify(lifeline)});
child.stderr.resume();
console.log(child.pid);
setInterval(() => {}, 1000);`;
    const { goneWithinMs } = await orphanAfterKill(script);
    expect(goneWithinMs).not.toBeNull();
    expect(goneWithinMs!).toBeLessThan(2000);
  });

  it('a render’s ffmpeg (runFfmpeg) dies within 2 s of a kill -9 of its server', async () => {
    const script = `import { runFfmpeg } from ${JSON.stringify(ffmpegRunner)};
runFfmpeg(${JSON.stringify(ffmpeg)}, ${JSON.stringify(ENDLESS)}, { timeoutMs: 600000, onSpawn: (pid) => console.log(pid) }).catch(() => {});
setInterval(() => {}, 1000);`;
    const { goneWithinMs } = await orphanAfterKill(script);
    expect(goneWithinMs).not.toBeNull();
    expect(goneWithinMs!).toBeLessThan(2000);
  });

  it('a child that ends on its own answers as before, and a missing binary fails to start as before', async () => {
    const { spawnBound } = await import('./bound-child.js');
    const child = spawnBound(process.execPath, ['-e', 'process.stdout.write("ok")'], {}, 'watchdog');
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect([code, out]).toEqual([0, 'ok']);
    const missing = spawnBound('/nonexistent/ffmpeg', []);
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => missing.once('error', resolve));
    expect(error.code).toBe('ENOENT');
  });
});
