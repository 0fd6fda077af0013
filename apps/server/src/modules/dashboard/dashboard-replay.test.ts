import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoVideos } from '../../demo/video-seed.js';
import { backfillDashboard } from '../../scripts/dashboard-backfill.js';
import { demoIds } from '../../test/demo-roles.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { applyHistory, historyCommands, type HistoryCommand } from '../../test/dashboard-history.js';
import { givePlan } from '../../test/plans.js';
import { ROLLUP_EVENTS, ROLLUP_SUBSCRIBER } from './rollup-subscriber.js';

/**
 * The dashboard backfill against the rollups kept live: the demo's history and then random
 * payments (on past days), refunds, reassignments, new accounts, statistics readings and
 * disconnections, each event handed to the rollup subscriber as it happens (as the delivery jobs
 * do); then the rollup tables emptied and the backfill replaying the stored events into them. The
 * two are the same, row for row, in every rollup table.
 */
let t: TestApp;
const ids = new Map<string, number>();
const tokens = new Map<string, string>();

const ROLLUP_TABLES = {
  dashboard_daily: sql`select * from dashboard_daily order by scope_kind, scope_id, day`,
  dashboard_placements: sql`select * from dashboard_placements order by account_id`,
  dashboard_video_plays: sql`select * from dashboard_video_plays order by job_id`,
  dashboard_connections: sql`select * from dashboard_connections order by connection_id`,
  dashboard_connection_counts: sql`select * from dashboard_connection_counts order by scope_kind, scope_id, platform`,
} as const;

const rollups = async () => Object.fromEntries(await Promise.all(Object.entries(ROLLUP_TABLES).map(async ([name, query]) => [name, await t.query(query)])));

/** Hands every event the rollups have not seen to them one by one, as the delivery jobs would. */
async function deliverLive(): Promise<void> {
  const owed = await t.query<{ id: number }>(sql`
    select e.id::int as id from events e
     where e.type in ${sql`(${sql.join(
       ROLLUP_EVENTS.map((type) => sql`${type}`),
       sql`, `,
     )})`}
       and not exists (select 1 from event_deliveries d where d.event_id = e.id and d.subscriber = ${ROLLUP_SUBSCRIBER})
     order by e.id`);
  for (const { id } of owed) expect(await t.app.services.events.deliver({ event_id: id, subscriber: ROLLUP_SUBSCRIBER })).toBe('delivered');
}

/** The rollups as the live subscriber left them, and as the backfill rebuilds them from nothing. */
async function liveAndReplayed() {
  await deliverLive();
  const live = await rollups();
  for (const table of Object.keys(ROLLUP_TABLES)) await t.query(sql`delete from ${sql.identifier(table)}`);
  await t.query(sql`delete from event_deliveries where subscriber = ${ROLLUP_SUBSCRIBER}`);
  const rebuilt = await backfillDashboard(t.app.services);
  const [{ n } = { n: 0 }] = await t.query<{ n: number }>(sql`select count(*)::int as n from events where type in ${sql`(${sql.join(
    ROLLUP_EVENTS.map((type) => sql`${type}`),
    sql`, `,
  )})`}`);
  expect(rebuilt.events).toBe(n);
  return { live, replayed: await rollups() };
}

const command = historyCommands(['pay', 'refund', 'studio', 'operator', 'create', 'read', 'disconnect']);

async function run(c: HistoryCommand): Promise<void> {
  await applyHistory(t, c, { token: (name) => tokens.get(name)!, id: (name) => ids.get(name)! });
  await deliverLive();
}

beforeAll(async () => {
  t = await createTestApp();
  // The demo's history: its accounts' arrivals, and its videos, connections and readings.
  await seedDemoVideos(t.app.services);
  for (const name of ['super', 'studio', 'client', 'newclient']) tokens.set(name, await t.login(`${name}@example.com`));
  // A plan for the unpaid merchant, so checkout lets it renew like the others (no payment moves).
  await givePlan(t, 'newclient@example.com');
  for (const [name, id] of await demoIds(t)) ids.set(name, id);
}, 120_000);
afterAll(() => t?.close());

describe('the dashboard backfill replays the live rollups', () => {
  it('rebuilds the demo history as the live subscriber counts it', async () => {
    const { live, replayed } = await liveAndReplayed();
    expect(live.dashboard_placements.length).toBeGreaterThan(0);
    expect(live.dashboard_video_plays.length).toBeGreaterThan(0);
    expect(live.dashboard_connection_counts.length).toBeGreaterThan(0);
    expect(replayed).toEqual(live);
  }, 120_000);

  it('after random payments, refunds, reassignments, new accounts, readings and disconnections', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 3, maxLength: 8 }), async (commands) => {
        for (const c of commands) await run(c);
        const { live, replayed } = await liveAndReplayed();
        expect(replayed).toEqual(live);
      }),
      { numRuns: 4, seed: 20_261_129 },
    );
  }, 300_000);

  it('does nothing more when every event has been counted', async () => {
    const before = await rollups();
    expect(await backfillDashboard(t.app.services)).toMatchObject({ events: 0 });
    expect(await rollups()).toEqual(before);
  }, 60_000);
});
