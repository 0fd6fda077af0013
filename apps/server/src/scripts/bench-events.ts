/**
 * How long the effects of an event take, from the commit of its cause to each effect: the
 * notification center's notice, the dashboard's rollups, and the mail handed to the mailer.
 * Runs the whole platform in this process on the embedded default (or on PostgreSQL with
 * DATABASE_URL), loads the demo — whose service calls (its payments, settlements) leave a
 * backlog of undelivered events at the start; its history only the rollups replay — and then,
 * under a mixed load of dashboard and list requests and statistics collector runs (each a batch
 * of `video.plays` events), records N events of the real kinds through the real endpoints:
 * merchants paying their plans and staff assigning operators.
 *
 *   npm run bench:events                        # PGlite, N=60
 *   DATABASE_URL=postgres://…/bench npm run bench:events
 *   npm run bench:events -- 120                # N=120
 *
 * Target: p95 under 2 s and max under 10 s to every effect; mail within 10 s.
 * The delay is measured from the event's `recorded_at` (its transaction's start, so a little
 * longer than from its commit) to the delivery's `delivered_at` and the mail's `sent_at`.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { MemoryMailer } from '../adapters/mail/index.js';
import { loadConfig } from '../config.js';
import { openDatabase, selectRows } from '../db/client.js';
import { seedDemoNetwork } from '../demo/network.js';
import { seedDemo, DEMO_PASSWORD } from '../demo/seed.js';
import { seedDemoVideos } from '../demo/video-seed.js';
import { startJobs } from '../composition/jobs.js';
import { backfillDashboard } from './dashboard-backfill.js';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-bench-events-'));
const config = loadConfig(undefined, { DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_LOGIN_PER_MINUTE: 100_000 });
const count = Number(process.argv[2] ?? 60);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : path.join(dataDir, 'db'), poolSize: config.DATABASE_POOL_SIZE });
await database.migrate();
if (config.DATABASE_URL) {
  const [{ n } = { n: 0 }] = await selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from accounts`);
  if (n > 0) throw new Error('DATABASE_URL must name an empty database: the benchmark loads the demo into it');
}
const mailer = new MemoryMailer();
const app = await buildApp({ config, database, mailer });
const services = app.services;
const started = Date.now();
await seedDemo(database.db, (password) => services.accounts.hash(password));
await seedDemoNetwork(services);
await seedDemoVideos(services);
await backfillDashboard(services);
console.log(`demo loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const [{ backlog } = { backlog: 0 }] = await selectRows<{ backlog: number }>(database.db, sql`select count(*)::int as backlog from events where dispatched_at is null`);
const [{ baseline } = { baseline: 0 }] = await selectRows<{ baseline: number }>(database.db, sql`select coalesce(max(id), 0)::int as baseline from events`);
await startJobs(services, app.log);

async function call<T>(url: string, body: object, token?: string): Promise<{ code: string; msg: string; data: T }> {
  const response = await app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(body),
  });
  return response.json();
}
const login = async (email: string) => {
  const answer = await call<{ token: string }>('/v1/account/login', { email, password: DEMO_PASSWORD });
  if (answer.code !== '200') throw new Error(`cannot sign in as ${email}: ${answer.msg}`);
  return answer.data.token;
};

const admin = await login('admin@example.com');
const studio = await login('studio@example.com');
const merchants = await selectRows<{ id: number; email: string }>(database.db, sql`select id, email from accounts where account_type = 0 and pay_status = 1 order by id limit 40`);
const operators = await selectRows<{ id: number }>(database.db, sql`select id from accounts where account_type = 3 order by id`);
const [pkg] = await selectRows<{ id: number }>(database.db, sql`select id from packages where type = 'business' and status = 'enabled' order by id limit 1`);
const tokens = new Map<number, string>();
for (const merchant of merchants) tokens.set(merchant.id, await login(merchant.email));

// ---- the mixed load: requests and statistics readings, until the events are recorded ----------
let loading = true;
let requests = 0;
let collections = 0;
const requestLoad = async () => {
  const reads: [string, object, string][] = [
    ['/v1/dashboard/total', { range: '30d' }, admin],
    ['/v1/dashboard/studio', { range: '30d' }, admin],
    ['/v1/client/list', {}, admin],
    ['/v1/video/list', {}, studio],
    ['/v1/dashboard/activity', { limit: 20 }, studio],
  ];
  while (loading) {
    const [url, body, token] = reads[requests % reads.length]!;
    await call(url, body, token);
    requests += 1;
  }
};
const collectorLoad = async () => {
  while (loading) {
    // A reading is due per video every so often: make every one due, as a busy hour would.
    await database.db.execute(sql`update video_publish_jobs set last_metrics_at = last_metrics_at - interval '1 day' where last_metrics_at is not null`);
    await services.videoMetrics.collect();
    collections += 1;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
};
const load = [requestLoad(), requestLoad(), collectorLoad()];

// ---- the events: a payment or an assignment every 250 ms --------------------------------------
for (let i = 0; i < count; i += 1) {
  const merchant = merchants[i % merchants.length]!;
  if (i % 2 === 0) {
    const checkout = await call<{ session_id: string }>('/v1/payment/stripe', { package_id: pkg!.id }, tokens.get(merchant.id));
    if (checkout.code === '200') {
      await app.inject({ method: 'POST', url: `/sandbox/checkout/${checkout.data.session_id}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      await call('/v1/payment/stripe/callback', { session_id: checkout.data.session_id }, tokens.get(merchant.id));
    }
  } else {
    const operator = operators[i % operators.length]!;
    await call('/v1/client/operator', { client_id: merchant.id, operator_id: operator.id }, admin);
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}

// ---- wait for every effect, then read the delays ------------------------------------------------
const owed = async () =>
  (
    await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from events e where e.id > ${baseline} and e.type in ('payment.completed', 'client.assigned')
            and not exists (select 1 from event_deliveries d where d.event_id = e.id and d.subscriber = 'dashboard.rollups')`,
    )
  )[0]!.n;
const waitStarted = Date.now();
while ((await owed()) > 0 && Date.now() - waitStarted < 120_000) await new Promise((resolve) => setTimeout(resolve, 200));
await services.notificationDelivery.sendPending().catch(() => 0);
loading = false;
await Promise.all(load);

const delays = async (query: ReturnType<typeof sql>) => (await selectRows<{ ms: number }>(database.db, query)).map((row) => Number(row.ms)).sort((a, b) => a - b);
const toEffect = (subscriber: string) =>
  delays(sql`select extract(epoch from d.delivered_at - e.recorded_at) * 1000 as ms from events e join event_deliveries d on d.event_id = e.id
              where e.id > ${baseline} and e.type in ('payment.completed', 'client.assigned') and d.subscriber = ${subscriber}`);
const rows: [string, number[]][] = [
  ['notification', await toEffect('notification.center')],
  ['rollups', await toEffect('dashboard.rollups')],
  [
    'mail handed over',
    await delays(sql`select extract(epoch from nd.sent_at - e.recorded_at) * 1000 as ms from events e join notifications n on n.event_id = e.id
                      join notification_deliveries nd on nd.notification_id = n.id
                     where e.id > ${baseline} and nd.channel = 'email' and nd.sent_at is not null`),
  ],
];
const pct = (values: number[], p: number) => values[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ?? NaN;
const [{ recorded } = { recorded: 0 }] = await selectRows<{ recorded: number }>(database.db, sql`select count(*)::int as recorded from events where id > ${baseline}`);
console.log(
  `\n${config.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${count} events of the real kinds recorded over ${((count * 250) / 1000).toFixed(0)} s;` +
    ` ${backlog} demo events undelivered at the start; ${recorded} events recorded in all during the run (statistics readings included);` +
    ` ${requests} requests and ${collections} collector runs alongside\n`,
);
console.log('effect             n      p50 ms   p95 ms   max ms   target');
let met = true;
for (const [name, values] of rows) {
  const target = name.startsWith('mail') ? 'max < 10 s' : 'p95 < 2 s, max < 10 s';
  const ok = values.length > 0 && (name.startsWith('mail') ? pct(values, 100) < 10_000 : pct(values, 95) < 2_000 && pct(values, 100) < 10_000);
  met &&= ok;
  console.log(
    `${name.padEnd(18)} ${String(values.length).padStart(4)} ${pct(values, 50).toFixed(0).padStart(8)} ${pct(values, 95).toFixed(0).padStart(8)} ${pct(values, 100).toFixed(0).padStart(8)}   ${target} ${ok ? 'met' : 'MISSED'}`,
  );
}
await app.close();
await database.close();
await fs.rm(dataDir, { recursive: true, force: true });
process.exit(met ? 0 : 1);
