/**
 * Whether renders are shared fairly between studios (docs/decisions/073), on PostgreSQL with
 * two render processes making real videos (ffmpeg, 360×640, from the brief alone).
 *
 * Studio A queues 200 renders; the two render processes start; after a while of A alone,
 * studios B and C each queue one. Prints how long B's and C's waited to start against the
 * median render time (target: within one render's time), then A's throughput with B and C idle
 * and with them busy (each queueing a backlog of its own): alone A has every renderer; busy,
 * the renderers are shared in turn and A gets about a third.
 *
 *   npm run bench:fairness                               # TEST_DATABASE_URL or postgres://root@127.0.0.1:5432/test
 *   npm run bench:fairness -- --alone 60 --busy 60       # seconds of each phase
 *   npm run bench:fairness -- --kill                     # also kill -9 one render process mid-render,
 *                                                        # then sweep: no work folder may be left
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { claimFairRender, recordTurn } from '../modules/creative/render-queue-repository.js';
import { RenderWorkspace } from '../modules/creative/render-workspace.js';
import { sampleOrder } from '../test/creative-fixtures.js';
import { openRenderProcess } from '../test/render-process.js';

const SIZE = { width: 360, height: 640 };
const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

interface WorkerOptions {
  databaseUrl: string;
  dataDir: string;
  workRoot: string;
  name: string;
}

/** A render process: claims the fair next render, makes it, again, until it is killed. */
async function worker(options: WorkerOptions): Promise<void> {
  const { engine } = await openRenderProcess({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    settings: { size: SIZE, timeoutSeconds: 300, concurrency: 1, workRoot: options.workRoot, maxAttempts: 3 },
  });
  process.stdout.write(`${JSON.stringify({ ready: options.name, pid: process.pid })}\n`);
  for (;;) {
    // A render process asks for work as its queue's jobs would bring it: at once after a render, soon when idle.
    if (!(await engine.runNext())) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

if (process.argv[2] === '--worker') {
  await worker(JSON.parse(process.argv[3]!) as WorkerOptions);
} else {
  await main();
}

async function main(): Promise<void> {
  const { createTestApp, testDatabaseUrl } = await import('../test/harness.js');
  if (!testDatabaseUrl) throw new Error('bench:fairness runs on PostgreSQL: set TEST_DATABASE_URL');
  const alone = option('alone', 60) * 1000;
  const busy = option('busy', 60) * 1000;
  const kill = process.argv.includes('--kill');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-bench-fair-'));
  const workRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-bench-fair-work-'));
  const t = await createTestApp({ config: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', RENDER_SIZE: '360x640' } });
  const databaseUrl = (t.database as unknown as { url?: string }).url ?? (await currentUrl(t, testDatabaseUrl));
  const children: ChildProcess[] = [];
  try {
    // Three studios with a merchant each: the demo's studio and client (A), and two more made alike.
    const superToken = await t.login('super@example.com');
    const merchants: number[] = [];
    const [demoClient] = await t.query<{ id: number }>(sql`select id from accounts where email = 'client@example.com'`);
    merchants.push(demoClient!.id);
    for (const name of ['b', 'c']) {
      const studio = await t.call<{ id: number }>('/v1/account/add', { email: `studio-${name}@example.com`, password: 'Bench-pass-1', username: `studio_${name}`, role: 'studio' }, { token: superToken });
      const client = await t.call<{ id: number }>('/v1/account/add', { email: `client-${name}@example.com`, password: 'Bench-pass-1', username: `client_${name}`, role: 'client' }, { token: superToken });
      if (studio.code !== '200' || client.code !== '200') throw new Error(`accounts: ${studio.msg} ${client.msg}`);
      await t.call('/v1/client/studio/set', { client_id: client.data.id, studio_id: studio.data.id }, { token: superToken });
      await t.query(sql`update accounts set pay_status = 1, expire_at = now() + interval '30 days' where id in (${studio.data.id}, ${client.data.id})`);
      merchants.push(client.data.id);
    }
    const [a, b, c] = merchants as [number, number, number];
    const order = sampleOrder;
    const renders = t.app.services.creativeRenders;
    await renders.enqueue(Array.from({ length: 200 }, () => order(a)));

    const start = (name: string) => {
      const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--worker', JSON.stringify({ databaseUrl, dataDir, workRoot, name })], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      return new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
    };
    await Promise.all([start('render-1'), start('render-2')]);
    const began = Date.now();
    const doneOf = async (merchantId: number, since: Date) =>
      (await t.query<{ n: number }>(sql`select count(*)::int as n from creative_renders where merchant_id = ${merchantId} and state = 'done' and finished_at >= ${since}`))[0]!.n;

    // Phase 1: A alone (its first renders warm the processes up; the phase is counted after 15 s).
    await sleep(15_000);
    const aloneFrom = new Date();
    await sleep(alone);
    const aloneDone = await doneOf(a, aloneFrom);

    // B and C each queue one.
    const [aWaiting] = await t.query<{ n: number }>(sql`select count(*)::int as n from creative_renders where merchant_id = ${a} and state = 'queued'`);
    const [ofB] = await renders.enqueue([order(b)]);
    const [ofC] = await renders.enqueue([order(c)]);
    let killed: { pid: number; at: number; renderId: number | null } | null = null;
    const deadline = Date.now() + 300_000;
    for (;;) {
      const rows = await t.query<{ id: number; started_at: string | null; created_at: string }>(sql`select id, started_at, created_at from creative_renders where id in (${ofB!.id}, ${ofC!.id})`);
      if (rows.every((row) => row.started_at !== null) || Date.now() > deadline) break;
      await sleep(100);
    }
    // When the renders already running as B and C were queued ended: the renderers coming free.
    const freed = await t.query<{ ms: number }>(
      sql`select (extract(epoch from (r.finished_at - q.created_at)) * 1000)::int as ms
            from creative_renders r, creative_renders q
           where q.id = ${ofB!.id} and r.started_at < q.created_at and r.finished_at > q.created_at and r.merchant_id = ${a}
           order by r.finished_at`,
    );
    const waits = await t.query<{ id: number; wait_ms: number | null }>(
      sql`select id, (extract(epoch from (started_at - created_at)) * 1000)::int as wait_ms from creative_renders where id in (${ofB!.id}, ${ofC!.id}) order by id`,
    );

    // Phase 2: B and C busy: each keeps a backlog, and A's share of the renderers is measured.
    await renders.enqueue([...Array.from({ length: 40 }, () => order(b)), ...Array.from({ length: 40 }, () => order(c))]);
    if (kill) killed = await killOneMidRender(t, children[0]!);
    const busyFrom = new Date();
    await sleep(busy);
    const busyDone = [await doneOf(a, busyFrom), await doneOf(b, busyFrom), await doneOf(c, busyFrom)];
    const [median] = await t.query<{ ms: number; n: number }>(
      sql`select (percentile_cont(0.5) within group (order by extract(epoch from (finished_at - started_at)) * 1000))::int as ms, count(*)::int as n
            from creative_renders where state = 'done' and attempts = 1`,
    );
    const [renderMs] = await t.query<{ ms: number }>(sql`select (percentile_cont(0.5) within group (order by render_ms))::int as ms from creative_renders where state = 'done'`);

    console.log(`two render processes, ${SIZE.width}×${SIZE.height}, ${os.availableParallelism()} cores; ${Math.round((Date.now() - began) / 1000)} s of rendering`);
    console.log(`median render: ${median!.ms} ms from start to done (ffmpeg ${renderMs!.ms} ms), over ${median!.n} renders`);
    for (const [label, row] of [['B', waits[0]], ['C', waits[1]]] as const) {
      const ratio = row?.wait_ms === null || row?.wait_ms === undefined ? 'never started' : `${(row.wait_ms / median!.ms).toFixed(2)}× the median render`;
      console.log(`studio ${label}'s render queued behind ${aWaiting!.n} of A's: started after ${row?.wait_ms ?? '—'} ms (${ratio}; target ≤ 1×)`);
    }
    console.log(`the renderers busy with A's renders as B and C were queued came free after: ${freed.map((row) => `${row.ms} ms`).join(', ') || '—'}`);
    const perMinute = (count: number, ms: number) => ((count * 60_000) / ms).toFixed(1);
    console.log(`A alone:        ${aloneDone} renders in ${alone / 1000} s = ${perMinute(aloneDone, alone)}/min (every renderer)`);
    console.log(`B and C busy:   A ${busyDone[0]}, B ${busyDone[1]}, C ${busyDone[2]} in ${busy / 1000} s = A ${perMinute(busyDone[0]!, busy)}/min, all ${perMinute(busyDone[0]! + busyDone[1]! + busyDone[2]!, busy)}/min`);
    if (killed) await reportKill(t, killed, workRoot);
    for (const child of children) child.kill('SIGKILL');
    if (killed) await reportSwept(workRoot);
    await claimCost(t, a, b);
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await t.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(workRoot, { recursive: true, force: true });
  }
}

/**
 * What one fair claim costs with 10,000 of A's renders queued and one of B's: the claim's
 * statement timed on its own (the render processes stopped), each claim taking one render.
 */
async function claimCost(t: { database: { db: Db }; query: <T>(statement: SQL) => Promise<T[]> }, a: number, b: number): Promise<void> {
  await t.query(sql`update creative_renders set state = 'cancelled' where state in ('queued', 'rendering')`);
  const [template] = await t.query<{ id: number }>(sql`select id from creative_renders where merchant_id = ${a} order by id limit 1`);
  const copy = (merchantId: number, count: number) =>
    t.query(sql`insert into creative_renders (merchant_id, studio_id, language, script, voice, music)
                select ${merchantId}, (select coalesce(studio_id, 0) from accounts where id = ${merchantId}), language, script, voice, music
                  from creative_renders, generate_series(1, ${count}) where id = ${template!.id}`);
  await copy(a, 10_000);
  await copy(b, 1);
  await t.query(sql`analyze creative_renders`);
  const times: number[] = [];
  let tookB = -1;
  for (let i = 0; i < 50; i++) {
    const now = new Date();
    const started = performance.now();
    const id = await claimFairRender(t.database.db, `bench-${i}`, new Date(now.getTime() + 60_000), now);
    times.push(performance.now() - started);
    const [row] = await t.query<{ merchant_id: number; studio_id: number }>(sql`select merchant_id, studio_id from creative_renders where id = ${id ?? 0}`);
    if (row) await recordTurn(t.database.db, row.studio_id, row.merchant_id, now);
    if (row?.merchant_id === b && tookB < 0) tookB = i + 1;
  }
  times.sort((x, y) => x - y);
  console.log(`fair claim with 10,000 of A's queued: median ${times[25]!.toFixed(1)} ms, slowest ${times.at(-1)!.toFixed(1)} ms over 50 claims; B's one render taken by claim ${tookB}`);
}

async function currentUrl(t: { query: <T>(statement: SQL) => Promise<T[]> }, base: string): Promise<string> {
  const [row] = await t.query<{ name: string }>(sql`select current_database() as name`);
  const url = new URL(base);
  url.pathname = `/${row!.name}`;
  return url.toString();
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** ffmpeg processes whose parent is `pid` (read from /proc). */
function ffmpegOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      if (new RegExp(`^PPid:\\s+${pid}$`, 'm').test(status) && /^Name:\s+ffmpeg/m.test(status)) found.push(Number(entry));
    } catch {
      // Ended between the listing and the read.
    }
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** Kills the render process with SIGKILL while its ffmpeg runs; the ffmpeg it leaves is watched. */
async function killOneMidRender(t: { query: <T>(statement: SQL) => Promise<T[]> }, child: ChildProcess) {
  const pid = child.pid!;
  for (let i = 0; i < 600 && ffmpegOf(pid).length === 0; i++) await sleep(50);
  const orphans = ffmpegOf(pid);
  const [rendering] = await t.query<{ id: number }>(sql`select id from creative_renders where state = 'rendering' order by started_at desc limit 1`);
  child.kill('SIGKILL');
  const at = Date.now();
  const watch = async () => {
    while (orphans.some(alive) && Date.now() - at < 60_000) await sleep(50);
    return Date.now() - at;
  };
  return { pid, at, renderId: rendering?.id ?? null, orphans, outlived: watch() };
}

async function reportKill(
  t: { query: <T>(statement: SQL) => Promise<T[]> },
  killed: { pid: number; renderId: number | null; orphans?: number[]; outlived?: Promise<number> },
  workRoot: string,
): Promise<void> {
  const outlivedMs = (await killed.outlived) ?? 0;
  console.log(`kill -9 of render process ${killed.pid} mid-render (${killed.orphans?.length ?? 0} ffmpeg): its ffmpeg outlived it by ${outlivedMs} ms (target ≤ 2000)`);
  const outputs = await t.query<{ id: number; state: string; outputs: number }>(
    sql`select r.id, r.state, (select count(*)::int from footage f where f.render_id = r.id) as outputs from creative_renders r where r.state = 'done'`,
  );
  const wrong = outputs.filter((row) => row.outputs !== 1);
  console.log(`finished renders: ${outputs.length}, with other than exactly one output: ${wrong.length}${killed.renderId ? `; the killed render ${killed.renderId} is ${(await t.query<{ state: string }>(sql`select state from creative_renders where id = ${killed.renderId}`))[0]?.state}` : ''}`);
  const left = (await fs.readdir(workRoot, { recursive: true })).length;
  console.log(`entries under the render work root before any sweep: ${left}`);
  // The sweep a render process runs as it starts (a fresh instance here, beside the survivor):
  // the killed process's folder goes, the living one's is left alone.
  await new RenderWorkspace(workRoot).removeStale(new Date());
  const ofKilled = (await fs.readdir(workRoot)).filter((name) => name.startsWith(`nearcast-renders-${killed.pid}-`));
  console.log(`after the sweep, folders of the killed render process left: ${ofKilled.length} (target 0)`);
}

/** Sweeps the work root once every render process is gone: what is left is what would leak. */
async function reportSwept(workRoot: string): Promise<void> {
  await sleep(500);
  await new RenderWorkspace(workRoot).removeStale(new Date());
  const left = await fs.readdir(workRoot, { recursive: true });
  console.log(`work folders and files left after every render process was killed and the sweep ran: ${left.length} (target 0)`);
}
