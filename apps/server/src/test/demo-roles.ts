import type { Role } from '@nearcast/contract';

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
