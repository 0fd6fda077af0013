import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/seed.js';
import { codeFrom, createTestApp, type TestApp } from '../../test/harness.js';
import { listSummaries, summaryStatementCount } from './repository.js';

let t: TestApp;
let superToken: string;
let agentToken: string;
const idOf = async (email: string) => (await t.query<{ id: number }>(sql`select id from accounts where email = ${email}`))[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  superToken = await t.login('super@example.com');
  agentToken = await t.login('agent@example.com');
});
afterAll(() => t.close());

type Row = Record<string, unknown> & { email: string; id: number };
type Page = { list: Row[]; total: number };

describe('account management (super)', () => {
  it('lists every column of spec §3 with names resolved', async () => {
    const response = await t.call<Page>('/v1/account/list', { keyword: 'Carmen' }, { token: superToken });
    expect(response.data.total).toBe(1);
    expect(response.data.list[0]).toMatchObject({
      email: 'client@example.com',
      role: 'client',
      pay_state: 'paid',
      info_status: 1,
      order_count: 1,
      agent_name: 'West Coast Growth',
      studio_name: 'Sunset AI Studio',
      operator_name: 'Oscar Operator',
      consumption_cents: 100_000,
      location: 'Los Angeles, California',
      wechat: 'carmen_tacos',
    });
    for (const column of ['sale_name', 'sale_email', 'sale_uid', 'expire_time', 'register_time', 'last_login']) {
      expect(response.data.list[0]).toHaveProperty(column);
    }
  });

  it('filters by role, payment, info status and registration date', async () => {
    const emails = async (body: object) =>
      (await t.call<Page>('/v1/account/list', { page_size: 100, ...body }, { token: superToken })).data.list.map((row) => row.email).sort();
    expect(await emails({ role: 'agent' })).toEqual(['agent@example.com', 'subagent@example.com']);
    expect(await emails({ role: 'studio', pay_state: 'unpaid' })).toEqual(['newstudio@example.com']);
    expect(await emails({ role: 'client', info_status: 0 })).toEqual(['newclient@example.com']);
    expect(await emails({ registered_to: '2000-01-01' })).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await emails({ registered_from: today, registered_to: today })).length).toBeGreaterThanOrEqual(9);
    const bad = await t.call('/v1/account/list', { role: 'wizard' }, { token: superToken });
    expect(bad).toMatchObject({ code: '400', data: { fields: { role: 'Not one of the allowed values' } } });
  });

  it('pages with the requested size', async () => {
    const response = await t.call<Page & { page: number; page_size: number }>('/v1/account/list', { page: 2, page_size: 4 }, { token: superToken });
    expect(response.data).toMatchObject({ page: 2, page_size: 4 });
    expect(response.data.list).toHaveLength(4);
    expect(response.data.total).toBeGreaterThanOrEqual(9);
    const tooBig = await t.call('/v1/account/list', { page_size: 101 }, { token: superToken });
    expect(tooBig.code).toBe('400');
  });

  it('prepares the summary join of a page once, however many lists are read', async () => {
    for (let i = 0; i < 3; i++) {
      for (const path of ['/v1/account/list', '/v1/client/list', '/v1/proxy/list', '/v1/studio/list']) {
        expect((await t.call(path, {}, { token: superToken })).code).toBe('200');
      }
      expect((await t.call('/v1/client/pay', { days: 30 }, { token: superToken })).code).toBe('200');
    }
    // One statement without extra columns and one with a studio's counters.
    expect(summaryStatementCount(t.database.db)).toBe(2);
  });

  it('reads no password hash into a list of people', async () => {
    const { rows } = await listSummaries(t.database.db, {}, 1, 50, {});
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(row.account.email).toBeTruthy();
      expect(Object.keys(row.account)).not.toContain('passwordHash');
    }
  });

  it('creates an account of any role, with an agent number for agents', async () => {
    const created = await t.call<Row>(
      '/v1/account/add',
      { email: 'Ops.Lead@Example.com', password: 'Opslead-2026', username: 'opslead', role: 'admin', sale_email: 'sales@example.com' },
      { token: superToken },
    );
    expect(created.data).toMatchObject({ email: 'ops.lead@example.com', role: 'admin', account_type: 10, sale_email: 'sales@example.com' });
    expect(await t.login('ops.lead@example.com', 'Opslead-2026')).toBeTruthy();

    const agent = await t.call<Row>(
      '/v1/account/add',
      { email: 'west@example.com', password: 'Westagent-1', username: 'west', role: 'partner' },
      { token: superToken },
    );
    expect(agent.data).toMatchObject({ agent_type: 'main', agent_no: `AG-${String(agent.data.id).padStart(5, '0')}` });

    const duplicate = await t.call('/v1/account/add', { email: 'west@example.com', password: 'Westagent-1', username: 'west', role: 'client' }, { token: superToken });
    expect(duplicate.code).toBe('409');
  });

  it('disables an account and ends its open sessions at once', async () => {
    const victim = await t.login('newclient@example.com');
    expect((await t.call('/v1/account/detail', {}, { token: victim })).code).toBe('200');
    const edited = await t.call<Row>('/v1/account/edit', { id: await idOf('newclient@example.com'), status: 'disabled' }, { token: superToken });
    expect(edited.data.status).toBe('disabled');
    expect((await t.call('/v1/account/detail', {}, { token: victim })).code).toBe('403');
    expect((await t.call('/v1/account/login', { email: 'newclient@example.com', password: DEMO_PASSWORD })).code).toBe('422');
    await t.call('/v1/account/edit', { id: await idOf('newclient@example.com'), status: 'normal' }, { token: superToken });
    expect(await t.login('newclient@example.com')).toBeTruthy();
  });

  it('will not let the super admin disable itself', async () => {
    const response = await t.call('/v1/account/edit', { id: await idOf('super@example.com'), status: 'disabled' }, { token: superToken });
    expect(response.code).toBe('422');
  });
});

describe('agents', () => {
  it('lets a main agent recruit a sub-agent under itself, and not a sub-agent', async () => {
    const created = await t.call<Row>(
      '/v1/proxy/add',
      { email: 'east@example.com', password: 'Eastagent-1', username: 'east', agent_type: 'main' },
      { token: agentToken },
    );
    expect(created.data).toMatchObject({ agent_type: 'sub', main_agent_id: await idOf('agent@example.com'), main_agent_name: 'West Coast Growth' });
    const subToken = await t.login('subagent@example.com');
    const refused = await t.call('/v1/proxy/add', { email: 'deeper@example.com', password: 'Deeper-123', username: 'deeper' }, { token: subToken });
    expect(refused.code).toBe('403');
  });

  it('counts an agent tree: sub-agents, studios, clients and sales', async () => {
    const list = await t.call<Page>('/v1/proxy/list', { keyword: 'agent@example.com' }, { token: superToken });
    const agent = list.data.list.find((row) => row.email === 'agent@example.com')!;
    expect(agent).toMatchObject({ studio_count: 2, client_count: 1, sales_cents: 100_000 });
    expect(agent.sub_agent_count).toBeGreaterThanOrEqual(1);
    const count = await t.call<Record<string, number>>('/v1/proxy/count', {}, { token: agentToken });
    expect(count.data).toMatchObject({ studios: 2, clients: 1, sales_cents: 100_000 });
    expect(count.data.main).toBe(1);
  });

  it('switches an agent to a sub-agent under a main agent and back', async () => {
    const west = await idOf('west@example.com');
    const agent = await idOf('agent@example.com');
    const missing = await t.call('/v1/proxy/switch', { id: west, agent_type: 'sub' }, { token: superToken });
    expect(missing.data).toEqual({ fields: { main_agent_id: 'Choose the main agent of this sub-agent' } });
    const self = await t.call('/v1/proxy/switch', { id: west, agent_type: 'sub', main_agent_id: west }, { token: superToken });
    expect(self.code).toBe('400');
    const switched = await t.call<Row>('/v1/proxy/switch', { id: west, agent_type: 'sub', main_agent_id: agent }, { token: superToken });
    expect(switched.data).toMatchObject({ agent_type: 'sub', main_agent_id: agent });
    const withSubs = await t.call('/v1/proxy/switch', { id: agent, agent_type: 'sub', main_agent_id: west }, { token: superToken });
    expect(withSubs.code).toBe('400');
    const back = await t.call<Row>('/v1/proxy/switch', { id: west, agent_type: 'main' }, { token: superToken });
    expect(back.data).toMatchObject({ agent_type: 'main', main_agent_id: null });
  });
});

describe('studios and clients', () => {
  it('lets an agent put its new studio under its sub-agent, where the sub-agent then sees it', async () => {
    const subagent = await idOf('subagent@example.com');
    const newstudio = await idOf('newstudio@example.com');
    const assigned = await t.call<Row>('/v1/studio/proxy', { studio_id: newstudio, agent_id: subagent }, { token: agentToken });
    expect(assigned.data).toMatchObject({ agent_id: subagent, agent_name: 'Valley Reach' });
    const subToken = await t.login('subagent@example.com');
    const seen = await t.call<Page>('/v1/studio/list', {}, { token: subToken });
    expect(seen.data.list.map((row) => row.email)).toContain('newstudio@example.com');
    // Still in the main agent's tree.
    const mine = await t.call<Page>('/v1/studio/list', { agent_id: subagent }, { token: agentToken });
    expect(mine.data.list.map((row) => row.email)).toEqual(['newstudio@example.com']);
  });

  it("shows each studio row its agent's number, to staff and to the agent", async () => {
    const agentNo = async (token: string) => {
      const page = await t.call<Page>('/v1/studio/list', { keyword: 'studio@example.com' }, { token });
      return page.data.list.find((row) => row.email === 'studio@example.com')?.agent_agent_no;
    };
    // The demo studio is under the main agent AG-0001.
    expect(await agentNo(superToken)).toBe('AG-0001');
    expect(await agentNo(await t.login('admin@example.com'))).toBe('AG-0001');
    expect(await agentNo(agentToken)).toBe('AG-0001');
    // A studio without an agent has no agent number.
    const strays = await t.call<Page>('/v1/studio/list', { page_size: 100 }, { token: superToken });
    for (const row of strays.data.list.filter((entry) => entry.agent_id === null)) expect(row.agent_agent_no, row.email).toBeNull();
  });

  it('sets and reads a client studio, agent and operator', async () => {
    const client = await idOf('newclient@example.com');
    const studio = await idOf('studio@example.com');
    const operator = await idOf('operator@example.com');
    const agent = await idOf('agent@example.com');
    expect((await t.call<Row>('/v1/client/studio/set', { client_id: client, studio_id: studio }, { token: superToken })).data.studio_name).toBe('Sunset AI Studio');
    const studioView = await t.call<{ studio: { id: number } }>('/v1/client/studio', { client_id: client }, { token: agentToken });
    expect(studioView.data.studio.id).toBe(studio);
    expect((await t.call<Row>('/v1/client/operator', { client_id: client, operator_id: operator }, { token: agentToken })).data.operator_name).toBe('Oscar Operator');
    expect((await t.call<Row>('/v1/client/proxy', { client_id: client, agent_id: agent }, { token: agentToken })).data.agent_id).toBe(agent);
    expect((await t.call<Row>('/v1/client/operator', { client_id: client, operator_id: null }, { token: agentToken })).data.operator_id).toBeNull();
    expect((await t.call<Row>('/v1/client/proxy', { client_id: client, agent_id: null }, { token: superToken })).data.agent_id).toBeNull();
    expect((await t.call<Row>('/v1/client/studio/set', { client_id: client, studio_id: null }, { token: superToken })).data.studio_id).toBeNull();
  });

  it('refuses assigning a studio as a client', async () => {
    const response = await t.call('/v1/client/proxy', { client_id: await idOf('studio@example.com'), agent_id: await idOf('agent@example.com') }, { token: superToken });
    expect(response.code).toBe('404');
  });

  it('ranks studios and counts clients by payment state', async () => {
    const top = await t.call<{ list: { id: number; client_count: number; sales_cents: number }[] }>('/v1/studio/top', { by: 'sales' }, { token: superToken });
    expect(top.data.list[0]).toMatchObject({ id: await idOf('studio@example.com'), client_count: 1, sales_cents: 100_000 });
    const counts = await t.call<Record<string, number>>('/v1/client/count', {}, { token: superToken });
    expect(counts.data).toMatchObject({ paid: 1 });
    expect(counts.data.total).toBe(counts.data.paid! + counts.data.unpaid! + counts.data.expired!);
  });

  it('lists renewals expiring within the chosen days', async () => {
    await t.query(sql`update accounts set expire_at = now() + interval '5 days' where email = 'client@example.com'`);
    const soon = await t.call<Page>('/v1/client/pay', { days: 7 }, { token: await t.login('studio@example.com') });
    expect(soon.data.list.map((row) => row.email)).toEqual(['client@example.com']);
    const sooner = await t.call<Page>('/v1/client/pay', { days: 3 }, { token: superToken });
    expect(sooner.data.total).toBe(0);
  });

  it('searches clients by keyword with wildcards as text', async () => {
    const found = await t.call<Page>('/v1/client/list', { keyword: 'TACOS' }, { token: superToken });
    expect(found.data.list.map((row) => row.email)).toEqual(['client@example.com']);
    expect((await t.call<Page>('/v1/client/list', { keyword: '_' }, { token: superToken })).data.total).toBe(0);
  });
});

describe('operators', () => {
  it('asks for nickname, email and password', async () => {
    const response = await t.call('/v1/operator/add', { nickname: '', email: '', password: '' }, { token: agentToken });
    expect(response.data).toEqual({
      // Staff create someone else's account: the messages name the new account, not "your" email.
      fields: { nickname: 'Please enter a nickname', email: "Please enter the new account's email", password: 'Please enter a password for the new account' },
    });
  });

  it('creates an operator under the agent who can then sign in, with its merchant count', async () => {
    const created = await t.call<Row>(
      '/v1/operator/add',
      { nickname: 'Olga', email: 'olga@example.com', password: 'Olga-pass-1', wechat: 'olga_ops' },
      { token: agentToken },
    );
    expect(created.data).toMatchObject({ nickname: 'Olga', merchant_count: 0, agent_id: await idOf('agent@example.com') });
    const olga = await t.login('olga@example.com', 'Olga-pass-1');
    expect((await t.call<{ role: string }>('/v1/account/detail', {}, { token: olga })).data.role).toBe('operator');
    const list = await t.call<{ list: { email: string; merchant_count: number; login_time: string | null }[] }>('/v1/operator/list', {}, { token: agentToken });
    expect(list.data.list.find((row) => row.email === 'operator@example.com')?.merchant_count).toBe(1);
    expect(list.data.list.find((row) => row.email === 'olga@example.com')?.login_time).not.toBeNull();
  });
});

describe('promotion links', () => {
  it('gives a studio a merchant link that places sign-ups under it, and counts them', async () => {
    const studioToken = await t.login('studio@example.com');
    const link = await t.call<{ code: string; url: string; join_type: string; signups: number }>('/v1/promotion/link', {}, { token: studioToken });
    expect(link.data.join_type).toBe('business');
    expect(link.data.url).toBe(`http://localhost:3000/signin?mode=register&join=business&ref=${link.data.code}`);

    await t.call('/v1/base/send', { email: 'viaLink@example.com', scene: 'register' });
    const signed = await t.call('/v1/account/sign', {
      username: 'Via link',
      email: 'vialink@example.com',
      password: 'Vialink-123',
      confirm_password: 'Vialink-123',
      code: codeFrom(t.mailer, 'vialink@example.com'),
      ref: link.data.code,
    });
    expect(signed.code).toBe('200');
    const after = await t.call<{ signups: number }>('/v1/promotion/link', {}, { token: studioToken });
    expect(after.data.signups).toBe(link.data.signups + 1);
    const clients = await t.call<Page>('/v1/client/list', {}, { token: studioToken });
    expect(clients.data.list.map((row) => row.email)).toContain('vialink@example.com');
  });

  it('gives an agent a studio link', async () => {
    const link = await t.call<{ join_type: string }>('/v1/promotion/link', {}, { token: agentToken });
    expect(link.data.join_type).toBe('studio');
  });
});

describe('pre-aggregated totals', () => {
  const direct = async (type: number) =>
    (
      await t.query<{ total: number; paid: number; unpaid: number; expired: number }>(sql`
        select count(*)::int as total, (count(*) filter (where pay_status = 1))::int as paid,
               (count(*) filter (where pay_status = 0))::int as unpaid, (count(*) filter (where pay_status = 2))::int as expired
          from accounts where account_type = ${type}`)
    )[0]!;

  it('stay exact through inserts, updates and deletes', async () => {
    await t.query(sql`update accounts set pay_status = 2 where email = 'client@example.com'`);
    await t.query(sql`update accounts set pay_status = 1, consumption_cents = consumption_cents + 5000 where email = 'newclient@example.com'`);
    await t.query(sql`delete from accounts where email = 'vialink@example.com'`);
    for (const [type, path] of [[0, '/v1/client/count'], [1, '/v1/studio/count']] as const) {
      const fromRollups = await t.call<Record<string, number>>(path, {}, { token: superToken });
      expect(fromRollups.data).toMatchObject(await direct(type));
    }
    const agents = await t.call<Record<string, number>>('/v1/proxy/count', {}, { token: superToken });
    const partners = await t.query<{ main: number; sub: number }>(sql`
      select (count(*) filter (where agent_type = 'main'))::int as main, (count(*) filter (where agent_type = 'sub'))::int as sub
        from accounts where account_type = 2`);
    expect(agents.data).toMatchObject(partners[0]!);
    const sales = await t.query<{ cents: number }>(sql`select sum(consumption_cents)::int as cents from accounts where account_type = 0`);
    expect(agents.data.sales_cents).toBe(sales[0]!.cents);
    const list = await t.call<Page>('/v1/account/list', { role: 'client', pay_state: 'expired' }, { token: superToken });
    expect(list.data.total).toBe((await direct(0)).expired);
    expect(list.data.list.map((row) => row.email)).toContain('client@example.com');
  });

  it('keep every studio, agent and operator client counter equal to a recount', async () => {
    const studioId = await idOf('studio@example.com');
    const clientId = await idOf('client@example.com');
    const newClientId = await idOf('newclient@example.com');
    // Moves that touch the counters: reassign, unassign, spend, change type, delete.
    await t.query(sql`update accounts set studio_id = ${studioId}, operator_id = null where id = ${newClientId}`);
    await t.query(sql`update accounts set consumption_cents = consumption_cents + 1234 where id = ${clientId}`);
    await t.query(sql`update accounts set agent_id = null where id = ${clientId}`);
    await t.query(sql`update accounts set account_type = 0, studio_id = ${studioId} where email = 'operator@example.com'`);
    await t.query(sql`update accounts set account_type = 3 where email = 'operator@example.com'`);
    await t.query(sql`delete from accounts where id = ${newClientId}`);
    const drift = await t.query<{ id: number }>(sql`
      select o.id from accounts o
       where o.client_count <> (select count(*) from accounts c where c.account_type = 0 and o.id in (c.agent_id, c.studio_id, c.operator_id))
          or o.client_sales_cents <> (select coalesce(sum(c.consumption_cents), 0) from accounts c
                                       where c.account_type = 0 and o.id in (c.agent_id, c.studio_id, c.operator_id))`);
    expect(drift).toEqual([]);
    const top = await t.call<{ list: { id: number; client_count: number }[] }>('/v1/studio/top', { by: 'clients' }, { token: superToken });
    const counted = await t.query<{ n: number }>(sql`select count(*)::int as n from accounts where account_type = 0 and studio_id = ${studioId}`);
    expect(top.data.list.find((row) => row.id === studioId)?.client_count).toBe(counted[0]!.n);
  });

  it("count each client of an agent's tree once, whether it hangs from an agent, a studio or both", async () => {
    const mainId = await idOf('agent@example.com');
    const subId = await idOf('subagent@example.com');
    const studioId = await idOf('studio@example.com');
    // A studio outside both trees, and clients hanging from the tree in every way there is.
    await t.query(sql`insert into accounts (email, password_hash, username, account_type, referral_code)
                      values ('outside-studio@example.com', 'x', 'outside', 1, 'OUTSIDE1')`);
    const outsideStudio = await idOf('outside-studio@example.com');
    const clients: [string, number | null, number | null, number][] = [
      ['tree-both@example.com', subId, studioId, 700],
      ['tree-agent-only@example.com', subId, null, 1100],
      ['tree-agent-outside-studio@example.com', mainId, outsideStudio, 1300],
      ['outside-agent-tree-studio@example.com', null, studioId, 1700],
    ];
    for (const [email, agentId, clientStudio, cents] of clients) {
      await t.query(sql`insert into accounts (email, password_hash, username, account_type, agent_id, studio_id, consumption_cents, referral_code)
                        values (${email}, 'x', ${email}, 0, ${agentId}, ${clientStudio}, ${cents}, ${email})`);
    }
    const recount = await t.query<{ id: number; clients: number; sales: number }>(sql`
      select p.id, count(distinct c.id)::int as clients, coalesce(sum(c.consumption_cents), 0)::int as sales
        from accounts p
        left join accounts c on c.account_type = 0 and (
              c.agent_id in (select p.id union all select s.id from accounts s where s.main_agent_id = p.id and s.account_type = 2)
           or c.studio_id in (select st.id from accounts st where st.account_type = 1 and st.agent_id in (
                select p.id union all select s.id from accounts s where s.main_agent_id = p.id and s.account_type = 2)))
       where p.account_type = 2
       group by p.id`);
    const listed = await t.call<{ list: { id: number; client_count: number; sales_cents: number }[] }>('/v1/proxy/list', { page_size: 100 }, { token: superToken });
    expect(recount.length).toBeGreaterThanOrEqual(2);
    for (const agent of recount) {
      expect(listed.data.list.find((row) => row.id === agent.id)).toMatchObject({ client_count: agent.clients, sales_cents: agent.sales });
    }
  });
});

describe('detail drawers', () => {
  type Detail = Row & {
    plan: { package_name: string; periods: number } | null;
    payments: { package_name: string; package_type: string; status: string; amount_cents: number }[];
  };
  const buy = async (token: string, type: 'business' | 'addon') => {
    const [pkg] = await t.query<{ id: number; name: string }>(sql`select id, name from packages where type = ${type} order by id limit 1`);
    const checkout = await t.call<{ session_id: string }>('/v1/payment/stripe', { package_id: pkg!.id }, { token });
    expect(checkout.code, type).toBe('200');
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${checkout.data.session_id}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect((await t.call('/v1/payment/stripe/callback', { session_id: checkout.data.session_id }, { token })).code).toBe('200');
    return pkg!.name;
  };

  it('shows a client in full: its people up the tree, its plan and its payments newest first', async () => {
    const created = await t.call<Row>(
      '/v1/account/add',
      { email: 'dora@example.com', password: 'Dora-pass-1', username: 'dora', name: 'Dora Drawer', role: 'client' },
      { token: superToken },
    );
    const dora = created.data.id;
    const assigned = await t.call('/v1/client/proxy', { client_id: dora, agent_id: await idOf('subagent@example.com') }, { token: superToken });
    expect(assigned.code).toBe('200');
    const token = await t.login('dora@example.com', 'Dora-pass-1');
    const plan = await buy(token, 'business');
    const addon = await buy(token, 'addon');

    const detail = await t.call<Detail>('/v1/client/get', { id: dora }, { token: agentToken });
    expect(detail.code).toBe('200');
    expect(detail.data).toMatchObject({
      email: 'dora@example.com',
      pay_state: 'paid',
      order_count: 2,
      agent_name: 'Valley Reach',
      main_agent_name: 'West Coast Growth',
      studio_name: null,
      plan: { package_name: plan, periods: 1 },
    });
    expect(detail.data.expire_time).not.toBeNull();
    expect(detail.data.payments.map((row) => [row.package_name, row.package_type, row.status])).toEqual([
      [addon, 'addon', 'paid'],
      [plan, 'business', 'paid'],
    ]);
  });

  it('shows a client with no purchases recorded as having no plan and no payments, and its studio and operator', async () => {
    const detail = await t.call<Detail>('/v1/client/get', { id: await idOf('client@example.com') }, { token: superToken });
    expect(detail.data).toMatchObject({
      email: 'client@example.com',
      studio_name: 'Sunset AI Studio',
      operator_name: 'Oscar Operator',
      plan: null,
      payments: [],
    });
  });

  it('shows one agent with its tree totals', async () => {
    const detail = await t.call<Row>('/v1/proxy/get', { id: await idOf('agent@example.com') }, { token: agentToken });
    const listed = await t.call<Page>('/v1/proxy/list', { keyword: 'agent@example.com' }, { token: agentToken });
    expect(detail.data).toEqual(listed.data.list.find((row) => row.email === 'agent@example.com'));
  });

  it('lets an agent edit its operator, disable it (ending its sessions) and enable it with a new password', async () => {
    const created = await t.call<Row>('/v1/operator/add', { nickname: 'Edd', email: 'edd@example.com', password: 'Edd-pass-1' }, { token: agentToken });
    const edd = created.data.id;
    const session = await t.login('edd@example.com', 'Edd-pass-1');
    const edit = (body: object) => t.call<Row>('/v1/operator/edit', { id: edd, ...body }, { token: agentToken });

    const edited = await edit({ nickname: 'Eddie', email: 'eddie@example.com', wechat: 'eddie_ops' });
    expect(edited.data).toMatchObject({ nickname: 'Eddie', email: 'eddie@example.com', wechat: 'eddie_ops', status: 'normal' });
    expect((await t.call('/v1/account/detail', {}, { token: session })).code).toBe('200');
    expect(await edit({ email: 'client@example.com' })).toMatchObject({ code: '409' });
    const bad = await t.call<{ fields: Record<string, string> }>('/v1/operator/edit', { id: edd, email: 'not-an-email' }, { token: agentToken });
    expect(bad.code).toBe('400');
    expect(bad.data.fields).toHaveProperty('email');

    expect((await edit({ status: 'disabled' })).data.status).toBe('disabled');
    expect((await t.call('/v1/account/detail', {}, { token: session })).code).toBe('403');
    expect((await t.call('/v1/account/login', { email: 'eddie@example.com', password: 'Edd-pass-1' })).code).toBe('422');

    expect((await edit({ status: 'normal', password: 'Eddie-pass-2' })).data.status).toBe('normal');
    expect((await t.call('/v1/account/login', { email: 'eddie@example.com', password: 'Edd-pass-1' })).code).not.toBe('200');
    expect(await t.login('eddie@example.com', 'Eddie-pass-2')).toBeTruthy();
    const list = await t.call<{ list: { email: string; nickname: string }[] }>('/v1/operator/list', { keyword: 'eddie' }, { token: agentToken });
    expect(list.data.list).toEqual([expect.objectContaining({ email: 'eddie@example.com', nickname: 'Eddie' })]);
  });
});
