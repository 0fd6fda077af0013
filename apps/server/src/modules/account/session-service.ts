import { SESSION_REMEMBER_TTL_DAYS, SESSION_TTL_DAYS, roleOf, type AgentType } from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { newToken, sha256 } from './crypto.js';
import * as repo from './session-repository.js';

const DAY_MS = 86_400_000;

export interface ClientMeta {
  userAgent: string;
  ip: string;
}

/** Bearer-token sessions (design.md "Identity and access"): only the token's SHA-256 is kept. */
/** How stale "last seen" may get before a request refreshes it (the SQL repeats the guard). */
const TOUCH_INTERVAL_MS = 60_000;

export class SessionService {
  constructor(private readonly db: Db) {}

  async open(ex: Executor, accountId: number, remember: boolean, meta: ClientMeta): Promise<string> {
    const token = newToken();
    const days = remember ? SESSION_REMEMBER_TTL_DAYS : SESSION_TTL_DAYS;
    // Each sign-in clears the account's dead sessions, so its device list holds live ones only.
    await repo.pruneDeadSessions(ex, accountId);
    await repo.insertSession(ex, {
      accountId,
      tokenHash: sha256(token),
      userAgent: meta.userAgent.slice(0, 400),
      ip: meta.ip,
      remember,
      expiresAt: new Date(Date.now() + days * DAY_MS),
    });
    return token;
  }

  /** The caller behind a token; 'disabled' for a live session of a disabled account. */
  async authenticate(token: string): Promise<Caller | 'disabled' | null> {
    if (token.length > 200) return null;
    const found = await repo.findLiveSession(this.db, sha256(token));
    if (!found) return null;
    if (found.account.status !== 'normal') return 'disabled';
    // Most requests come within a minute of the last one: skip the round trip entirely then.
    if (Date.now() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await repo.touchSession(this.db, found.sessionId);
    return {
      id: found.account.id,
      role: roleOf(found.account.accountType),
      agentType: (found.account.agentType as AgentType | null) ?? null,
      account: found.account,
      sessionId: found.sessionId,
      token,
    };
  }

  async close(caller: Caller): Promise<void> {
    await repo.revokeSession(this.db, caller.id, caller.sessionId);
  }

  async list(caller: Caller) {
    const rows = await repo.listLiveSessions(this.db, caller.id);
    return rows.map((row) => ({
      id: row.id,
      user_agent: row.userAgent,
      ip: row.ip,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      current: row.id === caller.sessionId,
    }));
  }

  revoke(accountId: number, sessionId: number): Promise<boolean> {
    return repo.revokeSession(this.db, accountId, sessionId);
  }

  /** "Sign out all other devices": every live session of the caller but the one asking. */
  async revokeOthers(caller: Caller): Promise<{ revoked: number }> {
    return { revoked: await repo.revokeOtherSessions(this.db, caller.id, caller.sessionId) };
  }

  /** Ends every session of an account but one (or all): password change, reset, disabling. */
  revokeAll(ex: Executor, accountId: number, keepSessionId?: number): Promise<void> {
    return repo.revokeSessionsOf(ex, accountId, keepSessionId);
  }
}
