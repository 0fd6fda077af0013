import { spawn, spawnSync, type ChildProcessByStdio, type SpawnOptions } from 'node:child_process';
import { accessSync, constants, readFileSync, writeFileSync } from 'node:fs';
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

let nicePath: string | null | undefined;

/** coreutils' `nice`, found once: it sets a child's niceness before the child's first instruction. */
function niceCommand(): string | null {
  if (nicePath === undefined) nicePath = ['/usr/bin/nice', '/bin/nice'].find(executable) ?? null;
  return nicePath;
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
 *
 * A `niceness` is set by coreutils' `nice` in front of the binary (an exec, so the pid stays the
 * binary's), before the binary starts a thread: Linux keeps a niceness per thread, and a renice
 * from here after the spawn reached only the threads an encoder had not started yet. Where the
 * binary is a bare name or `nice` is missing, the caller's renice after the spawn is all there is.
 */
export function spawnBound(
  binary: string,
  args: readonly string[],
  options: Pick<SpawnOptions, 'env' | 'cwd'> & { ownSession?: boolean; niceness?: number } = {},
  lifeline: Lifeline = defaultLifeline(),
): BoundChild {
  const spawnOptions: SpawnOptions = {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.env ? { env: options.env } : {}),
    ...(options.cwd ? { cwd: options.cwd } : {}),
    // A session of its own (setsid before exec): see lowerSchedulingGroup.
    ...(options.ownSession ? { detached: true } : {}),
  };
  const wrap = wrappable(binary);
  const nice = options.niceness !== undefined && wrap ? niceCommand() : null;
  const command = nice ? [nice, '-n', String(options.niceness), '--', binary, ...args] : [binary, ...args];
  const setpriv = lifeline === 'pdeathsig' && wrap ? setprivWithPdeathsig() : null;
  if (setpriv) command.unshift(setpriv, '--pdeathsig', 'KILL', '--');
  const child = spawn(command[0]!, command.slice(1), spawnOptions) as BoundChild;
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

/** What lowerSchedulingGroup did: `shared` and `absent` leave nothing to lower. */
export type GroupLowering = 'lowered' | 'shared' | 'absent' | 'refused';

export interface GroupLoweringOptions {
  /** Whether the child still runs: a pid is not tried again once its process has ended (the number may be reused). */
  running?: () => boolean;
  /** How long the child runs before its group is written at all (see lowerSchedulingGroup). */
  afterMs?: number;
  /** What writes a group's niceness; a test stands in for the kernel's answers with it. */
  write?: (file: string, niceness: number) => void;
  /** What reads a process's group; a test stands in for a process in the kernel's default group with it. */
  read?: (file: string) => string;
}

/** The kernel takes one group niceness change a tenth of a second from a caller without CAP_SYS_ADMIN. */
const GROUP_RATE_MS = 100;
/** The longest wait between two tries while the kernel keeps answering EAGAIN. */
const GROUP_RETRY_CAP_MS = 1000;

/**
 * Lowers the priority of a child started in its own session (`ownSession`) against every other
 * process of the machine. Where the kernel groups processes by session for scheduling (Linux's
 * autogroup, on by default on many distributions), a niceness only orders the processes of one
 * session: an encoder at niceness 19 in the session of a render process still took half the CPU
 * from a web process started in another. In its own session the child is its own group, and the
 * group's niceness is what the scheduler weighs against the others. A group shared with this
 * process is never touched (that would lower the server itself); where autogroup is off or
 * absent there is nothing to do and the child's own niceness is what counts.
 *
 * A process whose ancestors never started a session of their own (a container's or a VM's first
 * process, a CI runner) is in the kernel's default group, whose file reads empty. Its batch child,
 * in a session of its own, still gets a group: one entity weighed against each of the server's
 * threads at full weight until it is lowered, so it is lowered all the same.
 *
 * The kernel rate-limits the change machine-wide for a caller without CAP_SYS_ADMIN: ten a
 * second, EAGAIN inside the window. A render starts many short runs (a gate's probe, a short
 * segment, a loudness pass), and many renders at once asked for more than ten a second, so a long
 * encode could wait behind short runs that had ended before their change mattered. So the group
 * is written only once the child has run `afterMs`, and on EAGAIN tried again a window later,
 * with jitter so that callers spread out, backing off to a second, for as long as the child runs.
 * Any other refusal is final: the child then runs at its own niceness alone.
 */
export async function lowerSchedulingGroup(pid: number, niceness: number, options: GroupLoweringOptions = {}): Promise<GroupLowering> {
  const {
    running = () => true,
    afterMs = 0,
    write = (file: string, value: number) => writeFileSync(file, String(value)),
    read = (file: string) => readFileSync(file, 'utf8'),
  } = options;
  const groupOf = (file: string) => read(file).trim().split(' ')[0] ?? '';
  const file = `/proc/${pid}/autogroup`;
  if (afterMs > 0) await sleep(afterMs);
  for (let wait = GROUP_RATE_MS; ; wait = Math.min(GROUP_RETRY_CAP_MS, wait * 1.5)) {
    if (!running()) return 'absent';
    try {
      const group = groupOf(file);
      if (!group) return 'absent';
      if (group === groupOf('/proc/self/autogroup')) return 'shared';
      write(file, niceness);
      return 'lowered';
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ESRCH') return 'absent';
      if (code !== 'EAGAIN') return 'refused';
    }
    await sleep(wait + Math.random() * GROUP_RATE_MS);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
