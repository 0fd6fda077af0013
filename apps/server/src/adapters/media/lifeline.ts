import { spawn, spawnSync, type ChildProcessByStdio, type SpawnOptions } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { atExit } from '../../lib/exit-cleanup.js';

/**
 * How a child is tied to this process's life. On Linux a child outlives its parent: an encoder
 * whose server was killed with -9 (or ran out of memory) goes on for the rest of its run, writing
 * into a folder nobody reads and holding a CPU the next server needs. lib/exit-cleanup.ts covers
 * every exit that runs JavaScript; this covers the ones that do not.
 *
 * - `pdeathsig`: the child is started through util-linux's `setpriv --pdeathsig KILL`, which asks
 *   the kernel to kill it the moment its parent dies and then becomes the child (exec: same pid,
 *   nothing left in between). Node cannot set PR_SET_PDEATHSIG itself. The kernel ties the signal
 *   to the thread that forked: renders spawn from the main thread, which lives as long as the
 *   process.
 * - `watchdog`: where setpriv is missing (macOS, a slim image) or too old to know the option, a
 *   tiny shell waits on a pipe from this process; a dead process closes its end of every pipe,
 *   the shell's `read` returns, and it kills the child. A child that ends normally takes its
 *   watchdog with it.
 */
export type Lifeline = 'pdeathsig' | 'watchdog';

let setprivPath: string | null | undefined;

/** setpriv, when it is here and knows --pdeathsig (util-linux 2.33 and later); found once. */
function setprivWithPdeathsig(): string | null {
  if (setprivPath !== undefined) return setprivPath;
  setprivPath = null;
  if (process.platform !== 'linux') return null;
  for (const dir of ['/usr/bin', '/bin', '/usr/sbin', '/sbin']) {
    const candidate = path.join(dir, 'setpriv');
    if (!executable(candidate)) continue;
    const probe = spawnSync(candidate, ['--pdeathsig', 'KILL', '--', 'true'], { stdio: 'ignore', timeout: 5000 });
    if (probe.status === 0) setprivPath = candidate;
    break;
  }
  return setprivPath;
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether setpriv may stand in front of the binary: a path it can execute. A missing one is
 * started directly, so it fails as it always did ('error', ENOENT) rather than as setpriv's exit
 * status; a bare name (`MEDIA_BINARIES=system`) is left to spawn's own PATH search, with the watchdog.
 */
function wrappable(binary: string): boolean {
  return binary.includes('/') && executable(binary);
}

/** Which lifeline a child started now gets. */
export function defaultLifeline(): Lifeline {
  return setprivWithPdeathsig() ? 'pdeathsig' : 'watchdog';
}

export type BoundChild = ChildProcessByStdio<null, Readable, Readable>;

/**
 * `spawn` (never through a shell) for a child that must not outlive this process: stdout and
 * stderr are piped, stdin ignored. `child.pid` is the binary's own pid whichever lifeline holds
 * it, so a caller may renice or kill it as before.
 */
export function spawnBound(
  binary: string,
  args: readonly string[],
  options: Pick<SpawnOptions, 'env' | 'cwd'> = {},
  lifeline: Lifeline = defaultLifeline(),
): BoundChild {
  const spawnOptions: SpawnOptions = { stdio: ['ignore', 'pipe', 'pipe'], ...(options.env ? { env: options.env } : {}), ...(options.cwd ? { cwd: options.cwd } : {}) };
  const setpriv = lifeline === 'pdeathsig' && wrappable(binary) ? setprivWithPdeathsig() : null;
  const child = (setpriv ? spawn(setpriv, ['--pdeathsig', 'KILL', '--', binary, ...args], spawnOptions) : spawn(binary, args, spawnOptions)) as BoundChild;
  if (child.pid === undefined) return child;
  // An exit that runs JavaScript (the shutdown deadline's process.exit) kills it on the way out.
  const forget = atExit(() => child.kill('SIGKILL'));
  child.once('exit', forget);
  if (setpriv) return child;
  const watchdog = spawn('/bin/sh', ['-c', 'read _; kill -KILL "$1" 2>/dev/null', 'watchdog', String(child.pid)], { stdio: ['pipe', 'ignore', 'ignore'] });
  // Nothing is ever written: the pipe only carries this process's death (EOF) to the shell.
  watchdog.stdin?.on('error', () => {});
  watchdog.on('error', () => {});
  child.once('exit', () => watchdog.kill('SIGKILL'));
  return child;
}
