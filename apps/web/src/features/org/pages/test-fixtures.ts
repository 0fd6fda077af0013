/**
 * Contract-typed people and figures for the org pages' tests (/clients, /agents, /account,
 * /operator, /partner, /studio): one account, agent, studio or employee with what a test sets
 * on top, and the dashboard answers the two centers read (a page of a list is test/page's
 * pageOf; the steps in antd, test/antd's).
 */
import {
  ACCOUNT_TYPE,
  type AccountSummary,
  type AgentSummary,
  type DashboardClientResponse,
  type DashboardPayResponse,
  type DashboardScope,
  type DashboardStudioResponse,
  type DashboardTotalResponse,
  type Figure,
  type OperatorSummary,
  type StudioSummary,
} from '@nearcast/contract';

/** A person as the people lists answer it: a paid client in Los Angeles unless `patch` says otherwise. */
export function accountOf(id: number, patch: Partial<AccountSummary> = {}): AccountSummary {
  const role = patch.role ?? 'client';
  return {
    id,
    email: `person${id}@example.com`,
    username: `person${id}`,
    name: `Person ${id}`,
    role,
    account_type: ACCOUNT_TYPE[role],
    agent_type: null,
    agent_no: null,
    status: 'normal',
    pay_status: 1,
    pay_state: 'paid',
    info_status: 1,
    order_count: 0,
    consumption_cents: 0,
    agent_id: null,
    agent_name: null,
    main_agent_id: null,
    main_agent_name: null,
    studio_id: null,
    studio_name: null,
    operator_id: null,
    operator_name: null,
    sale_name: '',
    sale_email: '',
    sale_uid: '',
    company_short_name: '',
    company_full_name: '',
    phone: '',
    wechat: '',
    country: 'US',
    state: 'CA',
    city: 'Los Angeles',
    county: '',
    location: 'Los Angeles, CA',
    expire_time: '2027-03-01T08:00:00.000Z',
    register_time: '2026-11-02T09:30:00.000Z',
    last_login: '2026-12-01T10:00:00.000Z',
    ...patch,
  };
}

/** An agent with its tree's totals: a main agent unless `patch` says otherwise. */
export function agentOf(id: number, patch: Partial<AgentSummary> = {}): AgentSummary {
  return {
    ...accountOf(id, { role: 'partner', agent_type: 'main', pay_state: 'unpaid', pay_status: 0, expire_time: null }),
    email: `agent${id}@example.com`,
    name: `Agent ${id}`,
    agent_no: `AG-${String(id).padStart(4, '0')}`,
    sub_agent_count: 0,
    studio_count: 0,
    client_count: 0,
    subordinate_count: 0,
    sales_cents: 0,
    ...patch,
  };
}

export function studioOf(id: number, patch: Partial<StudioSummary> = {}): StudioSummary {
  return {
    ...accountOf(id, { role: 'studio' }),
    email: `studio${id}@example.com`,
    name: `Studio ${id}`,
    client_count: 0,
    sales_cents: 0,
    agent_agent_no: null,
    ...patch,
  };
}

export function operatorOf(id: number, patch: Partial<OperatorSummary> = {}): OperatorSummary {
  return {
    id,
    name: `Operator ${id}`,
    nickname: `operator${id}`,
    email: `operator${id}@example.com`,
    wechat: '',
    status: 'normal',
    merchant_count: 0,
    agent_id: 1,
    create_time: '2026-10-05T08:00:00.000Z',
    login_time: '2026-12-01T09:00:00.000Z',
    ...patch,
  };
}

export const figureOf = (value: number, previous: number | null = null): Figure => ({ value, previous });

/** Days of a seven-day range and the seven before, as the server writes them. */
export const WEEK = { range: '7d', from: '2026-11-24', to: '2026-11-30', previous_from: '2026-11-17', previous_to: '2026-11-23' } as const;

/** /v1/dashboard/total for a scope; studios, agents and commission as that scope has them. */
export function dashboardTotalOf(scope: DashboardScope, patch: Partial<DashboardTotalResponse> = {}): DashboardTotalResponse {
  const network = scope === 'agent' || scope === 'sub_agent' || scope === 'platform';
  return {
    period: { ...WEEK },
    scope,
    revenue_cents: figureOf(1_234_500, 1_000_000),
    payments: figureOf(14, 10),
    clients: figureOf(42, 40),
    new_clients: figureOf(3, 6),
    studios: network ? figureOf(7, 7) : null,
    agents: network ? figureOf(2, 1) : null,
    commission_cents: figureOf(98_700, 120_000),
    materials: figureOf(310, 280),
    videos_published: figureOf(56, 50),
    plays: figureOf(48_200, 30_100),
    plan: null,
    connections: [],
    ...patch,
  };
}

export function dashboardClientOf(scope: DashboardScope, patch: Partial<DashboardClientResponse> = {}): DashboardClientResponse {
  return {
    period: { ...WEEK },
    scope,
    count: figureOf(42, 40),
    new: figureOf(3, 6),
    paid: figureOf(5, 5),
    renewed: figureOf(4, 2),
    expired: figureOf(1, 3),
    expiring: [],
    ...patch,
  };
}

export function dashboardStudioOf(scope: DashboardScope, patch: Partial<DashboardStudioResponse> = {}): DashboardStudioResponse {
  return { period: { ...WEEK }, scope, count: figureOf(7, 7), new: figureOf(1, 0), top: [], places: [], ...patch };
}

/** A week of payments; every day zero unless `revenue` gives its cents. */
export function dashboardPayOf(scope: DashboardScope, revenue: number[] = []): DashboardPayResponse {
  const trend = Array.from({ length: 7 }, (_, index) => ({
    date: `2026-11-${String(24 + index).padStart(2, '0')}`,
    revenue_cents: revenue[index] ?? 0,
    payments: revenue[index] ? 1 : 0,
    refunds_cents: 0,
    plays: 0,
  }));
  const total = trend.reduce((sum, day) => sum + day.revenue_cents, 0);
  return {
    period: { ...WEEK },
    scope,
    payments: figureOf(trend.filter((day) => day.payments).length, 0),
    gross_cents: figureOf(total, 0),
    refunds_cents: figureOf(0, 0),
    revenue_cents: figureOf(total, 0),
    trend,
  };
}
