import type { Actor } from '../../access/caller.js';
import { ACCOUNT_TYPE } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { addAccount, addOrder } from '../../test/finance-fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * The model test of the money: random sequences of payments, refunds, holding-period releases,
 * settlement applications and decisions — some of them run at the same moment, some replayed —
 * against the real services on a real database. After every step: every transaction sums to
 * zero, every balance equals its entries, no earner's balance is negative except `available`
 * through a recorded clawback, what is in transit is exactly what pending applications reserved,
 * what was paid out exactly what paid ones gave, each purpose's total (folded or not) equals
 * its balances added up, and a replay changes nothing.
 */

let t: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Op =
  | { kind: 'pay'; merchant: number; amount: number }
  | { kind: 'refund'; payment: number; part: number }
  | { kind: 'release'; days: number }
  | { kind: 'apply'; party: number }
  | { kind: 'decide'; settlement: number; decision: 'paid' | 'cancelled' | 'failed' }
  | { kind: 'replay'; payment: number }
  | { kind: 'fold' }
  | { kind: 'together'; ops: Op[] };

const simple = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), merchant: fc.nat(3), amount: fc.integer({ min: 1, max: 300_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), payment: fc.nat(20), part: fc.oneof(fc.constant(1), fc.double({ min: 0.001, max: 1, noNaN: true })) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('release' as const), days: fc.constantFrom(0, 7, 15, 30) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('apply' as const), party: fc.nat(3) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('decide' as const), settlement: fc.nat(10), decision: fc.constantFrom('paid' as const, 'cancelled' as const, 'failed' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), payment: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fold' as const) }) },
);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: simple },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('together' as const), ops: fc.array(simple, { minLength: 2, maxLength: 3 }) }) },
);

interface World {
  /** main agent, sub-agent, two studios: the earners, who also apply for settlements. */
  parties: number[];
  merchants: number[];
  payments: { id: number; orderId: number }[];
  settlements: number[];
}

async function newWorld(): Promise<World> {
  const main = await addAccount(t, { type: ACCOUNT_TYPE.partner, agentType: 'main' });
  const sub = await addAccount(t, { type: ACCOUNT_TYPE.partner, agentType: 'sub', mainAgentId: main });
  const studioOfSub = await addAccount(t, { type: ACCOUNT_TYPE.studio, agentId: sub });
  const studioOfMain = await addAccount(t, { type: ACCOUNT_TYPE.studio, agentId: main });
  const merchants = [
    await addAccount(t, { type: ACCOUNT_TYPE.client, studioId: studioOfSub }),
    await addAccount(t, { type: ACCOUNT_TYPE.client, studioId: studioOfSub }),
    await addAccount(t, { type: ACCOUNT_TYPE.client, studioId: studioOfMain }),
    await addAccount(t, { type: ACCOUNT_TYPE.client }),
  ];
  const parties = [main, sub, studioOfSub, studioOfMain];
  // Payout details approved, so a settlement can be paid (the verification page's outcome).
  for (const party of parties) {
    await t.query(sql`
      insert into payout_verifications (account_id, status, legal_name, tax_kind, tax_last4, holder_name, routing_last4, account_last4, secret, document_key, document_mime)
      values (${party}, 'approved', 'Model LLC', 'business', '6789', 'Model LLC', '0021', '4321', 'sealed', 'doc', 'image/png')`);
  }
  return { parties, merchants, payments: [], settlements: [] };
}

/** Business refusals (4xx) are outcomes the model allows; anything else is a failure. */
async function allowRefusal(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError && Number(error.code) < 500) return;
    throw error;
  }
}

const entryCount = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from ledger_entries`))[0]!.n;

async function perform(world: World, step: Op, alone = true): Promise<void> {
  const services = t.app.services;
  const staffId = (await t.query<{ id: number }>(sql`select id from accounts where email = 'admin@example.com'`))[0]!.id;
  // Called directly, outside an API call: the actor is staff, and nothing is audited.
  const staff: Actor = { id: staffId, role: 'admin', account: { email: 'admin@example.com' } };
  switch (step.kind) {
    case 'pay': {
      const merchant = world.merchants[step.merchant % world.merchants.length]!;
      const orderId = await addOrder(t, merchant, step.amount);
      await services.payments.fulfil(orderId, `model-${orderId}`);
      const [row] = await t.query<{ id: number }>(sql`select id from payments where order_id = ${orderId}`);
      world.payments.push({ id: row!.id, orderId });
      return;
    }
    case 'refund': {
      const payment = world.payments[step.payment % Math.max(1, world.payments.length)];
      if (!payment) return;
      const [left] = await t.query<{ left: number }>(sql`
        select p.amount_cents - coalesce((select sum(amount_cents) from refunds r where r.payment_id = p.id and r.status = 'completed'), 0)::int as left
          from payments p where p.id = ${payment.id}`);
      const amount = step.part === 1 ? undefined : Math.max(1, Math.floor(left!.left * step.part));
      await allowRefusal(() => services.finance.refund(staff, { payment_id: payment.id, amount_cents: amount, reason: 'model' }));
      return;
    }
    case 'release':
      await services.finance.releaseDue(new Date(Date.now() + step.days * DAY));
      return;
    case 'apply': {
      const party = world.parties[step.party % world.parties.length]!;
      await allowRefusal(async () => {
        const settlement = await services.settlements.applyFor(party);
        world.settlements.push(settlement.id);
      });
      return;
    }
    case 'decide': {
      const id = world.settlements[step.settlement % Math.max(1, world.settlements.length)];
      if (id === undefined) return;
      await allowRefusal(() =>
        step.decision === 'paid'
          ? services.settlements.approve(staff, id, `WIRE-${id}`)
          : step.decision === 'cancelled'
            ? services.settlements.reject(staff, id, 'model')
            : services.settlements.fail(staff, id, 'model'),
      );
      return;
    }
    case 'replay': {
      const payment = world.payments[step.payment % Math.max(1, world.payments.length)];
      if (!payment) return;
      const before = await entryCount();
      await services.payments.fulfil(payment.orderId, `model-replay-${payment.orderId}`);
      await services.finance.releaseDue(new Date(Date.now() - DAY));
      // Alone, a replay adds no entry at all; beside other steps, the per-payment check below holds it.
      if (alone) expect(await entryCount()).toBe(before);
      return;
    }
    case 'fold':
      // Beside other steps too: a delta committed while a fold runs is folded next time, never lost.
      await services.ledger.foldPurposeTotals();
      return;
    case 'together':
      await Promise.all(step.ops.map((inner) => perform(world, inner, false)));
      return;
  }
}

async function checkInvariants(world: World): Promise<void> {
  expect(await t.app.services.ledger.audit()).toMatchObject({ unbalancedTransactions: 0, driftedBalances: 0, driftedTotals: 0 });
  const balances = await t.app.services.ledger.balancesOf(world.parties);
  for (const party of world.parties) {
    const b = balances.get(party)!;
    expect(b.pending).toBeGreaterThanOrEqual(0);
    expect(b.in_transit).toBeGreaterThanOrEqual(0);
    expect(b.paid_out).toBeGreaterThanOrEqual(0);
    if (b.available < 0) {
      const [clawbacks] = await t.query<{ n: number }>(sql`
        select count(*)::int as n from ledger_entries e join ledger_accounts a on a.id = e.ledger_account_id
         where a.owner_id = ${party} and a.purpose = 'available' and e.clawback`);
      expect(clawbacks!.n).toBeGreaterThan(0);
    }
    // What is in transit is exactly what open applications reserved; paid out, what paid ones gave.
    const [settled] = await t.query<{ reserved: number; paid: number; over: number }>(sql`
      select coalesce(sum(gross_cents) filter (where status = 'pending'), 0)::int as reserved,
             coalesce(sum(net_cents) filter (where status = 'paid'), 0)::int as paid,
             count(*) filter (where gross_cents <= 0)::int as over
        from settlements where account_id = ${party}`);
    expect(b.in_transit).toBe(settled!.reserved);
    expect(b.paid_out).toBe(settled!.paid);
    expect(settled!.over).toBe(0);
  }
  // Each application reserved no more than the available balance at that moment: replaying the
  // account's entries in order, the reserving entry never takes it below zero.
  const [overdrawn] = await t.query<{ n: number }>(sql`
    select count(*)::int as n from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
     where x.kind = 'settlement_apply' and e.amount_cents < 0
       and (select coalesce(sum(p.amount_cents), 0) from ledger_entries p where p.ledger_account_id = e.ledger_account_id and p.id < e.id) + e.amount_cents < 0`);
  expect(overdrawn!.n).toBe(0);
}

async function checkPayments(world: World): Promise<void> {
  if (world.payments.length === 0) return;
  const ids = world.payments.map((payment) => payment.id);
  // Each payment posted exactly once, its shares adding up to it, and never more refunded than paid.
  const rows = await t.query<{ id: number; posted: number; shared: number; amount: number; refunded: number; reversed: number }>(sql`
    select p.id, p.amount_cents as amount,
           (select count(*)::int from ledger_transactions x where x.payment_id = p.id and x.kind = 'payment') as posted,
           (select coalesce(sum(amount_cents), 0)::int from commissions c where c.payment_id = p.id) as shared,
           (select coalesce(sum(reversed_cents), 0)::int from commissions c where c.payment_id = p.id) as reversed,
           (select coalesce(sum(amount_cents), 0)::int from refunds r where r.payment_id = p.id and r.status = 'completed') as refunded
      from payments p where p.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  for (const row of rows) {
    expect(row.posted).toBe(1);
    expect(row.shared).toBe(row.amount);
    expect(row.refunded).toBeLessThanOrEqual(row.amount);
    expect(row.reversed).toBe(row.refunded);
  }
}

describe('the ledger model', () => {
  it('holds its invariants through random sequences of payments, refunds, releases and settlements, concurrent and replayed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 14 }), async (ops) => {
        const world = await newWorld();
        for (const step of ops) {
          await perform(world, step);
          await checkInvariants(world);
          await checkPayments(world);
        }
      }),
      {
        numRuns: 12,
        endOnFailure: true,
        // One sequence always runs first, so every kind of outcome is reached whatever the seed:
        // a paid settlement later clawed back by a full refund, a rejected one, a race of two.
        examples: [
          [
            [
              { kind: 'pay', merchant: 0, amount: 300_000 },
              { kind: 'release', days: 30 },
              { kind: 'apply', party: 2 },
              { kind: 'decide', settlement: 0, decision: 'paid' },
              { kind: 'pay', merchant: 2, amount: 200_000 },
              { kind: 'release', days: 30 },
              { kind: 'apply', party: 3 },
              { kind: 'decide', settlement: 1, decision: 'cancelled' },
              { kind: 'refund', payment: 0, part: 1 },
              { kind: 'together', ops: [{ kind: 'apply', party: 3 }, { kind: 'apply', party: 3 }] },
            ],
          ],
        ],
      },
    );
    // The sequences reached every kind of step that matters, not only the easy ones.
    const [seen] = await t.query<{ paid: number; released: number; refunds: number; clawbacks: number }>(sql`
      select (select count(*)::int from settlements where status = 'paid') as paid,
             (select count(*)::int from settlements where status in ('cancelled', 'failed')) as released,
             (select count(*)::int from refunds where status = 'completed') as refunds,
             (select count(*)::int from ledger_entries where clawback) as clawbacks`);
    expect(seen!.paid).toBeGreaterThan(0);
    expect(seen!.released).toBeGreaterThan(0);
    expect(seen!.refunds).toBeGreaterThan(0);
    expect(seen!.clawbacks).toBeGreaterThan(0);
    // A dozen sequences of real transactions: more than the default per-test time on a busy machine.
  }, 240_000);
});
