import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { intArrayLiteral, textArrayLiteral } from '../../db/array-literal.js';
import { selectRows } from '../../db/client.js';
import { dashboardConnectionCounts, dashboardConnections, dashboardDaily, dashboardPlacements, dashboardVideoPlays } from '../../db/schema/dashboard.js';

export type ScopeKind = (typeof dashboardDaily.$inferSelect)['scopeKind'];
export interface ScopeKey {
  kind: ScopeKind;
  id: number;
}
export type PlacementRow = typeof dashboardPlacements.$inferSelect;

/** The additive columns of a day's row. */
export interface DayDelta {
  payments?: number;
  grossCents?: number;
  refundsCents?: number;
  firstPayments?: number;
  renewals?: number;
  newClients?: number;
  clientsDelta?: number;
  newStudios?: number;
  studiosDelta?: number;
  videosPublished?: number;
  plays?: number;
  commissionCents?: number;
  profitCents?: number;
}
const COLUMNS = [
  ['payments', 'payments'],
  ['grossCents', 'gross_cents'],
  ['refundsCents', 'refunds_cents'],
  ['firstPayments', 'first_payments'],
  ['renewals', 'renewals'],
  ['newClients', 'new_clients'],
  ['clientsDelta', 'clients_delta'],
  ['newStudios', 'new_studios'],
  ['studiosDelta', 'studios_delta'],
  ['videosPublished', 'videos_published'],
  ['plays', 'plays'],
  ['commissionCents', 'commission_cents'],
  ['profitCents', 'profit_cents'],
] as const;

/** A delta to one day of one scope. */
export interface DayRow {
  scope: ScopeKey;
  day: string;
  delta: DayDelta;
}

/**
 * Adds deltas to days of scopes, creating the rows they need, in one statement; deltas to the
 * same day of the same scope are summed first (one statement may touch a row only once). Only
 * the columns some delta moves are written, so the statements stay small: handlers replayed by
 * the thousand (the dashboard backfill) spend their time here.
 */
export async function addToDays(ex: Executor, rows: readonly DayRow[]): Promise<void> {
  const moving = rows.filter((row) => COLUMNS.some(([name]) => row.delta[name]));
  // The columns any delta moves: a day some event touched gets its row even when its deltas cancel out.
  const set = COLUMNS.filter(([name]) => moving.some((row) => row.delta[name]));
  if (set.length === 0) return;
  const merged = new Map<string, DayRow>();
  for (const row of moving) {
    const key = `${row.scope.kind}:${row.scope.id}:${row.day}`;
    const into = merged.get(key);
    if (!into) merged.set(key, { scope: row.scope, day: row.day, delta: { ...row.delta } });
    else for (const [name] of set) into.delta[name] = (into.delta[name] ?? 0) + (row.delta[name] ?? 0);
  }
  const columns = sql.raw(set.map(([, column]) => `"${column}"`).join(', '));
  const updates = sql.raw(set.map(([, column]) => `"${column}" = "dashboard_daily"."${column}" + excluded."${column}"`).join(', '));
  // In one order, so two transactions adding to the same days wait for each other rather than deadlock.
  const ordered = [...merged.keys()].sort().map((key) => merged.get(key)!);
  // One array per column, unnested into rows: a replay's thousands of rows in one statement.
  const deltas = set.map(([name]) => intArrayLiteral(ordered.map((row) => row.delta[name] ?? 0)));
  await ex.execute(sql`
    insert into dashboard_daily (scope_kind, scope_id, day, ${columns})
    select * from unnest(${textArrayLiteral(ordered.map((row) => row.scope.kind))}, ${intArrayLiteral(
      ordered.map((row) => row.scope.id),
      'int',
    )}, ${textArrayLiteral(
      ordered.map((row) => row.day),
      'date',
    )}, ${sql.join(deltas, sql`, `)})
    on conflict (scope_kind, scope_id, day) do update set ${updates}`);
}

export async function findPlacement(ex: Executor, accountId: number): Promise<PlacementRow | undefined> {
  const [row] = await ex.select().from(dashboardPlacements).where(eq(dashboardPlacements.accountId, accountId)).for('update');
  return row;
}

/**
 * The placements of these accounts that exist, locked in one order (two transactions wait
 * rather than deadlock): what `findPlacement` reads for each, in one statement for a batch.
 */
export async function lockPlacements(ex: Executor, accountIds: readonly number[]): Promise<PlacementRow[]> {
  if (accountIds.length === 0) return [];
  return ex
    .select()
    .from(dashboardPlacements)
    .where(inArray(dashboardPlacements.accountId, [...accountIds]))
    .orderBy(dashboardPlacements.accountId)
    .for('update');
}

/** Writes accounts' placements (one row per account) in one statement, one array per column. */
export async function upsertPlacements(ex: Executor, rows: readonly PlacementRow[]): Promise<void> {
  if (rows.length === 0) return;
  const ordered = [...rows].sort((a, b) => a.accountId - b.accountId);
  const ints = (pick: (row: PlacementRow) => number | null) => intArrayLiteral(ordered.map(pick), 'int');
  await ex.execute(sql`
    insert into dashboard_placements (account_id, kind, studio_id, agent_id, main_agent_id, operator_id, paid_at)
    select * from unnest(${ints((row) => row.accountId)}, ${textArrayLiteral(ordered.map((row) => row.kind))},
                         ${ints((row) => row.studioId)}, ${ints((row) => row.agentId)}, ${ints((row) => row.mainAgentId)},
                         ${ints((row) => row.operatorId)}, ${textArrayLiteral(
                           ordered.map((row) => row.paidAt?.toISOString() ?? null),
                           'timestamptz',
                         )})
    on conflict (account_id) do update set kind = excluded.kind, studio_id = excluded.studio_id, agent_id = excluded.agent_id,
      main_agent_id = excluded.main_agent_id, operator_id = excluded.operator_id, paid_at = excluded.paid_at`);
}

/** The largest plays counted for each of these jobs that has been counted, locked (in one order, so two transactions wait rather than deadlock). */
export async function lockJobPlays(ex: Executor, jobIds: readonly string[]): Promise<Map<string, number>> {
  if (jobIds.length === 0) return new Map();
  const rows = await ex
    .select({ jobId: dashboardVideoPlays.jobId, plays: dashboardVideoPlays.plays })
    .from(dashboardVideoPlays)
    .where(inArray(dashboardVideoPlays.jobId, [...jobIds]))
    .orderBy(dashboardVideoPlays.jobId)
    .for('update');
  return new Map(rows.map((row) => [row.jobId, Number(row.plays)]));
}

/**
 * Stores jobs' new largest plays: an update for the jobs `counted` already holds, an insert for
 * the others — which fails when another transaction counted the job first, so the delivery is
 * retried and counts from that transaction's value rather than both counting from zero.
 */
export async function saveJobPlays(ex: Executor, plays: readonly (readonly [string, number])[], counted: ReadonlySet<string>): Promise<void> {
  const fresh = plays.filter(([jobId]) => !counted.has(jobId));
  const raised = plays.filter(([jobId]) => counted.has(jobId));
  if (fresh.length > 0) await ex.insert(dashboardVideoPlays).values(fresh.map(([jobId, value]) => ({ jobId, plays: value })));
  if (raised.length > 0) {
    await ex.execute(sql`
      update dashboard_video_plays v set plays = x.plays
        from (values ${sql.join(
          raised.map(([jobId, value]) => sql`(${jobId}, ${value}::bigint)`),
          sql`, `,
        )}) as x(job_id, plays)
       where v.job_id = x.job_id`);
  }
}

export interface Window {
  from: string;
  to: string;
  previousFrom: string | null;
  previousTo: string | null;
}

export interface FigureRow {
  cur: Record<string, number>;
  prev: Record<string, number> | null;
  stock: { clients: number; studios: number };
  prevStock: { clients: number; studios: number } | null;
}

/**
 * Every figure of one scope over a period and its previous one, in one read of the scope's
 * rows (the primary key's prefix): flows sum the period's days, stocks every day to its end.
 */
export async function figures(ex: Executor, scope: ScopeKey, window: Window): Promise<FigureRow> {
  const cur = sql`d.day between ${window.from} and ${window.to}`;
  const prev = window.previousFrom === null ? sql`false` : sql`d.day between ${window.previousFrom} and ${window.previousTo}`;
  const sums = COLUMNS.filter(([, column]) => !column.endsWith('_delta')).map(([, column]) => {
    const col = sql.raw(`d.${column}`);
    return sql`coalesce(sum(${col}) filter (where ${cur}), 0)::bigint as ${sql.raw(`"c_${column}"`)}, coalesce(sum(${col}) filter (where ${prev}), 0)::bigint as ${sql.raw(`"p_${column}"`)}`;
  });
  const [row] = await selectRows<Record<string, string | number>>(
    ex,
    sql`select ${sql.join(sums, sql`, `)},
        coalesce(sum(d.clients_delta) filter (where d.day <= ${window.to}), 0)::bigint as "s_clients",
        coalesce(sum(d.studios_delta) filter (where d.day <= ${window.to}), 0)::bigint as "s_studios",
        coalesce(sum(d.clients_delta) filter (where d.day <= ${window.previousTo ?? '0001-01-01'}), 0)::bigint as "ps_clients",
        coalesce(sum(d.studios_delta) filter (where d.day <= ${window.previousTo ?? '0001-01-01'}), 0)::bigint as "ps_studios"
      from dashboard_daily d where d.scope_kind = ${scope.kind} and d.scope_id = ${scope.id}`,
  );
  const read = (prefix: string) =>
    Object.fromEntries(
      Object.entries(row ?? {})
        .filter(([key]) => key.startsWith(prefix))
        .map(([key, value]) => [key.slice(prefix.length), Number(value)]),
    );
  const hasPrevious = window.previousFrom !== null;
  return {
    cur: read('c_'),
    prev: hasPrevious ? read('p_') : null,
    stock: { clients: Number(row?.s_clients ?? 0), studios: Number(row?.s_studios ?? 0) },
    prevStock: hasPrevious ? { clients: Number(row?.ps_clients ?? 0), studios: Number(row?.ps_studios ?? 0) } : null,
  };
}

/** The scope's days with anything in them over a period, oldest first. */
export async function days(ex: Executor, scope: ScopeKey, from: string, to: string) {
  return ex
    .select({
      day: dashboardDaily.day,
      payments: dashboardDaily.payments,
      grossCents: dashboardDaily.grossCents,
      refundsCents: dashboardDaily.refundsCents,
      plays: dashboardDaily.plays,
      commissionCents: dashboardDaily.commissionCents,
      profitCents: dashboardDaily.profitCents,
    })
    .from(dashboardDaily)
    .where(and(eq(dashboardDaily.scopeKind, scope.kind), eq(dashboardDaily.scopeId, scope.id), sql`${dashboardDaily.day} between ${from} and ${to}`))
    .orderBy(dashboardDaily.day);
}

/** The first day the scope has a row for (the start of "the whole network"). */
export async function firstDay(ex: Executor, scope: ScopeKey): Promise<string | null> {
  const [row] = await selectRows<{ day: string | null }>(ex, sql`select min(day)::text as day from dashboard_daily where scope_kind = ${scope.kind} and scope_id = ${scope.id}`);
  return row?.day ?? null;
}

/**
 * The studios placed under a scope (all of them for the platform) ranked by revenue over the
 * period, with the merchants each holds at its end. The ranking reads only the period's studio
 * days (an index on kind and day); studios without revenue fill the list after them.
 */
export interface TopStudio {
  id: number;
  /** Payments received over the period: what the ranking orders by, never below zero. */
  gross_cents: number;
  /** Refunds over the period, of payments from any time. */
  refunds_cents: number;
  /** Gross less refunds: below zero when a period refunds more than it takes in. */
  revenue_cents: number;
  clients: number;
}

/**
 * The leading studios of a scope over a period, by what they took in (gross), then by net: a
 * refund of an earlier payment makes a period's net negative, which says nothing about how a
 * studio sells, so it never ranks a studio or stands as its figure; it is shown apart.
 */
export async function topStudios(ex: Executor, scope: ScopeKey, from: string, to: string, limit: number): Promise<TopStudio[]> {
  const under =
    scope.kind === 'platform'
      ? null
      : scope.kind === 'main_agent'
        ? sql`(select p.account_id from dashboard_placements p where p.kind = 'studio' and p.main_agent_id = ${scope.id})`
        : scope.kind === 'agent'
          ? sql`(select p.account_id from dashboard_placements p where p.kind = 'studio' and p.agent_id = ${scope.id})`
          : sql`(select null::int)`;
  const ranked = await selectRows<{ id: number; gross_cents: number; refunds_cents: number }>(
    ex,
    sql`select d.scope_id as id, sum(d.gross_cents)::bigint as gross_cents, sum(d.refunds_cents)::bigint as refunds_cents
          from dashboard_daily d
         where d.scope_kind = 'studio' and d.day between ${from} and ${to} ${under === null ? sql`` : sql`and d.scope_id in ${under}`}
         group by d.scope_id
         order by sum(d.gross_cents) desc, sum(d.gross_cents - d.refunds_cents) desc, d.scope_id
         limit ${limit}`,
  );
  const chosen = ranked.map((row) => {
    const gross = Number(row.gross_cents);
    const refunds = Number(row.refunds_cents);
    return { id: Number(row.id), gross_cents: gross, refunds_cents: refunds, revenue_cents: gross - refunds };
  });
  if (chosen.length < limit) {
    const more = await selectRows<{ id: number }>(
      ex,
      sql`select p.account_id as id from dashboard_placements p
           where p.kind = 'studio' ${under === null ? sql`` : sql`and p.account_id in ${under}`}
             ${chosen.length === 0 ? sql`` : sql`and p.account_id not in ${sql`(${sql.join(chosen.map((row) => sql`${row.id}`), sql`, `)})`}`}
           order by p.account_id limit ${limit - chosen.length}`,
    );
    chosen.push(...more.map((row) => ({ id: Number(row.id), gross_cents: 0, refunds_cents: 0, revenue_cents: 0 })));
  }
  if (chosen.length === 0) return [];
  const clients = await selectRows<{ id: number; clients: number }>(
    ex,
    sql`select d.scope_id as id, sum(d.clients_delta)::int as clients from dashboard_daily d
         where d.scope_kind = 'studio' and d.scope_id in ${sql`(${sql.join(chosen.map((row) => sql`${row.id}`), sql`, `)})`} and d.day <= ${to}
         group by d.scope_id`,
  );
  const held = new Map(clients.map((row) => [Number(row.id), Number(row.clients)]));
  return chosen.map((row) => ({ ...row, clients: held.get(row.id) ?? 0 }));
}

/** What the rollups hold: the merchants and studios they place, and their scope-days. */
export async function rollupSize(ex: Executor): Promise<{ placements: number; days: number }> {
  const [placements] = await ex.select({ n: sql<number>`count(*)::int` }).from(dashboardPlacements);
  const [days] = await ex.select({ n: sql<number>`count(*)::int` }).from(dashboardDaily);
  return { placements: Number(placements?.n ?? 0), days: Number(days?.n ?? 0) };
}

/** The merchants the rollups last counted under a studio. */
export async function clientsOfStudio(ex: Executor, studioId: number): Promise<number[]> {
  const rows = await ex
    .select({ id: dashboardPlacements.accountId })
    .from(dashboardPlacements)
    .where(and(eq(dashboardPlacements.kind, 'client'), eq(dashboardPlacements.studioId, studioId)));
  return rows.map((row) => row.id);
}

export async function findConnection(ex: Executor, connectionId: string) {
  const [row] = await ex.select().from(dashboardConnections).where(eq(dashboardConnections.connectionId, connectionId)).for('update');
  return row;
}

export async function upsertConnection(ex: Executor, row: typeof dashboardConnections.$inferInsert): Promise<void> {
  const { connectionId: _id, ...rest } = row;
  await ex.insert(dashboardConnections).values(row).onConflictDoUpdate({ target: dashboardConnections.connectionId, set: rest });
}

export async function deleteConnection(ex: Executor, connectionId: string): Promise<void> {
  await ex.delete(dashboardConnections).where(eq(dashboardConnections.connectionId, connectionId));
}

/** Adds to a platform's counts in each scope key (`kind:id`). */
export async function addConnections(ex: Executor, keys: readonly string[], platform: string, delta: { connected?: number; needsReconnect?: number }): Promise<void> {
  if (keys.length === 0) return;
  await ex
    .insert(dashboardConnectionCounts)
    .values(
      keys.map((key) => {
        const [kind, id] = key.split(':');
        return { scopeKind: kind!, scopeId: Number(id), platform, connected: delta.connected ?? 0, needsReconnect: delta.needsReconnect ?? 0 };
      }),
    )
    .onConflictDoUpdate({
      target: [dashboardConnectionCounts.scopeKind, dashboardConnectionCounts.scopeId, dashboardConnectionCounts.platform],
      set: {
        connected: sql`${dashboardConnectionCounts.connected} + excluded.connected`,
        needsReconnect: sql`${dashboardConnectionCounts.needsReconnect} + excluded.needs_reconnect`,
      },
    });
}

export async function connectionsOf(ex: Executor, scope: ScopeKey) {
  return ex
    .select({ platform: dashboardConnectionCounts.platform, connected: dashboardConnectionCounts.connected, needsReconnect: dashboardConnectionCounts.needsReconnect })
    .from(dashboardConnectionCounts)
    .where(and(eq(dashboardConnectionCounts.scopeKind, scope.kind), eq(dashboardConnectionCounts.scopeId, scope.id)))
    .orderBy(dashboardConnectionCounts.platform);
}
