import { ACCOUNT_TYPE } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase, selectRows, type Database } from '../db/client.js';
import { migratedTemplateDatabase } from '../test/database-templates.js';
import { createFreshDatabase } from '../test/fresh-postgres.js';
import { testDatabaseUrl } from '../test/harness.js';
import { scaleSizes, seedScale } from './seed-scale-run.js';

/**
 * seed:scale end to end at 1/100 of the vision's sizes, on a fresh PostgreSQL database with the
 * server's default settings (CI's PostgreSQL pass, TEST_DATABASE_URL): the seed is bulk SQL
 * that only this run reaches, and at full size it takes twenty minutes, so a change that
 * breaks it (a trigger that cannot take a bulk write, a new NOT NULL column) shows here rather
 * than on the next benchmark day. The parts' rows are checked in seed-scale-finance.test.ts and
 * seed-scale-video.test.ts; here, that the whole runs and what it says it made is there.
 */
const FRACTION = 0.01;
let fresh: { url: string; drop: () => Promise<void> } | undefined;
let database: Database | undefined;
const logs: string[] = [];

const rows = <T>(statement: ReturnType<typeof sql>) => selectRows<T>(database!.db, statement);

describe.skipIf(!testDatabaseUrl)('seed:scale at 1/100 of the vision on PostgreSQL', () => {
  beforeAll(async () => {
    fresh = await createFreshDatabase(testDatabaseUrl!, 'nc_seed_scale', await migratedTemplateDatabase(testDatabaseUrl!, { areas: true }));
    database = await openDatabase({ url: fresh.url, poolSize: 3 });
    const config = loadConfig({ NODE_ENV: 'test' }, { LOG_LEVEL: 'warn', SCRYPT_LOG_N: 10, WEB_DIST: '/nonexistent', DATABASE_URL: fresh.url });
    await seedScale(database, config, { fraction: FRACTION, log: (message) => logs.push(message) });
  }, 240_000);
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
  });

  it('seeds a hundredth of the people, in the same proportions', async () => {
    const sizes = scaleSizes(FRACTION);
    expect(sizes).toEqual({ agents: 10, mainAgents: 8, studios: 100, clients: 1000, operators: 20 });
    const counted = await rows<{ account_type: number; n: number; subs: number }>(sql`
      select account_type, count(*)::int as n, count(*) filter (where agent_type = 'sub')::int as subs
        from accounts where email like 'scale-%' group by 1 order by 1`);
    expect(counted).toEqual([
      { account_type: ACCOUNT_TYPE.client, n: sizes.clients, subs: 0 },
      { account_type: ACCOUNT_TYPE.studio, n: sizes.studios, subs: 0 },
      { account_type: ACCOUNT_TYPE.partner, n: sizes.agents, subs: sizes.agents - sizes.mainAgents },
      { account_type: ACCOUNT_TYPE.operator, n: sizes.operators, subs: 0 },
      { account_type: ACCOUNT_TYPE.super, n: 1, subs: 0 },
    ]);
    expect(logs.find((line) => line.startsWith('Seeded in'))).toContain(`"${ACCOUNT_TYPE.client}":${sizes.clients}`);
  });

  it('seeds a year of payments whose postings balance and whose balances are their entries', async () => {
    const [money] = await rows<{ payments: number; entries: number; unbalanced: number; wrong_balances: number }>(sql`
      select (select count(*)::int from payments where provider_ref like 'scale-%') as payments,
             (select count(*)::int from ledger_entries) as entries,
             (select count(*)::int from (select transaction_id from ledger_entries group by 1 having sum(amount_cents) <> 0) t) as unbalanced,
             (select count(*)::int from ledger_balances b
               where b.balance_cents <> coalesce((select sum(e.amount_cents) from ledger_entries e where e.ledger_account_id = b.ledger_account_id), 0)) as wrong_balances`);
    // Each paying merchant and studio pays monthly from when it joined, up to twelve times.
    expect(money!.payments).toBeGreaterThan(5_000);
    expect(money!.entries).toBeGreaterThan(money!.payments * 3);
    expect(money).toMatchObject({ unbalanced: 0, wrong_balances: 0 });
  });

  it('seeds videos and their readings, with day totals equal to a recount of the readings', async () => {
    const [video] = await rows<{ posts: number; snapshots: number; merchants: number }>(sql`
      select (select count(*)::int from video_posts) as posts, (select count(*)::int from video_metric_snapshots) as snapshots,
             (select count(distinct merchant_id)::int from video_metric_snapshots) as merchants`);
    // Every fourth paying merchant publishes four videos.
    expect(video!.merchants).toBeGreaterThan(150);
    expect(video!.posts).toBe(video!.merchants * 4);
    expect(video!.snapshots).toBeGreaterThan(video!.posts * 2 * 2);
    const kept = await rows(sql`select * from video_metric_days order by merchant_id, platform, day`);
    await database!.db.execute(sql`select video_metric_days_rebuild()`);
    expect(await rows(sql`select * from video_metric_days order by merchant_id, platform, day`)).toEqual(kept);
    expect(kept.length).toBeGreaterThan(video!.merchants);
  });

  it('replays the history into the dashboards and says what it made', async () => {
    const [rollups] = await rows<{ days: number; plays: number; latest: number }>(sql`
      select count(*)::int as days, coalesce(sum(plays), 0)::int as plays,
             (select coalesce(sum(plays), 0)::int from video_publish_jobs) as latest
        from dashboard_daily where scope_kind = 'platform'`);
    expect(rollups!.days).toBeGreaterThan(300);
    expect(rollups!.plays).toBe(rollups!.latest);
    expect(logs.some((line) => line.startsWith('Videos seeded in'))).toBe(true);
    expect(logs.some((line) => line.startsWith('Dashboard rollups:'))).toBe(true);
    expect(logs.at(-1)).toMatch(/^Vacuumed and analysed in/);
  });
});
