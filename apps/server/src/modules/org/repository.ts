import { ACCOUNT_TYPE, type PayState } from '@nearcast/contract';
import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { selectRows, type Executor } from '../../db/client.js';
import { accounts, type AccountRow, type NewAccountRow } from '../../db/schema.js';
import { escapeLike } from '../area/repository.js';

/** The SQL of people and their assignments. Every query takes its scope as a condition. */

const agent = alias(accounts, 'agent');
const mainAgent = alias(accounts, 'main_agent');
const studio = alias(accounts, 'studio');
const operator = alias(accounts, 'operator');

const displayName = (table: { name: AnyPgColumn; username: AnyPgColumn }) =>
  sql<string | null>`coalesce(nullif(${table.name}, ''), ${table.username})`;

const summaryColumns = {
  account: accounts,
  agentName: displayName(agent),
  mainAgentName: displayName(mainAgent),
  studioName: sql<string | null>`coalesce(nullif(${studio.companyShortName}, ''), nullif(${studio.name}, ''), ${studio.username})`,
  operatorName: displayName(operator),
};

export interface SummaryRow {
  account: AccountRow;
  agentName: string | null;
  mainAgentName: string | null;
  studioName: string | null;
  operatorName: string | null;
}

export interface AccountFilter {
  accountTypes?: number[];
  keyword?: string;
  payState?: PayState;
  infoStatus?: 0 | 1;
  status?: 'normal' | 'disabled';
  registeredFrom?: string;
  registeredTo?: string;
  agentId?: number;
  studioId?: number;
  operatorId?: number;
  mainAgentId?: number;
  agentType?: 'main' | 'sub';
  expiringWithinDays?: number;
}

const PAY_STATUS_OF: Record<PayState, number> = { unpaid: 0, paid: 1, expired: 2 };

export function accountFilter(filter: AccountFilter): SQL | undefined {
  const like = filter.keyword ? `%${escapeLike(filter.keyword)}%` : null;
  return and(
    filter.accountTypes ? sql`${accounts.accountType} in ${filter.accountTypes}` : undefined,
    like
      ? or(
          ilike(accounts.email, like),
          ilike(accounts.name, like),
          ilike(accounts.username, like),
          ilike(accounts.companyShortName, like),
          ilike(accounts.phone, like),
        )
      : undefined,
    filter.payState ? eq(accounts.payStatus, PAY_STATUS_OF[filter.payState]) : undefined,
    filter.infoStatus !== undefined ? eq(accounts.infoStatus, filter.infoStatus) : undefined,
    filter.status ? eq(accounts.status, filter.status) : undefined,
    filter.registeredFrom ? gte(accounts.createdAt, sql`${filter.registeredFrom}::date`) : undefined,
    filter.registeredTo ? lt(accounts.createdAt, sql`${filter.registeredTo}::date + 1`) : undefined,
    filter.agentId ? eq(accounts.agentId, filter.agentId) : undefined,
    filter.studioId ? eq(accounts.studioId, filter.studioId) : undefined,
    filter.operatorId ? eq(accounts.operatorId, filter.operatorId) : undefined,
    filter.mainAgentId ? eq(accounts.mainAgentId, filter.mainAgentId) : undefined,
    filter.agentType ? eq(accounts.agentType, filter.agentType) : undefined,
    filter.expiringWithinDays
      ? and(
          eq(accounts.payStatus, 1),
          gte(accounts.expireAt, sql`now()`),
          lt(accounts.expireAt, sql`now() + make_interval(days => ${filter.expiringWithinDays})`),
        )
      : undefined,
  );
}

function summaryQuery<E extends Record<string, SQL.Aliased>>(ex: Executor, where: SQL | undefined, extras: E) {
  return ex
    .select({ ...summaryColumns, ...extras })
    .from(accounts)
    .leftJoin(agent, eq(agent.id, accounts.agentId))
    .leftJoin(mainAgent, eq(mainAgent.id, accounts.mainAgentId))
    .leftJoin(studio, eq(studio.id, accounts.studioId))
    .leftJoin(operator, eq(operator.id, accounts.operatorId))
    .where(where);
}

export type Extras = Record<string, SQL.Aliased>;

/** One page of accounts with the names of their agent, main agent, studio and operator. */
export async function listSummaries<E extends Extras>(
  ex: Executor,
  where: SQL | undefined,
  page: number,
  pageSize: number,
  extras: E,
  order: 'newest' | 'expiring' = 'newest',
) {
  const orderBy = order === 'expiring' ? [asc(accounts.expireAt), asc(accounts.id)] : [desc(accounts.createdAt), desc(accounts.id)];
  const [rows, [total]] = await Promise.all([
    summaryQuery(ex, where, extras)
      .orderBy(...orderBy)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(accounts).where(where),
  ]);
  return { rows: rows as unknown as (SummaryRow & { [K in keyof E]: E[K]['_']['type'] })[], total: total?.n ?? 0 };
}

export async function findSummary<E extends Extras>(ex: Executor, where: SQL, extras: E) {
  const [row] = await summaryQuery(ex, where, extras).limit(1);
  return row as unknown as (SummaryRow & { [K in keyof E]: E[K]['_']['type'] }) | undefined;
}

export async function findAccount(ex: Executor, where: SQL): Promise<AccountRow | undefined> {
  const [row] = await ex.select().from(accounts).where(where).limit(1);
  return row;
}

export async function updateAccount(ex: Executor, id: number, patch: Partial<NewAccountRow>) {
  await ex
    .update(accounts)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(accounts.id, id));
}

export async function insertAccount(ex: Executor, values: NewAccountRow): Promise<AccountRow | undefined> {
  const [row] = await ex.insert(accounts).values(values).onConflictDoNothing({ target: accounts.email }).returning();
  return row;
}

// ---- aggregates -----------------------------------------------------------------------------
// Correlated subqueries name the outer row as "accounts"."id" in full: drizzle leaves table
// names off in single-table selects, and the inner queries use their own aliases.

/** The agents whose trees an agent row stands for: itself and, for a main agent, its sub-agents. */
const TREE_OF_ROW = sql.raw(
  `(select t.id from accounts t where t.id = "accounts"."id" or (t.main_agent_id = "accounts"."id" and t.account_type = ${ACCOUNT_TYPE.partner}))`,
);
const CLIENTS_OF_TREE = (tree: SQL) =>
  sql`from accounts c where c.account_type = ${ACCOUNT_TYPE.client} and (c.agent_id in ${tree} or c.studio_id in (select s.id from accounts s where s.account_type = ${ACCOUNT_TYPE.studio} and s.agent_id in ${tree}))`;

export const agentExtras = {
  subAgentCount: sql<number>`(select count(*)::int from accounts x where x.main_agent_id = "accounts"."id" and x.account_type = ${ACCOUNT_TYPE.partner})`.as('sub_agent_count'),
  studioCount: sql<number>`(select count(*)::int from accounts x where x.agent_id in ${TREE_OF_ROW} and x.account_type = ${ACCOUNT_TYPE.studio})`.as('studio_count'),
  clientCount: sql<number>`(select count(*)::int ${CLIENTS_OF_TREE(TREE_OF_ROW)})`.as('client_count'),
  directStudios: sql<number>`(select count(*)::int from accounts x where x.agent_id = "accounts"."id" and x.account_type = ${ACCOUNT_TYPE.studio})`.as('direct_studios'),
  salesCents: sql<number>`(select coalesce(sum(c.consumption_cents), 0)::bigint ${CLIENTS_OF_TREE(TREE_OF_ROW)})`.mapWith(Number).as('sales_cents'),
};

export const studioExtras = {
  clientCount: sql<number>`(select count(*)::int from accounts c where c.studio_id = "accounts"."id" and c.account_type = ${ACCOUNT_TYPE.client})`.as('client_count'),
  salesCents: sql<number>`(select coalesce(sum(c.consumption_cents), 0)::bigint from accounts c where c.studio_id = "accounts"."id" and c.account_type = ${ACCOUNT_TYPE.client})`
    .mapWith(Number)
    .as('sales_cents'),
};

/** Totals by payment state and new this month, over the accounts a condition selects. */
export async function countByState(ex: Executor, where: SQL | undefined) {
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
    .where(where);
  return row!;
}

/** The studios with the most clients or sales among those a condition selects. */
export async function topStudios(ex: Executor, where: SQL, by: 'clients' | 'sales', limit: number) {
  return selectRows<{ id: number; name: string; company_short_name: string; client_count: number; sales_cents: string }>(
    ex,
    sql`
      select s.id, coalesce(nullif(s.name, ''), s.username) as name, s.company_short_name,
             count(c.id)::int as client_count, coalesce(sum(c.consumption_cents), 0)::bigint as sales_cents
        from (select * from accounts where ${where}) s
        left join accounts c on c.studio_id = s.id and c.account_type = ${ACCOUNT_TYPE.client}
       group by s.id, s.name, s.username, s.company_short_name
       order by ${by === 'sales' ? sql`sales_cents` : sql`client_count`} desc, s.id asc
       limit ${limit}`,
  );
}

export async function pickList(ex: Executor, where: SQL, limit: number) {
  return ex
    .select({ id: accounts.id, name: sql<string>`coalesce(nullif(${accounts.name}, ''), ${accounts.username})`, email: accounts.email })
    .from(accounts)
    .where(where)
    .orderBy(asc(accounts.name), asc(accounts.id))
    .limit(limit);
}

export async function operatorRows(ex: Executor, where: SQL | undefined, page: number, pageSize: number) {
  const merchants = sql<number>`(select count(*)::int from accounts c where c.operator_id = "accounts"."id" and c.account_type = ${ACCOUNT_TYPE.client})`;
  const [rows, [total]] = await Promise.all([
    ex
      .select({ account: accounts, merchants })
      .from(accounts)
      .where(where)
      .orderBy(desc(accounts.createdAt), desc(accounts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(accounts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function countReferrals(ex: Executor, referrerId: number): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(accounts).where(eq(accounts.referredById, referrerId));
  return row?.n ?? 0;
}
