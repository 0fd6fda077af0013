import type { Settlement } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobDefinitions } from '../../composition/jobs.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { dieAt, laterBy } from '../../test/leased-work-harness.js';
import { balancesOf, demoSessions, type DemoSessions, holdingPeriodPasses, merchantPays, payoutVerified } from '../../test/settlement-fixtures.js';
import { settlementLedger } from './ledger.js';
import { PAYOUT_LEASE_MS, PAYOUT_RESUME_JOB } from './payouts.js';
import { RecordingRail } from './recording-rail.js';
import type { SettlementLedger } from './ports.js';
import { SettlementService } from './service.js';

/**
 * A payout killed between any two of its steps (reserve, pay, checkpoint, complete) resumes on
 * a fresh service — another process, after the dead one's lease ran out — and the party is paid
 * exactly once: one payment request at the rail under the settlement's key, one payout posting,
 * `paid`, one `settlement.decided`. The rail here keeps its transfers across the "crash", as the
 * outside world would.
 */
let t: TestApp;
let demo: DemoSessions;
const token = (name: string) => demo.token(name);
const id = (name: string) => demo.id(name);

beforeAll(async () => {
  t = await createTestApp();
  demo = await demoSessions(t, ['super', 'admin', 'studio', 'client']);
  await payoutVerified(t, token('studio'), token('super'));
}, 120_000);
afterAll(() => t.close());

/** The studio earns once more and applies: a pending settlement to pay. */
async function pendingSettlement(): Promise<Settlement> {
  await merchantPays(t, token('client'));
  await holdingPeriodPasses(t);
  const applied = await t.call<Settlement>('/v1/settlement/apply', {}, { token: token('studio') });
  expect(applied.code).toBe('200');
  return applied.data;
}

const realLedger = (): SettlementLedger => settlementLedger(t.app.services.ledger, t.app.services.finance);

/** A process of its own: the same database and the same rail, its own clock and ledger. */
function processWith(rail: RecordingRail, options: { now?: () => Date; ledger?: SettlementLedger } = {}): SettlementService {
  const services = t.app.services;
  return new SettlementService(t.database.db, options.ledger ?? realLedger(), services.verification, services.accounts, rail, services.events, services.audit, {
    ...(options.now ? { now: options.now } : {}),
  });
}

/** A process started after the dead one's lease has run out (and, later still, after any wait it set). */
const afterTheLease = (rail: RecordingRail, laterMs = 0) => processWith(rail, { now: laterBy(PAYOUT_LEASE_MS + 60_000 + laterMs) });

const keyOf = (settlement: Settlement) => `settlement-${settlement.id}`;

async function stateOf(settlementId: number) {
  const [row] = await t.query<{ status: string; payout_reference: string | null; payout_started_at: Date | null; payout_attempts: number }>(
    sql`select status, payout_reference, payout_started_at, payout_attempts from settlements where id = ${settlementId}`,
  );
  return row!;
}

async function ledgerHolds() {
  expect(await t.query(sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0`)).toEqual([]);
  const drifted = await t.query(sql`
    select b.ledger_account_id from ledger_balances b
      left join (select ledger_account_id, sum(amount_cents) as total from ledger_entries group by ledger_account_id) e
        on e.ledger_account_id = b.ledger_account_id
     where b.balance_cents <> coalesce(e.total, 0)`);
  expect(drifted).toEqual([]);
}

/** Paid exactly once: at the rail, in the ledger, in the status and in the events. */
async function paidOnce(settlement: Settlement, rail: RecordingRail, paidOutBefore: number, requests = 1) {
  const key = keyOf(settlement);
  expect(rail.paidCount(key)).toBe(requests);
  const transfer = rail.transfers.get(key)!;
  expect(transfer.amountCents).toBe(settlement.amount_cents);

  const seen = await t.call<Settlement>('/v1/settlement/get', { id: settlement.id }, { token: token('admin') });
  expect(seen.data).toMatchObject({ status: 'paid', payout_reference: transfer.reference, decided_by: id('admin') });
  const postings = await t.query(sql`select kind, remark from ledger_transactions where settlement_id = ${settlement.id} and kind = 'settlement_paid'`);
  expect(postings).toEqual([{ kind: 'settlement_paid', remark: transfer.reference }]);
  const events = await t.query<{ actor_id: number; payload: { status: string; payout_reference: string } }>(
    sql`select actor_id, payload from events where type = 'settlement.decided' and subject_id = ${String(settlement.id)}`,
  );
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({ actor_id: id('admin'), payload: { status: 'paid', payout_reference: transfer.reference } });
  expect(await balancesOf(t, id('studio'))).toMatchObject({ in_transit: 0, paid_out: paidOutBefore + settlement.amount_cents });
  // Nothing is left under way for anyone to pick up again.
  expect(await stateOf(settlement.id)).toMatchObject({ status: 'paid' });
  expect(await afterTheLease(rail, 86_400_000).resumePayouts()).toEqual([]);
  expect(rail.paidCount(key)).toBe(requests);
  await ledgerHolds();
}

describe('a payout killed between its steps', () => {
  it('after reserving, before the request left: the rail has nothing under the key, so the resume pays', async () => {
    const settlement = await pendingSettlement();
    const paidOut = (await balancesOf(t, id('studio'))).paid_out;
    const rail = new RecordingRail();
    rail.modes.push('hang_before');
    await dieAt(() => processWith(rail).approve(demo.staff('admin'), settlement.id, 'BT-KILL-1'), rail.nextPay());
    // Dead: pending and under way, nothing paid, and reserved for the dead process's lease.
    expect(await stateOf(settlement.id)).toMatchObject({ status: 'pending', payout_reference: null, payout_attempts: 1 });
    expect(rail.transfers.size).toBe(0);
    expect(await processWith(rail).resumePayouts()).toEqual([]);

    const resumed = await afterTheLease(rail).resumePayouts();
    expect(resumed.map((done) => [done.id, done.outcome.kind])).toEqual([[settlement.id, 'paid']]);
    // It asked before paying again.
    expect(rail.lookups).toEqual([keyOf(settlement)]);
    await paidOnce(settlement, rail, paidOut);
  });

  it('after the rail paid, before its answer came back: the resume finds the payout by its key and does not pay again', async () => {
    const settlement = await pendingSettlement();
    const paidOut = (await balancesOf(t, id('studio'))).paid_out;
    const rail = new RecordingRail();
    rail.modes.push('hang_after');
    await dieAt(() => processWith(rail).approve(demo.staff('admin'), settlement.id, 'BT-KILL-2'), rail.nextPay());
    expect(rail.paidCount(keyOf(settlement))).toBe(1);
    expect(await stateOf(settlement.id)).toMatchObject({ status: 'pending', payout_reference: null });

    const resumed = await afterTheLease(rail).resumePayouts();
    expect(resumed.map((done) => done.outcome.kind)).toEqual(['paid']);
    expect(rail.lookups).toEqual([keyOf(settlement)]);
    await paidOnce(settlement, rail, paidOut);
  });

  it('after the checkpoint, before completing: the resume books the stored reference without asking the rail', async () => {
    const settlement = await pendingSettlement();
    const paidOut = (await balancesOf(t, id('studio'))).paid_out;
    const rail = new RecordingRail();
    // The process dies inside the completing transaction: it rolls back, the checkpoint stays.
    const dying: SettlementLedger = { ...realLedger(), payOut: () => Promise.reject(new Error('killed')) };
    await expect(processWith(rail, { ledger: dying }).approve(demo.staff('admin'), settlement.id, 'BT-KILL-3')).rejects.toThrow('killed');
    const transfer = rail.transfers.get(keyOf(settlement))!;
    expect(await stateOf(settlement.id)).toMatchObject({ status: 'pending', payout_reference: transfer.reference });
    expect(await t.query(sql`select id from ledger_transactions where settlement_id = ${settlement.id} and kind = 'settlement_paid'`)).toEqual([]);
    expect(await t.query(sql`select id from events where type = 'settlement.decided' and subject_id = ${String(settlement.id)}`)).toEqual([]);

    const resumed = await processWith(rail).resumePayouts();
    expect(resumed.map((done) => done.outcome.kind)).toEqual(['paid']);
    expect(rail.lookups).toEqual([]);
    await paidOnce(settlement, rail, paidOut);
  });

  it('after completing: nothing is resumed, and a second approval changes nothing', async () => {
    const settlement = await pendingSettlement();
    const paidOut = (await balancesOf(t, id('studio'))).paid_out;
    const rail = new RecordingRail();
    const paid = await processWith(rail).approve(demo.staff('admin'), settlement.id, 'BT-KILL-4');
    expect(paid.status).toBe('paid');
    await expect(afterTheLease(rail).approve(demo.staff('admin'), settlement.id, 'BT-KILL-4')).rejects.toMatchObject({ code: '409', key: 'settlement.already_decided' });
    await paidOnce(settlement, rail, paidOut);
  });

  it('when the rail lost its answer and then could not be asked: waits, asks again, and pays once', async () => {
    const settlement = await pendingSettlement();
    const paidOut = (await balancesOf(t, id('studio'))).paid_out;
    const rail = new RecordingRail();
    rail.modes.push('throw_after');
    // The caller is told the payout is on its way; it stays under way, not decidable in the meantime.
    await expect(processWith(rail).approve(demo.staff('admin'), settlement.id, 'BT-LOST-5')).rejects.toMatchObject({ code: '409', key: 'settlement.payout_in_progress' });
    expect(await stateOf(settlement.id)).toMatchObject({ status: 'pending', payout_reference: null });
    const rejected = await t.call('/v1/settlement/reject', { id: settlement.id, reason: 'too late' }, { token: token('super') });
    expect(rejected).toMatchObject({ code: '409' });
    expect((await balancesOf(t, id('studio'))).in_transit).toBe(settlement.gross_cents);

    rail.unanswerableLookups = 1;
    const first = await afterTheLease(rail).resumePayouts();
    expect(first.map((done) => done.outcome.kind)).toEqual(['unanswered']);
    expect(await stateOf(settlement.id)).toMatchObject({ status: 'pending', payout_reference: null });
    // Not asked again before its wait is over.
    expect(await afterTheLease(rail).resumePayouts()).toEqual([]);
    const second = await afterTheLease(rail, 3_600_000).resumePayouts();
    expect(second.map((done) => done.outcome.kind)).toEqual(['paid']);
    expect(rail.lookups).toEqual([keyOf(settlement), keyOf(settlement)]);
    await paidOnce(settlement, rail, paidOut);
  });

  it('carries a stopped payout on when staff approve again after the lease ran out, with the first reference', async () => {
    const settlement = await pendingSettlement();
    const paidOut = (await balancesOf(t, id('studio'))).paid_out;
    const rail = new RecordingRail();
    rail.modes.push('hang_after');
    await dieAt(() => processWith(rail).approve(demo.staff('admin'), settlement.id, 'BT-FIRST-6'), rail.nextPay());
    // While the lease holds, another approval is refused rather than paying alongside.
    await expect(processWith(rail).approve(demo.staff('super'), settlement.id, 'BT-SECOND-6')).rejects.toMatchObject({ code: '409' });
    const carried = await afterTheLease(rail).approve(demo.staff('super'), settlement.id, 'BT-SECOND-6');
    expect(carried).toMatchObject({ status: 'paid', payout_reference: 'tr_1_BT-FIRST-6' });
    await paidOnce(settlement, rail, paidOut);
  });
});

describe('a payout the rail refuses', () => {
  it('leaves the settlement pending and decidable, then pays on a later approval', async () => {
    const settlement = await pendingSettlement();
    const paidOut = (await balancesOf(t, id('studio'))).paid_out;
    const rail = new RecordingRail();
    rail.modes.push('refuse');
    const service = processWith(rail);
    await expect(service.approve(demo.staff('admin'), settlement.id, 'BT-REFUSED-7')).rejects.toMatchObject({ code: '422', key: 'settlement.payout_failed' });
    expect(await stateOf(settlement.id)).toMatchObject({ status: 'pending', payout_reference: null, payout_started_at: null });
    expect(await afterTheLease(rail).resumePayouts()).toEqual([]);

    // The refused request reached the rail but paid nothing; the next approval pays.
    const paid = await service.approve(demo.staff('admin'), settlement.id, 'BT-REFUSED-7');
    expect(paid.status).toBe('paid');
    expect(rail.transfers.size).toBe(1);
    await paidOnce(settlement, rail, paidOut, 2);
  });

  it('refuses to reject or fail a settlement while its payout is on its way', async () => {
    const settlement = await pendingSettlement();
    const paidOut = (await balancesOf(t, id('studio'))).paid_out;
    const rail = new RecordingRail();
    rail.modes.push('slow');
    const reached = rail.nextPay();
    const approving = processWith(rail).approve(demo.staff('admin'), settlement.id, 'BT-SLOW-8');
    await reached;
    for (const path of ['/v1/settlement/reject', '/v1/settlement/fail'] as const) {
      expect(await t.call(path, { id: settlement.id, reason: 'changed my mind' }, { token: token('super') })).toMatchObject({ code: '409' });
    }
    expect(await t.call('/v1/settlement/approve', { id: settlement.id, payout_reference: 'BT-SLOW-9' }, { token: token('super') })).toMatchObject({ code: '409' });
    rail.answer();
    expect((await approving).status).toBe('paid');
    await paidOnce(settlement, rail, paidOut);
  });
});

describe('the resume job', () => {
  it('is registered and resumes a stopped payout through the configured rail (the manual transfer pays again under its reference)', async () => {
    const settlement = await pendingSettlement();
    const paidOut = (await balancesOf(t, id('studio'))).paid_out;
    const rail = new RecordingRail();
    rail.modes.push('hang_before');
    await dieAt(() => processWith(rail).approve(demo.staff('admin'), settlement.id, 'BT-JOB-10'), rail.nextPay());
    // The dead process's lease runs out.
    await t.query(sql`update settlements set payout_lease_until = now() - interval '1 minute' where id = ${settlement.id}`);

    const job = jobDefinitions(t.app.services, t.app.log).find((definition) => definition.name === PAYOUT_RESUME_JOB);
    expect(job?.schedule).toBe('* * * * *');
    await job!.handler({} as never);
    const seen = await t.call<Settlement>('/v1/settlement/get', { id: settlement.id }, { token: token('admin') });
    expect(seen.data).toMatchObject({ status: 'paid', payout_reference: 'BT-JOB-10', decided_by: id('admin') });
    expect(await t.query(sql`select id from ledger_transactions where settlement_id = ${settlement.id} and kind = 'settlement_paid'`)).toHaveLength(1);
    expect(await t.query(sql`select id from events where type = 'settlement.decided' and subject_id = ${String(settlement.id)}`)).toHaveLength(1);
    expect(await balancesOf(t, id('studio'))).toMatchObject({ in_transit: 0, paid_out: paidOut + settlement.amount_cents });
    await ledgerHolds();
  });
});
