import type { PublishTargetName } from '@nearcast/contract';
import { and, asc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../access/caller.js';
import { merchantDirectory, visibleMerchantIds } from '../../access/scope.js';
import { selectRows, type Executor } from '../../db/client.js';
import { platformConnections, platformOauthStates, type PlatformConnectionRow } from '../../db/schema/video.js';

/** The SQL of platform connections and OAuth authorizations in flight. */

export type { PlatformConnectionRow } from '../../db/schema/video.js';
export type NewConnectionRow = typeof platformConnections.$inferInsert;
export type OauthStateRow = typeof platformOauthStates.$inferSelect;

/** The merchants in scope, a page of them by name, for the connections overview. */
export async function listMerchants(
  ex: Executor,
  caller: Caller,
  filter: { keyword?: string | undefined; merchantId?: number | undefined; connectionCondition?: SQL | undefined },
  page: number,
  pageSize: number,
) {
  const where = and(filter.merchantId ? sql`m.id = ${filter.merchantId}` : undefined, filter.connectionCondition) ?? sql`true`;
  const merchants = merchantDirectory(caller, filter.keyword);
  const [rows, [total]] = await Promise.all([
    selectRows<{ id: number; name: string }>(
      ex,
      sql`select m.id, m.name from ${merchants} m where ${where} order by m.name, m.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    selectRows<{ n: number }>(ex, sql`select count(*)::int as n from ${merchants} m where ${where}`),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The condition "the merchant `m` has a connection in this state" (over listMerchants' `m`), with
 * the same reading of states as the service (expiring: connected with a grant that ends before
 * `expiringBefore`; `refresh_expires_at` is when the grant ends, see the schema). not_connected: some platform without a live connection is not a filter
 * anyone needs, so it means "no live connection at all".
 */
export function merchantsWithState(state: 'connected' | 'expiring' | 'needs_reconnect' | 'not_connected', expiringBefore: Date): SQL {
  const at = sql`${expiringBefore.toISOString()}::timestamptz`;
  const expiring = sql`(c.refresh_expires_at < ${at})`;
  switch (state) {
    case 'connected':
      return sql`exists (select 1 from ${platformConnections} c where c.merchant_id = m.id and c.state = 'connected' and not ${expiring})`;
    case 'expiring':
      return sql`exists (select 1 from ${platformConnections} c where c.merchant_id = m.id and c.state = 'connected' and ${expiring})`;
    case 'needs_reconnect':
      return sql`exists (select 1 from ${platformConnections} c where c.merchant_id = m.id and c.state = 'needs_reconnect')`;
    case 'not_connected':
      return sql`not exists (select 1 from ${platformConnections} c where c.merchant_id = m.id and c.state <> 'disconnected')`;
  }
}

export async function connectionsOf(ex: Executor, merchantIds: number[]): Promise<PlatformConnectionRow[]> {
  if (merchantIds.length === 0) return [];
  return ex.select().from(platformConnections).where(inArray(platformConnections.merchantId, merchantIds));
}

export async function findByMerchantPlatform(ex: Executor, merchantId: number, platform: PublishTargetName): Promise<PlatformConnectionRow | undefined> {
  const [row] = await ex
    .select()
    .from(platformConnections)
    .where(and(eq(platformConnections.merchantId, merchantId), eq(platformConnections.platform, platform)));
  return row;
}

export async function findById(ex: Executor, id: number): Promise<PlatformConnectionRow | undefined> {
  const [row] = await ex.select().from(platformConnections).where(eq(platformConnections.id, id));
  return row;
}

export async function findVisible(ex: Executor, caller: Caller, id: number): Promise<PlatformConnectionRow | undefined> {
  const [row] = await ex
    .select()
    .from(platformConnections)
    .where(and(eq(platformConnections.id, id), sql`${platformConnections.merchantId} in ${visibleMerchantIds(caller)}`));
  return row;
}

/** The row locked until the transaction ends: refreshes and disconnects of one account queue. */
export async function lock(ex: Executor, id: number): Promise<PlatformConnectionRow | undefined> {
  const [row] = await ex.select().from(platformConnections).where(eq(platformConnections.id, id)).for('update');
  return row;
}

/**
 * Saves a connection made through OAuth: a merchant has one per platform, so connecting again
 * (after needs_reconnect, a disconnect, or to another account) replaces the previous grant.
 */
export async function upsert(ex: Executor, values: NewConnectionRow): Promise<PlatformConnectionRow> {
  const [row] = await ex
    .insert(platformConnections)
    .values(values)
    .onConflictDoUpdate({
      target: [platformConnections.merchantId, platformConnections.platform],
      set: {
        state: 'connected',
        sandbox: values.sandbox ?? false,
        remoteAccountId: values.remoteAccountId,
        remoteAccountName: values.remoteAccountName,
        sealedTokens: values.sealedTokens,
        accessExpiresAt: values.accessExpiresAt ?? null,
        refreshExpiresAt: values.refreshExpiresAt ?? null,
        scopes: values.scopes ?? [],
        connectedById: values.connectedById ?? null,
        connectedAt: sql`now()`,
        lastRefreshAt: null,
        refreshFailures: 0,
        lastError: null,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

export async function update(ex: Executor, id: number, values: Partial<NewConnectionRow>): Promise<void> {
  await ex
    .update(platformConnections)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(platformConnections.id, id));
}

/** Connected accounts whose access token ends before `before` and that have a refresh token to use. */
export async function dueForRefresh(ex: Executor, before: Date, limit: number): Promise<number[]> {
  const rows = await ex
    .select({ id: platformConnections.id })
    .from(platformConnections)
    .where(and(eq(platformConnections.state, 'connected'), lt(platformConnections.accessExpiresAt, before)))
    .orderBy(asc(platformConnections.accessExpiresAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

// ---- OAuth states ------------------------------------------------------------------------------

export async function insertState(ex: Executor, values: typeof platformOauthStates.$inferInsert): Promise<void> {
  await ex.insert(platformOauthStates).values(values);
}

/** Marks the state used and answers it, once: a second callback with the same state finds nothing. */
export async function consumeState(ex: Executor, stateHash: string, now: Date): Promise<OauthStateRow | undefined> {
  const [row] = await ex
    .update(platformOauthStates)
    .set({ usedAt: now })
    .where(and(eq(platformOauthStates.stateHash, stateHash), isNull(platformOauthStates.usedAt)))
    .returning();
  return row;
}

export async function purgeStates(ex: Executor, before: Date): Promise<number> {
  const rows = await ex.delete(platformOauthStates).where(lt(platformOauthStates.expiresAt, before)).returning({ id: platformOauthStates.id });
  return rows.length;
}
