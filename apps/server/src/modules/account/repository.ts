import { and, desc, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { ACCOUNT_TYPE, PAY_STATUS } from '@nearcast/contract';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { accounts, type AccountRow, type NewAccountRow } from '../../db/schema/account.js';

export type { AccountRow, NewAccountRow };

/**
 * The SQL of account rows: lookups, profiles, counts, cards and scopes for other modules.
 * Sessions (session-repository.ts), email codes (email-code-repository.ts) and what a plan's
 * purchase, refund and expiry do to an account (plan-repository.ts) are apart. Callers pass the
 * db or their transaction.
 */

// ---- accounts -------------------------------------------------------------------------------

export async function findAccountByEmail(ex: Executor, email: string): Promise<AccountRow | undefined> {
  const [row] = await ex.select().from(accounts).where(eq(accounts.email, email)).limit(1);
  return row;
}

export async function findAccountById(ex: Executor, id: number): Promise<AccountRow | undefined> {
  const [row] = await ex.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

export async function findAccountByReferralCode(ex: Executor, code: string): Promise<AccountRow | undefined> {
  const [row] = await ex.select().from(accounts).where(eq(accounts.referralCode, code)).limit(1);
  return row;
}

/** Inserts unless the email is taken; `undefined` then, so a race for one email has one winner. */
export async function insertAccount(ex: Executor, values: NewAccountRow): Promise<AccountRow | undefined> {
  const [row] = await ex.insert(accounts).values(values).onConflictDoNothing({ target: accounts.email }).returning();
  return row;
}

export async function updateAccount(
  ex: Executor,
  id: number,
  patch: Partial<Omit<NewAccountRow, 'id' | 'createdAt'>>,
): Promise<AccountRow | undefined> {
  const [row] = await ex
    .update(accounts)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(accounts.id, id))
    .returning();
  return row;
}

export async function countAccounts(ex: Executor): Promise<number> {
  const [row] = await ex.select({ n: sql<number>`count(*)::int` }).from(accounts);
  return row?.n ?? 0;
}

/** Accounts placed in an area at any level of their address. */
export async function countPlacedIn(ex: Executor, areaId: number): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(or(eq(accounts.countryId, areaId), eq(accounts.stateId, areaId), eq(accounts.cityId, areaId), eq(accounts.countyId, areaId)));
  return row?.n ?? 0;
}

/**
 * The cities where the studios matching `where` (a scope condition over accounts) hold places,
 * with how many paid studios each city holds in all, busiest first.
 */
export async function studioPlacesByCity(ex: Executor, where: SQL, limit: number) {
  const cities = ex
    .selectDistinct({ cityId: accounts.cityId })
    .from(accounts)
    .where(and(eq(accounts.accountType, ACCOUNT_TYPE.studio), eq(accounts.payStatus, PAY_STATUS.paid), isNotNull(accounts.cityId), where))
    .as('cities');
  return ex
    .select({ cityId: sql<number>`${accounts.cityId}`, city: sql<string>`max(${accounts.city})`, used: sql<number>`count(*)::int` })
    .from(accounts)
    .where(and(eq(accounts.accountType, ACCOUNT_TYPE.studio), eq(accounts.payStatus, PAY_STATUS.paid), inArray(accounts.cityId, ex.select({ id: cities.cityId }).from(cities))))
    .groupBy(accounts.cityId)
    .orderBy(desc(sql`count(*)`), accounts.cityId)
    .limit(limit);
}

/** Paid studios in a city, leaving one account out when given (a studio buying again). */
export async function countPaidStudiosIn(ex: Executor, cityId: number, exceptAccountId?: number): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(
      and(
        eq(accounts.accountType, ACCOUNT_TYPE.studio),
        eq(accounts.payStatus, PAY_STATUS.paid),
        eq(accounts.cityId, cityId),
        exceptAccountId ? ne(accounts.id, exceptAccountId) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** The emails of some accounts, by id, in one query. */
export async function emailsOf(ex: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await ex.select({ id: accounts.id, email: accounts.email }).from(accounts).where(inArray(accounts.id, ids));
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** Merchants served by a studio, oldest first: the demo's video history is made for them. */
export async function listServedClients(ex: Executor, limit: number) {
  return ex
    .select({ id: accounts.id, email: accounts.email, name: accounts.name, company: accounts.companyShortName, studioId: accounts.studioId })
    .from(accounts)
    .where(and(eq(accounts.accountType, ACCOUNT_TYPE.client), isNotNull(accounts.studioId)))
    .orderBy(accounts.id)
    .limit(limit);
}

/** Who some accounts are (email, name, type, company), by id, in one query: for other modules' lists. */
export async function cardsOf(ex: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, AccountCard>();
  const rows = await ex
    .select({
      id: accounts.id,
      email: accounts.email,
      name: accounts.name,
      username: accounts.username,
      accountType: accounts.accountType,
      companyShortName: accounts.companyShortName,
    })
    .from(accounts)
    .where(inArray(accounts.id, ids));
  return new Map<number, AccountCard>(rows.map((row) => [row.id, row]));
}
export interface AccountCard {
  id: number;
  email: string;
  name: string;
  username: string;
  accountType: number;
  companyShortName: string;
}

/**
 * Moves an account's registration back in time: only the demo network uses it, so that the
 * demo accounts seeded "now" read as the months-old business their history describes.
 */
export async function backdateAccount(ex: Executor, id: number, createdAt: Date): Promise<void> {
  await ex.update(accounts).set({ createdAt }).where(eq(accounts.id, id));
}

// ---- credentials ----------------------------------------------------------------------------

/** The password hash alone, for the checks that need it (it is not part of the caller). */
export async function findPasswordHash(ex: Executor, id: number): Promise<string | undefined> {
  const [row] = await ex.select({ passwordHash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, id)).limit(1);
  return row?.passwordHash;
}

// ---- an account's place in the network ---------------------------------------------------------

/** Where an account stands in the network, for an event's scope. */
export interface AccountScope {
  studioId: number | null;
  agentId: number | null;
  mainAgentId: number | null;
  operatorId: number | null;
}

/**
 * The accounts above `id` at this moment, for an event's scope: its studio (itself when a
 * studio), its agent (itself when a partner; a client without one inherits its studio's), that
 * agent's main agent (the agent itself when it is a main agent), and its operator.
 */
export async function scopeOf(ex: Executor, id: number): Promise<AccountScope> {
  return (await scopesOf(ex, [id])).get(id) ?? { studioId: null, agentId: null, mainAgentId: null, operatorId: null };
}

/** `scopeOf` for many accounts in one statement (a seed writing the history of thousands); unknown ids are left out. */
export async function scopesOf(ex: Executor, ids: readonly number[]): Promise<Map<number, AccountScope>> {
  const scopes = new Map<number, AccountScope>();
  if (ids.length === 0) return scopes;
  const studio = alias(accounts, 'studio');
  const agent = alias(accounts, 'agent');
  const agentOf = sql<number | null>`case when ${accounts.accountType} = ${ACCOUNT_TYPE.partner} then ${accounts.id} else coalesce(${accounts.agentId}, ${studio.agentId}) end`;
  const rows = await ex
    .select({
      id: accounts.id,
      studioId: sql<number | null>`case when ${accounts.accountType} = ${ACCOUNT_TYPE.studio} then ${accounts.id} else ${accounts.studioId} end`,
      agentId: agent.id,
      agentType: agent.agentType,
      agentMainId: agent.mainAgentId,
      operatorId: sql<number | null>`case when ${accounts.accountType} = ${ACCOUNT_TYPE.operator} then ${accounts.id} else ${accounts.operatorId} end`,
    })
    .from(accounts)
    .leftJoin(studio, and(eq(studio.id, accounts.studioId), eq(accounts.accountType, ACCOUNT_TYPE.client)))
    .leftJoin(agent, eq(agent.id, agentOf))
    .where(inArray(accounts.id, [...ids]));
  for (const row of rows) {
    const mainAgentId = row.agentId === null ? null : row.agentType === 'sub' ? row.agentMainId : row.agentId;
    scopes.set(row.id, { studioId: row.studioId, agentId: row.agentId, mainAgentId, operatorId: row.operatorId });
  }
  return scopes;
}

// ---- notification targets (read by the notification module through the account service) ----

export interface NotificationTarget {
  id: number;
  email: string;
  phone: string;
  name: string;
  username: string;
  companyShortName: string;
  accountType: number;
  status: 'normal' | 'disabled';
  notifications: { email: boolean; sms: boolean; system: boolean; marketing: boolean; publish_digest?: boolean };
}

export async function notificationTargets(ex: Executor, ids: number[]): Promise<NotificationTarget[]> {
  if (ids.length === 0) return [];
  return ex
    .select({
      id: accounts.id,
      email: accounts.email,
      phone: accounts.phone,
      name: accounts.name,
      username: accounts.username,
      companyShortName: accounts.companyShortName,
      accountType: accounts.accountType,
      status: accounts.status,
      notifications: accounts.notifications,
    })
    .from(accounts)
    .where(inArray(accounts.id, ids));
}

/** A studio's clients (its merchants): what sizes its render queue. */
export async function countClientsOfStudio(ex: Executor, studioId: number): Promise<number> {
  const [row] = await ex
    .select({ count: sql<number>`count(*)::int` })
    .from(accounts)
    .where(and(eq(accounts.studioId, studioId), eq(accounts.accountType, ACCOUNT_TYPE.client)));
  return row?.count ?? 0;
}

/** Accounts of these types (enabled), optionally only those who accept marketing. */
export async function countOfTypes(ex: Executor, types: number[], marketingOnly: boolean): Promise<number> {
  if (types.length === 0) return 0;
  const [row] = await ex
    .select({ count: sql<number>`count(*)::int` })
    .from(accounts)
    .where(
      and(
        inArray(accounts.accountType, types),
        eq(accounts.status, 'normal'),
        marketingOnly ? sql`(${accounts.notifications} ->> 'marketing')::boolean` : undefined,
      ),
    );
  return row?.count ?? 0;
}
