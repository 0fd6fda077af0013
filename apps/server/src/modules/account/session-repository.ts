import { and, desc, eq, gt, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { CALLER_ACCOUNT_FIELDS } from '../../access/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { accounts, sessions } from '../../db/schema/account.js';

/**
 * The SQL of sign-in sessions: made at sign-in, found on every authenticated request, listed
 * and revoked as devices. Apart from the account rows because it is the hot path of every
 * request and its rows come and go with each sign-in.
 */

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
