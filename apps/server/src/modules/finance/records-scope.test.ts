import { ACCOUNT_TYPE } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, idOf, pay } from '../../test/finance-fixtures.js';
import { declaredRoles } from '../../test/declared-access.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { givePlan } from '../../test/plans.js';
import { countRecords } from './records-repository.js';
import { DEMO_ROLE_OF as ROLE_OF } from '../../test/demo-roles.js';

/**
 * The finance read side's scope matrix: every read endpoint called as every role is allowed or
 * refused as the route table says, every list holds exactly the caller's money, and ids outside
 * the caller's scope answer not-found (decision 006).
 */
let t: TestApp;
const tokens = new Map<string, string>();
const ids = new Map<string, number>();
const payments = new Map<string, number>();
const DEMO = ['super', 'admin', 'agent', 'subagent', 'studio', 'operator', 'client'] as const;

interface Row {
  transaction_id: string;
  type: string;
  status: string;
  amount_cents: number;
  user_id: number | null;
  user_name: string | null;
  receiver_id: number | null;
  receiver_name: string | null;
  payment_id: number | null;
  rule_version: number | null;
  rate_bps: number | null;
  reversed_cents: number | null;
  fee_cents: number | null;
  remark: string;
  process_time: string | null;
}
type Records = { list: Row[]; total: number; capped: boolean };

const id = (name: string) => ids.get(name)!;
const token = (name: string) => tokens.get(name)!;

async function records(name: string, body: object = {}) {
  const response = await t.call<Records>('/v1/finance/records', { page_size: 100, ...body }, { token: token(name) });
  expect(response.code, `records as ${name}: ${response.msg}`).toBe('200');
  expect(response.data.total).toBe(response.data.list.length);
  return response.data.list;
}
const kinds = (rows: Row[]) => rows.map((row) => `${row.type}:${row.amount_cents}`).sort();

beforeAll(async () => {
  t = await createTestApp();
  for (const name of [...DEMO, 'newclient']) tokens.set(name, await t.login(`${name}@example.com`));
  for (const name of [...DEMO, 'newclient']) ids.set(name, await idOf(t, `${name}@example.com`));
  // A merchant with no payments of its own yet, paid so that what answers it is the scope, not plan gating.
  await givePlan(t, 'newclient@example.com');
  // A second agent tree, and a studio with a merchant under the sub-agent.
  ids.set('agent2', await addAccount(t, { type: ACCOUNT_TYPE.partner, agentType: 'main', name: 'Second Agent' }));
  ids.set('studio2', await addAccount(t, { type: ACCOUNT_TYPE.studio, agentId: id('agent2'), name: 'Second Studio' }));
  ids.set('client2', await addAccount(t, { type: ACCOUNT_TYPE.client, agentId: id('agent2'), studioId: id('studio2'), name: 'Second Client' }));
  ids.set('substudio', await addAccount(t, { type: ACCOUNT_TYPE.studio, agentId: id('subagent'), name: 'Sub Studio' }));
  ids.set('subclient', await addAccount(t, { type: ACCOUNT_TYPE.client, studioId: id('substudio'), name: 'Sub Client' }));

  payments.set('client', await pay(t, id('client'), 100_000));
  payments.set('client2', await pay(t, id('client2'), 50_000));
  payments.set('subclient', await pay(t, id('subclient'), 40_000));
  const refund = await t.call('/v1/finance/refund', { payment_id: payments.get('client'), amount_cents: 10_000, reason: 'Partial refund' }, { token: token('super') });
  expect(refund.code, refund.msg).toBe('200');
  // Settlement rows as the settlement module keeps them (their ledger postings are its own tests').
  await t.query(sql`
    insert into settlements (account_id, status, period_start, period_end, gross_cents, fee_bps, fee_cents, net_cents, payout_rail, payout_reference, decided_at)
    values (${id('studio')}, 'paid', now() - interval '30 days', now() - interval '1 day', 20000, 200, 400, 19600, 'manual_bank_transfer', 'BANK-REF-1', now()),
           (${id('studio2')}, 'pending', now() - interval '30 days', now(), 15000, 200, 300, 14700, 'manual_bank_transfer', null, null)`);
});
afterAll(() => t.close());

describe('who may call what', () => {
  // Who may call each endpoint is read from its contract entry (declaredRoles), the declaration route() enforces.
  const matrix: [string, () => object][] = [
    ['/v1/finance/records', () => ({})],
    ['/v1/finance/balance', () => ({})],
    ['/v1/finance/platform', () => ({})],
    ['/v1/finance/receipt', () => ({ payment_id: payments.get('client') })],
  ];

  it.each(matrix)('%s', async (path, body) => {
    const allowed = declaredRoles(path);
    const outcomes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const name of DEMO) {
      const response = await t.call(path, body(), { token: token(name) });
      outcomes[name] = response.code === '403' ? 'refused' : 'allowed';
      expected[name] = allowed.includes(ROLE_OF[name]) ? 'allowed' : 'refused';
    }
    expect(outcomes).toEqual(expected);
    expect((await t.call(path, body())).code, 'anonymous').toBe('403');
  });
});

describe('every list holds only the caller money', () => {
  it('gives staff every record of every type, with the spec fields', async () => {
    const all = await records('super');
    expect(all).toHaveLength(3 + 10 + 1 + 2);
    expect(await records('admin')).toHaveLength(all.length);
    const payment = all.find((row) => row.transaction_id === `P-${payments.get('client')}`)!;
    expect(payment).toMatchObject({ type: 'payment', status: 'completed', amount_cents: 100_000, user_id: id('client'), user_name: 'Carmen’s Tacos', receiver_id: null, remark: 'Plan business' });
    const studioShare = all.find((row) => row.type === 'commission' && row.receiver_id === id('studio'))!;
    expect(studioShare).toMatchObject({ status: 'pending', amount_cents: 70_000, reversed_cents: 7_000, user_id: id('client'), receiver_name: 'Sunset AI Studio', rule_version: 1, rate_bps: 7000, process_time: null });
    expect(all.find((row) => row.type === 'refund')).toMatchObject({ status: 'completed', amount_cents: 10_000, user_id: null, receiver_id: id('client'), remark: 'Partial refund' });
    expect(all.filter((row) => row.type === 'settlement').map((row) => [row.status, row.remark, row.fee_cents])).toEqual([
      ['pending', '', 300],
      ['paid', 'BANK-REF-1', 400],
    ]);
    // Newest first, and pages follow one another.
    const second = await t.call<Records>('/v1/finance/records', { page: 2, page_size: 1 }, { token: token('super') });
    expect(second.data.list[0]!.transaction_id).toBe(all[1]!.transaction_id);
    expect(second.data.total).toBe(all.length);
  });

  it('gives a merchant its payments and refunds, never how they were shared out', async () => {
    expect(kinds(await records('client'))).toEqual(['payment:100000', 'refund:10000']);
    expect(await records('newclient')).toEqual([]);
  });

  it('gives an operator the payments of the merchants assigned to it', async () => {
    expect(kinds(await records('operator'))).toEqual(['payment:100000', 'refund:10000']);
  });

  it('gives a studio its earnings and settlements only', async () => {
    expect(kinds(await records('studio'))).toEqual(['commission:70000', 'settlement:20000']);
  });

  it('gives an agent what it earned itself: a main agent its own share of its sub-agent tree, not the sub-agent share', async () => {
    expect(kinds(await records('agent'))).toEqual(['commission:10000', 'commission:1200']);
    expect(kinds(await records('subagent'))).toEqual(['commission:2800']);
  });

  it('filters by type, status, party and dates', async () => {
    expect(kinds(await records('super', { type: 'commission', status: 'pending', party_id: id('studio') }))).toEqual(['commission:70000']);
    expect(kinds(await records('super', { party_id: id('studio2') }))).toEqual(['commission:35000', 'settlement:15000']);
    expect(kinds(await records('super', { status: 'paid' }))).toEqual(['settlement:20000']);
    expect(kinds(await records('super', { type: 'payment', status: 'pending' }))).toEqual([]);
    expect(await records('super', { date_to: '2020-01-01' })).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await records('super', { date_from: today, date_to: today })).toHaveLength(16);
    expect(kinds(await records('studio', { party_id: id('client') }))).toEqual(['commission:70000']);
  });
});

describe('balances', () => {
  type Balance = {
    party_id: number;
    balances: Record<string, number>;
    sub_agents: { id: number; balances: Record<string, number> }[];
    sub_agents_total: Record<string, number>;
  };
  const balance = (name: string, body: object = {}) => t.call<Balance>('/v1/finance/balance', body, { token: token(name) });

  it('shows a studio its own pending, available, in-transit and paid-out money from the balance rows', async () => {
    const response = await balance('studio');
    const ledger = (await t.app.services.ledger.balancesOf([id('studio')])).get(id('studio'))!;
    expect(response.data.balances).toEqual({ pending_cents: 63_000, available_cents: ledger.available, in_transit_cents: ledger.in_transit, paid_out_cents: ledger.paid_out });
    expect(response.data.sub_agents).toEqual([]);
  });

  it('shows a main agent its sub-agents and their total; a sub-agent nobody else', async () => {
    const main = await balance('agent');
    expect(main.data.balances.pending_cents).toBe(10_000 - 1_000 + 1_200);
    expect(main.data.sub_agents).toEqual([expect.objectContaining({ id: id('subagent'), balances: expect.objectContaining({ pending_cents: 2_800 }) })]);
    expect(main.data.sub_agents_total.pending_cents).toBe(2_800);
    expect((await balance('agent', { party_id: id('subagent') })).data.balances.pending_cents).toBe(2_800);
    expect((await balance('subagent')).data.sub_agents).toEqual([]);
  });

  it('lets staff read any party, and asks them which', async () => {
    expect((await balance('admin', { party_id: id('studio2') })).data.balances.pending_cents).toBe(35_000);
    expect((await balance('super')).code).toBe('400');
  });

  it('refuses a party outside the caller scope as not found', async () => {
    expect(await balance('agent', { party_id: id('studio2') })).toMatchObject({ code: '404', msg: 'Account not found' });
    expect((await balance('studio', { party_id: id('agent') })).code).toBe('404');
    expect((await balance('subagent', { party_id: id('agent') })).code).toBe('404');
    expect((await t.call('/v1/finance/records', { party_id: id('client2') }, { token: token('studio') })).code).toBe('404');
    expect((await t.call('/v1/finance/records', { party_id: id('client2') }, { token: token('operator') })).code).toBe('404');
  });
});

describe('the platform', () => {
  it('shows revenue, fees, the unallocated account and what was received and refunded', async () => {
    const response = await t.call<Record<string, number>>('/v1/finance/platform', {}, { token: token('admin') });
    const own = await t.app.services.ledger.platformBalances();
    expect(response.data).toMatchObject({ revenue_cents: own.revenue, fees_cents: own.fees, unallocated_cents: own.unallocated, received_cents: 180_000, refunded_cents: 10_000 });
    expect(own.revenue).toBeGreaterThan(0);
  });
});

describe('receipts', () => {
  type Receipt = { file_name: string; content_type: string; content_base64: string };
  const receipt = (name: string, paymentId: number, lang?: string) => t.call<Receipt>('/v1/finance/receipt', { payment_id: paymentId }, { token: token(name), lang });

  it('gives the payer its receipt as a PDF in its language', async () => {
    const response = await receipt('client', payments.get('client')!, 'zh-CN,zh;q=0.9');
    expect(response.code).toBe('200');
    expect(response.data.file_name).toBe(`R-${String(payments.get('client')).padStart(6, '0')}-zh-CN.pdf`);
    expect(Buffer.from(response.data.content_base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const spanish = await t.call<Receipt>('/v1/finance/receipt', { payment_id: payments.get('client'), language: 'es-ES' }, { token: token('client') });
    expect(spanish.data.file_name).toMatch(/-es-ES\.pdf$/);
  });

  it('gives it to the operator of the payer and to staff', async () => {
    expect((await receipt('operator', payments.get('client')!)).code).toBe('200');
    expect((await receipt('admin', payments.get('client2')!)).code).toBe('200');
  });

  it('answers anyone else that the payment does not exist', async () => {
    expect(await receipt('studio', payments.get('client')!)).toMatchObject({ code: '404', msg: 'Payment not found' });
    expect((await receipt('newclient', payments.get('client')!)).code).toBe('404');
    expect((await receipt('operator', payments.get('client2')!)).code).toBe('404');
    expect((await receipt('client', 999_999)).code).toBe('404');
  });
});

describe('the count of a list', () => {
  const everything = { scope: { id: 0, role: 'super' as const, agentType: null } };

  it('counts every type together, exactly while under the cap', async () => {
    const all = await records('super');
    expect(new Set(all.map((row) => row.type))).toEqual(new Set(['payment', 'commission', 'refund', 'settlement']));
    expect(await countRecords(t.database.db, everything, 1_000)).toBe(all.length);
  });

  it('stops one past the cap across the types, so a list over it says so without counting the rest', async () => {
    const all = await records('super');
    // Fewer than the payments alone: the count must stop inside the first type read.
    expect(await countRecords(t.database.db, everything, 2)).toBe(3);
    expect(await countRecords(t.database.db, everything, all.length - 1)).toBe(all.length);
    expect(await countRecords(t.database.db, everything, all.length)).toBe(all.length);
  });
});
