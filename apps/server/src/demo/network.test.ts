import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillDashboard } from '../scripts/dashboard-backfill.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { seedDemoNetwork, type NetworkSummary } from './network.js';

let t: TestApp;
let summary: NetworkSummary;

beforeAll(async () => {
  t = await createTestApp({ areas: true });
  summary = await seedDemoNetwork(t.app.services);
}, 240_000);
afterAll(() => t.close());

const count = async (statement: ReturnType<typeof sql>) => Number((await t.query<{ n: number }>(statement))[0]!.n);

describe('the demo network', () => {
  it('is a small business around the nine demo accounts, which keep their roles', async () => {
    const roles = await t.query<{ email: string; account_type: number; agent_type: string | null }>(sql`
      select email, account_type, agent_type from accounts where email in
        ('super@example.com','admin@example.com','agent@example.com','subagent@example.com','studio@example.com',
         'operator@example.com','client@example.com','newclient@example.com','newstudio@example.com') order by email`);
    expect(roles.map((row) => [row.email.replace('@example.com', ''), row.account_type, row.agent_type])).toEqual([
      ['admin', 10, null], ['agent', 2, 'main'], ['client', 0, null], ['newclient', 0, null], ['newstudio', 1, null],
      ['operator', 3, null], ['studio', 1, null], ['subagent', 2, 'sub'], ['super', 11, null],
    ]);
    expect(await count(sql`select count(*)::int as n from accounts where account_type = 2 and agent_type = 'main'`)).toBe(2);
    expect(await count(sql`select count(*)::int as n from accounts where account_type = 2 and agent_type = 'sub'`)).toBe(1);
    // Six paying studios (newstudio@ stays unpaid), in five cities.
    expect(await count(sql`select count(*)::int as n from accounts where account_type = 1 and order_count > 0`)).toBe(6);
    expect(await count(sql`select count(distinct city)::int as n from accounts where account_type = 1 and order_count > 0`)).toBe(5);
    const merchants = await count(sql`select count(*)::int as n from accounts where account_type = 0 and studio_id is not null`);
    expect(merchants).toBeGreaterThanOrEqual(38);
    expect(merchants).toBeLessThanOrEqual(42);
    // newclient@ and newstudio@ are untouched: journeys and the README rely on them unpaid.
    expect(await t.query(sql`select pay_status, order_count from accounts where email in ('newclient@example.com','newstudio@example.com')`)).toEqual([
      { pay_status: 0, order_count: 0 },
      { pay_status: 0, order_count: 0 },
    ]);
  });

  it('posted 90 days of payments through fulfilment, so the ledger is real and balanced', async () => {
    const span = await t.query<{ oldest: Date; newest: Date; n: number }>(sql`select min(created_at) as oldest, max(created_at) as newest, count(*)::int as n from payments`);
    expect(span[0]!.n).toBe(summary.payments);
    expect(Date.now() - new Date(span[0]!.oldest).getTime()).toBeGreaterThan(85 * 86_400_000);
    // Every plan payment has its commissions, and every ledger transaction sums to zero.
    expect(await count(sql`select count(*)::int as n from payments p where not exists (select 1 from commissions c where c.payment_id = p.id)`)).toBe(0);
    expect(await t.app.services.ledger.audit()).toMatchObject({ unbalancedTransactions: 0, driftedBalances: 0 });
    expect(await count(sql`select count(*)::int as n from refunds where status = 'completed'`)).toBe(1);
    // Earnings past the holding period are available; the latest two weeks' still pending.
    const statuses = (await t.query<{ status: string }>(sql`select distinct status from commissions`)).map((row) => row.status).sort();
    expect(statuses).toEqual(expect.arrayContaining(['available', 'pending']));
    // The client's plan reads as its payments left it: paid, with a month from its last payment.
    const [carmen] = await t.query<{ pay_status: number; order_count: number }>(sql`select pay_status, order_count from accounts where email = 'client@example.com'`);
    expect(carmen).toMatchObject({ pay_status: 1, order_count: 3 });
  });

  it('has settlements and payout verifications in every state', async () => {
    const settlements = (await t.query<{ status: string }>(sql`select distinct status from settlements`)).map((row) => row.status).sort();
    expect(settlements).toEqual(['cancelled', 'failed', 'paid', 'pending']);
    const verifications = (await t.query<{ status: string }>(sql`select distinct status from payout_verifications`)).map((row) => row.status).sort();
    expect(verifications).toEqual(['approved', 'pending', 'rejected']);
    expect(await count(sql`select count(*)::int as n from business_corrections`)).toBe(2);
    // No available balance below zero: the refund came before anything was paid out of it.
    expect(await t.app.services.ledger.audit()).toMatchObject({ unbalancedTransactions: 0 });
  });

  it('writes its people’s arrivals as history, each on the day its account was made, before any of their payments', async () => {
    const arrivals = await t.query<{ email: string; n: number; at: Date | null; created_at: Date; before_payments: boolean }>(sql`
      select a.email, count(e.id)::int as n, min(e.created_at) as at, a.created_at,
             coalesce(min(e.id) < (select min(p.id) from events p where p.type = 'payment.completed' and p.account_id = a.id), true) as before_payments
        from accounts a left join events e on e.type = 'account.created' and e.account_id = a.id
       group by a.id order by a.id`);
    expect(arrivals.length).toBeGreaterThan(40);
    for (const row of arrivals) {
      expect(row.n, row.email).toBe(1);
      expect(new Date(row.at!).getTime(), row.email).toBe(new Date(row.created_at).getTime());
      expect(row.before_payments, row.email).toBe(true);
    }
  });

  it('is what the dashboards count once their subscriber has replayed it', async () => {
    await backfillDashboard(t.app.services);
    const [platform] = await t.query<{ payments: number; gross: number; clients: number; studios: number; refunds: number }>(sql`
      select sum(payments)::int as payments, sum(gross_cents)::int as gross, sum(clients_delta)::int as clients, sum(studios_delta)::int as studios,
             sum(refunds_cents)::int as refunds
        from dashboard_daily where scope_kind = 'platform'`);
    const [counted] = await t.query<{ payments: number; gross: number; clients: number; studios: number; refunds: number }>(sql`
      select (select count(*)::int from payments) as payments, (select sum(amount_cents)::int from payments) as gross,
             (select count(*)::int from accounts where account_type = 0) as clients, (select count(*)::int from accounts where account_type = 1) as studios,
             (select sum(amount_cents)::int from refunds where status = 'completed') as refunds`);
    expect(platform).toEqual(counted);
  });

  it('starts fast enough for npm start', () => {
    // Measured on PGlite in this test (a loaded CI machine); the log line at start-up says the same.
    expect(summary.ms).toBeLessThan(60_000);
  });
});
