#!/usr/bin/env node
// Lighthouse on the landing page as a phone gets it (npm run bench:lighthouse): starts Nearcast
// on a free port (embedded database in a scratch folder) serving the built web app, runs
// Lighthouse's mobile preset with its default (simulated) throttling in the system Chromium, and
// prints the performance score, FCP, LCP, TBT, CLS and Speed Index. Target: performance >= 95,
// LCP < 2.5 s, on the median of the runs.
//
//   npm run build && npm run bench:lighthouse
//   BENCH_WEB_DIST=/tmp/x-dist   a build elsewhere       BENCH_RUNS=3   how many runs
//   BENCH_CHROMIUM=/usr/bin/chromium                     BENCH_URL=http://…  an already running server
//   BENCH_LHR_DIR=/tmp/lh  keep each run's full report (JSON) there   BENCH_VERBOSE=1  list the opportunities
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from './lib/free-port.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const WEB_DIST = process.env.BENCH_WEB_DIST ?? join(root, 'apps/web/dist');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const TARGET_SCORE = 95;
const TARGET_LCP_MS = 2500;

async function waitUntilUp(url, child, seconds = 180) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error('the server exited before it was up');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not come up in ${seconds} s`);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

let server = null;
let dataDir = null;
let chrome = null;
let exitCode = 0;
try {
  let base = process.env.BENCH_URL;
  if (!base) {
    if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`No web build in ${WEB_DIST}: run npm run build first`);
    const port = await freePort();
    dataDir = mkdtempSync(join(os.tmpdir(), 'nearcast-lighthouse-'));
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base, PAYOUT_DETAILS_KEY: randomBytes(32).toString('base64'), DATA_DIR: dataDir, WEB_DIST, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    server.stderr.on('data', (chunk) => (stderr += chunk));
    server.on('exit', (code, signal) => {
      if (!server.stopping) console.error(`the server exited (${code ?? signal}):\n${stderr.slice(-4000)}`);
    });
    await waitUntilUp(`${base}/healthz`, server);
  }
  const url = `${base}/`;

  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const runs = [];
  for (let run = 1; run <= RUNS; run += 1) {
    // The default configuration is the mobile preset: a mid-range phone on slow 4G, simulated.
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
    const { categories, audits } = result.lhr;
    const row = {
      run,
      score: Math.round((categories.performance.score ?? 0) * 100),
      fcp: audits['first-contentful-paint'].numericValue,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      si: audits['speed-index'].numericValue,
    };
    runs.push(row);
    if (process.env.BENCH_LHR_DIR) writeFileSync(join(process.env.BENCH_LHR_DIR, `lighthouse-${run}.json`), JSON.stringify(result.lhr));
    process.stderr.write(`run ${run}: performance ${row.score}, LCP ${Math.round(row.lcp)} ms\n`);
    if (process.env.BENCH_VERBOSE) {
      for (const audit of Object.values(audits)) {
        if (audit.score !== null && audit.score < 0.9 && audit.details?.type === 'opportunity') {
          console.error(`  ${audit.id}: ${audit.displayValue ?? ''} ${audit.title}`);
        }
      }
    }
  }

  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`\nLighthouse ${url}: mobile preset, simulated throttling (slow 4G, 4x CPU), ${RUNS} runs; target performance >= ${TARGET_SCORE}, LCP < ${s(TARGET_LCP_MS)}\n`);
  console.log('| run | performance | FCP | LCP | TBT | CLS | Speed Index |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of runs) console.log(`| ${r.run} | ${r.score} | ${s(r.fcp)} | ${s(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${s(r.si)} |`);
  const score = median(runs.map((r) => r.score));
  const lcp = median(runs.map((r) => r.lcp));
  const ok = score >= TARGET_SCORE && lcp < TARGET_LCP_MS;
  console.log(`\nMedian: performance ${score}, LCP ${s(lcp)} (${ok ? 'meets' : 'MISSES'} the target).`);
  if (!ok) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await chrome?.kill();
  if (server && server.exitCode === null) {
    server.stopping = true;
    await new Promise((resolve) => {
      server.once('exit', resolve);
      server.kill('SIGTERM');
      setTimeout(() => server.kill('SIGKILL'), 10_000).unref();
    });
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
