import type { AuditEntry, AuditVerifyResponse } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { merchantPays } from '../../test/settlement-fixtures.js';
import { canonicalJson, entryHash, firstBreak, GENESIS, type ChainedContent } from './chain.js';
import { DEMO_ROLE_OF as ROLE_OF } from '../../test/demo-roles.js';

/**
 * The staff audit log: staff actions recorded with who, from where and the values before and
 * after, in the transaction of the change; nobody else's actions; append-only; a chain that the
 * check breaks where a row was edited, removed or slipped in; super admins alone read it.
 */
let t: TestApp;
const tokens = new Map<string, string>();
const DEMO = ['super', 'admin', 'agent', 'subagent', 'studio', 'operator', 'client'] as const;
const token = (name: string) => tokens.get(name)!;
const BROWSER = 'Mozilla/5.0 (Audit test)';

/** A staff call from a known address and browser, as the log should record them. */
const staffCall = <T>(name: 'super' | 'admin', path: string, body: object) =>
  t.call<T>(path, body, { token: token(name), headers: { 'user-agent': BROWSER, 'x-forwarded-for': '203.0.113.9' } });

const entries = async (filter: object = {}) => (await t.call<{ list: AuditEntry[]; total: number }>('/v1/audit/list', { page_size: 100, ...filter }, { token: token('super') })).data;
const verify = async () => (await t.call<AuditVerifyResponse>('/v1/audit/verify', {}, { token: token('super') })).data;
const count = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from audit_log`))[0]!.n;

/** Runs SQL on the log with its guard triggers off, as someone with the database's keys could. */
async function tamper(statement: ReturnType<typeof sql>): Promise<void> {
  await t.query(sql`alter table audit_log disable trigger user`);
  try {
    await t.query(statement);
  } finally {
    await t.query(sql`alter table audit_log enable trigger user`);
  }
}

beforeAll(async () => {
  t = await createTestApp({ config: { TRUST_PROXY: true } });
  for (const name of DEMO) tokens.set(name, await t.login(`${name}@example.com`));
}, 60_000);
afterAll(() => t?.close());

describe('the hash chain', () => {
  const content = (seq: number, after: Record<string, unknown> = { name: 'Gold' }): ChainedContent => ({
    seq,
    at: '2026-11-28T12:00:00.000Z',
    actorId: 1,
    actorRole: 'super',
    actorEmail: 'super@example.com',
    ip: '203.0.113.9',
    userAgent: null,
    action: 'price.update',
    targetType: 'price',
    targetId: '7',
    targetLabel: 'Gold',
    before: null,
    after,
  });
  const chain = (...contents: ChainedContent[]) => {
    let prev = GENESIS;
    return contents.map((item) => {
      const hash = entryHash(prev, item);
      const row = { ...item, prevHash: prev, hash };
      prev = hash;
      return row;
    });
  };

  it('hashes the same content alike whatever order its keys come in', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}');
    expect(entryHash(GENESIS, content(1, { a: 1, b: 2 }))).toBe(entryHash(GENESIS, content(1, { b: 2, a: 1 })));
    expect(entryHash(GENESIS, content(1, { a: 1 }))).not.toBe(entryHash(GENESIS, content(1, { a: 2 })));
  });

  it('holds for untouched rows and names the first row that was changed, removed or relinked', () => {
    const rows = chain(content(1), content(2), content(3));
    expect(firstBreak(rows, { seq: 0, hash: GENESIS }).broken).toBeNull();
    expect(firstBreak([rows[0]!, { ...rows[1]!, after: { name: 'Free' } }, rows[2]!], { seq: 0, hash: GENESIS }).broken).toEqual({ seq: 2, reason: 'content' });
    expect(firstBreak([rows[0]!, rows[2]!], { seq: 0, hash: GENESIS }).broken).toEqual({ seq: 2, reason: 'gap' });
    // A row rewritten with a fresh hash of its own still does not follow the one before it.
    const forged = { ...content(2), after: { name: 'Free' } };
    expect(firstBreak([rows[0]!, { ...forged, prevHash: 'f'.repeat(64), hash: entryHash('f'.repeat(64), forged) }], { seq: 0, hash: GENESIS }).broken).toEqual({ seq: 2, reason: 'link' });
  });
});

describe('what is recorded', () => {
  it('records a refund with who, from where, and the payment before and after', async () => {
    await merchantPays(t, token('client'));
    const paymentId = (await t.query<{ id: number }>(sql`select max(id)::int as id from payments`))[0]!.id;
    const refund = await staffCall('admin', '/v1/finance/refund', { payment_id: paymentId, amount_cents: 10_000, reason: 'Unused week' });
    expect(refund.code, refund.msg).toBe('200');
    const [entry] = (await entries({ action: 'payment.refund' })).list;
    const admin = (await t.query<{ id: number }>(sql`select id from accounts where email = 'admin@example.com'`))[0]!;
    expect(entry).toMatchObject({
      actor_id: admin.id,
      actor_role: 'admin',
      actor_email: 'admin@example.com',
      ip: '203.0.113.9',
      user_agent: BROWSER,
      target_type: 'payment',
      target_id: String(paymentId),
      before: { refunded_cents: 0 },
      after: { amount_cents: 10_000, reason: 'Unused week', status: 'completed', refunded_cents: 10_000 },
    });
    expect(Date.now() - Date.parse(entry!.at)).toBeLessThan(60_000);
  });

  it('records each kind of staff change with its values before and after', async () => {
    const added = await staffCall<{ id: number }>('super', '/v1/price/add', { name: 'Audit Gold', type: 'business', base_price_cents: 99_000, actual_price_cents: 89_000 });
    expect(added.code, added.msg).toBe('200');
    expect((await staffCall('super', '/v1/price/update', { id: added.data.id, actual_price_cents: 79_000 })).code).toBe('200');
    expect((await staffCall('super', '/v1/price/delete', { id: added.data.id })).code).toBe('200');
    const holding = (await t.call<{ holding_days: number }>('/v1/finance/settings', {}, { token: token('super') })).data.holding_days;
    const settings = await staffCall('super', '/v1/finance/settings/update', { holding_days: holding + 1 });
    expect(settings.code, settings.msg).toBe('200');
    const client = (await t.query<{ id: number; status: string }>(sql`select id, status from accounts where email = 'newclient@example.com'`))[0]!;
    expect((await staffCall('super', '/v1/account/edit', { id: client.id, status: 'disabled', password: 'An0ther-Secret!' })).code).toBe('200');

    const price = (await entries({ target_type: 'price', target_id: String(added.data.id) })).list;
    expect(price.map((entry) => entry.action)).toEqual(['price.delete', 'price.update', 'price.add']);
    expect(price[1]).toMatchObject({ before: { actual_price_cents: 89_000 }, after: { actual_price_cents: 79_000 }, target_label: 'Audit Gold' });
    expect(price[2]).toMatchObject({ before: null, after: { name: 'Audit Gold', base_price_cents: 99_000 } });
    expect((await entries({ action: 'finance_settings.update' })).list[0]).toMatchObject({ before: { holding_days: holding }, after: { holding_days: holding + 1 } });
    const edit = (await entries({ action: 'account.edit', target_id: String(client.id) })).list[0]!;
    expect(edit).toMatchObject({ target_label: 'newclient@example.com', before: { status: client.status }, after: { status: 'disabled', password: 'changed' } });
    // A password is recorded as changed, never in any form.
    expect(JSON.stringify(edit)).not.toContain('An0ther-Secret!');
  });

  it('records nothing for an action that fails, or for what others than staff do', async () => {
    const before = await count();
    expect((await staffCall('super', '/v1/price/update', { id: 999_999, actual_price_cents: 1 })).code).toBe('404');
    expect((await staffCall('super', '/v1/area/add', { name: 'Nowhere', code: 'NW', type: 'city', parent_id: null })).code).toBe('400');
    // A partner managing its own operators changes data too, but is not staff.
    const operator = await t.call('/v1/operator/add', { email: 'audit-operator@example.com', password: 'Operator-pass-1', nickname: 'Audit Op' }, { token: token('agent') });
    expect(operator.code, operator.msg).toBe('200');
    expect(await count()).toBe(before);
  });

  it('records a staff actor that came through the API, and not one acting outside a call', async () => {
    const admin = (await t.query<{ id: number }>(sql`select id from accounts where email = 'admin@example.com'`))[0]!.id;
    const actor = { id: admin, role: 'admin' as const, account: { email: 'admin@example.com' } };
    const before = await count();
    // The demo seed and a test calling a service act for an account without an API call's origin.
    await t.app.services.areas.add(actor, { name: 'Seedland', code: 'SL', type: 'country', parent_id: null });
    expect(await count()).toBe(before);
    const origin = { ip: '198.51.100.4', userAgent: BROWSER };
    const added = await t.app.services.areas.add({ ...actor, origin }, { name: 'Calland', code: 'CL', type: 'country', parent_id: null });
    expect(await count()).toBe(before + 1);
    const [entry] = (await entries({ action: 'area.add', target_id: String(added.id) })).list;
    expect(entry).toMatchObject({ actor_id: admin, actor_role: 'admin', actor_email: 'admin@example.com', ip: '198.51.100.4', user_agent: BROWSER });
  });

  it('keeps every entry in order without gaps when staff act at the same moment', async () => {
    const before = await count();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => staffCall('super', '/v1/price/add', { name: `Audit ${index}`, type: 'business', base_price_cents: 1_000, actual_price_cents: 1_000 })),
    );
    expect(answers.map((answer) => answer.code)).toEqual(Array(8).fill('200'));
    expect(await count()).toBe(before + 8);
    const seqs = (await t.query<{ seq: number }>(sql`select seq from audit_log order by seq`)).map((row) => Number(row.seq));
    expect(seqs).toEqual(seqs.map((_, index) => index + 1));
    expect(await verify()).toMatchObject({ ok: true, checked: seqs.length, broken_at: null });
  });
});

describe('the log cannot be changed unseen', () => {
  it('refuses updates, deletes and truncation', async () => {
    const before = await count();
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.query(statement).then(
        () => 'done',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(sql`update audit_log set action = 'price.add' where seq = 1`)).toMatch(/audit rows are immutable \(UPDATE/);
    expect(await refusal(sql`delete from audit_log where seq = 1`)).toMatch(/audit rows are immutable \(DELETE/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/audit rows are immutable \(TRUNCATE/);
    expect(await count()).toBe(before);
  });

  it('finds an edited entry, then a removed one, where it happened', async () => {
    const total = await count();
    expect(total).toBeGreaterThan(3);
    const intact = await verify();
    expect(intact).toMatchObject({ ok: true, checked: total, reason: null });
    expect(intact.head).toMatch(/^[0-9a-f]{64}$/);

    await tamper(sql`update audit_log set after = jsonb_set(after, '{amount_cents}', '1') where action = 'payment.refund'`);
    const [refund] = await t.query<{ seq: number }>(sql`select seq from audit_log where action = 'payment.refund'`);
    expect(await verify()).toMatchObject({ ok: false, broken_at: Number(refund!.seq), reason: 'content', head: null });

    await tamper(sql`delete from audit_log where seq >= ${Number(refund!.seq)} and seq <= ${Number(refund!.seq)}`);
    expect(await verify()).toMatchObject({ ok: false, broken_at: Number(refund!.seq), reason: 'gap' });
  });
});

describe('who may read and check the log', () => {
  it.each(['/v1/audit/list', '/v1/audit/verify'])('%s is for super admins only', async (path) => {
    const outcomes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const name of DEMO) {
      const response = await t.call(path, {}, { token: token(name) });
      outcomes[name] = response.code === '403' ? 'refused' : response.code;
      expected[name] = ROLE_OF[name] === 'super' ? '200' : 'refused';
    }
    expect(outcomes).toEqual(expected);
    expect((await t.call(path, {})).code, 'anonymous').toBe('403');
  });

  it('filters by action, actor, target and day, and refuses filters it does not know', async () => {
    const superId = (await t.query<{ id: number }>(sql`select id from accounts where email = 'super@example.com'`))[0]!.id;
    const mine = await entries({ actor_id: superId });
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.list.every((entry) => entry.actor_id === superId)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const [todays] = await t.query<{ n: number }>(sql`select count(*)::int as n from audit_log where at >= ${today}::date`);
    expect(todays!.n).toBeGreaterThan(0);
    expect((await entries({ date_from: today, date_to: today })).total).toBe(todays!.n);
    // The demo's staff history reaches weeks back.
    expect((await entries({ date_to: today })).total).toBe(await count());
    expect((await entries({ date_to: '2020-01-01' })).total).toBe(0);
    const refused = await t.call('/v1/audit/list', { action: 'price.steal' }, { token: token('super'), lang: 'es-ES' });
    expect(refused.code).toBe('400');
    expect(refused.msg).not.toMatch(/invalid option/i);
  });
});
