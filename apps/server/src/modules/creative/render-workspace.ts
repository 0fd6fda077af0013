import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { atExit } from '../../lib/exit-cleanup.js';

/**
 * A folder whose owner cannot be proven dead is removed only after this long without a sign of
 * life: longer than any render may run, so a live render never loses its folder to the rule.
 */
const STALE_WORK_MS = 6 * 3600_000;
/** The folder each process renders in: `nearcast-renders-<instance>`, the instance's own. */
const INSTANCE_PREFIX = 'nearcast-renders-';
/** What earlier versions made straight in the temp folder (`nearcast-render-<id>-XXXXXX`): the age rule alone. */
const LEGACY_PREFIX = 'nearcast-render-';
const OWNER_FILE = 'owner.json';
/** A render process looks for dead processes' folders at most this often as it takes renders. */
const SWEEP_EVERY_MS = 5 * 60_000;

interface Owner {
  instance: string;
  pid: number;
  host: string;
}

/**
 * The scratch folders render attempts work in. Each process has its own folder under the root,
 * named by an instance id (its pid and a random part) and holding an owner file (pid, host; its
 * time is the owner's last sign of life); an attempt gets a fresh folder inside it. Two
 * processes on one machine, both rendering render 7, never touch each other's folders: each
 * removes only its own, and another's only once that other is dead — its pid gone on this host,
 * or no sign of life for STALE_WORK_MS (a pid reused by another program, another host or
 * container sharing the folder).
 *
 * A folder is removed when its attempt ends; a process's whole folder when it exits
 * (lib/exit-cleanup.ts, after the encoder writing into it is killed). A process killed outright
 * leaves its folder behind: the sweep removes it, run when a render process starts, as it takes
 * renders (at most every SWEEP_EVERY_MS), and by the render engine's scheduled sweep.
 */
export class RenderWorkspace {
  readonly instance: string;
  /** This process's folder; made on first use. */
  readonly dir: string;
  private readonly openDirs = new Set<string>();
  private exitHooked = false;
  /** Attempts between making their folder and recording it: the sweep leaves this process's folders alone meanwhile. */
  private opening = 0;
  private lastSweep = 0;

  constructor(
    private readonly root: string,
    options: { instance?: string } = {},
  ) {
    this.instance = options.instance ?? `${process.pid}-${randomBytes(4).toString('hex')}`;
    this.dir = path.join(root, `${INSTANCE_PREFIX}${this.instance}`);
  }

  /** A fresh folder for one attempt; `remove` deletes it (call it when the attempt ends). */
  async open(renderId: number): Promise<{ dir: string; remove: () => Promise<void> }> {
    if (Date.now() - this.lastSweep >= SWEEP_EVERY_MS) await this.removeStale(new Date()).catch(() => {});
    this.opening += 1;
    let dir: string;
    try {
      await this.claim();
      dir = await fs.mkdtemp(path.join(this.dir, `${renderId}-`));
      this.openDirs.add(dir);
    } finally {
      this.opening -= 1;
    }
    const forget = atExit(() => rmSync(dir, { recursive: true, force: true }));
    return {
      dir,
      remove: async () => {
        this.openDirs.delete(dir);
        await fs.rm(dir, { recursive: true, force: true });
        forget();
      },
    };
  }

  /** Removes what earlier attempts at one render in this process left (their remove failed). */
  async removeLeftoversOf(renderId: number): Promise<void> {
    const prefix = `${renderId}-`;
    for (const name of await entries(this.dir)) {
      const dir = path.join(this.dir, name);
      if (name.startsWith(prefix) && !this.openDirs.has(dir)) await removeQuietly(dir);
    }
  }

  /**
   * Removes the folders of processes that died (a kill -9, out of memory) and this process's
   * own folders no attempt holds; a live process's folders are never touched. Also this
   * process's sign of life, so others keep its folder.
   */
  async removeStale(now: Date): Promise<void> {
    this.lastSweep = now.getTime();
    if (await exists(this.dir)) {
      await this.touch(now);
      for (const name of this.opening > 0 ? [] : await entries(this.dir)) {
        const dir = path.join(this.dir, name);
        if (name !== OWNER_FILE && !this.openDirs.has(dir)) await removeQuietly(dir);
      }
    }
    for (const name of await entries(this.root)) {
      const dir = path.join(this.root, name);
      if (dir === this.dir) continue;
      if (name.startsWith(INSTANCE_PREFIX)) {
        if (await ownerIsDead(dir, now)) await removeQuietly(dir);
      } else if (name.startsWith(LEGACY_PREFIX)) {
        const stat = await fs.stat(dir).catch(() => null);
        if (stat && now.getTime() - stat.mtimeMs > STALE_WORK_MS) await removeQuietly(dir);
      }
    }
  }

  /** Makes this process's folder and owner file (again, if a sweep elsewhere took them after a long quiet). */
  private async claim(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const owner: Owner = { instance: this.instance, pid: process.pid, host: os.hostname() };
    await fs.writeFile(path.join(this.dir, OWNER_FILE), JSON.stringify(owner));
    if (!this.exitHooked) {
      this.exitHooked = true;
      atExit(() => rmSync(this.dir, { recursive: true, force: true }));
    }
  }

  private async touch(now: Date): Promise<void> {
    await fs.utimes(path.join(this.dir, OWNER_FILE), now, now).catch(() => this.claim());
  }
}

/** Dead: its pid is gone on this host, or it gave no sign of life for STALE_WORK_MS. */
async function ownerIsDead(dir: string, now: Date): Promise<boolean> {
  const file = path.join(dir, OWNER_FILE);
  const [text, stat] = await Promise.all([fs.readFile(file, 'utf8').catch(() => null), fs.stat(file).catch(() => null)]);
  const owner = text === null ? null : parseOwner(text);
  if (owner && owner.host === os.hostname() && !alive(owner.pid)) return true;
  // No owner file yet (a process between making its folder and writing it) or an unreadable
  // one: the folder's own time stands in for the sign of life.
  const lastSign = stat?.mtimeMs ?? (await fs.stat(dir).catch(() => null))?.mtimeMs;
  return lastSign !== undefined && now.getTime() - lastSign > STALE_WORK_MS;
}

function parseOwner(text: string): Owner | null {
  try {
    const value = JSON.parse(text) as Partial<Owner>;
    return typeof value.pid === 'number' && typeof value.host === 'string' ? { instance: String(value.instance), pid: value.pid, host: value.host } : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the pid is someone else's process, alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function exists(dir: string): Promise<boolean> {
  return (await fs.stat(dir).catch(() => null)) !== null;
}

function entries(dir: string): Promise<string[]> {
  return fs.readdir(dir).catch(() => [] as string[]);
}

async function removeQuietly(dir: string): Promise<void> {
  await fs.rm(dir, { recursive: true, force: true }).catch(() => {});
}
