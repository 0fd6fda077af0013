import { ACCOUNT_TYPE, type PayState } from '@nearcast/contract';
import { and, asc, count, desc, eq, getTableColumns, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Caller } from '../../access/caller.js';
import { visibleAccounts } from '../../access/scope.js';
import { selectRows, type Db, type Executor } from '../../db/client.js';
import { escapeLike } from '../../db/like.js';
import { preparedPerDb } from '../../db/prepared.js';
import { accountSearchText, accounts, type AccountRow, type NewAccountRow } from '../../db/schema/account.js';
import { partyNameSql } from '../../db/party-name.js';

export type { AccountRow, NewAccountRow };

/**
 * The SQL of people and their assignments. Every query takes an `AccountFilter`, plain data
 * that names the caller whose scope applies, and builds its condition here, so the service
 * never writes SQL and the scope rule (access/scope.ts) is applied inside the query itself.
 * Totals over many accounts (agents' trees, counts by state, top studios) are apart in
 * totals-repository.ts.
 */

const agent = alias(accounts, 'agent');
const mainAgent = alias(accounts, 'main_agent');
const studio = alias(accounts, 'studio');
const operator = alias(accounts, 'operator');

/** An account as a list shows it: every column but the password's hash, which no list needs to read. */
const { passwordHash: _passwordHash, ...listedColumns } = getTableColumns(accounts);
export type ListedAccount = Omit<AccountRow, 'passwordHash'>;

const summaryColumns = {
  account: listedColumns,
  agentName: partyNameSql(agent),
  mainAgentName: partyNameSql(mainAgent),
  studioName: partyNameSql(studio),
  operatorName: partyNameSql(operator),
};

export interface SummaryRow {
  account: ListedAccount;
  agentName: string | null;
  mainAgentName: string | null;
  studioName: string | null;
  operatorName: string | null;
}

/** The caller whose scope narrows a query (access/scope.ts). */
export type Scope = Pick<Caller, 'id' | 'role' | 'agentType'>;

export interface AccountFilter {
  id?: number;
  email?: string;
  /** Only the accounts this caller may see. */
  scope?: Scope;
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

export const PAY_STATUS_OF: Record<PayState, number> = { unpaid: 0, paid: 1, expired: 2 };

function accountTypeIn(types: number[]): SQL {
  return types.length === 1 ? eq(accounts.accountType, types[0]!) : sql`${accounts.accountType} in ${types}`;
}

export function accountFilter(filter: AccountFilter): SQL | undefined {
  const like = filter.keyword ? `%${escapeLike(filter.keyword)}%` : null;
  return and(
    filter.id !== undefined ? eq(accounts.id, filter.id) : undefined,
    filter.email !== undefined ? eq(accounts.email, filter.email) : undefined,
    filter.accountTypes ? accountTypeIn(filter.accountTypes) : undefined,
    filter.scope ? visibleAccounts(filter.scope) : undefined,
    like ? sql`${accountSearchText(accounts)} ilike ${like}` : undefined,
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

function summaryQuery<E extends Record<string, SQL.Aliased>>(ex: Executor, filter: AccountFilter, extras: E) {
  return ex
    .select({ ...summaryColumns, ...extras })
    .from(accounts)
    .leftJoin(agent, eq(agent.id, accounts.agentId))
    .leftJoin(mainAgent, eq(mainAgent.id, accounts.mainAgentId))
    .leftJoin(studio, eq(studio.id, accounts.studioId))
    .leftJoin(operator, eq(operator.id, accounts.operatorId))
    .where(accountFilter(filter));
}

export type Extras = Record<string, SQL.Aliased>;

/**
 * Planning the five-way join of a summary costs more than running it for one page, and every list
 * of people pays it, so the join is a named statement PostgreSQL plans once per connection, fed
 * with the ids of the page; only the page's own query (one table, the filter's index) is planned
 * per request. One statement per set of extra columns, known by their names (the callers pass a
 * fresh `{}` for none: keyed by the object, every request prepared a new statement), built once
 * per database handle.
 */
const summaryStatements = preparedPerDb((db) => {
  const byColumns = new Map<string, ReturnType<typeof prepareSummariesByIds>>();
  return {
    of(extras: Extras) {
      const columns = Object.keys(extras).sort().join(',');
      let statement = byColumns.get(columns);
      if (!statement) {
        statement = prepareSummariesByIds(db, extras, `account_summaries_${byColumns.size}`);
        byColumns.set(columns, statement);
      }
      return statement;
    },
    get count() {
      return byColumns.size;
    },
  };
});

/** How many summary statements a database handle holds: one per set of extra columns, however many requests. */
export const summaryStatementCount = (db: Db): number => summaryStatements(db).count;

function prepareSummariesByIds(db: Db, extras: Extras, name: string) {
  return db
    .select({ ...summaryColumns, ...extras })
    .from(accounts)
    .leftJoin(agent, eq(agent.id, accounts.agentId))
    .leftJoin(mainAgent, eq(mainAgent.id, accounts.mainAgentId))
    .leftJoin(studio, eq(studio.id, accounts.studioId))
    .leftJoin(operator, eq(operator.id, accounts.operatorId))
    .where(sql`${accounts.id} = any(${sql.placeholder('ids')})`)
    .prepare(name);
}

async function summariesByIds(db: Db, ids: number[], extras: Extras): Promise<unknown[]> {
  if (ids.length === 0) return [];
  const rows = (await summaryStatements(db).of(extras).execute({ ids })) as { account: ListedAccount }[];
  const byId = new Map(rows.map((row) => [row.account.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A page of a keyword search and how many match, in one pass over the trigram index.
 * PostgreSQL cannot estimate how many rows a '%…%' pattern matches, and when it guesses many it
 * walks the newest-first index testing every account against the pattern (0.2 s for a name
 * matched by a hundred of 100,000 accounts). Fencing the matches off in a materialized CTE makes
 * it find them through the trigram index first, then sort and count only them; counting in a
 * second query searched the index twice, the larger part of a search's cost.
 */
async function searchPage(db: Db, where: SQL | undefined, expiring: boolean, page: number, pageSize: number): Promise<{ ids: number[]; total: number }> {
  const order = expiring ? sql`expire_at asc, id asc` : sql`created_at desc, id desc`;
  const [row] = await selectRows<{ ids: number[]; total: number }>(
    db,
    sql`with matches as materialized (
          select ${accounts.id} as id, ${accounts.createdAt} as created_at, ${accounts.expireAt} as expire_at
            from ${accounts} where ${where ?? sql`true`}
        )
        select array(select id from matches order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}) as ids,
               (select count(*)::int from matches) as total`,
  );
  return { ids: row?.ids ?? [], total: row?.total ?? 0 };
}

/** One page of accounts with the names of their agent, main agent, studio and operator. */
export async function listSummaries<E extends Extras>(
  db: Db,
  filter: AccountFilter,
  page: number,
  pageSize: number,
  extras: E,
  options: { order?: 'newest' | 'expiring'; knownTotal?: number | undefined } = {},
) {
  const where = accountFilter(filter);
  const orderBy = options.order === 'expiring' ? [asc(accounts.expireAt), asc(accounts.id)] : [desc(accounts.createdAt), desc(accounts.id)];
  const { ids, total } = filter.keyword
    ? await searchPage(db, where, options.order === 'expiring', page, pageSize)
    : await Promise.all([
        db
          .select({ id: accounts.id })
          .from(accounts)
          .where(where)
          .orderBy(...orderBy)
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .then((rows) => rows.map((row) => row.id)),
        options.knownTotal ?? db.select({ n: count() }).from(accounts).where(where).then(([row]) => row?.n ?? 0),
      ]).then(([ids, total]) => ({ ids, total }));
  const rows = await summariesByIds(db, ids, extras);
  return { rows: rows as (SummaryRow & { [K in keyof E]: E[K]['_']['type'] })[], total };
}

export async function findSummary<E extends Extras>(ex: Executor, filter: AccountFilter, extras: E) {
  const [row] = await summaryQuery(ex, filter, extras).limit(1);
  return row as unknown as (SummaryRow & { [K in keyof E]: E[K]['_']['type'] }) | undefined;
}

export async function findAccount(ex: Executor, filter: AccountFilter): Promise<AccountRow | undefined> {
  const [row] = await ex.select().from(accounts).where(accountFilter(filter)).limit(1);
  return row;
}

export async function countSubAgents(ex: Executor, agentId: number): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(and(eq(accounts.mainAgentId, agentId), eq(accounts.accountType, ACCOUNT_TYPE.partner)));
  return row?.n ?? 0;
}

export async function updateAccount(ex: Executor, id: number, patch: Partial<NewAccountRow>) {
  await ex
    .update(accounts)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(accounts.id, id));
}

/** Like `updateAccount`, but `false` when the new email belongs to another account. */
export async function updateAccountUnlessEmailTaken(ex: Executor, id: number, patch: Partial<NewAccountRow>): Promise<boolean> {
  try {
    await updateAccount(ex, id, patch);
    return true;
  } catch (error) {
    if (isUniqueViolation(error, 'accounts_email_unique')) return false;
    throw error;
  }
}

/** PostgreSQL's unique_violation on one constraint, through drizzle's wrapper when it has one. */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505') return name === constraint || (typeof message === 'string' && message.includes(constraint));
  }
  return false;
}

export async function insertAccount(ex: Executor, values: NewAccountRow): Promise<AccountRow | undefined> {
  const [row] = await ex.insert(accounts).values(values).onConflictDoNothing({ target: accounts.email }).returning();
  return row;
}

/**
 * For a client: the main agent above its agent, read through the agent already joined by the
 * summary (one index lookup), since a client has no main agent of its own; named like
 * partyNameSql names a joined party.
 */
export const clientExtras = {
  agentMainAgentId: sql<number | null>`${agent.mainAgentId}`.as('agent_main_agent_id'),
  agentMainAgentName: sql<string | null>`(select coalesce(nullif(trim(m.company_short_name), ''), nullif(trim(m.name), ''), nullif(trim(m.username), ''), m.email) from accounts m where m.id = ${agent.mainAgentId})`.as(
    'agent_main_agent_name',
  ),
};

/**
 * A studio's clients and their spending, from the counters the trigger of migration 0008 keeps,
 * and its agent's number, read through the agent already joined (shown where its name is).
 */
export const studioExtras = {
  clientCount: sql<number>`${accounts.clientCount}`.as('client_count'),
  salesCents: sql<number>`${accounts.clientSalesCents}`.mapWith(Number).as('sales_cents'),
  agentAgentNo: sql<string | null>`${agent.agentNo}`.as('agent_agent_no'),
};

/** A picker's rows: id, the party's name (the one party-name rule) and email, by that name. */
export async function pickList(ex: Executor, filter: AccountFilter, limit: number) {
  const name = partyNameSql(accounts);
  const rows = await ex
    .select({ id: accounts.id, name, email: accounts.email })
    .from(accounts)
    .where(accountFilter(filter))
    .orderBy(asc(name), asc(accounts.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, name: row.name ?? row.email }));
}

export async function operatorRows(ex: Executor, filter: AccountFilter, page: number, pageSize: number) {
  const where = accountFilter(filter);
  const merchants = accounts.clientCount;
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
