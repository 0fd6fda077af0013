import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The dashboard's daily rollups (docs/decisions/036): one row per scope and UTC day, kept by
 * the dashboard's event subscriber in the transaction that records the delivery, so a figure is
 * a sum over a handful of rows rather than a scan of payments or accounts. A scope is
 * `platform` (id 0), `main_agent` (a main agent's whole tree), `agent` (the direct agent),
 * `studio`, `operator` or `client`, as the event's scope named them when it happened. Flows
 * (payments, revenue, arrivals) are per day; stocks (merchants, studios in scope) are kept as
 * daily deltas whose running sum is the stock at a day's end.
 */
export const dashboardDaily = pgTable(
  'dashboard_daily',
  {
    scopeKind: text({ enum: ['platform', 'main_agent', 'agent', 'studio', 'operator', 'client', 'earner'] }).notNull(),
    scopeId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    payments: integer().notNull().default(0),
    grossCents: bigint({ mode: 'number' }).notNull().default(0),
    refundsCents: bigint({ mode: 'number' }).notNull().default(0),
    /** Merchants' first payments, and the payments after that (renewals, add-ons). */
    firstPayments: integer().notNull().default(0),
    renewals: integer().notNull().default(0),
    /** Merchants that came into the scope (registered or assigned to it) and the stock's change. */
    newClients: integer().notNull().default(0),
    clientsDelta: integer().notNull().default(0),
    newStudios: integer().notNull().default(0),
    studiosDelta: integer().notNull().default(0),
    videosPublished: integer().notNull().default(0),
    plays: bigint({ mode: 'number' }).notNull().default(0),
    /**
     * Commissions: in an `earner` scope (id = the studio or agent paid) what it earned; in the
     * platform's, every commission paid out, and `profitCents` the platform's own share. Both
     * net of what refunds took back.
     */
    commissionCents: bigint({ mode: 'number' }).notNull().default(0),
    profitCents: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.scopeKind, t.scopeId, t.day] }),
    // Ranking every studio over a period (the platform's top studios) reads one kind's days,
    // from the index alone: the studio and its money are in it too.
    index('dashboard_daily_kind_day_idx').on(t.scopeKind, t.day, t.scopeId, t.grossCents, t.refundsCents),
  ],
);

/**
 * Where the rollups last counted each merchant or studio, so that a reassignment moves its
 * stock from the scopes it left to those it joined without asking the account module what
 * the account's old placement was. `paidAt` tells a first payment from a renewal.
 */
export const dashboardPlacements = pgTable(
  'dashboard_placements',
  {
    accountId: integer().primaryKey(),
    // The kind of account placed (a paying one), a column's values rather than who may do what.
    // eslint-disable-next-line roles/no-role-lists
    kind: text({ enum: ['client', 'studio'] }).notNull(),
    studioId: integer(),
    agentId: integer(),
    mainAgentId: integer(),
    operatorId: integer(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // An agent's studios (top studios), a studio's merchants (when the studio moves).
    index('dashboard_placements_main_agent_idx').on(t.kind, t.mainAgentId),
    index('dashboard_placements_agent_idx').on(t.kind, t.agentId),
    index('dashboard_placements_studio_idx').on(t.kind, t.studioId),
  ],
);

/** The plays a publish job had reached at its last milestone, so each milestone adds its difference. */
export const dashboardVideoPlays = pgTable('dashboard_video_plays', {
  jobId: text().primaryKey(),
  plays: bigint({ mode: 'number' }).notNull(),
});

/**
 * Publishing connections as the rollups last saw them (`connection.connected`,
 * `connection.needs_reconnect`), with the scope they were counted in, so a change of state
 * moves one count from one state to the other in the same scopes.
 */
export const dashboardConnections = pgTable('dashboard_connections', {
  connectionId: text().primaryKey(),
  platform: text().notNull(),
  state: text({ enum: ['connected', 'needs_reconnect'] }).notNull(),
  /** The scopes it is counted in, as `kind:id` keys. */
  scopes: text().array().notNull(),
});

/** Connections per scope and platform, by state: what the dashboard's connection tiles read. */
export const dashboardConnectionCounts = pgTable(
  'dashboard_connection_counts',
  {
    scopeKind: text().notNull(),
    scopeId: integer().notNull(),
    platform: text().notNull(),
    connected: integer().notNull().default(0),
    needsReconnect: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scopeKind, t.scopeId, t.platform] })],
);
