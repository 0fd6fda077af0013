import { api, allows, PAYING, type AnyEndpoint, type Role } from '@nearcast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * The role matrix, read from the one declaration of who may call what (the contract's `access`,
 * docs/decisions/091): every endpoint of `api`, called as a signed-in account of every role, as
 * an unpaid client and studio, and without a session, is refused or let through exactly as its
 * entry says. An endpoint added to the contract joins this matrix by itself.
 *
 * Each call carries a body no endpoint accepts (a JSON array; a JSON body where a multipart one is
 * due), so a call let through stops at validation: it shows the role and plan checks passed, and
 * changes nothing. The object-scope rules (which merchant, which tree) are the module matrices'.
 */
let t: TestApp;
const tokens = new Map<string, string>();
/** One paid, onboarded demo account per role, and the demo's two that never paid. */
const ACCOUNTS = { super: 'super', admin: 'admin', partner: 'agent', studio: 'studio', operator: 'operator', client: 'client' } as const satisfies Record<Role, string>;
const UNPAID = { studio: 'newstudio', client: 'newclient' } as const;

const endpoints: AnyEndpoint[] = Object.values(api).flatMap((area) => Object.values(area));

beforeAll(async () => {
  t = await createTestApp();
  for (const name of [...Object.values(ACCOUNTS), ...Object.values(UNPAID)]) tokens.set(name, await t.login(`${name}@example.com`));
});
afterAll(() => t.close());

type Outcome = 'refused' | 'plan required' | 'let through';

async function outcome(endpoint: AnyEndpoint, token: string | undefined): Promise<Outcome> {
  const response = await t.call(endpoint.path, undefined, { token, raw: '[]' });
  if (response.code === '403') return 'refused';
  if (response.code === '402') return 'plan required';
  // Past the checks, the body stops the call: a JSON endpoint refuses the array, a multipart one the JSON.
  expect(response.code, `${endpoint.path}: ${response.msg}`).toBe(endpoint.kind === 'multipart' ? '415' : '400');
  return 'let through';
}

function expected(endpoint: AnyEndpoint, role: Role | null, paid: boolean): Outcome {
  if (endpoint.access === 'public') return 'let through';
  if (role === null || !allows(endpoint.access, role)) return 'refused';
  return !paid && PAYING.includes(role) && !endpoint.openToUnpaid ? 'plan required' : 'let through';
}

describe('who may call what, as the contract declares it', () => {
  it('declares every endpoint once, under its own path', () => {
    const paths = endpoints.map((endpoint) => endpoint.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(endpoints.length).toBeGreaterThan(100);
  });

  it.each(endpoints.map((endpoint) => [endpoint.path, endpoint] as const))('%s', async (_path, endpoint) => {
    const seen: Record<string, Outcome> = {};
    const want: Record<string, Outcome> = {};
    for (const [role, name] of Object.entries(ACCOUNTS) as [Role, string][]) {
      seen[name] = await outcome(endpoint, tokens.get(name));
      want[name] = expected(endpoint, role, true);
    }
    for (const [role, name] of Object.entries(UNPAID) as [Role, string][]) {
      seen[name] = await outcome(endpoint, tokens.get(name));
      want[name] = expected(endpoint, role, false);
    }
    seen.anonymous = await outcome(endpoint, undefined);
    want.anonymous = expected(endpoint, null, false);
    expect(seen).toEqual(want);
  });
});
