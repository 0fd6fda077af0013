/**
 * The crash tests of leased work (docs/decisions/089), written once: a worker dies at a chosen
 * point — a whole process killed with SIGKILL, or an in-process step abandoned where a killed
 * process would have stopped — and the test then carries the work on with a worker whose clock
 * is past the dead one's lease. Publishing, payouts, renders and material processing prove the
 * same thing with it: the next worker resumes from the row and the outside effect happens once.
 */
import { spawn } from 'node:child_process';
import { repoRoot } from '../config.js';

/** A clock shared by the workers of a test, moved on instead of waited for. */
export class WorkClock {
  constructor(public ms = Date.now()) {}

  readonly now = (): Date => new Date(this.ms);

  /** Moves the clock past a lease taken now, as if its worker never came back. */
  afterLease(leaseMs: number): void {
    this.ms += leaseMs + 1000;
  }

  pass(ms: number): void {
    this.ms += ms;
  }
}

/** A clock that reads `ms` later than the real one: a worker started once a dead one's lease ran out. */
export const laterBy =
  (ms: number): (() => Date) =>
  () =>
    new Date(Date.now() + ms);

/**
 * Starts a step in this process and abandons it once it has reached `point` (a promise, or a
 * condition polled every 20 ms): it is never awaited again, so its lease stays taken and
 * whatever it would have written next never comes — what a process killed there leaves behind.
 * Fails when the point is not reached within `timeoutMs`, or when the step ends before it.
 */
export async function dieAt(step: () => Promise<unknown>, point: Promise<unknown> | (() => Promise<boolean>), timeoutMs = 30_000): Promise<void> {
  let settled: string | null = null;
  const running = step().then(
    () => (settled = 'finished'),
    (error: unknown) => (settled = `failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  void running;
  const reached =
    typeof point === 'function'
      ? (async () => {
          for (;;) {
            if (await point()) return;
            if (settled) throw new Error(`the step ${settled} before reaching the point it was to die at`);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        })()
      : point;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the step never reached the point it was to die at within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([reached, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface KilledWorker<Event> {
  /** How the process ended: 'SIGKILL' when the harness killed it. */
  ended: NodeJS.Signals | number | null;
  /** What it said, one JSON line per event, up to its death. */
  events: Event[];
  /** Its standard output and error, for a failing assertion's message. */
  output: string;
}

/**
 * Runs `script` (a worker beside the test, started as `node --import tsx script '<options>'`,
 * printing one JSON line per event) in a process group of its own, and kills the whole group
 * with SIGKILL the moment it says an event `when` accepts — the process and any child it
 * started (an encoder), at once, as an out-of-memory kill or a lost machine would. Rejects when
 * that event does not come within `timeoutMs` (the worker is killed all the same).
 */
export async function killWorkerWhen<Event>(options: { script: string; options: object; when: (event: Event) => boolean; timeoutMs: number }): Promise<KilledWorker<Event>> {
  const child = spawn(process.execPath, ['--import', 'tsx', options.script, JSON.stringify(options.options)], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  });
  const events: Event[] = [];
  let output = '';
  const ended = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  const killed = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      killGroup();
      reject(new Error(`the worker never said what it was to be killed at:\n${output}`));
    }, options.timeoutMs);
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const text of lines) {
        const event = JSON.parse(text) as Event;
        events.push(event);
        if (options.when(event)) {
          clearTimeout(timer);
          killGroup();
          resolve();
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void ended.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
  await killed;
  return { ended: await ended, events, output };
}
