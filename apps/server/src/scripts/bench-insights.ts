/**
 * `/v1/creative/insights/get` under load (docs/decisions/084): the whole app in this process on
 * the embedded default (or PostgreSQL with DATABASE_URL, an empty database), the demo accounts,
 * and outcomes at the vision's size (seed-scale-insights.ts): client@ with a year of posts (five a
 * day on three platforms, about 5,500 outcomes) and 5,000 other restaurants' quarters for the
 * category prior (40,000 outcomes). autocannon then asks as bench:api does (10 connections, 5 s
 * a row).
 *
 *   DATABASE_URL=postgres://…/empty npm run bench:insights        # 5 s a row
 *   npm run bench:insights -- 10 1                                # 10 s a row, one connection, embedded
 *
 * Rows: the merchant's own year, its studio reading it, the studio across its merchants, and a
 * merchant with no results answered with its category's prior. Target: p95 under 100 ms. A last
 * row, not held to it, is the merchant's `/v1/account/detail`: the floor of a signed-in request
 * on this machine at that moment.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MemoryMailer } from '../adapters/mail/index.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, selectRows } from '../db/client.js';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed.js';
import { seedScaleInsights } from './seed-scale-insights.js';

interface Run {
  requests: { average: number; total: number };
  latency: Record<string, number>;
  non2xx: number;
  errors: number;
}
type Autocannon = (options: object) => Promise<Run>;
const autocannon = ((await import('autocannon' as string)) as { default: Autocannon }).default;
const require = createRequire(import.meta.url);
const { percentiles } = require('hdr-histogram-percentiles-obj') as { percentiles: number[] };
if (!percentiles.includes(95)) percentiles.splice(percentiles.indexOf(97.5), 0, 95);

const BUDGET_P95_MS = 100;
const SECONDS = Number(process.argv[2] ?? 5);
const CONNECTIONS = Number(process.argv[3] ?? 10);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-bench-insights-'));
const config = loadConfig(undefined, { DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent' });
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : path.join(dataDir, 'db'), poolSize: config.DATABASE_POOL_SIZE });
await database.migrate();
const app = await buildApp({ config, database, mailer: new MemoryMailer() });
await seedDemo(database.db, (password) => app.services.accounts.hash(password));
const address = await app.listen({ port: 0, host: '127.0.0.1' });

async function post<T>(urlPath: string, body: object, token?: string): Promise<{ code: string; msg: string; data: T }> {
  const response = await fetch(`${address}/api${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: string; msg: string; data: T };
}
const login = async (email: string) => (await post<{ token: string }>('/v1/account/login', { email, password: DEMO_PASSWORD })).data.token;
const tokens = { super: await login('super@example.com'), studio: await login('studio@example.com'), client: await login('client@example.com') };
const idOf = async (email: string) => (await selectRows<{ id: number }>(database.db, sql`select id from accounts where email = ${email}`))[0]!.id;
const client = await idOf('client@example.com');
const fresh = await idOf('newclient@example.com');
for (const merchant of [client, fresh]) {
  const saved = await post('/v1/creative/brief/update', { merchant_id: merchant, category: 'restaurant' }, tokens.super);
  if (saved.code !== '200') throw new Error(`brief: ${saved.msg}`);
}
const started = Date.now();
const seeded = await seedScaleInsights(database.db, { merchantId: client, poolMerchantIds: Array.from({ length: 5_000 }, (_, i) => 10_000_000 + i) });
console.log(`outcomes seeded in ${Date.now() - started} ms: ${JSON.stringify(seeded)} (${database.kind})`);

const INSIGHTS = '/v1/creative/insights/get';
const cases: [keyof typeof tokens, object, string][] = [
  ['client', { range: '365d' }, INSIGHTS],
  ['studio', { merchant_id: client, range: '365d' }, INSIGHTS],
  ['studio', { range: '90d' }, INSIGHTS],
  ['super', { merchant_id: fresh, range: '365d' }, INSIGHTS],
  // Not held to the budget: the floor of any signed-in request under the same load (session,
  // envelope, one small read), so a slow row can be told from a slow machine.
  ['client', {}, '/v1/account/detail'],
];
let ok = true;
console.log(`\n| caller | body | source | req/s | p50 ms | p95 ms | p99 ms | errors | within ${BUDGET_P95_MS} ms |\n|---|---|---|---:|---:|---:|---:|---:|---|`);
for (const [role, body, endpoint] of cases) {
  const check = await post<{ source?: string; totals?: { videos: number } }>(endpoint, body, tokens[role]);
  if (check.code !== '200') throw new Error(`${role} ${JSON.stringify(body)}: ${check.code} ${check.msg}`);
  const result = await autocannon({
    url: `${address}/api${endpoint}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[role]}` },
    body: JSON.stringify(body),
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const errors = result.errors + result.non2xx;
  // A row whose requests never finished within its seconds measured nothing: not within budget.
  const within = result.requests.total > 0 && result.latency.p95! < BUDGET_P95_MS && errors === 0;
  if (endpoint === INSIGHTS) ok &&= within;
  const source = endpoint === INSIGHTS ? `${check.data.source} (${check.data.totals?.videos} videos)` : `floor: \`${endpoint}\``;
  console.log(
    `| ${role} | \`${JSON.stringify(body)}\` | ${source} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p95} | ${result.latency.p99} | ${errors} | ${endpoint !== INSIGHTS ? '–' : within ? 'yes' : 'NO'} |`,
  );
}
await app.close();
await database.close();
await fs.rm(dataDir, { recursive: true, force: true });
process.exitCode = ok ? 0 : 1;
