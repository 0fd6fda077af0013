import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { topStudios } from './repository.js';

/**
 * The top studios of a period: a refund of an earlier payment can leave a studio's net for the
 * period negative; the ranking orders by what studios took in and never ranks by, or shows as
 * the figure, a negative revenue.
 */
let t: TestApp;
const MAIN_AGENT = 900_001;
const [SELLER, REFUNDER, QUIET] = [900_011, 900_012, 900_013];

beforeAll(async () => {
  t = await createTestApp();
  for (const id of [SELLER, REFUNDER, QUIET]) {
    await t.query(sql`insert into dashboard_placements (account_id, kind, agent_id, main_agent_id) values (${id}, 'studio', ${MAIN_AGENT}, ${MAIN_AGENT})`);
  }
  // The seller took $500 and refunded $20; the refunder took nothing this period and refunded $999.
  await t.query(sql`insert into dashboard_daily (scope_kind, scope_id, day, payments, gross_cents, refunds_cents) values
    ('studio', ${SELLER}, '2026-11-10', 1, 50000, 0),
    ('studio', ${SELLER}, '2026-11-12', 0, 0, 2000),
    ('studio', ${REFUNDER}, '2026-11-11', 0, 0, 99900)`);
}, 120_000);
afterAll(() => t?.close());

describe('top studios', () => {
  it('rank by what studios took in, with net and refunds apart', async () => {
    const top = await topStudios(t.database.db, { kind: 'main_agent', id: MAIN_AGENT }, '2026-11-01', '2026-11-30', 10);
    expect(top.map((row) => row.id)).toEqual([SELLER, REFUNDER, QUIET]);
    expect(top[0]).toMatchObject({ gross_cents: 50000, refunds_cents: 2000, revenue_cents: 48000 });
    // The refunder stands on what it took in ($0), its negative net shown apart, not as its figure.
    expect(top[1]).toMatchObject({ gross_cents: 0, refunds_cents: 99900, revenue_cents: -99900 });
    expect(top[2]).toMatchObject({ gross_cents: 0, refunds_cents: 0, revenue_cents: 0 });
    for (const row of top) expect(row.gross_cents).toBeGreaterThanOrEqual(0);
  });
});
