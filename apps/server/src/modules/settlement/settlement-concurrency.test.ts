import type { Settlement } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { balancesOf, demoSessions, type DemoSessions, holdingPeriodPasses, merchantPays, payoutVerified } from '../../test/settlement-fixtures.js';
import { settlementLedger } from './ledger.js';
import { RecordingRail } from './recording-rail.js';
import { SettlementService } from './service.js';

/**
 * Settlements under concurrency. On PostgreSQL (TEST_DATABASE_URL) the requests below really run
 * at once on separate connections; on PGlite they queue on its one session, which checks the
 * same outcome without the race.
 */
let t: TestApp;
let demo: DemoSessions;
const token = (name: string) => demo.token(name);
const id = (name: string) => demo.id(name);

beforeAll(async () => {
  t = await createTestApp();
  demo = await demoSessions(t, ['super', 'admin', 'agent', 'studio', 'client']);
  // The studio earns from three payments; the agent from the same three.
  for (let i = 0; i < 3; i += 1) await merchantPays(t, token('client'));
  await holdingPeriodPasses(t);
  await payoutVerified(t, token('studio'), token('super'));
}, 120_000);
afterAll(() => t.close());

/** Every balance row equals the sum of its entries, and every transaction sums to zero. */
async function ledgerHolds() {
  const unbalanced = await t.query(sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0`);
  expect(unbalanced).toEqual([]);
  const drifted = await t.query(sql`
    select b.ledger_account_id from ledger_balances b
      left join (select ledger_account_id, sum(amount_cents) as total from ledger_entries group by ledger_account_id) e
        on e.ledger_account_id = b.ledger_account_id
     where b.balance_cents <> coalesce(e.total, 0)`);
  expect(drifted).toEqual([]);
}

describe('racing applications', () => {
  it('reserve the balance once: one application succeeds, the rest are refused, nothing is overdrawn', async () => {
    const available = (await balancesOf(t, id('studio'))).available;
    expect(available).toBeGreaterThan(10_000);

    // Ten applications of the studio and ten of its agent, all at once.
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => t.call<Settlement>('/v1/settlement/apply', {}, { token: token('studio') })),
      ...Array.from({ length: 10 }, () => t.call<Settlement>('/v1/settlement/apply', {}, { token: token('agent') })),
    ]);
    const studio = results.slice(0, 10).map((result) => result.code);
    const agent = results.slice(10).map((result) => result.code);
    for (const codes of [studio, agent]) {
      expect(codes.filter((code) => code === '200')).toHaveLength(1);
      // The losers see the application the winner made (or, had it been decided, nothing left).
      expect(codes.filter((code) => code !== '200').every((code) => code === '409' || code === '422')).toBe(true);
    }
    const won = results.slice(0, 10).find((result) => result.code === '200')!;
    expect(won.data.gross_cents).toBe(available);
    expect(await balancesOf(t, id('studio'))).toMatchObject({ available: 0, in_transit: available });
    expect(await t.query(sql`select count(*)::int as n from settlements where account_id in (${id('studio')}, ${id('agent')})`)).toEqual([{ n: 2 }]);
    await ledgerHolds();
  });

  it('decide a settlement once when staff approve, reject and fail it at the same moment', async () => {
    const [pending] = (await t.call<{ list: Settlement[] }>('/v1/settlement/list', { status: 'pending', party_id: id('studio') }, { token: token('admin') })).data.list;
    const gross = pending!.gross_cents;
    const results = await Promise.all([
      t.call<Settlement>('/v1/settlement/approve', { id: pending!.id, payout_reference: 'BT-RACE-1' }, { token: token('admin') }),
      t.call<Settlement>('/v1/settlement/approve', { id: pending!.id, payout_reference: 'BT-RACE-2' }, { token: token('super') }),
      t.call<Settlement>('/v1/settlement/reject', { id: pending!.id, reason: 'duplicate' }, { token: token('super') }),
      t.call<Settlement>('/v1/settlement/fail', { id: pending!.id, reason: 'bounced' }, { token: token('admin') }),
    ]);
    const winners = results.filter((result) => result.code === '200');
    expect(winners).toHaveLength(1);
    expect(results.filter((result) => result.code === '409')).toHaveLength(3);

    const decided = winners[0]!.data;
    const balances = await balancesOf(t, id('studio'));
    expect(balances.in_transit).toBe(0);
    if (decided.status === 'paid') expect(balances).toMatchObject({ paid_out: decided.amount_cents, available: 0 });
    else expect(balances).toMatchObject({ paid_out: 0, available: gross });
    const events = await t.query(sql`select count(*)::int as n from events where type = 'settlement.decided' and subject_id = ${String(pending!.id)}`);
    expect(events).toEqual([{ n: 1 }]);
    const postings = await t.query(sql`select count(*)::int as n from ledger_transactions where settlement_id = ${pending!.id}`);
    expect(postings).toEqual([{ n: 2 }]);
    await ledgerHolds();
  });

  it('never overdraws when an application races the release of new earnings', async () => {
    // The studio's next earnings are pending; the release and an application run at once.
    await merchantPays(t, token('client'));
    const before = await balancesOf(t, id('studio'));
    const [, applied] = await Promise.all([holdingPeriodPasses(t), t.call<Settlement>('/v1/settlement/apply', {}, { token: token('studio') })]);
    const after = await balancesOf(t, id('studio'));
    // Whichever ran first, the books hold: what is reserved was available at that moment.
    const reserved = applied.code === '200' ? applied.data.gross_cents : 0;
    expect(after.available + after.in_transit - before.in_transit).toBe(before.available + before.pending);
    expect(after.available).toBeGreaterThanOrEqual(0);
    expect(reserved).toBeLessThanOrEqual(before.available + before.pending);
    await ledgerHolds();
  });

  it('pay once when two approvals of one settlement run at once on two processes', async () => {
    // The agent's application from the first race is still pending.
    const [pending] = (await t.call<{ list: Settlement[] }>('/v1/settlement/list', { status: 'pending', party_id: id('agent') }, { token: token('admin') })).data.list;
    expect(pending).toBeDefined();
    await payoutVerified(t, token('agent'), token('super'));
    const before = await balancesOf(t, id('agent'));

    // Two instances on one database and one rail; the rail answers slowly so the approvals overlap.
    const rail = new RecordingRail();
    rail.modes.push('slow', 'slow');
    const services = t.app.services;
    const instance = () => new SettlementService(t.database.db, settlementLedger(services.ledger, services.finance), services.verification, services.accounts, rail, services.events, services.audit);
    const reached = rail.nextPay();
    const approvals = [instance().approve(demo.staff('admin'), pending!.id, 'BT-TWICE-1'), instance().approve(demo.staff('super'), pending!.id, 'BT-TWICE-2')];
    const outcomes = Promise.allSettled(approvals);
    // The approval at the rail cannot finish before it answers: the first to finish is the other,
    // refused at its reservation while the payout is under way.
    const firstDone = Promise.race(approvals.map((approval) => approval.then(undefined, () => undefined)));
    await reached;
    await firstDone;
    rail.answer();
    const settled = await outcomes;
    const paid = settled.filter((result) => result.status === 'fulfilled');
    expect(paid).toHaveLength(1);
    expect(settled.filter((result) => result.status === 'rejected').map((result) => (result.reason as { code: string }).code)).toEqual(['409']);
    expect(rail.paidCount(`settlement-${pending!.id}`)).toBe(1);
    expect(rail.payCalls).toHaveLength(1);

    expect(await balancesOf(t, id('agent'))).toMatchObject({ in_transit: before.in_transit - pending!.gross_cents, paid_out: before.paid_out + pending!.amount_cents });
    expect(await t.query(sql`select count(*)::int as n from ledger_transactions where settlement_id = ${pending!.id} and kind = 'settlement_paid'`)).toEqual([{ n: 1 }]);
    const events = await t.query(sql`select count(*)::int as n from events where type = 'settlement.decided' and subject_id = ${String(pending!.id)}`);
    expect(events).toEqual([{ n: 1 }]);
    await ledgerHolds();
  });
});
