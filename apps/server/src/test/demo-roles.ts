import type { Role } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import type { TestApp } from './harness.js';

/**
 * The demo accounts the scope matrices sign in as, by the name before `@example.com`, and the
 * role each has: the matrices compare each answer with what the route table allows that role.
 */
export const DEMO_ROLE_OF = {
  super: 'super',
  admin: 'admin',
  agent: 'partner',
  subagent: 'partner',
  studio: 'studio',
  operator: 'operator',
  client: 'client',
} as const satisfies Record<string, Role>;

/** The demo accounts' ids by the name before `@example.com` (`client`, `newstudio`, …). */
export async function demoIds(t: TestApp): Promise<Map<string, number>> {
  const rows = await t.query<{ id: number; email: string }>(sql`select id, email from accounts where email like '%@example.com'`);
  return new Map(rows.map((row) => [row.email.split('@')[0]!, Number(row.id)]));
}
