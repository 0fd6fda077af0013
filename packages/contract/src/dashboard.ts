import { z } from 'zod';
import { DASHBOARD_RANGES, PUBLISH_PLATFORMS } from './constants.js';
import { id, integer, isoTime } from './fields.js';

export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

/**
 * Whose numbers a dashboard shows, decided by the caller's role (never by the request): staff the
 * platform, a main agent its tree, a sub-agent its studios, a studio and an operator their
 * merchants, a merchant itself.
 */
export const DASHBOARD_SCOPES = ['platform', 'agent', 'sub_agent', 'studio', 'operator', 'client'] as const;
export type DashboardScope = (typeof DASHBOARD_SCOPES)[number];

/** Every dashboard call takes a range of spec §9 (`all` = the whole network since its start). */
export const dashboardRequest = z.strictObject({
  range: z.enum(DASHBOARD_RANGES, { error: 'validation.invalid_option' }).default('7d'),
});

/**
 * The days a range covers, UTC, inclusive, as YYYY-MM-DD; the previous period is the same number
 * of days right before it (none for `all`).
 */
export const dashboardPeriod = z.object({
  range: z.enum(DASHBOARD_RANGES),
  from: z.string(),
  to: z.string(),
  previous_from: z.string().nullable(),
  previous_to: z.string().nullable(),
});
export type DashboardPeriod = z.infer<typeof dashboardPeriod>;

/**
 * One figure with its value over the previous period, so the UI can show the change. A flow
 * (revenue, payments, new merchants) sums over the period; a stock (merchants, studios) is its
 * value at the period's end. `previous` is null when there is no previous period (`all`).
 */
export const figure = z.object({ value: z.number().int(), previous: z.number().int().nullable() });
export type Figure = z.infer<typeof figure>;

const scoped = { period: dashboardPeriod, scope: z.enum(DASHBOARD_SCOPES) };

/** A merchant's own plan, on its dashboard. */
export const dashboardPlan = z.object({
  name: z.string(),
  state: z.enum(['paid', 'unpaid', 'expired']),
  expires_at: isoTime.nullable(),
  /** daysLeft() of `expires_at` in UTC; a page counts it again in the zone it shows the date in. */
  days_left: z.number().int().nullable(),
});

/**
 * Publishing accounts in scope per platform (the sandbox included): connected, and those that
 * need the merchant to connect again. Platforms with none are left out.
 */
export const dashboardConnection = z.object({
  platform: z.enum([...PUBLISH_PLATFORMS, 'sandbox']),
  connected: z.number().int(),
  needs_reconnect: z.number().int(),
});
export type DashboardConnection = z.infer<typeof dashboardConnection>;

/** `/v1/dashboard/total`: the headline tiles. */
export const dashboardTotalResponse = z.object({
  ...scoped,
  /** Payments less refunds, in the caller's scope. */
  revenue_cents: figure,
  payments: figure,
  /** Merchants in scope (stock) and those that came into it during the period (flow). */
  clients: figure,
  new_clients: figure,
  /** Studios and agents in scope; null where the role has none below it (studio, operator, merchant). */
  studios: figure.nullable(),
  agents: figure.nullable(),
  /** What the caller itself earned (studio, agent) or, for staff, every commission paid out. */
  commission_cents: figure.nullable(),
  materials: figure,
  videos_published: figure,
  plays: figure,
  /** The merchant's own plan; null for every other role. */
  plan: dashboardPlan.nullable(),
  connections: z.array(dashboardConnection),
});
export type DashboardTotalResponse = z.infer<typeof dashboardTotalResponse>;

/** `/v1/dashboard/studio`: studios in scope, the top ones over the range and places per city. */
export const dashboardStudioResponse = z.object({
  ...scoped,
  count: figure,
  new: figure,
  top: z.array(
    z.object({
      id,
      name: z.string(),
      clients: z.number().int(),
      /** Payments received over the period: the ranking's order, never negative. */
      gross_cents: z.number().int(),
      /** Refunds over the period (of payments from any time). */
      refunds_cents: z.number().int(),
      /** Gross less refunds: negative when the period refunded more than it took in. */
      revenue_cents: z.number().int(),
    }),
  ),
  places: z.array(
    z.object({ area_id: id, city: z.string(), used: z.number().int(), limit: z.number().int() }),
  ),
});
export type DashboardStudioResponse = z.infer<typeof dashboardStudioResponse>;

/** `/v1/dashboard/client`: merchants in scope and their renewals due within 30 days. */
export const dashboardClientResponse = z.object({
  ...scoped,
  count: figure,
  new: figure,
  /** Merchants whose first payment fell in the period, and payments that renewed a plan. */
  paid: figure,
  renewed: figure,
  /** Plans that lapsed in the period. */
  expired: figure,
  expiring: z.array(
    z.object({
      id,
      name: z.string(),
      studio_name: z.string().nullable(),
      expires_at: isoTime,
      /** daysLeft() of `expires_at` in UTC; a page counts it again in the zone it shows the date in. */
      days_left: z.number().int(),
    }),
  ),
});
export type DashboardClientResponse = z.infer<typeof dashboardClientResponse>;

/** One day of the trend (YYYY-MM-DD, UTC). */
export const dashboardTrendPoint = z.object({
  date: z.string(),
  revenue_cents: z.number().int(),
  payments: z.number().int(),
  refunds_cents: z.number().int(),
  plays: z.number().int(),
});
export type DashboardTrendPoint = z.infer<typeof dashboardTrendPoint>;

/** `/v1/dashboard/pay`: payments and revenue over the range, and the daily trend (every day, zeros included). */
export const dashboardPayResponse = z.object({
  ...scoped,
  payments: figure,
  gross_cents: figure,
  refunds_cents: figure,
  revenue_cents: figure,
  trend: z.array(dashboardTrendPoint),
});
export type DashboardPayResponse = z.infer<typeof dashboardPayResponse>;

/** `/v1/dashboard/profit`: commissions and the platform's share over the range. */
export const dashboardProfitResponse = z.object({
  ...scoped,
  /** Commissions earned in scope (for a studio or an agent: its own). */
  commission_cents: figure,
  /** Revenue less commissions; null for everyone but staff. */
  platform_profit_cents: figure.nullable(),
  trend: z.array(
    z.object({ date: z.string(), commission_cents: z.number().int(), platform_profit_cents: z.number().int().nullable() }),
  ),
});
export type DashboardProfitResponse = z.infer<typeof dashboardProfitResponse>;

/**
 * `/v1/dashboard/activity` (ours): the events in the caller's scope, newest first. The web renders
 * each in words in the reader's language from `type` and `params` (names as they are today).
 */
export const dashboardActivityRequest = z.strictObject({
  limit: integer(1, 50).default(20),
  before_id: id.optional(),
});
export const dashboardActivity = z.object({
  id: z.number().int(),
  type: z.string(),
  at: isoTime,
  client: z.object({ id, name: z.string() }).nullable(),
  studio: z.object({ id, name: z.string() }).nullable(),
  /** From the event: amount_cents, platform, value (plays), title, reason, plan name… */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type DashboardActivity = z.infer<typeof dashboardActivity>;
export const dashboardActivityResponse = z.object({
  list: z.array(dashboardActivity),
  /** Pass as `before_id` for the next page; null at the end. */
  next_before_id: z.number().int().nullable(),
});
export type DashboardActivityResponse = z.infer<typeof dashboardActivityResponse>;

