import {
  ACCOUNT_TYPE,
  type DashboardActivityResponse,
  type DashboardClientResponse,
  type DashboardConnection,
  type DashboardPayResponse,
  type DashboardPeriod,
  type DashboardProfitResponse,
  type DashboardRange,
  type DashboardScope,
  type DashboardStudioResponse,
  type DashboardTotalResponse,
  daysLeft,
  EARNERS,
  type Figure,
  isOneOf,
  partyName,
  payStateOf,
  PUBLISH_PLATFORMS,
  STUDIO_PLACES_PER_CITY,
} from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import { cardName } from '../account/presenter.js';
import type { AccountService } from '../account/service.js';
import type { EventService } from '../events/service.js';
import type { MaterialService } from '../material/service.js';
import type { AgentService } from '../org/agent-service.js';
import type { ClientService } from '../org/client-service.js';
import type { PaymentService } from '../payment/service.js';
import { daysBetween, periodOf } from './period.js';
import * as repo from './repository.js';
import type { FigureRow, ScopeKey } from './repository.js';

/** The events the activity feed shows, in words on the web (the rest are bookkeeping). */
export const ACTIVITY_TYPES = [
  'account.registered',
  'account.created',
  'client.assigned',
  'studio.assigned',
  'payment.completed',
  'payment.refunded',
  'settlement.decided',
  'video.scheduled',
  'video.approval_requested',
  'video.approval_given',
  'video.changes_requested',
  'video.published',
  'video.approved',
  'video.failed',
  'video.milestone',
  'connection.needs_reconnect',
  'connection.connected',
] as const;

const CONNECTION_PLATFORMS = [...PUBLISH_PLATFORMS, 'sandbox'] as const;
const TOP_STUDIOS = 10;
const TOP_CITIES = 10;
const EXPIRING_DAYS = 30;
const EXPIRING_SHOWN = 10;
/** The API counts days left in UTC, the zone of the rollups' days and of the plan reminders. */
const PLATFORM_TIME_ZONE = 'UTC';
const PLATFORM_TOP_TTL_MS = 60_000;

interface Resolved {
  key: ScopeKey;
  scope: DashboardScope;
  period: DashboardPeriod;
  figures: FigureRow;
}

/** The rollup scope a caller reads: decided by its role, never by the request. */
export function scopeOf(caller: Pick<Caller, 'id' | 'role' | 'agentType'>): { key: ScopeKey; scope: DashboardScope } {
  switch (caller.role) {
    case 'super':
    case 'admin':
      return { key: { kind: 'platform', id: 0 }, scope: 'platform' };
    case 'partner':
      return caller.agentType === 'sub' ? { key: { kind: 'agent', id: caller.id }, scope: 'sub_agent' } : { key: { kind: 'main_agent', id: caller.id }, scope: 'agent' };
    case 'studio':
      return { key: { kind: 'studio', id: caller.id }, scope: 'studio' };
    case 'operator':
      return { key: { kind: 'operator', id: caller.id }, scope: 'operator' };
    case 'client':
      return { key: { kind: 'client', id: caller.id }, scope: 'client' };
  }
}

const PLATFORM_KEY: ScopeKey = { kind: 'platform', id: 0 };
/** Where a studio's or an agent's own commissions are rolled up. */
const earnerOf = (caller: Pick<Caller, 'id'>): ScopeKey => ({ kind: 'earner', id: caller.id });

const flow = (f: FigureRow, column: string): Figure => ({ value: f.cur[column] ?? 0, previous: f.prev ? (f.prev[column] ?? 0) : null });
const net = (f: FigureRow): Figure => ({
  value: (f.cur.gross_cents ?? 0) - (f.cur.refunds_cents ?? 0),
  previous: f.prev ? (f.prev.gross_cents ?? 0) - (f.prev.refunds_cents ?? 0) : null,
});
const stock = (f: FigureRow, which: 'clients' | 'studios'): Figure => ({ value: f.stock[which], previous: f.prevStock ? f.prevStock[which] : null });
/** A figure only known as it stands now: the previous period's value is not kept. */
const now = (value: number): Figure => ({ value, previous: null });

/** The modules whose figures the dashboards read beside their rollups. */
export interface DashboardSources {
  accounts: AccountService;
  agents: AgentService;
  clients: ClientService;
  payments: PaymentService;
  material: MaterialService;
  events: EventService;
}

/**
 * The dashboards of spec §7, read from the daily rollups the subscriber keeps
 * (rollup-subscriber.ts), each in the caller's scope; the few figures the rollups do not hold
 * (materials, expiring plans, places) come from their owners' services, scoped there.
 */
export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly deps: DashboardSources,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private readonly platformTop = new Map<string, { until: number; rows: Promise<repo.TopStudio[]> }>();

  private async resolve(caller: Caller, range: DashboardRange): Promise<Resolved> {
    const { key, scope } = scopeOf(caller);
    const first = range === 'all' ? await repo.firstDay(this.db, key) : null;
    const period = periodOf(range, this.clock(), first);
    return { key, scope, period, figures: await this.figuresOf(key, period) };
  }

  async total(caller: Caller, range: DashboardRange): Promise<DashboardTotalResponse> {
    const { key, scope, period, figures: f } = await this.resolve(caller, range);
    const above = key.kind === 'platform' || key.kind === 'main_agent' || key.kind === 'agent';
    const earns = EARNERS.includes(caller.role);
    const [materials, agents, plan, earned, connections] = await Promise.all([
      this.deps.material.countForDashboard(caller),
      key.kind === 'platform' || key.kind === 'main_agent' ? this.deps.agents.count(caller) : null,
      caller.role === 'client' ? this.planOf(caller) : null,
      earns ? this.figuresOf(earnerOf(caller), period) : null,
      repo.connectionsOf(this.db, key),
    ]);
    return {
      period,
      scope,
      revenue_cents: net(f),
      payments: flow(f, 'payments'),
      clients: stock(f, 'clients'),
      new_clients: flow(f, 'new_clients'),
      studios: above ? stock(f, 'studios') : null,
      // A main agent's own row is in its count; the figure is the agents below it.
      agents: agents === null ? null : now(key.kind === 'main_agent' ? Math.max(0, agents.total - 1) : agents.total),
      commission_cents: key.kind === 'platform' ? flow(f, 'commission_cents') : earned ? flow(earned, 'commission_cents') : null,
      materials: now(materials),
      videos_published: flow(f, 'videos_published'),
      plays: flow(f, 'plays'),
      plan,
      connections: connections
        .filter((row): row is typeof row & { platform: DashboardConnection['platform'] } => isOneOf(CONNECTION_PLATFORMS, row.platform))
        .filter((row) => row.connected > 0 || row.needsReconnect > 0)
        .map((row) => ({ platform: row.platform, connected: row.connected, needs_reconnect: row.needsReconnect })),
    };
  }

  private async planOf(caller: Caller): Promise<DashboardTotalResponse['plan']> {
    const { plan } = await this.deps.payments.planOf(caller);
    if (!plan) return null;
    const expiresAt = caller.account.expireAt;
    return {
      name: plan.package_name,
      state: payStateOf(caller.account.payStatus),
      expires_at: expiresAt ? expiresAt.toISOString() : null,
      days_left: daysLeft(expiresAt, this.clock(), PLATFORM_TIME_ZONE),
    };
  }

  async studio(caller: Caller, range: DashboardRange): Promise<DashboardStudioResponse> {
    const { key, scope, period, figures: f } = await this.resolve(caller, range);
    const [top, places] = await Promise.all([
      key.kind === 'platform' ? this.platformTopStudios(period) : repo.topStudios(this.db, key, period.from, period.to, TOP_STUDIOS),
      this.deps.accounts.studioPlacesByCity(caller, TOP_CITIES),
    ]);
    const cards = await this.deps.accounts.cardsOf(top.map((row) => row.id));
    return {
      period,
      scope,
      count: stock(f, 'studios'),
      new: flow(f, 'new_studios'),
      top: top.map((row) => {
        const card = cards.get(row.id);
        return { ...row, name: card ? cardName(card) : '' };
      }),
      places: places.map((row) => ({ area_id: row.cityId, city: row.city, used: row.used, limit: STUDIO_PLACES_PER_CITY })),
    };
  }

  /**
   * The platform's top studios over a period, kept for a minute: ranking every studio of the
   * network reads a row per studio and day (about 100 ms at 10,000 studios), while staff open
   * the dashboard far more often than the order changes. Callers arriving together share one
   * reading; a failed one is not kept.
   */
  private platformTopStudios(period: DashboardPeriod): Promise<repo.TopStudio[]> {
    const at = Date.now();
    const cacheKey = `${period.from}:${period.to}`;
    const kept = this.platformTop.get(cacheKey);
    if (kept && kept.until > at) return kept.rows;
    for (const [k, entry] of this.platformTop) if (entry.until <= at) this.platformTop.delete(k);
    const rows = repo.topStudios(this.db, PLATFORM_KEY, period.from, period.to, TOP_STUDIOS);
    this.platformTop.set(cacheKey, { until: at + PLATFORM_TOP_TTL_MS, rows });
    rows.catch(() => this.platformTop.delete(cacheKey));
    return rows;
  }

  async client(caller: Caller, range: DashboardRange): Promise<DashboardClientResponse> {
    const { scope, period, figures: f } = await this.resolve(caller, range);
    const [counts, expiring] = await Promise.all([
      this.deps.clients.count(caller),
      this.deps.clients.expiring(caller, { days: EXPIRING_DAYS, page: 1, page_size: EXPIRING_SHOWN }),
    ]);
    const at = this.clock();
    return {
      period,
      scope,
      count: stock(f, 'clients'),
      new: flow(f, 'new_clients'),
      paid: flow(f, 'first_payments'),
      renewed: flow(f, 'renewals'),
      expired: now(counts.expired),
      expiring: expiring.list
        .filter((row) => row.expire_time !== null)
        .map((row) => ({
          id: row.id,
          name: partyName(row),
          studio_name: row.studio_name,
          expires_at: row.expire_time!,
          days_left: daysLeft(row.expire_time, at, PLATFORM_TIME_ZONE) ?? 0,
        })),
    };
  }

  async pay(caller: Caller, range: DashboardRange): Promise<DashboardPayResponse> {
    const { key, scope, period, figures: f } = await this.resolve(caller, range);
    const rows = new Map((await repo.days(this.db, key, period.from, period.to)).map((row) => [row.day, row]));
    return {
      period,
      scope,
      payments: flow(f, 'payments'),
      gross_cents: flow(f, 'gross_cents'),
      refunds_cents: flow(f, 'refunds_cents'),
      revenue_cents: net(f),
      trend: daysBetween(period.from, period.to).map((date) => {
        const row = rows.get(date);
        return {
          date,
          revenue_cents: row ? row.grossCents - row.refundsCents : 0,
          payments: row?.payments ?? 0,
          refunds_cents: row?.refundsCents ?? 0,
          plays: row?.plays ?? 0,
        };
      }),
    };
  }

  /**
   * Commissions over the range: staff see every commission paid out and the platform's own
   * share; a studio or an agent what it earned itself (its `earner` rollup), not its tree's.
   */
  async profit(caller: Caller, range: DashboardRange): Promise<DashboardProfitResponse> {
    const { scope, period } = await this.resolve(caller, range);
    const staff = scope === 'platform';
    const key = staff ? PLATFORM_KEY : earnerOf(caller);
    const [f, rows] = await Promise.all([this.figuresOf(key, period), repo.days(this.db, key, period.from, period.to)]);
    const byDay = new Map(rows.map((row) => [row.day, row]));
    return {
      period,
      scope,
      commission_cents: flow(f, 'commission_cents'),
      platform_profit_cents: staff ? flow(f, 'profit_cents') : null,
      trend: daysBetween(period.from, period.to).map((date) => ({
        date,
        commission_cents: byDay.get(date)?.commissionCents ?? 0,
        platform_profit_cents: staff ? (byDay.get(date)?.profitCents ?? 0) : null,
      })),
    };
  }

  /**
   * A merchant's videos published and plays over some UTC days and the days before them, as its
   * dashboard counts them: what its monthly report states, so the two never disagree.
   */
  async merchantDays(merchantId: number, window: repo.Window): Promise<{ videos: Figure; plays: Figure }> {
    const f = await repo.figures(this.db, { kind: 'client', id: merchantId }, window);
    return { videos: flow(f, 'videos_published'), plays: flow(f, 'plays') };
  }

  private figuresOf(key: ScopeKey, period: DashboardPeriod) {
    return repo.figures(this.db, key, { from: period.from, to: period.to, previousFrom: period.previous_from, previousTo: period.previous_to });
  }

  async activity(caller: Caller, body: { limit: number; before_id?: number }): Promise<DashboardActivityResponse> {
    const { key } = scopeOf(caller);
    const column = key.kind === 'platform' || key.kind === 'earner' ? null : key.kind === 'client' ? 'account' : key.kind;
    const rows = await this.deps.events.feed({ column, id: key.id, types: ACTIVITY_TYPES, beforeId: body.before_id, limit: body.limit + 1 });
    const page = rows.slice(0, body.limit);
    const ids = page.flatMap((row) => [row.accountId, row.scope.studioId].filter((id): id is number => id !== null));
    const cards = await this.deps.accounts.cardsOf(ids);
    const nameOf = (id: number | null) => {
      const card = id === null ? undefined : cards.get(id);
      return card ? { id: card.id, name: cardName(card) } : null;
    };
    return {
      list: page.map((row) => {
        const account = row.accountId === null ? undefined : cards.get(row.accountId);
        const params: Record<string, string | number | boolean | null> = {};
        for (const [name, value] of Object.entries(row.payload)) {
          if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') params[name] = value;
        }
        return {
          id: row.id,
          type: row.type,
          at: row.createdAt.toISOString(),
          client: account && account.accountType === ACCOUNT_TYPE.client ? nameOf(row.accountId) : null,
          studio: nameOf(row.scope.studioId),
          params,
        };
      }),
      next_before_id: rows.length > body.limit ? (page.at(-1)?.id ?? null) : null,
    };
  }
}

