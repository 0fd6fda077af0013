import type { Settlement, SettlementPreview } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutRail } from '../../adapters/payouts/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { balancesOf, demoSessions, type DemoSessions, holdingPeriodPasses, merchantPays, payoutVerified } from '../../test/settlement-fixtures.js';
import { settlementLedger } from './ledger.js';
import { SettlementService } from './service.js';

/**
 * Settlements through the API, on money made the real way: the demo merchant pays its plan,
 * the holding period passes, its studio (and the studio's main agent) apply; staff decide.
 */
let t: TestApp;
let demo: DemoSessions;
const token = (name: string) => demo.token(name);
const id = (name: string) => demo.id(name);

beforeAll(async () => {
  t = await createTestApp();
  demo = await demoSessions(t, ['super', 'admin', 'agent', 'subagent', 'studio', 'client']);
});
afterAll(() => t.close());

const preview = async (name: string) => (await t.call<SettlementPreview>('/v1/settlement/preview', {}, { token: token(name) })).data;
const apply = (name: string, headers?: Record<string, string>) => t.call<Settlement>('/v1/settlement/apply', {}, { token: token(name), ...(headers ? { headers } : {}) });
const eventsOf = (type: string, settlementId: number) =>
  t.query<{ actor_id: number | null; account_id: number; payload: Record<string, unknown> }>(
    sql`select actor_id, account_id, payload from events where type = ${type} and subject_type = 'settlement' and subject_id = ${String(settlementId)} order by id`,
  );
const feesNow = async () => (await t.app.services.ledger.platformBalances()).fees;

/** The studio's share of one plan payment: 70 % (decision 021). */
let studioShare = 0;

describe('applying', () => {
  it('refuses an application below the minimum, in the caller language, and reserves nothing', async () => {
    const empty = await preview('studio');
    expect(empty).toMatchObject({ available_cents: 0, min_cents: 10_000, fee_bps: 200, gross_cents: 0, fee_cents: 0, amount_cents: 0, can_apply: false, blocker: 'below_minimum', verification: 'none' });

    const refused = await apply('studio');
    expect(refused).toMatchObject({ code: '422', msg: 'The available balance is $0.00; the minimum to apply for is $100.00' });
    const zh = await t.call('/v1/settlement/apply', {}, { token: token('studio'), lang: 'zh' });
    expect(zh.msg).toBe('可用余额为 $0.00，最低申请金额为 $100.00');
    expect(await t.query(sql`select count(*)::int as n from settlements`)).toEqual([{ n: 0 }]);
  });

  it('keeps pending earnings out of reach until the holding period ends', async () => {
    const paid = await merchantPays(t, token('client'));
    studioShare = Math.round((paid * 7000) / 10_000);
    expect((await balancesOf(t, id('studio'))).pending).toBe(studioShare);
    expect((await preview('studio')).blocker).toBe('below_minimum');

    await holdingPeriodPasses(t);
    expect(await balancesOf(t, id('studio'))).toMatchObject({ pending: 0, available: studioShare });
  });

  it('shows the period, the fee and the amount to receive, then reserves the whole balance at once', async () => {
    const shown = await preview('studio');
    const fee = Math.floor((studioShare * 200 + 5_000) / 10_000);
    expect(shown).toMatchObject({ available_cents: studioShare, gross_cents: studioShare, fee_cents: fee, amount_cents: studioShare - fee, can_apply: true, blocker: null });
    const [studioRow] = await t.query<{ created_at: Date }>(sql`select created_at from accounts where id = ${id('studio')}`);
    expect(Date.parse(shown.period_start)).toBe(new Date(studioRow!.created_at).getTime());

    const applied = await apply('studio');
    expect(applied.code).toBe('200');
    expect(applied.data).toMatchObject({
      party_id: id('studio'),
      party_name: 'Sunset AI Studio',
      party_email: 'studio@example.com',
      party_role: 'studio',
      status: 'pending',
      gross_cents: studioShare,
      fee_bps: 200,
      fee_cents: fee,
      amount_cents: studioShare - fee,
      payout_rail: 'manual_bank_transfer',
      payout_reference: null,
      process_time: null,
    });
    expect(applied.data.period_start).toBe(shown.period_start);
    expect(await balancesOf(t, id('studio'))).toMatchObject({ available: 0, in_transit: studioShare });
    expect(await eventsOf('settlement.applied', applied.data.id)).toEqual([
      { actor_id: id('studio'), account_id: id('studio'), payload: { settlement_id: applied.data.id, gross_cents: studioShare, fee_cents: fee, amount_cents: studioShare - fee } },
    ]);
  });

  it('allows one open application at a time', async () => {
    await merchantPays(t, token('client'));
    await holdingPeriodPasses(t);
    expect((await preview('studio')).blocker).toBe('open_application');
    const second = await apply('studio');
    expect(second).toMatchObject({ code: '409', msg: 'You already have a settlement application waiting for review' });
    expect(await t.query(sql`select count(*)::int as n from settlements where account_id = ${id('studio')}`)).toEqual([{ n: 1 }]);
    expect(await balancesOf(t, id('studio'))).toMatchObject({ available: studioShare, in_transit: studioShare });
  });

  it('answers a retried application with an idempotency key once', async () => {
    // The agent earned 10 % of two payments, over the minimum.
    const headers = { 'idempotency-key': 'agent-apply-1' };
    const first = await apply('agent', headers);
    const again = await apply('agent', headers);
    expect(first.code).toBe('200');
    expect(again.code).toBe('200');
    expect(again.data.id).toBe(first.data.id);
    expect(first.data).toMatchObject({ party_role: 'partner', party_name: 'West Coast Growth' });
    expect(await t.query(sql`select count(*)::int as n from settlements where account_id = ${id('agent')}`)).toEqual([{ n: 1 }]);
  });
});

describe('deciding', () => {
  const pendingOf = async (name: string) =>
    (await t.call<{ list: Settlement[] }>('/v1/settlement/list', { status: 'pending', party_id: id(name) }, { token: token('admin') })).data.list[0]!;

  it('pays only once the party payout details are approved, and changes nothing before', async () => {
    const pending = await pendingOf('studio');
    expect(pending.verification).toBe('none');
    const refused = await t.call('/v1/settlement/approve', { id: pending.id, payout_reference: 'BT-0001' }, { token: token('admin'), lang: 'es' });
    expect(refused).toMatchObject({
      code: '422',
      msg: 'Los datos de cobro de esta cuenta aún no están verificados: la liquidación solo se paga cuando se aprueban',
    });
    expect((await t.call<Settlement>('/v1/settlement/get', { id: pending.id }, { token: token('studio') })).data.status).toBe('pending');
    expect((await balancesOf(t, id('studio'))).in_transit).toBe(pending.gross_cents);
    expect(await eventsOf('settlement.decided', pending.id)).toEqual([]);
  });

  it('pays with the bank transfer reference: net to the party, fee to the platform, one event', async () => {
    await payoutVerified(t, token('studio'), token('super'));
    const pending = await pendingOf('studio');
    expect(pending.verification).toBe('approved');
    const feesBefore = await feesNow();

    const paid = await t.call<Settlement>('/v1/settlement/approve', { id: pending.id, payout_reference: '  BT-2026-0001 ' }, { token: token('admin') });
    expect(paid.code).toBe('200');
    expect(paid.data).toMatchObject({ status: 'paid', payout_reference: 'BT-2026-0001', decided_by: id('admin'), reason: null });
    expect(paid.data.process_time).not.toBeNull();
    expect(await balancesOf(t, id('studio'))).toMatchObject({ in_transit: 0, paid_out: pending.amount_cents, available: studioShare });
    expect((await feesNow()) - feesBefore).toBe(pending.fee_cents);
    expect(await eventsOf('settlement.decided', pending.id)).toEqual([
      {
        actor_id: id('admin'),
        account_id: id('studio'),
        payload: {
          settlement_id: pending.id,
          status: 'paid',
          gross_cents: pending.gross_cents,
          fee_cents: pending.fee_cents,
          amount_cents: pending.amount_cents,
          payout_rail: 'manual_bank_transfer',
          payout_reference: 'BT-2026-0001',
          reason: null,
        },
      },
    ]);

    // A decided settlement stays as it is: a second decision posts nothing.
    for (const [path, body] of [
      ['/v1/settlement/approve', { id: pending.id, payout_reference: 'BT-2026-0002' }],
      ['/v1/settlement/reject', { id: pending.id, reason: 'changed my mind' }],
      ['/v1/settlement/fail', { id: pending.id, reason: 'bounced' }],
    ] as const) {
      expect(await t.call(path, body, { token: token('super') })).toMatchObject({ code: '409', msg: 'This settlement has already been decided' });
    }
    expect(await balancesOf(t, id('studio'))).toMatchObject({ in_transit: 0, paid_out: pending.amount_cents });
    expect(await eventsOf('settlement.decided', pending.id)).toHaveLength(1);
  });

  it('starts the next period where the paid one ended', async () => {
    const [paid] = (await t.call<{ list: Settlement[] }>('/v1/settlement/list', { status: 'paid' }, { token: token('studio') })).data.list;
    expect((await preview('studio')).period_start).toBe(paid!.period_end);
  });

  it('leaves an application pending, its money reserved, when the payout rail could not pay', async () => {
    const applied = (await apply('studio')).data;
    const services = t.app.services;
    const bouncing: PayoutRail = { kind: 'manual_bank_transfer', pay: () => Promise.resolve({ state: 'failed' }), lookup: () => Promise.resolve(null) };
    const withBouncingRail = new SettlementService(t.database.db, settlementLedger(services.ledger, services.finance), services.verification, services.accounts, bouncing, services.events, services.audit);
    await expect(withBouncingRail.approve(demo.staff('admin'), applied.id, 'BT-2026-0009')).rejects.toMatchObject({ code: '422', key: 'settlement.payout_failed' });
    expect((await t.call<Settlement>('/v1/settlement/get', { id: applied.id }, { token: token('admin') })).data).toMatchObject({ status: 'pending', payout_reference: null });
    expect(await balancesOf(t, id('studio'))).toMatchObject({ available: 0, in_transit: studioShare });
    expect(await eventsOf('settlement.decided', applied.id)).toEqual([]);
  });

  it('rejects: cancelled with the reason the party reads, the funds available again', async () => {
    const applied = (await t.call<{ list: Settlement[] }>('/v1/settlement/list', { status: 'pending' }, { token: token('studio') })).data.list[0]!;
    expect(await balancesOf(t, id('studio'))).toMatchObject({ available: 0, in_transit: studioShare });
    const rejected = await t.call<Settlement>('/v1/settlement/reject', { id: applied.id, reason: 'Bank details do not match the legal name' }, { token: token('super') });
    expect(rejected.data).toMatchObject({ status: 'cancelled', reason: 'Bank details do not match the legal name', payout_reference: null, decided_by: id('super') });
    expect(await balancesOf(t, id('studio'))).toMatchObject({ available: studioShare, in_transit: 0 });
    const seen = await t.call<Settlement>('/v1/settlement/get', { id: applied.id }, { token: token('studio') });
    expect(seen.data.reason).toBe('Bank details do not match the legal name');
    expect((await eventsOf('settlement.decided', applied.id)).map((event) => event.payload.status)).toEqual(['cancelled']);
    // A cancelled application gives its period back.
    expect((await preview('studio')).period_start).toBe(applied.period_start);
  });

  it('marks failed: the transfer bounced, the funds available again', async () => {
    const applied = (await apply('studio')).data;
    const failed = await t.call<Settlement>('/v1/settlement/fail', { id: applied.id, reason: 'Transfer returned by the bank' }, { token: token('admin') });
    expect(failed.data).toMatchObject({ status: 'failed', reason: 'Transfer returned by the bank' });
    expect(await balancesOf(t, id('studio'))).toMatchObject({ available: studioShare, in_transit: 0 });
    expect((await eventsOf('settlement.decided', applied.id)).map((event) => event.payload.status)).toEqual(['failed']);
  });

  it('asks for a reference and a reason in words, and knows no other settlement', async () => {
    expect(await t.call('/v1/settlement/approve', { id: 1, payout_reference: '   ' }, { token: token('admin') })).toMatchObject({
      code: '400',
      msg: 'Please enter the payout reference',
    });
    expect(await t.call('/v1/settlement/reject', { id: 1 }, { token: token('admin') })).toMatchObject({ code: '400', msg: 'Please give the reason' });
    expect(await t.call('/v1/settlement/fail', { id: 999_999, reason: 'x' }, { token: token('admin') })).toMatchObject({ code: '404', msg: 'Settlement not found' });
  });
});

describe('clawback', () => {
  it('nets a refund of earnings already paid out against the next settlement', async () => {
    // The studio is paid out for one payment, then that payment is refunded in full.
    await t.call('/v1/settlement/apply', {}, { token: token('studio') });
    const pending = (await t.call<{ list: Settlement[] }>('/v1/settlement/list', { status: 'pending', party_id: id('studio') }, { token: token('admin') })).data.list[0]!;
    await t.call('/v1/settlement/approve', { id: pending.id, payout_reference: 'BT-2026-0003' }, { token: token('admin') });
    expect((await balancesOf(t, id('studio'))).available).toBe(0);

    const [payment] = await t.query<{ id: number; amount_cents: number }>(
      sql`select id, amount_cents from payments where account_id = ${id('client')} order by id desc limit 1`,
    );
    const refunded = await t.call('/v1/finance/refund', { payment_id: payment!.id, reason: 'Shop closed' }, { token: token('admin') });
    expect(refunded.code).toBe('200');
    const clawed = (await balancesOf(t, id('studio'))).available;
    expect(clawed).toBe(-studioShare);
    expect(await preview('studio')).toMatchObject({ available_cents: -studioShare, gross_cents: 0, can_apply: false, blocker: 'below_minimum' });

    // Two more months paid and released: the application takes what is left after the clawback.
    await merchantPays(t, token('client'));
    await merchantPays(t, token('client'));
    await holdingPeriodPasses(t);
    const netted = await apply('studio');
    expect(netted.code).toBe('200');
    expect(netted.data.gross_cents).toBe(2 * studioShare - studioShare);
    expect(await balancesOf(t, id('studio'))).toMatchObject({ available: 0, in_transit: studioShare });
  });
});

describe('reading', () => {
  it('shows a studio and an agent only their own applications, and staff every one with filters', async () => {
    const list = async (name: string, body: object = {}) =>
      (await t.call<{ list: Settlement[]; total: number }>('/v1/settlement/list', body, { token: token(name) })).data;
    const studio = await list('studio');
    expect(studio.total).toBeGreaterThanOrEqual(4);
    expect(new Set(studio.list.map((row) => row.party_id))).toEqual(new Set([id('studio')]));
    expect((await list('agent')).list.map((row) => row.party_id)).toEqual([id('agent')]);
    expect(await list('subagent')).toMatchObject({ list: [], total: 0 });
    // Asking for another party's applications finds none.
    expect(await list('studio', { party_id: id('agent') })).toMatchObject({ list: [], total: 0 });

    const all = await list('admin');
    expect(all.total).toBe(studio.total + 1);
    expect((await list('super', { party_id: id('agent') })).list.map((row) => row.party_id)).toEqual([id('agent')]);
    expect((await list('admin', { status: 'failed' })).list.map((row) => row.status)).toEqual(['failed']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list('admin', { date_from: today, date_to: today })).total).toBe(all.total);
    expect((await list('admin', { date_to: '2000-01-01' })).total).toBe(0);
    // Newest application first.
    const times = all.list.map((row) => Date.parse(row.apply_time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await list('admin', { page: 2, page_size: 2 })).list).toEqual(all.list.slice(2, 4));
  });

  it('answers another party settlement as not found', async () => {
    const agentOne = (await t.call<{ list: Settlement[] }>('/v1/settlement/list', { party_id: id('agent') }, { token: token('admin') })).data.list[0]!;
    for (const name of ['studio', 'subagent']) {
      expect(await t.call('/v1/settlement/get', { id: agentOne.id }, { token: token(name) })).toMatchObject({ code: '404', msg: 'Settlement not found' });
    }
    expect((await t.call('/v1/settlement/get', { id: agentOne.id }, { token: token('agent') })).code).toBe('200');
    expect((await t.call('/v1/settlement/get', { id: agentOne.id }, { token: token('admin') })).code).toBe('200');
  });
});
