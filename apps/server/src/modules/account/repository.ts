import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { ACCOUNT_TYPE, PAY_STATUS, type EmailCodeScene } from '@nearcast/contract';
import { alias } from 'drizzle-orm/pg-core';
import { CALLER_ACCOUNT_FIELDS } from '../../access/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { accounts, emailCodes, sessions, type AccountRow, type NewAccountRow } from '../../db/schema/account.js';

export type { AccountRow, NewAccountRow };

/** The SQL of accounts, sessions and email codes. Callers pass the db or their transaction. */

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

// ---- sessions -------------------------------------------------------------------------------

export async function insertSession(
  ex: Executor,
  values: { accountId: number; tokenHash: string; userAgent: string; ip: string; remember: boolean; expiresAt: Date },
) {
  const [row] = await ex.insert(sessions).values(values).returning();
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

const callerColumns = Object.fromEntries(CALLER_ACCOUNT_FIELDS.map((field) => [field, accounts[field]])) as {
  [K in (typeof CALLER_ACCOUNT_FIELDS)[number]]: (typeof accounts)[K];
};

/**
 * Every authenticated request runs this lookup, so it is a statement prepared once per database
 * handle, not a query built per request.
 */
const liveSession = preparedPerDb((db) =>
  db
    .select({ sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, account: callerColumns })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('account_live_session'),
);

/** A live (unrevoked, unexpired) session by its token's hash, with the caller's account columns. */
export async function findLiveSession(db: Db, tokenHash: string) {
  const [row] = await liveSession(db).execute({ tokenHash });
  return row;
}

/** The password hash alone, for the checks that need it (it is not part of the caller). */
export async function findPasswordHash(ex: Executor, id: number): Promise<string | undefined> {
  const [row] = await ex.select({ passwordHash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, id)).limit(1);
  return row?.passwordHash;
}

/** Refreshes "last seen" at most once a minute per session, so reads do not turn into writes. */
export async function touchSession(ex: Executor, sessionId: number): Promise<void> {
  await ex
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), sql`${sessions.lastSeenAt} < now() - interval '1 minute'`));
}

export async function listLiveSessions(ex: Executor, accountId: number) {
  return ex
    .select()
    .from(sessions)
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt));
}

export async function revokeSession(ex: Executor, accountId: number, sessionId: number): Promise<boolean> {
  const rows = await ex
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.accountId, accountId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every live session of an account, except `keepSessionId` when given. */
export async function revokeSessionsOf(ex: Executor, accountId: number, keepSessionId?: number): Promise<void> {
  await ex
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.accountId, accountId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    );
}

/** Signs out every live session of an account but one; answers how many it ended. */
export async function revokeOtherSessions(ex: Executor, accountId: number, keepSessionId: number): Promise<number> {
  const rows = await ex
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * Deletes an account's sessions that can never be used again (revoked, or past their expiry),
 * so its rows do not pile up with every sign-in; live ones are kept.
 */
export async function pruneDeadSessions(ex: Executor, accountId: number): Promise<void> {
  await ex.delete(sessions).where(and(eq(sessions.accountId, accountId), or(isNotNull(sessions.revokedAt), lte(sessions.expiresAt, sql`now()`))));
}

// ---- email codes ----------------------------------------------------------------------------

export async function latestEmailCode(ex: Executor, email: string, scene: EmailCodeScene) {
  const [row] = await ex
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.scene, scene)))
    .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
    .limit(1);
  return row;
}

export async function insertEmailCode(
  ex: Executor,
  values: { email: string; scene: EmailCodeScene; codeHash: string; ip: string; expiresAt: Date },
) {
  const [row] = await ex.insert(emailCodes).values(values).returning();
  if (!row) throw new Error('email code insert returned nothing');
  return row;
}

export async function deleteEmailCode(ex: Executor, id: number): Promise<void> {
  await ex.delete(emailCodes).where(eq(emailCodes.id, id));
}

export async function countEmailCodeAttempt(ex: Executor, id: number): Promise<void> {
  await ex
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(eq(emailCodes.id, id));
}

/** Marks a code used; false when another request used it first. */
export async function consumeEmailCode(ex: Executor, id: number): Promise<boolean> {
  const rows = await ex
    .update(emailCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  return rows.length > 0;
}

// ---- purchases and expiry -------------------------------------------------------------------

export interface Purchase {
  amountCents: number;
  /** Days added to the plan: 30 per period; 0 for an add-on. */
  days: number;
  usedFirstDiscount: boolean;
  /** A studio's city, chosen at checkout. */
  place?: { cityId: number; city: string; stateId: number | null; state: string; countryId: number | null; country: string } | undefined;
}

/**
 * A paid order's effect on its buyer, inside the fulfilment transaction: paid, the plan
 * extended from the later of now and the current expiry, counters moved.
 */
export async function applyPurchase(ex: Executor, accountId: number, purchase: Purchase) {
  const [row] = await ex
    .update(accounts)
    .set({
      ...(purchase.days > 0
        ? {
            payStatus: 1,
            expireAt: sql`greatest(coalesce(${accounts.expireAt}, now()), now()) + make_interval(days => ${purchase.days})`,
          }
        : {}),
      firstDiscountUsed: purchase.usedFirstDiscount ? true : sql`${accounts.firstDiscountUsed}`,
      orderCount: sql`${accounts.orderCount} + 1`,
      consumptionCents: sql`${accounts.consumptionCents} + ${purchase.amountCents}`,
      ...(purchase.place
        ? {
            cityId: purchase.place.cityId,
            city: purchase.place.city,
            stateId: purchase.place.stateId,
            state: purchase.place.state,
            countryId: purchase.place.countryId,
            country: purchase.place.country,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(accounts.id, accountId))
    .returning();
  return row;
}

/**
 * A full refund's effect on its buyer, inside the refund's transaction: the plan days the
 * payment bought are taken back, and a plan that thereby ends in the past is expired at once.
 */
export async function takeBackPlan(ex: Executor, accountId: number, days: number) {
  const [row] = await ex
    .update(accounts)
    .set({
      expireAt: sql`${accounts.expireAt} - make_interval(days => ${days})`,
      payStatus: sql`case when ${accounts.payStatus} = 1 and ${accounts.expireAt} - make_interval(days => ${days}) <= now() then 2 else ${accounts.payStatus} end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(accounts.id, accountId), isNotNull(accounts.expireAt)))
    .returning();
  return row;
}

/** Marks every paid plan past its expiry as expired; safe to run from several instances at once. */
export async function expireOverdue(ex: Executor): Promise<number> {
  const rows = await ex
    .update(accounts)
    .set({ payStatus: 2, updatedAt: sql`now()` })
    .where(and(eq(accounts.payStatus, 1), sql`${accounts.expireAt} < now()`))
    .returning({ id: accounts.id });
  return rows.length;
}

/**
 * The accounts above `id` at this moment, for an event's scope: its studio (itself when a
 * studio), its agent (itself when a partner; a client without one inherits its studio's), that
 * agent's main agent (the agent itself when it is a main agent), and its operator.
 */
export async function scopeOf(
  ex: Executor,
  id: number,
): Promise<{ studioId: number | null; agentId: number | null; mainAgentId: number | null; operatorId: number | null }> {
  const studio = alias(accounts, 'studio');
  const agent = alias(accounts, 'agent');
  const agentOf = sql<number | null>`case when ${accounts.accountType} = ${ACCOUNT_TYPE.partner} then ${accounts.id} else coalesce(${accounts.agentId}, ${studio.agentId}) end`;
  const [row] = await ex
    .select({
      studioId: sql<number | null>`case when ${accounts.accountType} = ${ACCOUNT_TYPE.studio} then ${accounts.id} else ${accounts.studioId} end`,
      agentId: agent.id,
      agentType: agent.agentType,
      agentMainId: agent.mainAgentId,
      operatorId: sql<number | null>`case when ${accounts.accountType} = ${ACCOUNT_TYPE.operator} then ${accounts.id} else ${accounts.operatorId} end`,
    })
    .from(accounts)
    .leftJoin(studio, and(eq(studio.id, accounts.studioId), eq(accounts.accountType, ACCOUNT_TYPE.client)))
    .leftJoin(agent, eq(agent.id, agentOf))
    .where(eq(accounts.id, id))
    .limit(1);
  if (!row) return { studioId: null, agentId: null, mainAgentId: null, operatorId: null };
  const mainAgentId = row.agentId === null ? null : row.agentType === 'sub' ? row.agentMainId : row.agentId;
  return { studioId: row.studioId, agentId: row.agentId, mainAgentId, operatorId: row.operatorId };
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

/** Paid plans (clients and studios) whose expiry falls in [from, to): the plan reminders' recipients. */
/**
 * Merchants whose plan ran at some time since `since` (it expires after it) and that existed
 * before `before`: the merchants a month's report is made for, with the state that sets their
 * time zone.
 */
export async function merchantsWithPlanSince(ex: Executor, since: Date, before: Date): Promise<{ id: number; stateId: number | null }[]> {
  return ex
    .select({ id: accounts.id, stateId: accounts.stateId })
    .from(accounts)
    .where(and(eq(accounts.accountType, ACCOUNT_TYPE.client), gt(accounts.expireAt, since), lt(accounts.createdAt, before)))
    .orderBy(accounts.id);
}

export async function paidPlansExpiringBetween(ex: Executor, from: Date, to: Date): Promise<{ id: number; expireAt: Date }[]> {
  const rows = await ex
    .select({ id: accounts.id, expireAt: accounts.expireAt })
    .from(accounts)
    .where(
      and(
        inArray(accounts.accountType, [ACCOUNT_TYPE.client, ACCOUNT_TYPE.studio]),
        eq(accounts.payStatus, PAY_STATUS.paid),
        gt(accounts.expireAt, from),
        lte(accounts.expireAt, to),
        eq(accounts.status, 'normal'),
      ),
    );
  return rows.filter((row): row is { id: number; expireAt: Date } => row.expireAt !== null);
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
