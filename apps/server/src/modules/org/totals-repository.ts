import { ACCOUNT_TYPE } from '@nearcast/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.js';
import { accountRollups, accounts } from '../../db/schema/account.js';
import { accountFilter, PAY_STATUS_OF, type AccountFilter } from './repository.js';

/**
 * The SQL of totals over many accounts: an agent's tree, counts by payment state (from the
 * rollups or row by row in a scope), the top studios. Apart from the rows and pages of people
 * (repository.ts) because these are the dashboards' and headers' aggregate queries, each tuned
 * to an index or a trigger-kept counter.
 */

// ---- aggregates -----------------------------------------------------------------------------
// Correlated subqueries name the outer row as "accounts"."id" in full: drizzle leaves table
// names off in single-table selects, and the inner queries use their own aliases.

export interface AgentStats {
  subAgents: number;
  studios: number;
  directStudios: number;
  clients: number;
  salesCents: number;
}

/**
 * Tree totals for a page of agents in one query: each agent with its sub-agents, their studios,
 * and the clients assigned to any of those agents or studios, each client once. Clients of the
 * tree's studios come from the studios' trigger-kept counters (migration 0008); only the clients
 * of the tree's agents whose studio lies outside the tree are counted row by row, from
 * accounts_agent_idx alone. Deduplicating the two sets row by row instead cost a union over
 * every client of the page (20 ms → 3 ms for a page of 20 main agents at 100,000 clients).
 */
export async function agentStats(ex: Executor, agentIds: number[]): Promise<Map<number, AgentStats>> {
  if (agentIds.length === 0) return new Map();
  const ids = sql.join(
    agentIds.map((agentId) => sql`${agentId}`),
    sql`, `,
  );
  const rows = await selectRows<{ id: number; sub_agents: number; studios: number; direct_studios: number; clients: number; sales: string }>(
    ex,
    sql`
      with page as (select unnest(array[${ids}]::int[]) as root),
      tree as (
        select root, root as member from page
        union all
        select p.root, a.id from page p join accounts a on a.main_agent_id = p.root and a.account_type = ${ACCOUNT_TYPE.partner}
      ),
      studios as (
        select t.root, s.id, s.agent_id = t.root as direct, s.client_count, s.client_sales_cents
          from tree t join accounts s on s.agent_id = t.member and s.account_type = ${ACCOUNT_TYPE.studio}
      ),
      strays as (
        select t.root, count(*) as n, sum(c.consumption_cents) as sales
          from tree t join accounts c on c.agent_id = t.member and c.account_type = ${ACCOUNT_TYPE.client}
         where c.studio_id is null or not exists (select 1 from studios st where st.root = t.root and st.id = c.studio_id)
         group by t.root
      )
      select p.root as id, coalesce(t.n, 0)::int as sub_agents, coalesce(s.n, 0)::int as studios,
             coalesce(s.direct, 0)::int as direct_studios,
             (coalesce(s.clients, 0) + coalesce(x.n, 0))::int as clients,
             (coalesce(s.sales, 0) + coalesce(x.sales, 0))::bigint as sales
        from page p
        left join (select root, count(*) filter (where member <> root) as n from tree group by root) t on t.root = p.root
        left join (
          select root, count(*) as n, count(*) filter (where direct) as direct,
                 sum(client_count) as clients, sum(client_sales_cents) as sales
            from studios group by root
        ) s on s.root = p.root
        left join strays x on x.root = p.root`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { subAgents: row.sub_agents, studios: row.studios, directStudios: row.direct_studios, clients: row.clients, salesCents: Number(row.sales) },
    ]),
  );
}

export type StateCounts = Awaited<ReturnType<typeof countByState>>;

/** The same totals as `countByState`, for every account of some types, from the rollups. */
export async function rollupCounts(ex: Executor, accountTypes: number[] | null, payStatus?: number): Promise<StateCounts> {
  const [row] = await ex
    .select({
      total: sql<number>`coalesce(sum(${accountRollups.accounts}), 0)`.mapWith(Number),
      paid: sql<number>`coalesce(sum(${accountRollups.accounts}) filter (where ${accountRollups.payStatus} = 1), 0)`.mapWith(Number),
      unpaid: sql<number>`coalesce(sum(${accountRollups.accounts}) filter (where ${accountRollups.payStatus} = 0), 0)`.mapWith(Number),
      expired: sql<number>`coalesce(sum(${accountRollups.accounts}) filter (where ${accountRollups.payStatus} = 2), 0)`.mapWith(Number),
      newThisMonth: sql<number>`coalesce(sum(${accountRollups.accounts}) filter (where ${accountRollups.month} = date_trunc('month', now() at time zone 'UTC')::date), 0)`.mapWith(Number),
      main: sql<number>`coalesce(sum(${accountRollups.accounts}) filter (where ${accountRollups.agentType} = 'main'), 0)`.mapWith(Number),
      sub: sql<number>`coalesce(sum(${accountRollups.accounts}) filter (where ${accountRollups.agentType} = 'sub'), 0)`.mapWith(Number),
      consumption: sql<number>`coalesce(sum(${accountRollups.consumptionCents}), 0)`.mapWith(Number),
    })
    .from(accountRollups)
    .where(and(accountTypes ? inArray(accountRollups.accountType, accountTypes) : undefined, payStatus === undefined ? undefined : eq(accountRollups.payStatus, payStatus)));
  return row!;
}

export const PAY_STATUS_BY_STATE = PAY_STATUS_OF;

/** Totals by payment state and new this month, over the accounts a condition selects. */
export async function countByState(ex: Executor, filter: AccountFilter) {
  const [row] = await ex
    .select({
      total: count(),
      paid: sql<number>`count(*) filter (where ${accounts.payStatus} = 1)`.mapWith(Number),
      unpaid: sql<number>`count(*) filter (where ${accounts.payStatus} = 0)`.mapWith(Number),
      expired: sql<number>`count(*) filter (where ${accounts.payStatus} = 2)`.mapWith(Number),
      newThisMonth: sql<number>`count(*) filter (where ${accounts.createdAt} >= date_trunc('month', now()))`.mapWith(Number),
      main: sql<number>`count(*) filter (where ${accounts.agentType} = 'main')`.mapWith(Number),
      sub: sql<number>`count(*) filter (where ${accounts.agentType} = 'sub')`.mapWith(Number),
      consumption: sql<number>`coalesce(sum(${accounts.consumptionCents}), 0)`.mapWith(Number),
    })
    .from(accounts)
    .where(accountFilter(filter));
  return row!;
}

/**
 * The studios with the most clients or sales among those a condition selects: an index walk
 * over the trigger-kept counters (accounts_top_clients_idx, accounts_top_sales_idx).
 */
export async function topStudios(ex: Executor, filter: AccountFilter, by: 'clients' | 'sales', limit: number) {
  const rows = await ex
    .select({
      id: accounts.id,
      name: sql<string>`coalesce(nullif(${accounts.name}, ''), ${accounts.username})`,
      company_short_name: accounts.companyShortName,
      client_count: accounts.clientCount,
      sales_cents: accounts.clientSalesCents,
    })
    .from(accounts)
    .where(accountFilter(filter))
    .orderBy(by === 'sales' ? desc(accounts.clientSalesCents) : desc(accounts.clientCount), asc(accounts.id))
    .limit(limit);
  return rows;
}
