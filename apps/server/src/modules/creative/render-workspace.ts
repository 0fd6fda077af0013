import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { atExit } from '../../lib/exit-cleanup.js';

/** Temp folders of renders whose process died are removed after this long. */
const STALE_WORK_MS = 6 * 3600_000;
const WORK_PREFIX = 'nearcast-render-';

/**
 * The scratch folders a render attempt works in, under one root: one per attempt, named after
 * its render. A folder is removed when its attempt ends, when the process exits mid-render
 * (lib/exit-cleanup.ts, after the encoder writing into it is killed), by the next attempt at the
 * same render, or by the sweep once stale: only a process killed outright leaves one behind, and
 * not for long.
 */
export class RenderWorkspace {
  constructor(private readonly root: string) {}

  /** A fresh folder for one attempt; `remove` deletes it (call it when the attempt ends). */
  async open(renderId: number): Promise<{ dir: string; remove: () => Promise<void> }> {
    const dir = await fs.mkdtemp(path.join(this.root, `${WORK_PREFIX}${renderId}-`));
    const forget = atExit(() => rmSync(dir, { recursive: true, force: true }));
    return {
      dir,
      remove: async () => {
        await fs.rm(dir, { recursive: true, force: true });
        forget();
      },
    };
  }

  /** Removes the folders earlier attempts at one render left (their worker died before it could). */
  async removeLeftoversOf(renderId: number): Promise<void> {
    const prefix = `${WORK_PREFIX}${renderId}-`;
    for (const name of await this.entries()) if (name.startsWith(prefix)) await this.removeQuietly(name);
  }

  /** Removes work folders of renders whose process died mid-render (a kill leaves them behind). */
  async removeStale(now: Date): Promise<void> {
    for (const name of await this.entries()) {
      if (!name.startsWith(WORK_PREFIX)) continue;
      const stat = await fs.stat(path.join(this.root, name)).catch(() => null);
      if (stat && now.getTime() - stat.mtimeMs > STALE_WORK_MS) await this.removeQuietly(name);
    }
  }

  private entries(): Promise<string[]> {
    return fs.readdir(this.root).catch(() => [] as string[]);
  }

  private async removeQuietly(name: string): Promise<void> {
    await fs.rm(path.join(this.root, name), { recursive: true, force: true }).catch(() => {});
  }
}
