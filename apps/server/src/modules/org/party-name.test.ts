import { partyName } from '@nearcast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * Parties are named by one rule in every list (the contract's partyName): a company's short
 * name, else the person's name, else the username or email. The names a list joins in SQL
 * (studio, agent, operator of a merchant) and those the server builds (an operator's row) agree.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

interface Page<T> {
  list: T[];
}

describe('names of parties', () => {
  it("name an employee by its name, not its nickname", async () => {
    const agent = await t.login('agent@example.com');
    const operators = await t.call<Page<{ email: string; name: string; nickname: string }>>('/v1/operator/list', { keyword: 'operator@example.com' }, { token: agent });
    const operator = operators.data.list.find((row) => row.email === 'operator@example.com');
    expect(operator).toMatchObject({ name: 'Oscar Operator', nickname: 'operator' });
  });

  it("name a merchant's studio, agent and operator by the same rule as the contract", async () => {
    const admin = await t.login('admin@example.com');
    const clients = await t.call<Page<{ email: string; studio_name: string | null; agent_name: string | null; operator_name: string | null }>>(
      '/v1/client/list',
      { keyword: 'client@example.com' },
      { token: admin },
    );
    const client = clients.data.list.find((row) => row.email === 'client@example.com');
    expect(client).toMatchObject({
      studio_name: partyName({ company_short_name: 'Sunset AI Studio', name: 'Stella Studio' }),
      agent_name: partyName({ company_short_name: 'West Coast Growth', name: 'Alex Agent' }),
      operator_name: partyName({ company_short_name: '', name: 'Oscar Operator', username: 'operator' }),
    });
    expect(client?.agent_name).toBe('West Coast Growth');
  });

  it('name the merchants of the picker by the same rule', async () => {
    const admin = await t.login('admin@example.com');
    const [full, picked] = await Promise.all([
      t.call<Page<{ id: number; company_short_name: string; name: string; username: string; email: string }>>('/v1/client/list', { page_size: 100 }, { token: admin }),
      t.call<Page<{ id: number; name: string; email: string }>>('/v1/client/all', {}, { token: admin }),
    ]);
    const named = full.data.list.map((row) => ({ id: row.id, name: partyName(row), email: row.email }));
    expect(picked.data.list).toEqual(expect.arrayContaining(named));
    expect(picked.data.list).toHaveLength(named.length);
  });
});
