import type { Role } from '@nearcast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ROLE_OF } from '../../test/demo-roles.js';
import { declaredRoles } from '../../test/declared-access.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * The scope matrix of the short links' endpoints (docs/decisions/083): every demo role is let in
 * or refused exactly as the shop's side is drawn (the merchant, its studio and operator, staff;
 * never an agent), the unpaid studio and merchant get the plan-required answer, and without a
 * session every call is refused. The short link itself (GET /go/:code) is public by design.
 */
let t: TestApp;
const tokens = new Map<string, string>();
const DEMO = Object.keys(DEMO_ROLE_OF) as (keyof typeof DEMO_ROLE_OF)[];
/** The demo's accounts that have never paid, with the role that would otherwise let them in. */
const UNPAID = ['newstudio', 'newclient'] as const;
const ROLE_OF: Record<(typeof DEMO)[number] | (typeof UNPAID)[number], Role> = { ...DEMO_ROLE_OF, newstudio: 'studio', newclient: 'client' };

beforeAll(async () => {
  t = await createTestApp();
  for (const name of [...DEMO, ...UNPAID]) tokens.set(name, await t.login(`${name}@example.com`));
}, 120_000);
afterAll(() => t.close());

describe('attribution endpoints by role', () => {
  // Who may call each endpoint is read from its contract entry (declaredRoles), the declaration route() enforces.
  const matrix: [string, () => object][] = [
    ['/v1/attribution/link/get', () => ({ post_id: 999_999 })],
    ['/v1/attribution/redemption/add', () => ({ code: 'zzzzzzzz' })],
    ['/v1/attribution/redemption/list', () => ({})],
  ];

  it.each(matrix)('%s', async (path, body) => {
    const allowed = declaredRoles(path);
    const outcomes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const name of [...DEMO, ...UNPAID]) {
      const response = await t.call(path, body(), { token: tokens.get(name) });
      outcomes[name] = response.code === '403' ? 'refused' : response.code === '402' ? 'plan required' : 'allowed';
      if (!allowed.includes(ROLE_OF[name])) expected[name] = 'refused';
      else expected[name] = (UNPAID as readonly string[]).includes(name) ? 'plan required' : 'allowed';
      expect(response.code, `${name} never a 5xx`).not.toMatch(/^5/);
    }
    expect(outcomes).toEqual(expected);
    expect((await t.call(path, body())).code, 'anonymous').toBe('403');
  });

  it('answers an unknown short link to anyone, signed in or not, with its page', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/go/abcdefgh' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('This link does not lead anywhere');
  });
});
