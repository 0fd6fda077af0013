import { allows, api, type Endpoint, type Role } from '@nearcast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * The scope matrix: every endpoint of people and territory, called as every demo role,
 * is allowed or refused exactly as the route table and spec §6 say, and every list holds only
 * the rows in the caller's scope. The demo's unpaid studio and merchant are refused with the
 * plan-required answer wherever their role would be let in (plan gating, docs/decisions/053).
 */
let t: TestApp;
const tokens = new Map<string, string>();
const ids = new Map<string, number>();
const DEMO = ['super', 'admin', 'agent', 'subagent', 'studio', 'operator', 'client'] as const;
/** The demo's accounts that have never paid. */
const UNPAID = ['newstudio', 'newclient'] as const;
const ROLE_OF: Record<(typeof DEMO)[number] | (typeof UNPAID)[number], Role> = {
  super: 'super',
  admin: 'admin',
  agent: 'partner',
  subagent: 'partner',
  studio: 'studio',
  operator: 'operator',
  client: 'client',
  newstudio: 'studio',
  newclient: 'client',
};

type Page = { list: { email: string; id: number }[]; total: number };
const short = (email: string) => email.replace('@example.com', '');

beforeAll(async () => {
  t = await createTestApp();
  for (const name of [...DEMO, ...UNPAID]) tokens.set(name, await t.login(`${name}@example.com`));
  const superToken = tokens.get('super')!;
  const all = await t.call<Page>('/v1/account/list', { page_size: 100 }, { token: superToken });
  for (const row of all.data.list) ids.set(short(row.email), row.id);

  // A second agent tree, and a studio with a client under the sub-agent.
  const add = async (name: string, role: string) => {
    const response = await t.call<{ id: number }>(
      '/v1/account/add',
      { email: `${name}@example.com`, password: 'Fixture-pass-1', username: name, role },
      { token: superToken },
    );
    expect(response.code, name).toBe('200');
    ids.set(name, response.data.id);
  };
  await add('agent2', 'partner');
  await add('studio2', 'studio');
  await add('client2', 'client');
  await add('substudio', 'studio');
  await add('subclient', 'client');
  const ok = async (path: string, body: object, token = superToken) => expect((await t.call(path, body, { token })).code, path).toBe('200');
  await ok('/v1/studio/proxy', { studio_id: ids.get('studio2'), agent_id: ids.get('agent2') });
  await ok('/v1/client/studio/set', { client_id: ids.get('client2'), studio_id: ids.get('studio2') });
  await ok('/v1/studio/proxy', { studio_id: ids.get('substudio'), agent_id: ids.get('subagent') });
  await ok('/v1/client/studio/set', { client_id: ids.get('subclient'), studio_id: ids.get('substudio') });
  tokens.set('agent2', await t.login('agent2@example.com', 'Fixture-pass-1'));
  const operator2 = await t.call<{ id: number }>(
    '/v1/operator/add',
    { nickname: 'operator2', email: 'operator2@example.com', password: 'Fixture-pass-1' },
    { token: tokens.get('agent2') },
  );
  ids.set('operator2', operator2.data.id);
});
afterAll(() => t.close());

const id = (name: string) => ids.get(name)!;

describe('who may call what', () => {
  // Who may call each endpoint is its contract entry's `access`, the one declaration route() enforces.
  const matrix: [Endpoint, () => object][] = [
    [api.account.list, () => ({})],
    [api.account.get, () => ({ id: id('client') })],
    [api.account.add, () => ({ email: 'x@example.com', password: '', username: '', role: 'client' })],
    [api.account.edit, () => ({ id: id('client'), bio: 'x' })],
    [api.proxy.list, () => ({})],
    [api.proxy.count, () => ({})],
    [api.proxy.add, () => ({ email: 'bad' })],
    [api.proxy.switch, () => ({ id: id('subagent'), agent_type: 'sub', main_agent_id: id('agent') })],
    [api.proxy.get, () => ({ id: id('subagent') })],
    [api.studio.list, () => ({})],
    [api.studio.count, () => ({})],
    [api.studio.proxy, () => ({ studio_id: id('studio'), agent_id: id('agent') })],
    [api.studio.top, () => ({})],
    [api.client.list, () => ({})],
    [api.client.count, () => ({})],
    [api.client.all, () => ({})],
    [api.client.pay, () => ({})],
    [api.client.studio, () => ({ client_id: id('client') })],
    [api.client.get, () => ({ id: id('client') })],
    [api.client.proxy, () => ({ client_id: id('client'), agent_id: id('agent') })],
    [api.client.studioSet, () => ({ client_id: id('client'), studio_id: id('studio') })],
    [api.client.operator, () => ({ client_id: id('client'), operator_id: id('operator') })],
    [api.operator.add, () => ({ nickname: '', email: '', password: '' })],
    [api.operator.list, () => ({})],
    // No field to change: the call is allowed or refused, and changes nothing either way.
    [api.operator.edit, () => ({ id: id('operator') })],
    [api.area.list, () => ({})],
    [api.area.add, () => ({ name: '' })],
    [api.area.delete, () => ({ id: 999_999 })],
    [api.area.zone, () => ({})],
    [api.area.zoneAll, () => ({})],
    [api.area.zoneAdd, () => ({ name: '' })],
    [api.area.zoneDelete, () => ({ id: 999_999 })],
    [api.promotion.link, () => ({})],
  ];

  it.each(matrix.map(([endpoint, body]) => [endpoint.path, endpoint, body] as const))('%s', async (path, endpoint, body) => {
    const outcomes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const name of [...DEMO, ...UNPAID]) {
      const response = await t.call(path, body(), { token: tokens.get(name) });
      outcomes[name] = response.code === '403' ? 'refused' : response.code === '402' ? 'plan required' : 'allowed';
      // The role is checked first: a call the role may never make says so, whatever the plan.
      if (!allows(endpoint.access, ROLE_OF[name])) expected[name] = 'refused';
      else expected[name] = (UNPAID as readonly string[]).includes(name) && endpoint.access !== 'public' && !endpoint.openToUnpaid ? 'plan required' : 'allowed';
    }
    expect(outcomes).toEqual(expected);
    // Without a session only a public endpoint (the area tree) answers.
    const anonymous = await t.call(path, body());
    expect(anonymous.code === '403', 'anonymous').toBe(endpoint.access !== 'public');
  });
});

describe('every list holds only the caller scope', () => {
  async function listed(path: string, name: string): Promise<string[]> {
    const response = await t.call<Page>(path, { page_size: 100 }, { token: tokens.get(name) });
    expect(response.code, `${path} as ${name}`).toBe('200');
    expect(response.data.total).toBe(response.data.list.length);
    return response.data.list.map((row) => short(row.email)).sort();
  }

  it('lists clients', async () => {
    const all = ['client', 'client2', 'newclient', 'subclient'];
    expect(await listed('/v1/client/list', 'super')).toEqual(all);
    expect(await listed('/v1/client/list', 'admin')).toEqual(all);
    expect(await listed('/v1/client/list', 'agent')).toEqual(['client', 'subclient']);
    expect(await listed('/v1/client/list', 'subagent')).toEqual(['subclient']);
    expect(await listed('/v1/client/list', 'studio')).toEqual(['client']);
    expect(await listed('/v1/client/list', 'operator')).toEqual(['client']);
    expect(await listed('/v1/client/list', 'agent2')).toEqual(['client2']);
  });

  it('lists studios', async () => {
    expect(await listed('/v1/studio/list', 'super')).toEqual(['newstudio', 'studio', 'studio2', 'substudio']);
    expect(await listed('/v1/studio/list', 'agent')).toEqual(['newstudio', 'studio', 'substudio']);
    expect(await listed('/v1/studio/list', 'subagent')).toEqual(['substudio']);
    expect(await listed('/v1/studio/list', 'agent2')).toEqual(['studio2']);
  });

  it('lists agents', async () => {
    expect(await listed('/v1/proxy/list', 'admin')).toEqual(['agent', 'agent2', 'subagent']);
    expect(await listed('/v1/proxy/list', 'agent')).toEqual(['agent', 'subagent']);
    expect(await listed('/v1/proxy/list', 'subagent')).toEqual(['subagent']);
  });

  it('lists operators', async () => {
    const operators = async (name: string) =>
      (await t.call<{ list: { email: string }[] }>('/v1/operator/list', {}, { token: tokens.get(name) })).data.list.map((row) => short(row.email)).sort();
    expect(await operators('super')).toEqual(['operator', 'operator2']);
    expect(await operators('agent')).toEqual(['operator']);
    expect(await operators('agent2')).toEqual(['operator2']);
    expect(await operators('subagent')).toEqual([]);
  });

  it('counts and pickers stay in scope too', async () => {
    const count = await t.call<{ total: number }>('/v1/client/count', {}, { token: tokens.get('studio') });
    expect(count.data.total).toBe(1);
    const picker = await t.call<{ list: { email: string }[] }>('/v1/client/all', {}, { token: tokens.get('operator') });
    expect(picker.data.list.map((row) => short(row.email))).toEqual(['client']);
    const top = await t.call<{ list: { id: number }[] }>('/v1/studio/top', {}, { token: tokens.get('subagent') });
    expect(top.data.list.map((row) => row.id)).toEqual([id('substudio')]);
  });
});

describe('objects outside the scope are refused by id', () => {
  it('refuses a studio asking for another studio client', async () => {
    const response = await t.call('/v1/client/studio', { client_id: id('client2') }, { token: tokens.get('studio') });
    expect(response).toMatchObject({ code: '404', msg: 'Account not found' });
    expect((await t.call('/v1/client/studio', { client_id: id('client') }, { token: tokens.get('studio') })).code).toBe('200');
  });

  it('refuses an operator a client not assigned to it', async () => {
    const response = await t.call('/v1/client/studio', { client_id: id('newclient') }, { token: tokens.get('operator') });
    expect(response.code).toBe('404');
  });

  it('refuses a sub-agent its main agent other studios, and changes nothing', async () => {
    const response = await t.call('/v1/studio/proxy', { studio_id: id('studio'), agent_id: id('subagent') }, { token: tokens.get('subagent') });
    expect(response).toMatchObject({ code: '404', msg: 'Choose a studio you manage' });
    const studio = await t.call<{ agent_id: number }>('/v1/account/get', { id: id('studio') }, { token: tokens.get('super') });
    expect(studio.data.agent_id).toBe(id('agent'));
  });

  it('refuses an agent handing its studio to another tree', async () => {
    const response = await t.call('/v1/studio/proxy', { studio_id: id('studio'), agent_id: id('agent2') }, { token: tokens.get('agent') });
    expect(response).toMatchObject({ code: '404', msg: 'Choose an agent you manage' });
  });

  it('refuses assigning another agent operator', async () => {
    const response = await t.call('/v1/client/operator', { client_id: id('client'), operator_id: id('operator2') }, { token: tokens.get('agent') });
    expect(response).toMatchObject({ code: '404', msg: 'Choose an operator you manage' });
  });

  it('shows a client detail only within the scope, and never a non-client by that path', async () => {
    const get = (name: string, client: string) => t.call('/v1/client/get', { id: id(client) }, { token: tokens.get(name) });
    for (const [name, client] of [
      ['studio', 'client2'],
      ['operator', 'newclient'],
      ['subagent', 'client'],
      ['agent', 'client2'],
      ['agent2', 'client'],
    ] as const) {
      expect(await get(name, client), `${name} → ${client}`).toMatchObject({ code: '404', msg: 'Account not found' });
    }
    for (const [name, client] of [
      ['studio', 'client'],
      ['operator', 'client'],
      ['subagent', 'subclient'],
      ['agent', 'subclient'],
      ['agent2', 'client2'],
      ['admin', 'client2'],
    ] as const) {
      expect((await get(name, client)).code, `${name} → ${client}`).toBe('200');
    }
    expect((await get('super', 'studio')).code).toBe('404');
  });

  it('shows an agent detail only within the scope', async () => {
    const get = (name: string, agent: string) => t.call('/v1/proxy/get', { id: id(agent) }, { token: tokens.get(name) });
    expect(await get('agent', 'agent2')).toMatchObject({ code: '404', msg: 'Account not found' });
    expect((await get('subagent', 'agent')).code).toBe('404');
    expect((await get('agent2', 'subagent')).code).toBe('404');
    expect((await get('super', 'studio')).code).toBe('404');
    expect((await get('agent', 'subagent')).code).toBe('200');
    expect((await get('subagent', 'subagent')).code).toBe('200');
  });

  it('refuses editing another agent operator, and changes nothing', async () => {
    const response = await t.call('/v1/operator/edit', { id: id('operator2'), wechat: 'taken_over', status: 'disabled' }, { token: tokens.get('agent') });
    expect(response).toMatchObject({ code: '404', msg: 'Account not found' });
    const operator2 = await t.call<{ wechat: string; status: string }>('/v1/account/get', { id: id('operator2') }, { token: tokens.get('super') });
    expect(operator2.data).toMatchObject({ wechat: '', status: 'normal' });
    // Nor a sub-agent its main agent's operator, nor anyone who is not an operator by this path.
    expect((await t.call('/v1/operator/edit', { id: id('operator'), wechat: 'abc_def_1' }, { token: tokens.get('subagent') })).code).toBe('404');
    expect((await t.call('/v1/operator/edit', { id: id('studio'), wechat: 'abc_def_1' }, { token: tokens.get('agent') })).code).toBe('404');
  });

  it('refuses a sub-agent removing a studio from every agent', async () => {
    const response = await t.call('/v1/studio/proxy', { studio_id: id('substudio'), agent_id: null }, { token: tokens.get('subagent') });
    expect(response.code).toBe('403');
  });
});
