import { ACCOUNT_TYPE, DEFAULT_COMMISSION_RATES, type Role } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, addOrder, byRole, idOf, pay, sharesOf } from '../../test/finance-fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { jobDefinitions } from '../../composition/jobs.js';
import { RELEASE_JOB } from './release-job.js';

let t: TestApp;
let superToken: string;
let adminToken: string;
let studioToken: string;
let ids: Record<'agent' | 'subagent' | 'studio' | 'client', number>;

const DAY = 86_400_000;
const balances = async (id: number) => (await t.app.services.ledger.balancesOf([id])).get(id)!;
const audit = () => t.app.services.ledger.audit();

beforeAll(async () => {
  t = await createTestApp();
  [superToken, adminToken, studioToken] = await Promise.all([t.login('super@example.com'), t.login('admin@example.com'), t.login('studio@example.com')]);
  ids = {
    agent: await idOf(t, 'agent@example.com'),
    subagent: await idOf(t, 'subagent@example.com'),
    studio: await idOf(t, 'studio@example.com'),
    client: await idOf(t, 'client@example.com'),
  };
});
afterAll(() => t.close());

describe('commissions posted in the fulfilment transaction', () => {
  it('splits a merchant plan 70 / 10 / 20 between its studio, its main agent and the platform, under rule version 1', async () => {
    const paymentId = await pay(t, ids.client, 100_000);
    const shares = await sharesOf(t, paymentId);
    expect(byRole(shares)).toEqual({ studio: 70_000, agent: 10_000, platform: 20_000 });
    expect(shares.find((share) => share.role === 'studio')).toMatchObject({ beneficiary_id: ids.studio, status: 'pending', rule_version: 1, rate_bps: 7000 });
    expect(shares.find((share) => share.role === 'agent')!.beneficiary_id).toBe(ids.agent);
    expect(await balances(ids.studio)).toMatchObject({ pending: 70_000, available: 0 });
    expect(await balances(ids.client)).toMatchObject({ payments: -100_000 });
    const [tx] = await t.query<{ kind: string; rule_version: number; party_id: number; amount_cents: number; remark: string }>(
      sql`select kind, rule_version, party_id, amount_cents::int as amount_cents, remark from ledger_transactions where payment_id = ${paymentId}`,
    );
    expect(tx).toEqual({ kind: 'payment', rule_version: 1, party_id: ids.client, amount_cents: 100_000, remark: 'Plan business' });
    expect(await audit()).toMatchObject({ unbalancedTransactions: 0, driftedBalances: 0 });
  });

  it('gives a sub-agent 7 % and its main agent 3 %', async () => {
    const studio = await addAccount(t, { type: ACCOUNT_TYPE.studio, agentId: ids.subagent });
    const merchant = await addAccount(t, { type: ACCOUNT_TYPE.client, studioId: studio });
    const shares = await sharesOf(t, await pay(t, merchant, 50_000));
    expect(byRole(shares)).toEqual({ studio: 35_000, sub_agent: 3_500, main_agent: 1_500, platform: 10_000 });
    expect(shares.find((share) => share.role === 'main_agent')!.beneficiary_id).toBe(ids.agent);
  });

  it('keeps the shares of a merchant without a studio in the unallocated account', async () => {
    const before = await t.app.services.ledger.platformBalances();
    const merchant = await addAccount(t, { type: ACCOUNT_TYPE.client });
    expect(byRole(await sharesOf(t, await pay(t, merchant, 10_001)))).toEqual({ unallocated: 8_000, platform: 2_001 });
    const after = await t.app.services.ledger.platformBalances();
    expect(after.unallocated - before.unallocated).toBe(8_000);
    expect(after.revenue - before.revenue).toBe(2_001);
  });

  it('gives a studio membership 20 % to the agent who recruited it (15 + 5 through a sub-agent)', async () => {
    const studio = await addAccount(t, { type: ACCOUNT_TYPE.studio, agentId: ids.agent });
    expect(byRole(await sharesOf(t, await pay(t, studio, 200_000, 'studio')))).toEqual({ agent: 40_000, platform: 160_000 });
    const subStudio = await addAccount(t, { type: ACCOUNT_TYPE.studio, agentId: ids.subagent });
    expect(byRole(await sharesOf(t, await pay(t, subStudio, 200_000, 'studio')))).toEqual({ sub_agent: 30_000, main_agent: 10_000, platform: 160_000 });
    // A studio's add-on is its own purchase too: the membership rule.
    expect(byRole(await sharesOf(t, await pay(t, studio, 10_000, 'addon')))).toEqual({ agent: 2_000, platform: 8_000 });
  });

  it('posts once when one payment is fulfilled many times at once', async () => {
    const merchant = await addAccount(t, { type: ACCOUNT_TYPE.client, studioId: ids.studio });
    const orderId = await addOrder(t, merchant, 30_000);
    await Promise.all(Array.from({ length: 6 }, () => t.app.services.payments.fulfil(orderId, `race-${orderId}`)));
    const [counts] = await t.query<{ payments: number; txs: number; shares: number }>(sql`
      select (select count(*)::int from payments where order_id = ${orderId}) as payments,
             (select count(*)::int from ledger_transactions t join payments p on p.id = t.payment_id where p.order_id = ${orderId}) as txs,
             (select count(*)::int from commissions c join payments p on p.id = c.payment_id where p.order_id = ${orderId}) as shares`);
    expect(counts).toEqual({ payments: 1, txs: 1, shares: 3 });
    expect((await balances(merchant)).payments).toBe(-30_000);
  });

  it('refuses to post a transaction that does not sum to zero, or an overdraft, and changes nothing', async () => {
    const ledger = t.app.services.ledger;
    await expect(t.database.db.transaction((tx) => ledger.post(tx, { kind: 'adjustment', causeKey: 'bad:sum', entries: [{ owner: null, purpose: 'revenue', amountCents: 5 }] }))).rejects.toThrow(/sum/);
    await expect(
      t.database.db.transaction((tx) =>
        ledger.post(tx, {
          kind: 'adjustment',
          causeKey: 'bad:overdraft',
          entries: [
            { owner: ids.studio, purpose: 'available', amountCents: -1 },
            { owner: null, purpose: 'revenue', amountCents: 1 },
          ],
        }),
      ),
    ).rejects.toMatchObject({ key: 'finance.balance_insufficient' });
    expect(await t.query(sql`select count(*)::int as n from ledger_transactions where cause_key like 'bad:%'`)).toEqual([{ n: 0 }]);
  });

  it('keeps ledger rows immutable', async () => {
    await expect(t.query(sql`update ledger_entries set amount_cents = 0`)).rejects.toThrow();
    await expect(t.query(sql`delete from ledger_transactions`)).rejects.toThrow();
  });
});

describe('commission rules and settings', () => {
  it('lets super add a version that applies to later payments only, and keeps the old version on past ones', async () => {
    const merchant = await addAccount(t, { type: ACCOUNT_TYPE.client, studioId: ids.studio });
    const before = await pay(t, merchant, 10_000);
    const rates = { ...DEFAULT_COMMISSION_RATES, merchant: { ...DEFAULT_COMMISSION_RATES.merchant, studio: 6000 } };
    const updated = await t.call<{ current: { version: number; rates: typeof rates; note: string }; history: { version: number }[] }>(
      '/v1/finance/rules/update',
      { rates, note: 'Studio share 60 %' },
      { token: superToken },
    );
    expect(updated.code).toBe('200');
    expect(updated.data.current).toMatchObject({ version: 2, rates, note: 'Studio share 60 %' });
    expect(updated.data.history.map((rule) => rule.version)).toEqual([1]);
    const after = await pay(t, merchant, 10_000);
    expect(byRole(await sharesOf(t, before))).toMatchObject({ studio: 7_000 });
    expect(byRole(await sharesOf(t, after))).toMatchObject({ studio: 6_000, platform: 3_000 });
    expect((await sharesOf(t, after))[0]!.rule_version).toBe(2);
    // Back to the defaults for the rest of the file.
    await t.call('/v1/finance/rules/update', { rates: DEFAULT_COMMISSION_RATES, note: '' }, { token: superToken });
  });

  it('refuses shares over 100 %, and edits by anyone but super', async () => {
    const over = { ...DEFAULT_COMMISSION_RATES, merchant: { ...DEFAULT_COMMISSION_RATES.merchant, studio: 9500 } };
    const refused = await t.call('/v1/finance/rules/update', { rates: over, note: '' }, { token: superToken, lang: 'es' });
    expect(refused).toMatchObject({ code: '400', msg: 'Las participaciones suman más del 100 %' });
    expect((await t.call('/v1/finance/rules/update', { rates: DEFAULT_COMMISSION_RATES, note: '' }, { token: adminToken })).code).toBe('403');
    expect((await t.call('/v1/finance/rules', {}, { token: adminToken })).code).toBe('200');
    expect((await t.call('/v1/finance/rules', {}, { token: studioToken })).code).toBe('403');
  });

  it('reads and edits the settings: 14 holding days, $100 minimum and 2 % fee by default', async () => {
    const read = await t.call<{ holding_days: number; settlement_min_cents: number; settlement_fee_bps: number }>('/v1/finance/settings', {}, { token: adminToken });
    expect(read.data).toMatchObject({ holding_days: 14, settlement_min_cents: 10_000, settlement_fee_bps: 200 });
    const edited = await t.call('/v1/finance/settings/update', { holding_days: 7 }, { token: superToken });
    expect(edited.data).toMatchObject({ holding_days: 7, settlement_min_cents: 10_000 });
    expect((await t.call('/v1/finance/settings/update', { holding_days: -1 }, { token: superToken })).code).toBe('400');
    expect((await t.call('/v1/finance/settings/update', { holding_days: 3 }, { token: adminToken })).code).toBe('403');
    await t.call('/v1/finance/settings/update', { holding_days: 14 }, { token: superToken });
  });
});

describe('holding period', () => {
  it('keeps earnings pending for the holding period, then makes them available once', async () => {
    const studio = await addAccount(t, { type: ACCOUNT_TYPE.studio });
    const merchant = await addAccount(t, { type: ACCOUNT_TYPE.client, studioId: studio });
    const paymentId = await pay(t, merchant, 20_000);
    const finance = t.app.services.finance;
    await finance.releaseDue(new Date(Date.now() + 13 * DAY));
    expect(await balances(studio)).toMatchObject({ pending: 14_000, available: 0 });
    await finance.releaseDue(new Date(Date.now() + 15 * DAY));
    await finance.releaseDue(new Date(Date.now() + 16 * DAY));
    expect(await balances(studio)).toMatchObject({ pending: 0, available: 14_000 });
    expect((await sharesOf(t, paymentId)).find((share) => share.role === 'studio')!.status).toBe('available');
    expect(await audit()).toMatchObject({ unbalancedTransactions: 0, driftedBalances: 0 });
  });
});

describe('the holding-period job', () => {
  it('is registered, and releases what the holding-days setting made due', async () => {
    await t.call('/v1/finance/settings/update', { holding_days: 0 }, { token: superToken });
    const studio = await addAccount(t, { type: ACCOUNT_TYPE.studio });
    const merchant = await addAccount(t, { type: ACCOUNT_TYPE.client, studioId: studio });
    await pay(t, merchant, 1_000);
    await t.call('/v1/finance/settings/update', { holding_days: 14 }, { token: superToken });
    const job = jobDefinitions(t.app.services, t.app.log).find((definition) => definition.name === RELEASE_JOB);
    expect(job?.schedule).toBeDefined();
    await job!.handler({} as never);
    expect(await balances(studio)).toMatchObject({ pending: 0, available: 700 });
  });
});

describe('refunds', () => {
  type RefundAnswer = { refund: { id: number; amount_cents: number; status: string; full: boolean }; refunded_cents: number; remaining_cents: number };

  it('refunds part of a payment: every share gives back its part, in proportion, still pending', async () => {
    const studio = await addAccount(t, { type: ACCOUNT_TYPE.studio, agentId: ids.agent });
    const merchant = await addAccount(t, { type: ACCOUNT_TYPE.client, studioId: studio });
    const paymentId = await pay(t, merchant, 100_000);
    const answer = await t.call<RefundAnswer>('/v1/finance/refund', { payment_id: paymentId, amount_cents: 25_000, reason: 'Two weeks unused' }, { token: adminToken });
    expect(answer.code).toBe('200');
    expect(answer.data).toMatchObject({ refund: { amount_cents: 25_000, status: 'completed', full: false }, refunded_cents: 25_000, remaining_cents: 75_000 });
    expect(Object.fromEntries((await sharesOf(t, paymentId)).map((share) => [share.role, share.reversed_cents]))).toEqual({ studio: 17_500, agent: 2_500, platform: 5_000 });
    expect(await balances(studio)).toMatchObject({ pending: 52_500 });
    expect(await balances(merchant)).toMatchObject({ payments: -100_000, refunds: 25_000 });
    // The rest of the holding period releases what is left.
    await t.app.services.finance.releaseDue(new Date(Date.now() + 15 * DAY));
    expect(await balances(studio)).toMatchObject({ pending: 0, available: 52_500 });
  });

  it('claws back earnings already available, and a full refund takes back the plan days it bought', async () => {
    const studio = await addAccount(t, { type: ACCOUNT_TYPE.studio });
    const merchant = await addAccount(t, { type: ACCOUNT_TYPE.client, studioId: studio });
    const paymentId = await pay(t, merchant, 60_000, 'business', 2);
    const [paid] = await t.query<{ pay_status: number; days: number }>(sql`select pay_status, floor(extract(epoch from expire_at - now()) / 86400)::int as days from accounts where id = ${merchant}`);
    expect(paid).toMatchObject({ pay_status: 1, days: 59 });
    await t.app.services.finance.releaseDue(new Date(Date.now() + 15 * DAY));
    // The studio's available money went out in a settlement: reserve it the way an application does.
    await t.database.db.transaction((tx) =>
      t.app.services.ledger.post(tx, {
        kind: 'settlement_apply',
        causeKey: `test-reserve:${studio}`,
        entries: [
          { owner: studio, purpose: 'available', amountCents: -42_000 },
          { owner: studio, purpose: 'in_transit', amountCents: 42_000 },
        ],
      }),
    );
    const answer = await t.call<RefundAnswer>('/v1/finance/refund', { payment_id: paymentId, reason: '' }, { token: superToken });
    expect(answer.data).toMatchObject({ refund: { amount_cents: 60_000, full: true }, remaining_cents: 0 });
    expect(await balances(studio)).toMatchObject({ available: -42_000, in_transit: 42_000 });
    const [clawback] = await t.query<{ clawback: boolean; amount_cents: number }>(sql`
      select e.clawback, e.amount_cents::int as amount_cents from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
       where x.kind = 'refund' and x.payment_id = ${paymentId} and e.amount_cents < 0`);
    expect(clawback).toEqual({ clawback: true, amount_cents: -42_000 });
    const [refunded] = await t.query<{ pay_status: number; expired: boolean }>(sql`select pay_status, expire_at <= now() as expired from accounts where id = ${merchant}`);
    expect(refunded).toEqual({ pay_status: 2, expired: true });
    expect(await audit()).toMatchObject({ unbalancedTransactions: 0, driftedBalances: 0 });
  });

  it('refuses more than is left, and anything after a full refund, in the caller\'s language', async () => {
    const merchant = await addAccount(t, { type: ACCOUNT_TYPE.client, studioId: ids.studio });
    const paymentId = await pay(t, merchant, 10_000);
    const tooMuch = await t.call('/v1/finance/refund', { payment_id: paymentId, amount_cents: 10_001, reason: '' }, { token: adminToken });
    expect(tooMuch).toMatchObject({ code: '400', msg: 'The refund is more than the $100.00 that can still be refunded' });
    expect((await t.call('/v1/finance/refund', { payment_id: paymentId, reason: '' }, { token: adminToken })).code).toBe('200');
    const again = await t.call('/v1/finance/refund', { payment_id: paymentId, amount_cents: 1, reason: '' }, { token: adminToken, lang: 'zh' });
    expect(again).toMatchObject({ code: '409', msg: '该支付已全额退款' });
    const list = await t.call<{ list: { amount_cents: number; full: boolean }[] }>('/v1/finance/refunds', { payment_id: paymentId }, { token: adminToken });
    expect(list.data.list).toEqual([expect.objectContaining({ amount_cents: 10_000, full: true })]);
  });

  it('lets only one of two refunds racing for the same money through', async () => {
    const merchant = await addAccount(t, { type: ACCOUNT_TYPE.client, studioId: ids.studio });
    const paymentId = await pay(t, merchant, 8_000);
    const answers = await Promise.all([
      t.call('/v1/finance/refund', { payment_id: paymentId, amount_cents: 6_000, reason: '' }, { token: adminToken }),
      t.call('/v1/finance/refund', { payment_id: paymentId, amount_cents: 6_000, reason: '' }, { token: superToken }),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual(['200', '400']);
    expect(await t.query(sql`select sum(amount_cents)::int as total from refunds where payment_id = ${paymentId} and status = 'completed'`)).toEqual([{ total: 6_000 }]);
    expect(await audit()).toMatchObject({ unbalancedTransactions: 0, driftedBalances: 0 });
  });

  it('answers not-found for an unknown payment and forbids refunds to anyone but staff', async () => {
    expect((await t.call('/v1/finance/refund', { payment_id: 999_999, reason: '' }, { token: adminToken })).code).toBe('404');
    expect((await t.call('/v1/finance/refunds', { payment_id: 999_999 }, { token: adminToken })).code).toBe('404');
    expect((await t.call('/v1/finance/refund', { payment_id: 1, reason: '' }, { token: studioToken })).code).toBe('403');
    expect((await t.call('/v1/finance/refund', { payment_id: 1, reason: '' })).code).toBe('403');
  });

  it('gives back proportionally over several partial refunds without drift, ending exactly at zero', async () => {
    const studio = await addAccount(t, { type: ACCOUNT_TYPE.studio, agentId: ids.subagent });
    const merchant = await addAccount(t, { type: ACCOUNT_TYPE.client, studioId: studio });
    const paymentId = await pay(t, merchant, 99_999);
    for (const amount of [1, 333, 33_333, 7]) {
      expect((await t.call('/v1/finance/refund', { payment_id: paymentId, amount_cents: amount, reason: '' }, { token: adminToken })).code).toBe('200');
    }
    expect((await t.call('/v1/finance/refund', { payment_id: paymentId, reason: '' }, { token: adminToken })).code).toBe('200');
    const shares = await sharesOf(t, paymentId);
    for (const share of shares) expect(share.reversed_cents).toBe(share.amount_cents);
    expect(await balances(studio)).toMatchObject({ pending: 0, available: 0 });
    expect(await audit()).toMatchObject({ unbalancedTransactions: 0, driftedBalances: 0 });
  });
});

describe('who may call what', () => {
  const DEMO: [string, Role][] = [
    ['super', 'super'],
    ['admin', 'admin'],
    ['agent', 'partner'],
    ['subagent', 'partner'],
    ['studio', 'studio'],
    ['operator', 'operator'],
    ['client', 'client'],
  ];
  // Bodies that change nothing when allowed: an unknown payment, an invalid edit.
  const matrix: [string, object, Role[]][] = [
    ['/v1/finance/rules', {}, ['super', 'admin']],
    ['/v1/finance/rules/update', { rates: {} }, ['super']],
    ['/v1/finance/settings', {}, ['super', 'admin']],
    ['/v1/finance/settings/update', { holding_days: -1 }, ['super']],
    ['/v1/finance/refund', { payment_id: 999_999, reason: '' }, ['super', 'admin']],
    ['/v1/finance/refunds', { payment_id: 999_999 }, ['super', 'admin']],
  ];

  it.each(matrix)('%s', async (path, body, allowed) => {
    const outcomes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const [name, role] of DEMO) {
      const response = await t.call(path, body, { token: await t.login(`${name}@example.com`) });
      outcomes[name] = response.code === '403' ? 'refused' : 'allowed';
      expected[name] = allowed.includes(role) ? 'allowed' : 'refused';
    }
    expect(outcomes).toEqual(expected);
    expect((await t.call(path, body)).code, 'anonymous').toBe('403');
  });
});
