import { z } from 'zod';
import { email, id, integer, isoDate, isoTime, keyword as keywordText, newPassword, optionalText, pageOf, pageQuery, requiredText, usPhone, wechatId } from './fields.js';
import { order } from './payment.js';
import { ACCOUNT_STATUSES, AGENT_TYPES, ROLES } from './roles.js';

/** Payment state as lists show it (decision 003: pay_status 0 unpaid, 1 paid, 2 expired). */
export const PAY_STATES = ['unpaid', 'paid', 'expired'] as const;
export type PayState = (typeof PAY_STATES)[number];
export const payStateOf = (payStatus: number): PayState => PAY_STATES[payStatus] ?? 'unpaid';

/** The role filter of the account list (spec §3 "Account list columns"): agent means partner. */
export const ACCOUNT_FILTER_ROLES = ['client', 'agent', 'studio', 'admin', 'super'] as const;

/** Registration time range, inclusive, as YYYY-MM-DD (UTC). */
const day = isoDate;
const keyword = keywordText().optional();

export const accountSummary = z.object({
  id,
  email: z.string(),
  username: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  account_type: z.number().int(),
  agent_type: z.enum(AGENT_TYPES).nullable(),
  agent_no: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  pay_status: z.number().int(),
  pay_state: z.enum(PAY_STATES),
  info_status: z.number().int(),
  order_count: z.number().int(),
  consumption_cents: z.number().int(),
  agent_id: z.number().int().nullable(),
  agent_name: z.string().nullable(),
  main_agent_id: z.number().int().nullable(),
  main_agent_name: z.string().nullable(),
  studio_id: z.number().int().nullable(),
  studio_name: z.string().nullable(),
  operator_id: z.number().int().nullable(),
  operator_name: z.string().nullable(),
  sale_name: z.string(),
  sale_email: z.string(),
  sale_uid: z.string(),
  company_short_name: z.string(),
  company_full_name: z.string(),
  phone: z.string(),
  wechat: z.string(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  county: z.string(),
  /** "City, State" for the list column. */
  location: z.string(),
  expire_time: isoTime.nullable(),
  register_time: isoTime,
  last_login: isoTime.nullable(),
});
export type AccountSummary = z.infer<typeof accountSummary>;

const listFilters = {
  ...pageQuery,
  keyword,
  pay_state: z.enum(PAY_STATES, { error: 'validation.invalid_option' }).optional(),
  info_status: z.union([z.literal(0), z.literal(1)], { error: 'validation.invalid_option' }).optional(),
  registered_from: day.optional(),
  registered_to: day.optional(),
};

// ---- accounts (super) -----------------------------------------------------------------------

export const accountListRequest = z.strictObject({
  ...listFilters,
  role: z.enum(ACCOUNT_FILTER_ROLES, { error: 'validation.invalid_option' }).optional(),
  status: z.enum(ACCOUNT_STATUSES, { error: 'validation.invalid_option' }).optional(),
});
export const accountListResponse = pageOf(accountSummary);
export const byIdRequest = z.strictObject({ id });

export const accountCreateRequest = z.strictObject({
  // Staff type someone else's address: the message names the new account, not 'your' email.
  email: email('org.email_required'),
  password: newPassword('org.password_required'),
  username: requiredText('org.nickname_required', 32),
  name: optionalText(100).default(''),
  role: z.enum(ROLES, { error: 'validation.invalid_option' }),
  /** Partners only: a sub-agent needs its main agent. */
  main_agent_id: id.nullable().default(null),
  phone: z.union([z.literal(''), usPhone('profile.phone_invalid')]).default(''),
  wechat: z.union([z.literal(''), wechatId('profile.wechat_length')]).default(''),
  company_short_name: optionalText(100).default(''),
  sale_name: optionalText(100).default(''),
  sale_email: z.union([z.literal(''), email()]).default(''),
  sale_uid: optionalText(64).default(''),
});

export const accountEditRequest = z.strictObject({
  id,
  username: requiredText('org.nickname_required', 32).optional(),
  name: optionalText(100).optional(),
  phone: z.union([z.literal(''), usPhone('profile.phone_invalid')]).optional(),
  wechat: z.union([z.literal(''), wechatId('profile.wechat_length')]).optional(),
  company_short_name: optionalText(100).optional(),
  company_full_name: optionalText(200).optional(),
  sale_name: optionalText(100).optional(),
  sale_email: z.union([z.literal(''), email()]).optional(),
  sale_uid: optionalText(64).optional(),
  /** Disabling ends every session of the account at once. */
  status: z.enum(ACCOUNT_STATUSES, { error: 'validation.invalid_option' }).optional(),
  /** A new password set by the super admin; ends the account's sessions too. */
  password: newPassword().optional(),
});

// ---- agents ---------------------------------------------------------------------------------

export const agentSummary = accountSummary.extend({
  sub_agent_count: z.number().int(),
  studio_count: z.number().int(),
  client_count: z.number().int(),
  /** Sub-agents and studios directly under this agent. */
  subordinate_count: z.number().int(),
  sales_cents: z.number().int(),
});
export type AgentSummary = z.infer<typeof agentSummary>;

export const agentListRequest = z.strictObject({
  ...listFilters,
  agent_type: z.enum(AGENT_TYPES, { error: 'validation.invalid_option' }).optional(),
  main_agent_id: id.optional(),
});
export const agentListResponse = pageOf(agentSummary);

export const agentCountResponse = z.object({
  total: z.number().int(),
  main: z.number().int(),
  sub: z.number().int(),
  studios: z.number().int(),
  clients: z.number().int(),
  new_this_month: z.number().int(),
  sales_cents: z.number().int(),
});

export const agentAddRequest = z.strictObject({
  email: email('org.email_required'),
  password: newPassword('org.password_required'),
  username: requiredText('org.nickname_required', 32),
  name: optionalText(100).default(''),
  company_short_name: optionalText(100).default(''),
  phone: z.union([z.literal(''), usPhone('profile.phone_invalid')]).default(''),
  wechat: z.union([z.literal(''), wechatId('profile.wechat_length')]).default(''),
  agent_type: z.enum(AGENT_TYPES, { error: 'validation.invalid_option' }).default('main'),
  main_agent_id: id.nullable().default(null),
});

export const agentSwitchRequest = z.strictObject({
  id,
  agent_type: z.enum(AGENT_TYPES, { error: 'validation.invalid_option' }),
  main_agent_id: id.nullable().default(null),
});

// ---- studios --------------------------------------------------------------------------------

export const studioSummary = accountSummary.extend({
  client_count: z.number().int(),
  sales_cents: z.number().int(),
  /** The number of the studio's agent (its `agent_no`, spec §3 "agent number"); null without one. */
  agent_agent_no: z.string().nullable(),
});
export type StudioSummary = z.infer<typeof studioSummary>;

export const studioListRequest = z.strictObject({ ...listFilters, agent_id: id.optional() });
export const studioListResponse = pageOf(studioSummary);
export const countResponse = z.object({
  total: z.number().int(),
  paid: z.number().int(),
  unpaid: z.number().int(),
  expired: z.number().int(),
  new_this_month: z.number().int(),
});
export const studioAssignRequest = z.strictObject({ studio_id: id, agent_id: id.nullable() });
export const studioTopRequest = z.strictObject({
  by: z.enum(['clients', 'sales'], { error: 'validation.invalid_option' }).default('clients'),
  limit: integer(1, 50).default(10),
});
export const studioTopResponse = z.object({
  list: z.array(z.object({ id, name: z.string(), company_short_name: z.string(), client_count: z.number().int(), sales_cents: z.number().int() })),
});

// ---- clients --------------------------------------------------------------------------------

export const clientListRequest = z.strictObject({
  ...listFilters,
  agent_id: id.optional(),
  studio_id: id.optional(),
  operator_id: id.optional(),
});
export const clientListResponse = pageOf(accountSummary);
export const clientAgentRequest = z.strictObject({ client_id: id, agent_id: id.nullable() });
export const clientStudioRequest = z.strictObject({ client_id: id });
export const clientStudioResponse = z.object({
  studio: z.object({ id, name: z.string(), company_short_name: z.string(), email: z.string() }).nullable(),
});
export const clientStudioSetRequest = z.strictObject({ client_id: id, studio_id: id.nullable() });
export const clientOperatorRequest = z.strictObject({ client_id: id, operator_id: id.nullable() });
export const pickerRequest = z.strictObject({ keyword });
export const pickerResponse = z.object({ list: z.array(z.object({ id, name: z.string(), email: z.string() })) });
export const clientPayRequest = z.strictObject({
  ...pageQuery,
  days: integer(1, 90).default(30),
});
export const clientPayResponse = pageOf(accountSummary);

/** How many of a client's payments its detail shows, newest first. */
export const CLIENT_RECENT_PAYMENTS = 10;

/**
 * Everything known about one client, for its detail drawer: the list row, the plan it bought
 * last, and its recent payments. `main_agent_id` / `main_agent_name` name the main agent above
 * the client's agent (the agent itself has none when it is a main agent), since a client never
 * has a main agent of its own.
 */
export const clientDetail = accountSummary.extend({
  /** The last plan (not add-on) the client paid for; null before its first purchase. */
  plan: z
    .object({
      package_id: z.number().int().nullable(),
      package_name: z.string(),
      periods: z.number().int(),
      paid_time: isoTime,
    })
    .nullable(),
  /** Paid orders, newest first, at most CLIENT_RECENT_PAYMENTS. */
  payments: z.array(order),
});
export type ClientDetail = z.infer<typeof clientDetail>;

// ---- operators ------------------------------------------------------------------------------

export const operatorSummary = z.object({
  id,
  /** How the operator is named in lists: partyName() (its name before its nickname). */
  name: z.string(),
  nickname: z.string(),
  email: z.string(),
  wechat: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  merchant_count: z.number().int(),
  agent_id: z.number().int().nullable(),
  create_time: isoTime,
  login_time: isoTime.nullable(),
});
export type OperatorSummary = z.infer<typeof operatorSummary>;
export const operatorAddRequest = z.strictObject({
  nickname: requiredText('org.nickname_required', 32),
  email: email('org.email_required'),
  password: newPassword('org.password_required'),
  wechat: z.union([z.literal(''), wechatId('profile.wechat_length')]).default(''),
});
export const operatorListRequest = z.strictObject({ ...pageQuery, keyword });
/**
 * A partner edits an operator of its own tree. Every field but the id is optional; a new
 * password or `status: 'disabled'` ends the operator's sessions at once.
 */
export const operatorEditRequest = z.strictObject({
  id,
  nickname: requiredText('org.nickname_required', 32).optional(),
  email: email('org.email_required').optional(),
  wechat: z.union([z.literal(''), wechatId('profile.wechat_length')]).optional(),
  password: newPassword().optional(),
  status: z.enum(ACCOUNT_STATUSES, { error: 'validation.invalid_option' }).optional(),
});
export const operatorListResponse = pageOf(operatorSummary);

// ---- promotion ------------------------------------------------------------------------------

export const promotionLinkResponse = z.object({
  code: z.string(),
  url: z.string(),
  /** Who the link signs up: merchants from a studio's link, studios from an agent's. */
  join_type: z.enum(['business', 'studio']),
  signups: z.number().int(),
});
