import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RenderWorkspace } from './render-workspace.js';

let root: string;
const children: ChildProcessWithoutNullStreams[] = [];

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-workspace-'));
});

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await fs.rm(root, { recursive: true, force: true });
});

const exists = (dir: string) => fs.stat(dir).then(
  () => true,
  () => false,
);

/**
 * A render process as far as its work folders go: it opens a folder for each of renders 1–10 in
 * the shared temp folder (a fresh demo's ids), clears the leftovers of each as a new attempt
 * does, prints the folders and keeps them while it "encodes".
 */
async function renderProcess(): Promise<{ child: ChildProcessWithoutNullStreams; dirs: string[] }> {
  const workspace = fileURLToPath(new URL('./render-workspace.ts', import.meta.url));
  const script = `import { RenderWorkspace } from ${JSON.stringify(workspace)};
const work = new RenderWorkspace(${JSON.stringify(root)});
const dirs = [];
for (let id = 1; id <= 10; id++) {
  await work.removeLeftoversOf(id);
  dirs.push((await work.open(id)).dir);
}
await work.removeStale(new Date());
console.log(JSON.stringify(dirs));
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  const dirs = await new Promise<string[]>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.endsWith('\n')) resolve(JSON.parse(output) as string[]);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('close', (code) => reject(new Error(`the render process ended (${code}): ${output}`)));
  });
  return { child, dirs };
}

describe('render work folders', () => {
  it('of two processes sharing a temp folder, both rendering ids 1–10, never touch each other; a killed one’s go with the next sweep', async () => {
    const first = await renderProcess();
    const second = await renderProcess();
    expect(new Set([...first.dirs, ...second.dirs]).size).toBe(20);
    // The second started, cleared "its" leftovers of renders 1–10 and swept: the first's are all still there.
    for (const dir of [...first.dirs, ...second.dirs]) expect(await exists(dir), dir).toBe(true);
    expect(path.dirname(first.dirs[0]!)).not.toBe(path.dirname(second.dirs[0]!));

    // The first is killed outright mid-render: no exit hook runs, its folders stay behind.
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('close', resolve));
    for (const dir of first.dirs) expect(await exists(dir)).toBe(true);

    // A third process starting up sweeps: the dead one's folder goes, the live one's stays.
    const third = new RenderWorkspace(root);
    await third.removeStale(new Date());
    expect(await exists(path.dirname(first.dirs[0]!))).toBe(false);
    for (const dir of second.dirs) expect(await exists(dir), dir).toBe(true);
  }, 60_000);

  it('removes a process’s folder when it exits, and its attempt’s folder when the attempt ends', async () => {
    const work = new RenderWorkspace(root);
    const attempt = await work.open(7);
    await fs.writeFile(path.join(attempt.dir, 'clip.mp4'), 'x');
    const other = await work.open(7);
    await attempt.remove();
    expect(await exists(attempt.dir)).toBe(false);
    expect(await exists(other.dir)).toBe(true);
    // A leftover of an attempt whose remove never ran (not one still open) goes with the next attempt.
    const stray = path.join(work.dir, '7-stray');
    await fs.mkdir(stray);
    await work.removeLeftoversOf(7);
    expect(await exists(stray)).toBe(false);
    expect(await exists(other.dir)).toBe(true);
  });

  it('keeps a folder whose owner is on another host until it has shown no sign of life for hours; old-style folders by age', async () => {
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
    const owned = async (name: string, owner: object, lastSign: Date) => {
      const dir = path.join(root, name);
      await fs.mkdir(path.join(dir, '3-abc'), { recursive: true });
      await fs.writeFile(path.join(dir, 'owner.json'), JSON.stringify(owner));
      await fs.utimes(path.join(dir, 'owner.json'), lastSign, lastSign);
      return dir;
    };
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    const elsewhereLive = await owned('nearcast-renders-1-aa', { instance: '1-aa', pid: 1, host: 'another-machine' }, hoursAgo(1));
    const elsewhereQuiet = await owned('nearcast-renders-1-bb', { instance: '1-bb', pid: 1, host: 'another-machine' }, hoursAgo(7));
    const hereDead = await owned('nearcast-renders-2-cc', { instance: '2-cc', pid: deadPid, host: os.hostname() }, now);
    // Our own pid stands for a live process on this host, however quiet it has been for a while.
    const hereLive = await owned('nearcast-renders-3-dd', { instance: '3-dd', pid: process.pid, host: os.hostname() }, hoursAgo(2));
    const legacyOld = path.join(root, 'nearcast-render-4-xyz');
    const legacyNew = path.join(root, 'nearcast-render-5-xyz');
    await fs.mkdir(legacyOld);
    await fs.mkdir(legacyNew);
    await fs.utimes(legacyOld, hoursAgo(7), hoursAgo(7));
    const unrelated = path.join(root, 'nearcast-renderer-test-1');
    await fs.mkdir(unrelated);
    await fs.utimes(unrelated, hoursAgo(30), hoursAgo(30));

    await new RenderWorkspace(root).removeStale(now);
    expect({
      elsewhereLive: await exists(elsewhereLive),
      elsewhereQuiet: await exists(elsewhereQuiet),
      hereDead: await exists(hereDead),
      hereLive: await exists(hereLive),
      legacyOld: await exists(legacyOld),
      legacyNew: await exists(legacyNew),
      unrelated: await exists(unrelated),
    }).toEqual({ elsewhereLive: true, elsewhereQuiet: false, hereDead: false, hereLive: true, legacyOld: false, legacyNew: true, unrelated: true });
  });
});
