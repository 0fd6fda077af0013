import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { addToDays, type DayDelta, type DayRow } from './repository.js';

/**
 * The rollups' day rows as a replay writes them: the deltas of hundreds of events at once, more
 * than one statement's parameters hold, deltas to one scope's day summed, none lost.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
}, 60_000);
afterAll(() => t?.close());

describe('adding to the rollups’ days', () => {
  it('writes more days than one statement holds, each once, with the deltas to one day summed', async () => {
    const every: DayDelta = {
      payments: 1, grossCents: 1, refundsCents: 1, firstPayments: 1, renewals: 1, newClients: 1, clientsDelta: 1,
      newStudios: 1, studiosDelta: 1, videosPublished: 1, plays: 1, commissionCents: 1, profitCents: 1,
    };
    // 16 parameters a row: 6,000 rows are more than the protocol's 65,535 parameters.
    const rows: DayRow[] = Array.from({ length: 6_000 }, (_, i) => ({ scope: { kind: 'client', id: i + 1 }, day: '2026-11-01', delta: every }));
    await addToDays(t.database.db, [...rows, { scope: { kind: 'client', id: 1 }, day: '2026-11-01', delta: { plays: 5, clientsDelta: -1 } }]);
    const [sums] = await t.query<Record<string, number>>(sql`
      select count(*)::int as days, sum(payments)::int as payments, sum(profit_cents)::int as profit, sum(plays)::int as plays, sum(clients_delta)::int as clients
        from dashboard_daily where scope_kind = 'client'`);
    expect(sums).toEqual({ days: 6_000, payments: 6_000, profit: 6_000, plays: 6_005, clients: 5_999 });
    // A second time adds to the same rows.
    await addToDays(t.database.db, rows.slice(0, 10));
    const [first] = await t.query<{ payments: number; plays: number }>(sql`select payments, plays::int as plays from dashboard_daily where scope_kind = 'client' and scope_id = 1`);
    expect(first).toEqual({ payments: 2, plays: 7 });
  });

  it('keeps a day its deltas touched even when they cancel out, and writes nothing for no delta', async () => {
    await addToDays(t.database.db, [
      { scope: { kind: 'studio', id: 1 }, day: '2026-11-02', delta: { studiosDelta: 1 } },
      { scope: { kind: 'studio', id: 1 }, day: '2026-11-02', delta: { studiosDelta: -1 } },
      { scope: { kind: 'studio', id: 2 }, day: '2026-11-02', delta: {} },
    ]);
    expect(await t.query(sql`select scope_id, studios_delta from dashboard_daily where scope_kind = 'studio'`)).toEqual([{ scope_id: 1, studios_delta: 0 }]);
  });
});
