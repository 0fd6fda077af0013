// What the benchmarks that start their own Nearcast share: starting a server with its log in a
// file, waiting for it, stopping everything, and reading a process's CPU time.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEMO_PASSWORD = 'Nearcast-demo-1';

const children = [];

/**
 * Starts `node args…` in the repository. The log goes to a file, as a log collector would take
 * it: a pipe drained by this process would make each log write wait for autocannon, which shares
 * this process's event loop.
 */
export function start(name, args, env, logFile) {
  const stdout = logFile ? openSync(logFile, 'w') : 'ignore';
  // A process group of its own, so a server that has to be killed takes the ffmpeg it started
  // (the demo's media) with it instead of leaving it to load the next measurement.
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', stdout, 'pipe'], detached: true });
  if (typeof stdout === 'number') closeSync(stdout);
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.on('exit', (code, signal) => {
    if (!child.stopping) console.error(`${name} exited (${code ?? signal}):\n${stderr.slice(-4000)}`);
  });
  children.push(child);
  return child;
}

export async function waitUntilUp(url, child, seconds = 120) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server at ${url} exited before it was up`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${url} did not come up in ${seconds} s`);
}

/**
 * How long a server has to stop before it is killed: its own deadline (SHUTDOWN_TIMEOUT_SECONDS,
 * 30 s: running jobs such as the demo's renders get the queue's 10 s) and a little more. A server
 * stopped in time writes its CPU profile (`--cpu-prof`); a killed one does not.
 */
const STOP_GRACE_MS = 35_000;

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

// Servers in groups of their own do not hear the terminal's Ctrl-C: a benchmark stopped early
// stops them too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) killGroup(child);
    process.exit(130);
  });
}

/** Stops one server, or (without an argument) every server started here. */
export async function stop(only) {
  await Promise.all(
    children
      .filter((child) => only === undefined || child === only)
      .map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.stopping = true;
            child.once('exit', resolve);
            child.kill('SIGTERM');
            setTimeout(() => killGroup(child), STOP_GRACE_MS).unref();
          }),
      ),
  );
}

/**
 * CPU seconds a process has used (Linux), to report CPU per request beside req/s: on a shared
 * machine req/s moves with everyone else's load, the CPU a request costs much less.
 */
export function cpuSeconds(pid) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  // utime and stime, fields 14 and 15 of stat (11 and 12 after the command name), in clock ticks.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Signs a demo account in; answers the session (token and user). */
export async function signIn(base, email) {
  const answer = await fetch(`${base}/api/v1/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  }).then((response) => response.json());
  if (answer.code !== '200') throw new Error(`cannot sign in as ${email}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The machine's busy and total CPU ticks so far (Linux), or null elsewhere. */
function machineTicks() {
  if (!existsSync('/proc/stat')) return null;
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  // idle and iowait
  return { busy: total - fields[3] - fields[4], total };
}

/**
 * Waits until the machine has been quiet (at most `maxBusy` of its CPU in use) for `seconds`
 * seconds in a row, or `timeout` seconds have passed; answers how long it waited. A server that
 * seeded its demo goes on making the demo's media (ffmpeg) and delivering the seed's events for
 * some seconds after it answers; a round measured then measures that work too.
 */
export async function waitUntilQuiet({ maxBusy = 0.2, seconds = 2, timeout = 60 } = {}) {
  const started = Date.now();
  let quiet = 0;
  let previous = machineTicks();
  if (!previous) return 0;
  while (quiet < seconds && Date.now() - started < timeout * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = machineTicks();
    const busy = (now.busy - previous.busy) / Math.max(1, now.total - previous.total);
    quiet = busy <= maxBusy ? quiet + 1 : 0;
    previous = now;
  }
  return (Date.now() - started) / 1000;
}
