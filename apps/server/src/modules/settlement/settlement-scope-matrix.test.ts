import type { Settlement } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoles } from '../../test/declared-access.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { holdingPeriodPasses, merchantPays } from '../../test/settlement-fixtures.js';
import { DEMO_ROLE_OF as ROLE_OF } from '../../test/demo-roles.js';

/**
 * The settlement scope matrix: every settlement endpoint called as every demo role is allowed
 * or refused as the route table says (studios and agents apply and read their own; staff read
 * all and decide; clients and operators have none), and every id of another party answers
 * not-found, changing nothing.
 */
let t: TestApp;
const tokens = new Map<string, string>();
const DEMO = ['super', 'admin', 'agent', 'subagent', 'studio', 'operator', 'client'] as const;
const token = (name: string) => tokens.get(name)!;
const settlementOf = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  for (const name of DEMO) tokens.set(name, await t.login(`${name}@example.com`));
  // The studio and its main agent each hold one pending application.
  await merchantPays(t, token('client'));
  await merchantPays(t, token('client'));
  await holdingPeriodPasses(t);
  for (const name of ['studio', 'agent']) {
    const applied = await t.call<Settlement>('/v1/settlement/apply', {}, { token: token(name) });
    expect(applied.code, name).toBe('200');
    settlementOf.set(name, applied.data.id);
  }
}, 120_000);
afterAll(() => t.close());

describe('who may call what', () => {
  // Bodies that change nothing when allowed: a missing settlement, or an empty balance.
  // Who may call each endpoint is read from its contract entry (declaredRoles), the declaration route() enforces.
  const matrix: [string, () => object][] = [
    ['/v1/settlement/preview', () => ({})],
    ['/v1/settlement/list', () => ({})],
    ['/v1/settlement/get', () => ({ id: 999_999 })],
    ['/v1/settlement/approve', () => ({ id: 999_999, payout_reference: 'BT-1' })],
    ['/v1/settlement/reject', () => ({ id: 999_999, reason: 'x' })],
    ['/v1/settlement/fail', () => ({ id: 999_999, reason: 'x' })],
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

  it('/v1/settlement/apply', async () => {
    const before = await t.query(sql`select count(*)::int as n from settlements`);
    const outcomes: Record<string, string> = {};
    for (const name of DEMO) outcomes[name] = (await t.call('/v1/settlement/apply', {}, { token: token(name) })).code;
    // Studio and agent are allowed and already have an open application; the sub-agent has nothing to apply for.
    expect(outcomes).toEqual({ super: '403', admin: '403', agent: '409', subagent: '422', studio: '409', operator: '403', client: '403' });
    expect((await t.call('/v1/settlement/apply', {})).code).toBe('403');
    expect(await t.query(sql`select count(*)::int as n from settlements`)).toEqual(before);
  });
});

describe('objects outside the scope', () => {
  it('lists hold exactly the caller own applications', async () => {
    const listed = async (name: string) =>
      (await t.call<{ list: Settlement[]; total: number }>('/v1/settlement/list', { page_size: 100 }, { token: token(name) })).data.list.map((row) => row.id).sort();
    const all = [settlementOf.get('studio')!, settlementOf.get('agent')!].sort();
    expect(await listed('super')).toEqual(all);
    expect(await listed('admin')).toEqual(all);
    expect(await listed('studio')).toEqual([settlementOf.get('studio')]);
    // The main agent manages the studio, but the studio's money is the studio's.
    expect(await listed('agent')).toEqual([settlementOf.get('agent')]);
    expect(await listed('subagent')).toEqual([]);
  });

  it('answers another party settlement id as not found', async () => {
    const cases: [string, string][] = [
      ['studio', 'agent'],
      ['agent', 'studio'],
      ['subagent', 'studio'],
      ['subagent', 'agent'],
    ];
    for (const [caller, owner] of cases) {
      const response = await t.call('/v1/settlement/get', { id: settlementOf.get(owner) }, { token: token(caller) });
      expect(response, `${caller} reading ${owner}`).toMatchObject({ code: '404', msg: 'Settlement not found' });
    }
    for (const owner of ['studio', 'agent']) {
      expect((await t.call('/v1/settlement/get', { id: settlementOf.get(owner) }, { token: token(owner) })).code).toBe('200');
    }
  });

  it('refuses a party deciding its own settlement, and changes nothing', async () => {
    const own = settlementOf.get('studio')!;
    expect((await t.call('/v1/settlement/approve', { id: own, payout_reference: 'SELF' }, { token: token('studio') })).code).toBe('403');
    expect((await t.call('/v1/settlement/reject', { id: settlementOf.get('studio'), reason: 'x' }, { token: token('agent') })).code).toBe('403');
    const [row] = await t.query<{ status: string }>(sql`select status from settlements where id = ${own}`);
    expect(row!.status).toBe('pending');
  });
});
