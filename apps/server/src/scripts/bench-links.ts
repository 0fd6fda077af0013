/**
 * The short links' redirect under load (docs/decisions/083): the whole app in this process on
 * the embedded default (or PostgreSQL with DATABASE_URL, an empty database), listening on a local
 * port, with one video's link; autocannon then visits `/go/<code>` at a fixed rate and reports the
 * redirect's latency and how many visits were counted once the batches settle.
 *
 *   npm run bench:links                      # 500 visits/s for 10 s from 1,000 visitors
 *   npm run bench:links -- 800 20            # another rate and duration
 *
 * Rows: link previews (the redirect alone: never counted), people (1,000 addresses behind the
 * proxy, each visiting about five times: each counts
 * once), then a flood (one address and browser at 1,000 visits/s: counts at most once).
 * Target: p95 under 20 ms at 500 visits/s; no answer but 302; counting never slows the redirect.
 * A last row, not held to it, is the floor: a bare node:http server's 302 under the same load, to
 * tell the machine's share of the latency from the redirect's.
 */
import fs from 'node:fs/promises';
import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { MemoryMailer } from '../adapters/mail/index.js';
import { loadConfig } from '../config.js';
import { openDatabase, selectRows } from '../db/client.js';
import { seedDemo } from '../demo/seed.js';
import { linkTotalsByPost } from '../modules/attribution/reads.js';

const RATE = Number(process.argv[2] ?? 500);
const SECONDS = Number(process.argv[3] ?? 10);
const VISITORS = 1_000;
const BUDGET_P95_MS = 20;
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-bench-links-'));
// Behind a proxy, as in production: the visitor's address is X-Forwarded-For's.
const config = loadConfig(undefined, { DATA_DIR: dataDir, LOG_LEVEL: 'warn', TRUST_PROXY: true, WEB_DIST: '/nonexistent' });
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : path.join(dataDir, 'db'), poolSize: config.DATABASE_POOL_SIZE });
await database.migrate();
const app = await buildApp({ config, database, mailer: new MemoryMailer() });
const services = app.services;
await seedDemo(database.db, (password) => services.accounts.hash(password));
const [merchant] = await selectRows<{ id: number }>(database.db, sql`select id from accounts where email = 'client@example.com'`);
const url = await services.attribution.linkFor({ id: 1, merchantId: merchant!.id }, 'https://taqueria.example/menu', 'TACO5');
const code = url!.slice(url!.lastIndexOf('/') + 1);
// A post made from that render, as the creative module's event would attach it.
await services.events.record(database.db, 'creative.draft_approved', { actor_id: null, subject_id: 1, account_id: merchant!.id, payload: { render_id: 1, post_id: 1, title: 'Taco Tuesday' } });
await services.events.replay('attribution.posts');
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`short link ${url} served at ${address}/go/${code} (${database.kind})`);

/** What the load process answers (bench-links-load.mjs). */
interface Load {
  total: number;
  latency: Record<string, number>;
  redirects: number;
  errors: number;
}

/** The load of one row, from its own process. */
function load(row: { url: string; rate: number; seconds: number; agent: string; visitors: number }): Promise<Load> {
  const child = fork(new URL('./bench-links-load.mjs', import.meta.url), [JSON.stringify(row)]);
  return new Promise<Load>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Load));
    child.once('error', reject);
    child.once('exit', (exitCode) => exitCode !== 0 && reject(new Error(`load process exited with ${exitCode}`)));
  });
}

/** One row: the load runs in its own process, the server here; then the batches settle and the count is read. */
async function row(name: string, rate: number, seconds: number, agent: string, visitors: number) {
  const result = await load({ url: `${address}/go/${code}`, rate, seconds, agent, visitors });
  await services.attribution.visits.flush();
  const visits = (await linkTotalsByPost(database.db, [1])).get(1)?.visits ?? 0;
  const latency = result.latency;
  const other = result.total - result.redirects + result.errors;
  console.log(
    `${name.padEnd(34)} ${String(result.total).padStart(6)} visits  p50 ${latency.p50} ms  p95 ${latency.p95} ms  p99 ${latency.p99} ms  max ${latency.max} ms  ` +
      `not 302: ${other}  counted so far: ${visits}`,
  );
  return { p95: latency.p95 ?? Infinity, other, visits, total: result.total };
}

// The redirect alone first (link previews are sent on but never counted), which also warms the process.
await row(`link previews (never counted) ${RATE}/s`, RATE, Math.min(SECONDS, 5), 'Slackbot-LinkExpanding 1.0', VISITORS);
const people = await row(`people (${VISITORS} addresses) ${RATE}/s`, RATE, SECONDS, BROWSER, VISITORS);
// At a low rate or a short run not every visitor comes; requests still in flight at the end count too.
const came = Math.min(VISITORS, people.total);
console.log(`  ${people.visits} counted for ${came} visitors who came: ${people.visits >= came && people.visits <= VISITORS ? 'each once' : 'NOT each once'}`);
const flood = await row('flood (one address) 1000/s', 1_000, 3, BROWSER, 0);
console.log(`  the flood counted at most once: ${flood.visits - people.visits <= 1 ? 'yes' : `no (${flood.visits - people.visits})`}`);
// The floor: a bare node:http server in this process answering the same 302 with no work at all,
// under the same load at the same rate. What it takes is the machine's, not the redirect's.
const bare = http.createServer((_request, response) => response.writeHead(302, { location: 'https://taqueria.example/menu', 'cache-control': 'no-store' }).end());
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const floor = await load({ url: `http://127.0.0.1:${(bare.address() as AddressInfo).port}/go/${code}`, rate: RATE, seconds: SECONDS, agent: BROWSER, visitors: VISITORS });
bare.close();
console.log(
  `${`floor: bare node:http 302 ${RATE}/s`.padEnd(34)} ${String(floor.total).padStart(6)} visits  p50 ${floor.latency.p50} ms  p95 ${floor.latency.p95} ms  p99 ${floor.latency.p99} ms  max ${floor.latency.max} ms`,
);
const ok = people.p95 < BUDGET_P95_MS && people.other === 0 && flood.other === 0;
console.log(ok ? `PASS: p95 ${people.p95} ms < ${BUDGET_P95_MS} ms at ${RATE}/s, every answer a 302` : `FAIL (budget p95 < ${BUDGET_P95_MS} ms, every answer a 302)`);
await app.close();
await database.close();
await fs.rm(dataDir, { recursive: true, force: true });
process.exitCode = ok ? 0 : 1;
