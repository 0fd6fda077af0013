import { ACCOUNT_TYPE } from '@nearcast/contract';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { accounts } from '../db/schema.js';
import type { Caller } from './caller.js';

/**
 * Who may see which accounts (design.md "Identity and access"), as one SQL condition over
 * `accounts`, so every repository applies the same rule inside its own query:
 * - super and admin: everyone;
 * - a main agent: itself, its sub-agents, the studios and operators of either, and the clients
 *   assigned to any of those agents or studios;
 * - a sub-agent: the same for itself alone;
 * - a studio: itself and its clients;
 * - an operator: itself and the clients assigned to it;
 * - a client: itself.
 */
export function visibleAccounts(caller: Pick<Caller, 'id' | 'role' | 'agentType'>): SQL {
  switch (caller.role) {
    case 'super':
    case 'admin':
      return sql`true`;
    case 'partner': {
      // A union of index lookups rather than an OR of conditions: each branch uses its own
      // index (id, agent_id, studio_id), so a large table is never scanned for one tree.
      const agents = agentTree(caller);
      return sql`${accounts.id} in (
        select t.id from accounts t where t.id in ${agents}
        union all
        select t.id from accounts t where t.agent_id in ${agents}
        union all
        select c.id from accounts c
         where c.account_type = ${ACCOUNT_TYPE.client} and c.studio_id in (
           select s.id from accounts s where s.agent_id in ${agents} and s.account_type = ${ACCOUNT_TYPE.studio}))`;
    }
    case 'studio':
      return or(eq(accounts.id, caller.id), and(eq(accounts.studioId, caller.id), eq(accounts.accountType, ACCOUNT_TYPE.client)))!;
    case 'operator':
      return or(eq(accounts.id, caller.id), and(eq(accounts.operatorId, caller.id), eq(accounts.accountType, ACCOUNT_TYPE.client)))!;
    case 'client':
      return eq(accounts.id, caller.id);
  }
}

/** The agents whose trees a partner manages: itself, and its sub-agents when it is a main agent. */
function agentTree(caller: Pick<Caller, 'id' | 'agentType'>): SQL {
  if (caller.agentType === 'sub') return sql`(${caller.id})`;
  return sql`(select a.id from accounts a where a.id = ${caller.id} or (a.main_agent_id = ${caller.id} and a.account_type = ${ACCOUNT_TYPE.partner}))`;
}
