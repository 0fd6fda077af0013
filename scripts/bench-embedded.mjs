#!/usr/bin/env node
// What a new user's `npm start` feels like under load (npm run bench:embedded). Starts Nearcast as
// `npm start` does, on a fresh embedded (PGlite) data directory with the demo, and runs a mixed
// load: 20 connections cycling through the reads the demo roles' pages make (dashboards, lists,
// video statistics, finance, notifications), every request signed in as its role. Then the same on
// a fresh PostgreSQL database, for requests/s side by side. Budget on PGlite: p95 under 250 ms and
// no failed request.
//
//   npm run bench:embedded
//   BENCH_SECONDS=60 BENCH_CONNECTIONS=20
//   BENCH_ENGINES=pglite            only one engine (pglite, postgres or both, comma-separated)
//   BENCH_PG_URL=postgres://user@host:5432  base URL of the server to create the database on
//   BENCH_PROFILE=/tmp/prof          also write CPU profiles of each Nearcast (node --cpu-prof) in /tmp/prof/<engine>
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createRequire } from 'node:module';
import { cpuSeconds, median, signIn, start, stop, waitUntilUp } from './lib/bench-servers.mjs';
import { freePort } from './lib/free-port.mjs';

const require = createRequire(import.meta.url);
// autocannon reports p90, p97.5 and p99; the budget is on p95 (see bench-api.mjs).
const { percentiles } = require('hdr-histogram-percentiles-obj');
if (!percentiles.includes(95)) percentiles.splice(percentiles.indexOf(97.5), 0, 95);

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((name) => name.trim());
const PG_URL = (process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432').replace(/\/+$/, '');
const PROFILE_DIR = process.env.BENCH_PROFILE;
const BUDGET_P95_MS = 250;
/** Requests each case is timed alone with, one after the other, to name the slow ones. */
const ALONE_SAMPLES = 15;

const ACCOUNTS = {
  super: 'super@example.com',
  admin: 'admin@example.com',
  agent: 'agent@example.com',
  subagent: 'subagent@example.com',
  operator: 'operator@example.com',
  studio: 'studio@example.com',
  client: 'client@example.com',
};

/** The reads behind each demo role's pages, as the web app sends them. */
const CASES = [
  ['super', '/v1/dashboard/total', { range: '30d' }],
  ['super', '/v1/dashboard/activity', {}],
  ['super', '/v1/dashboard/studio', { range: '30d' }],
  ['super', '/v1/account/list', {}],
  ['super', '/v1/client/list', {}],
  ['super', '/v1/finance/records', {}],
  ['super', '/v1/video/list', {}],
  ['admin', '/v1/dashboard/pay', { range: '90d' }],
  ['admin', '/v1/studio/list', {}],
  ['admin', '/v1/settlement/list', {}],
  ['agent', '/v1/dashboard/total', { range: '30d' }],
  ['agent', '/v1/studio/list', {}],
  ['agent', '/v1/finance/balance', {}],
  ['agent', '/v1/notification/list', { tab: 'official' }],
  ['subagent', '/v1/dashboard/total', { range: '30d' }],
  ['subagent', '/v1/client/list', {}],
  ['operator', '/v1/dashboard/client', { range: '30d' }],
  ['operator', '/v1/client/list', {}],
  ['studio', '/v1/dashboard/total', { range: '30d' }],
  ['studio', '/v1/client/list', {}],
  ['studio', '/v1/video/list', {}],
  ['studio', '/v1/video/stats', { range: '30d' }],
  ['studio', '/v1/finance/records', {}],
  ['studio', '/v1/notification/unread', {}],
  ['client', '/v1/account/detail', {}],
  ['client', '/v1/dashboard/total', { range: '30d' }],
  ['client', '/v1/video/mine', { range: '30d' }],
  ['client', '/v1/video/stats', { range: '7d' }],
  ['client', '/v1/finance/records', {}],
  ['client', '/v1/notification/list', { tab: 'interactive' }],
];

async function call(base, token, path, body) {
  const started = performance.now();
  const answer = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  }).then((response) => response.json());
  return { code: answer.code, msg: answer.msg, ms: performance.now() - started };
}

async function startNearcast(engine, scratch) {
  const port = await freePort();
  const env = {
    NODE_ENV: 'production',
    SEED_DEMO: '1',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PAYOUT_DETAILS_KEY: randomBytes(32).toString('base64'),
    DATA_DIR: join(scratch, 'data'),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  };
  if (engine === 'postgres') env.DATABASE_URL = `${PG_URL}/${databaseName()}`;
  else env.DATABASE_URL = '';
  // One folder per engine: tsx's loader thread writes a profile of its own beside the main
  // thread's (the larger file), and a fixed name would let the two overwrite each other.
  const profile = PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', join(PROFILE_DIR, engine)] : [];
  const child = start(`Nearcast on ${engine}`, [...profile, '--import', 'tsx', 'apps/server/src/server.ts'], env, join(scratch, 'nearcast.log'));
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}/healthz`, child, 300);
  return { child, base };
}

const databaseName = () => `nearcast_bench_embedded_${process.pid}`;

async function measure(engine) {
  const scratch = mkdtempSync(join(os.tmpdir(), `nearcast-bench-${engine}-`));
  if (engine === 'postgres') execFileSync('createdb', ['--maintenance-db', `${PG_URL}/postgres`, databaseName()], { stdio: 'inherit' });
  try {
    const started = performance.now();
    const { child, base } = await startNearcast(engine, scratch);
    const startSeconds = (performance.now() - started) / 1000;
    const tokens = {};
    for (const [role, email] of Object.entries(ACCOUNTS)) tokens[role] = (await signIn(base, email)).token;

    // Every case answers for its role before anything is measured; then each is timed alone.
    const alone = [];
    for (const [role, path, body] of CASES) {
      const first = await call(base, tokens[role], path, body);
      if (first.code !== '200') throw new Error(`${engine}: ${role} ${path} answered ${first.code} ${first.msg}`);
      const samples = [];
      for (let i = 0; i < ALONE_SAMPLES; i += 1) samples.push((await call(base, tokens[role], path, body)).ms);
      alone.push({ role, path, body, ms: median(samples) });
    }

    const cpuBefore = cpuSeconds(child.pid);
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: CASES.map(([role, path, body]) => ({
        method: 'POST',
        path: `/api${path}`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[role]}` },
        body: JSON.stringify(body),
      })),
    });
    const cpuAfter = cpuSeconds(child.pid);
    await stop(child);
    return {
      engine,
      startSeconds,
      rps: result.requests.average,
      total: result.requests.total,
      p50: result.latency.p50,
      p95: result.latency.p95,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx + result.timeouts,
      cpuUs: cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total,
      alone,
    };
  } finally {
    if (engine === 'postgres') execFileSync('dropdb', ['--maintenance-db', `${PG_URL}/postgres`, '--if-exists', databaseName()], { stdio: 'inherit' });
    rmSync(scratch, { recursive: true, force: true });
  }
}

let exitCode = 0;
try {
  const results = [];
  for (const engine of ENGINES) {
    process.stderr.write(`${engine}: starting a fresh Nearcast with the demo…\n`);
    results.push(await measure(engine));
  }

  console.log(`\nEmbedded benchmark: ${CASES.length} reads of ${Object.keys(ACCOUNTS).length} demo roles, ${CONNECTIONS} connections, ${SECONDS} s; budget on PGlite p95 < ${BUDGET_P95_MS} ms, 0 errors\n`);
  console.log('| engine | start s | req/s | p50 ms | p95 ms | p99 ms | errors | CPU µs/req | within budget |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    const ok = r.p95 < BUDGET_P95_MS && r.errors === 0;
    if (r.engine === 'pglite' && !ok) exitCode = 1;
    const budget = r.engine === 'pglite' ? (ok ? 'yes' : 'NO') : '-';
    console.log(`| ${r.engine} | ${r.startSeconds.toFixed(1)} | ${Math.round(r.rps)} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} | ${r.cpuUs === null ? '-' : Math.round(r.cpuUs)} | ${budget} |`);
  }

  console.log(`\nEach read alone (median of ${ALONE_SAMPLES}, ms), slowest first:\n`);
  console.log(`| caller | endpoint | body | ${results.map((r) => r.engine).join(' | ')} |`);
  console.log(`|---|---|---|${results.map(() => '---:').join('|')}|`);
  const order = [...results[0].alone.keys()].sort((a, b) => results[0].alone[b].ms - results[0].alone[a].ms);
  for (const i of order) {
    const { role, path, body } = results[0].alone[i];
    console.log(`| ${role} | ${path} | \`${JSON.stringify(body)}\` | ${results.map((r) => r.alone[i].ms.toFixed(1)).join(' | ')} |`);
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await stop();
}
process.exit(exitCode);
