import { ACCOUNT_TYPE, DEFAULT_COMMISSION_RATES } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitPayment } from '../modules/finance/commission.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { seedScaleFinance } from './seed-scale-finance.js';

/**
 * The bulk SQL of seed:scale's year of money, on a handful of scale-shaped accounts: what it
 * writes must be what the services would have written (balanced postings, balances equal to
 * entries, the same shares as the commission maths, nothing left for the release job).
 */
let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const add = async (key: string, type: number, extra: Record<string, unknown> = {}) => {
    const rows = await t.query<{ id: number }>(sql`
      insert into accounts (email, password_hash, username, name, account_type, agent_type, main_agent_id, agent_id, studio_id, pay_status, referral_code, created_at)
      values (${`scale-${key}@example.com`}, 'x', ${key}, ${key}, ${type}, ${(extra.agentType as string) ?? null}, ${(extra.mainAgentId as number) ?? null},
              ${(extra.agentId as number) ?? null}, ${(extra.studioId as number) ?? null}, ${(extra.payStatus as number) ?? 1}, ${`R-${key}`},
              now() - ${(extra.days as number) ?? 400} * interval '1 day')
      returning id`);
    ids[key] = rows[0]!.id;
  };
  await add('agent-1', ACCOUNT_TYPE.partner, { agentType: 'main' });
  await add('agent-2', ACCOUNT_TYPE.partner, { agentType: 'sub', mainAgentId: ids['agent-1'] });
  await add('studio-1', ACCOUNT_TYPE.studio, { agentId: ids['agent-1'] });
  await add('studio-2', ACCOUNT_TYPE.studio, { agentId: ids['agent-2'], days: 100 });
  await add('client-1', ACCOUNT_TYPE.client, { studioId: ids['studio-1'], agentId: ids['agent-1'] });
  await add('client-2', ACCOUNT_TYPE.client, { studioId: ids['studio-2'], agentId: ids['agent-2'], days: 45 });
  // Unpaid: never paid anything.
  await add('client-3', ACCOUNT_TYPE.client, { studioId: ids['studio-1'], agentId: ids['agent-1'], payStatus: 0 });
  await seedScaleFinance(t.database.db, () => undefined);
}, 120_000);
afterAll(() => t.close());

describe('seed:scale finance', () => {
  it('pays monthly since registration, at most a year', async () => {
    const counts = await t.query<{ email: string; n: number }>(sql`
      select a.email, count(p.id)::int as n from accounts a left join payments p on p.account_id = a.id
       where a.account_type in (0, 1) group by a.email order by a.email`);
    expect(Object.fromEntries(counts.map((row) => [row.email.replace('@example.com', ''), row.n]))).toMatchObject({
      'scale-client-1': 12,
      'scale-client-3': 0,
      'scale-studio-1': 12,
    });
    const recent = counts.find((row) => row.email === 'scale-client-2@example.com')!.n;
    expect(recent).toBeGreaterThanOrEqual(1);
    expect(recent).toBeLessThanOrEqual(2);
  });

  it('posts balanced transactions, balances equal to their entries, and the shares of the commission maths', async () => {
    expect(await t.app.services.ledger.audit()).toMatchObject({ unbalancedTransactions: 0, driftedBalances: 0 });
    const [payment] = await t.query<{ id: number }>(sql`select p.id from payments p join accounts a on a.id = p.account_id where a.email = 'scale-client-2@example.com' limit 1`);
    const shares = await t.query<{ role: string; amount_cents: number; beneficiary_id: number | null }>(sql`
      select role, amount_cents, beneficiary_id from commissions where payment_id = ${payment!.id} order by role`);
    const expected = splitPayment(99_900, 'merchant', DEFAULT_COMMISSION_RATES, { studioId: ids['studio-2']!, agentId: ids['agent-2']!, mainAgentId: ids['agent-1']! });
    expect(shares).toEqual(
      expected.map((share) => ({ role: share.role, amount_cents: share.amountCents, beneficiary_id: share.beneficiaryId })).sort((a, b) => a.role.localeCompare(b.role)),
    );
  });

  it('leaves nothing due for the release job, and pays each earner out once', async () => {
    expect(await t.app.services.finance.releaseDue()).toBe(0);
    const settled = await t.query<{ status: string; n: number }>(sql`select status, count(*)::int as n from settlements group by status`);
    // agent-1 and studio-1 earned before three months ago; studio-2 and agent-2 only since.
    expect(settled).toEqual([{ status: 'paid', n: 2 }]);
    // No earner's available balance below zero; paid-out money is net of the platform fee.
    expect(await t.query(sql`select count(*)::int as n from ledger_balances where purpose = 'available' and balance_cents < 0`)).toEqual([{ n: 0 }]);
    expect(await t.query(sql`select count(*)::int as n from ledger_balances where purpose = 'in_transit' and balance_cents <> 0`)).toEqual([{ n: 0 }]);
  });

  it('records every payment as fulfilment does, on its day and in time order, as history', async () => {
    const rows = await t.query<{ payment_id: number; at: Date; created_at: Date; account_id: number; studio_id: number | null; dispatched: boolean; renewal: boolean; first: boolean; shares: { id: number; role: string; amount_cents: number; beneficiary_id: number | null }[] }>(sql`
      select p.id as payment_id, p.created_at as at, e.created_at, e.account_id, e.studio_id, e.dispatched_at is not null as dispatched,
             (e.payload->>'renewal')::boolean as renewal, e.payload->'shares' as shares,
             not exists (select 1 from payments q where q.account_id = p.account_id and q.created_at < p.created_at) as first
        from payments p join events e on e.type = 'payment.completed' and (e.payload->>'payment_id')::int = p.id
       order by e.id`);
    const [{ n } = { n: 0 }] = await t.query<{ n: number }>(sql`select count(*)::int as n from payments`);
    expect(rows).toHaveLength(n);
    const times = rows.map((row) => new Date(row.created_at).getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    for (const row of rows) {
      expect(new Date(row.created_at).getTime()).toBe(new Date(row.at).getTime());
      expect(row.dispatched).toBe(true);
      expect(row.renewal).toBe(!row.first);
      const commissions = await t.query<{ id: number; role: string; amount_cents: number; beneficiary_id: number | null }>(
        sql`select id::int as id, role, amount_cents, beneficiary_id from commissions where payment_id = ${row.payment_id} order by id`,
      );
      expect(row.shares).toEqual(commissions);
    }
    // In the scope the payer stood in: a merchant's studio, a studio itself.
    const client = rows.find((row) => row.account_id === ids['client-2']);
    expect(client?.studio_id).toBe(ids['studio-2']);
  });

  it('is skipped when already there', async () => {
    const before = await t.query(sql`select count(*)::int as n from ledger_entries`);
    await seedScaleFinance(t.database.db, () => undefined);
    expect(await t.query(sql`select count(*)::int as n from ledger_entries`)).toEqual(before);
  });
});
