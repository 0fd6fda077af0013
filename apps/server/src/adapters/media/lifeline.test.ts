import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultLifeline, lowerSchedulingGroup, spawnBound, type Lifeline } from './lifeline.js';
import { resolveMediaTools } from './tools.js';

/** Running: present and not a zombie waiting for whoever adopted it to collect its status. */
function running(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Every process below `root` now, read from /proc (a child's parent is the 4th field of its stat). */
function descendantsOf(root: number): Array<{ pid: number; command: string }> {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone between the listing and the read.
    }
  }
  const below = (pid: number): boolean => {
    for (let parent = parentOf.get(pid); parent !== undefined && parent > 1; parent = parentOf.get(parent)) if (parent === root) return true;
    return false;
  };
  return [...parentOf.keys()].filter(below).flatMap((pid) => {
    try {
      return [{ pid, command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ') }];
    } catch {
      return [];
    }
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Node process running `script` (TypeScript through tsx), its stdout and stderr kept for the failure message. */
function startParent(script: string): { parent: ChildProcessByStdio<null, Readable, Readable>; output: () => string } {
  const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  parent.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  parent.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return { parent, output: () => output };
}

/** Polls until `pids` are no longer running or `ms` have passed; answers the ones still running. */
async function survivorsAfter(pids: readonly number[], ms: number): Promise<number[]> {
  const until = Date.now() + ms;
  while (pids.some(running) && Date.now() < until) await wait(25);
  return pids.filter(running);
}

const boundChild = fileURLToPath(new URL('./lifeline.ts', import.meta.url));
const mediaAdapter = fileURLToPath(new URL('./index.ts', import.meta.url));
const renderer = fileURLToPath(new URL('../../modules/creative/renderer/renderer.ts', import.meta.url));
const speechAdapter = fileURLToPath(new URL('../speech/index.ts', import.meta.url));
const ffmpeg = resolveMediaTools({ MEDIA_BINARIES: 'bundled' } as never).ffmpeg;
/** An encode with no end: a test pattern at its real speed into nothing. */
const ENDLESS = ['-nostdin', '-re', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-f', 'null', '-'];

/**
 * A Node process that starts a child through `module`'s export (an encoder on an endless
 * input), prints the child's pid, and waits: the caller then kills it with -9, which runs none
 * of its JavaScript, so only the lifeline can end the child.
 */
async function orphanAfterKill(script: string): Promise<{ pid: number; goneWithinMs: number | null }> {
  const { parent, output } = startParent(script);
  const pid = await new Promise<number>((resolve, reject) => {
    parent.stdout.on('data', () => {
      const line = /^(\d+)\n/.exec(output());
      if (line) resolve(Number(line[1]));
    });
    parent.once('close', (code) => reject(new Error(`the parent ended first (${code}): ${output()}`)));
  });
  expect(running(pid)).toBe(true);
  // Let the encoder get going, as a render would be mid-encode.
  await wait(300);
  expect(running(pid)).toBe(true);
  const killed = Date.now();
  parent.kill('SIGKILL');
  let goneWithinMs: number | null = null;
  while (Date.now() - killed < 5000) {
    if (!running(pid)) {
      goneWithinMs = Date.now() - killed;
      break;
    }
    await wait(25);
  }
  if (running(pid)) process.kill(pid, 'SIGKILL');
  return { pid, goneWithinMs };
}

describe('a child bound to its process', () => {
  it('uses the kernel’s parent-death signal where setpriv knows it, the watchdog elsewhere', () => {
    const help = spawnSync('setpriv', ['--help'], { encoding: 'utf8' });
    expect(defaultLifeline()).toBe(help.stdout?.includes('--pdeathsig') ? 'pdeathsig' : 'watchdog');
  });

  // A batch child (a render's run) is started in a session of its own, which a kill of its
  // parent's process group would not reach: the lifeline must, in both cases.
  it.each<[Lifeline, string, boolean]>([
    ['pdeathsig', 'its parent’s session', false],
    ['watchdog', 'its parent’s session', false],
    ['pdeathsig', 'a session of its own', true],
    ['watchdog', 'a session of its own', true],
  ])('an ffmpeg started with the %s lifeline in %s dies within 2 s of a kill -9 of its Node process', async (lifeline, _session, ownSession) => {
    const script = `import { spawnBound } from ${JSON.stringify(boundChild)};
const child = spawnBound(${JSON.stringify(ffmpeg)}, ${JSON.stringify(ENDLESS)}, { ownSession: ${ownSession} }, ${JSON.stringify(lifeline)});
child.stderr.resume();
console.log(child.pid);
setInterval(() => {}, 1000);`;
    const { goneWithinMs } = await orphanAfterKill(script);
    expect(goneWithinMs).not.toBeNull();
    expect(goneWithinMs!).toBeLessThan(2000);
  });

  it('a child that ends on its own answers as before, and a missing binary fails to start as before', async () => {
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

/**
 * What the server really starts, each through the media adapter's runner: a render's encode, the
 * probe of an upload, the local voice's eSpeak process. A Node process starts one, the test waits
 * until the child is at work, then the process ends mid-way — killed with -9 (nothing of its
 * JavaScript runs: the lifeline must act) or exiting normally as the shutdown deadline's
 * process.exit does (the exit hook must act) — and within 2 s nothing it started is still running.
 */
describe('no media child outlives its process', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nc-orphans-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // On SIGTERM the parent exits at once, as the server's shutdown deadline does (process.exit).
  const exitOnTerm = `process.on('SIGTERM', () => process.exit(1));`;

  const scenarios: Array<{ name: string; child: RegExp; script: (work: string) => string }> = [
    {
      name: 'a render’s ffmpeg',
      // The one encode over the whole filter graph, at full size: many seconds of work.
      child: /ffmpeg .*-filter_complex_script/,
      script: (work) => `import { renderVideo } from ${JSON.stringify(renderer)};
import { resolveMediaTools } from ${JSON.stringify(mediaAdapter)};
${exitOnTerm}
const line = (text) => ({ on_screen: text, spoken: text });
await renderVideo(resolveMediaTools({ MEDIA_BINARIES: 'bundled' }), {
  script: { title: 'Bread', hook: line('Fresh bread every morning'), beats: ['Hand-kneaded', 'Slow proofed for a day', 'Twenty percent off'].map(line), call_to_action: line('Come say hi'), captions: [] },
  language: 'en',
  brand: { shopName: 'Sunrise Bakery', address: '123 Main Street', primary: '#1e3a8a', accent: '#f59e0b', callToAction: 'Come say hi', qrLink: null, logoPath: null },
  clips: [], music: null, voice: null, size: { width: 1080, height: 1920 }, workDir: ${JSON.stringify(work)}, timeoutMs: 600000,
});
console.log('the render finished before it was stopped');`,
    },
    {
      name: 'a probe’s ffprobe',
      // A named pipe nobody writes: ffprobe waits on opening it for as long as it is let.
      child: /ffprobe /,
      script: (work) => `import { execFileSync } from 'node:child_process';
import { probe, resolveMediaTools } from ${JSON.stringify(mediaAdapter)};
${exitOnTerm}
execFileSync('mkfifo', [${JSON.stringify(path.join(work, 'upload'))}]);
await probe(resolveMediaTools({ MEDIA_BINARIES: 'bundled' }), ${JSON.stringify(path.join(work, 'upload'))});
console.log('the probe finished before it was stopped');`,
    },
    {
      name: 'the local voice’s eSpeak process',
      child: /espeak-process\.mjs/,
      script: (work) => `import { createVoiceEngines } from ${JSON.stringify(speechAdapter)};
import { resolveMediaTools } from ${JSON.stringify(mediaAdapter)};
${exitOnTerm}
const voices = createVoiceEngines({ TTS_MODEL: 'x', TTS_VOICES: 'alloy', TTS_TIMEOUT_SECONDS: 30 }, resolveMediaTools({ MEDIA_BINARIES: 'bundled' }));
const text = 'Fresh bread every morning, hand-kneaded and slow proofed for a whole day before it goes in the oven. ';
await voices.local.speak({ language: 'en', lines: Array.from({ length: 40 }, () => ({ text: text.repeat(4) })), workDir: ${JSON.stringify(work)} });
console.log('the voice finished before it was stopped');`,
    },
  ];

  const cases = scenarios.flatMap((scenario) => (['SIGKILL', 'exit'] as const).map((ending) => ({ ...scenario, ending })));

  it.each(cases)('$name, when its process ends mid-way ($ending)', async ({ child, script, ending }) => {
    const work = mkdtempSync(path.join(dir, 'work-'));
    const { parent, output } = startParent(script(work));
    const closed = new Promise<void>((resolve) => parent.once('close', () => resolve()));
    let started: Array<{ pid: number; command: string }> = [];
    try {
      // Until the child is at work (the parent's own start and a render's first steps take seconds on a busy machine).
      const until = Date.now() + 60_000;
      while (Date.now() < until && parent.exitCode === null) {
        started = descendantsOf(parent.pid!);
        if (started.some((each) => child.test(each.command))) break;
        await wait(25);
      }
      const working = started.filter((each) => child.test(each.command));
      expect(working.length, `no child matching ${child} started: ${output()}`).toBeGreaterThan(0);
      // Mid-way: what it started is still running when its process ends.
      await wait(200);
      started = descendantsOf(parent.pid!);
      expect(started.filter((each) => child.test(each.command)).every((each) => running(each.pid)), output()).toBe(true);
      parent.kill(ending === 'SIGKILL' ? 'SIGKILL' : 'SIGTERM');
      await closed;
      const survivors = await survivorsAfter(
        started.map((each) => each.pid),
        2000,
      );
      expect(
        survivors.map((pid) => started.find((each) => each.pid === pid)?.command),
        `still running 2 s after the process ended (${ending})`,
      ).toEqual([]);
    } finally {
      if (parent.exitCode === null && parent.signalCode === null) parent.kill('SIGKILL');
      for (const each of started) if (running(each.pid)) process.kill(each.pid, 'SIGKILL');
    }
  }, 90_000);
});

describe('a batch child’s scheduling group', () => {
  /** This process's group: empty in the kernel's default group, null where the kernel has no autogroup. */
  const ownGroup = (() => {
    try {
      return readFileSync('/proc/self/autogroup', 'utf8');
    } catch {
      return null;
    }
  })();
  const hasAutogroup = ownGroup !== null;
  /** A child in a session, and so a scheduling group, of its own. */
  const sessionChild = () => spawn('sleep', ['5'], { detached: true, stdio: 'ignore' });
  const errno = (code: string) => Object.assign(new Error(code), { code });

  it.runIf(hasAutogroup)('is tried again a window later when the kernel asks, and not at all once the child has ended', async () => {
    const child = sessionChild();
    try {
      const answers = [errno('EAGAIN'), errno('EAGAIN')];
      const writes: string[] = [];
      const outcome = await lowerSchedulingGroup(child.pid!, 19, {
        write: (file, niceness) => {
          writes.push(`${file} ${niceness}`);
          const answer = answers.shift();
          if (answer) throw answer;
        },
      });
      expect(outcome).toBe('lowered');
      expect(writes).toEqual(Array(3).fill(`/proc/${child.pid}/autogroup 19`));

      let alive = true;
      const tries: number[] = [];
      const stopped = lowerSchedulingGroup(child.pid!, 19, {
        running: () => alive,
        write: () => {
          tries.push(tries.length);
          alive = tries.length < 2;
          throw errno('EAGAIN');
        },
      });
      await expect(stopped).resolves.toBe('absent');
      expect(tries).toHaveLength(2);

      // A child that ends before it has run `afterMs` is never written: the kernel's few changes
      // a second go to the long runs.
      let ended = false;
      const early = lowerSchedulingGroup(child.pid!, 19, { running: () => !ended, afterMs: 300, write: () => expect.unreachable() });
      setTimeout(() => (ended = true), 100);
      await expect(early).resolves.toBe('absent');

      // Any other refusal is final: the child runs at its own niceness alone.
      let refusals = 0;
      const refuse = () => {
        refusals++;
        throw errno('EPERM');
      };
      await expect(lowerSchedulingGroup(child.pid!, 19, { write: refuse })).resolves.toBe('refused');
      expect(refusals).toBe(1);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it.runIf(hasAutogroup)('is never this process’s own group', async () => {
    const child = spawn('sleep', ['5'], { stdio: 'ignore' });
    try {
      // In the kernel's default group a child of the same session is in no group to lower.
      const expected = ownGroup ? 'shared' : 'absent';
      await expect(lowerSchedulingGroup(child.pid!, 19, { write: () => expect.unreachable() })).resolves.toBe(expected);
      expect(readFileSync('/proc/self/autogroup', 'utf8')).toBe(ownGroup);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('is lowered when this process is in the kernel’s default group, and left when the child is too', async () => {
    const selfFile = '/proc/self/autogroup';
    const childFile = '/proc/4242/autogroup';
    const lines: Record<string, string> = { [selfFile]: '', [childFile]: '/autogroup-7 nice 0\n' };
    const writes: string[] = [];
    const read = (file: string) => lines[file] ?? expect.unreachable(file);
    const write = (file: string, niceness: number) => void writes.push(`${file} ${niceness}`);
    await expect(lowerSchedulingGroup(4242, 19, { read, write })).resolves.toBe('lowered');
    expect(writes).toEqual([`${childFile} 19`]);
    lines[childFile] = '';
    await expect(lowerSchedulingGroup(4242, 19, { read, write: () => expect.unreachable() })).resolves.toBe('absent');
  });
});
