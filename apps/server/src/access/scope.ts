import { ACCOUNT_TYPE } from '@nearcast/contract';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../db/like.js';
import { partyNameSql } from '../db/party-name.js';
import { accounts } from '../db/schema/account.js';
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

/**
 * The merchants (client accounts) a caller works for, as a subquery of ids for a repository's
 * own condition (`merchant_id in …`): super and admin every merchant; a studio its merchants; an
 * operator the merchants assigned to it; a merchant itself. Agents do no merchant's material or
 * video work (spec §2), so they get none.
 */
export function visibleMerchantIds(caller: Pick<Caller, 'id' | 'role' | 'agentType'>): SQL {
  switch (caller.role) {
    case 'super':
    case 'admin':
    case 'studio':
    case 'operator':
      return sql`(select ${accounts.id} from ${accounts} where ${visibleAccounts(caller)} and ${accounts.accountType} = ${ACCOUNT_TYPE.client})`;
    case 'client':
      return sql`(${caller.id})`;
    default:
      return sql`(select null::integer where false)`;
  }
}

/**
 * The merchants of `visibleMerchantIds` as a derived table `(id)`, for a repository that looks
 * something up per merchant (`from ${visibleMerchants(…)} m join lateral (… where x.merchant_id = m.id …)`).
 */
export function visibleMerchants(caller: Pick<Caller, 'id' | 'role' | 'agentType'>): SQL {
  return sql`(select ${accounts.id} as id from ${accounts} where ${accounts.id} in ${visibleMerchantIds(caller)})`;
}

/**
 * The merchants a caller works for as a derived table `(id, name)` — the name by the one party
 * rule — narrowed by a keyword over their names and email, for a repository that lists merchants
 * beside rows of its own (`from ${merchantDirectory(…)} m where … order by m.name`).
 */
export function merchantDirectory(caller: Pick<Caller, 'id' | 'role' | 'agentType'>, keyword?: string): SQL {
  const pattern = keyword ? `%${escapeLike(keyword)}%` : null;
  const match =
    pattern === null
      ? sql`true`
      : sql`(${accounts.companyShortName} ilike ${pattern} or ${accounts.name} ilike ${pattern} or ${accounts.username} ilike ${pattern} or ${accounts.email} ilike ${pattern})`;
  return sql`(select ${accounts.id} as id, ${partyNameSql(accounts)} as name from ${accounts}
     where ${accounts.accountType} = ${ACCOUNT_TYPE.client} and ${accounts.id} in ${visibleMerchantIds(caller)} and ${match})`;
}

/**
 * The ids of the accounts a caller sees (`visibleAccounts`), of some account types when given,
 * as a subquery for a repository's own condition (`party_id = any(array…)`, `… in …`).
 */
export function visibleAccountIds(caller: Pick<Caller, 'id' | 'role' | 'agentType'>, types?: readonly number[]): SQL {
  const typed = types && types.length > 0 ? sql` and ${accounts.accountType} in ${sql`(${sql.join(types.map((type) => sql`${type}`), sql`, `)})`}` : sql``;
  return sql`(select ${accounts.id} from ${accounts} where ${visibleAccounts(caller)}${typed})`;
}
