/** account_type values of spec §3. Any other value is treated as a client. */
export const ACCOUNT_TYPE = {
  client: 0,
  studio: 1,
  partner: 2,
  operator: 3,
  admin: 10,
  super: 11,
} as const;

export type Role = keyof typeof ACCOUNT_TYPE;
export type AccountType = (typeof ACCOUNT_TYPE)[Role];

export const ROLES = Object.keys(ACCOUNT_TYPE) as Role[];

const roleByType = new Map<number, Role>(ROLES.map((role) => [ACCOUNT_TYPE[role], role]));

export function roleOf(accountType: number | null | undefined): Role {
  return (accountType != null && roleByType.get(accountType)) || 'client';
}

/**
 * Who may call an endpoint or open a page: anyone (`'public'`, no sign-in), any signed-in role
 * (`'*'`), or the listed roles. Every endpoint of `api` (endpoints.ts) and every page of `ROUTES`
 * declares one, and both sides read it from there: the server's `route()` enforces it, the web
 * hides what it would refuse (docs/decisions/091).
 */
export type Access = 'public' | '*' | readonly Role[];

// The role sets that recur across the API and the pages, written once. Role lists are written
// nowhere but in the contract and the server's access/ folder: the lint rule roles/no-role-lists
// (eslint-rules/role-lists.js) refuses one anywhere else.

/** Super admins alone: accounts, pricing, commission rules, the audit log. */
export const SUPER_ONLY: readonly Role[] = ['super'];
/** Roles that skip payment and info gating and see the whole platform. */
export const STAFF: readonly Role[] = ['super', 'admin'];
/** Who manages people and territory: staff and agents (spec §6). */
export const MANAGERS: readonly Role[] = ['super', 'admin', 'partner'];
/** Everyone who serves merchants, the merchant itself excepted. */
export const TEAM: readonly Role[] = ['super', 'admin', 'partner', 'studio', 'operator'];
/** Who earns commissions and is paid out: studios and agents. */
export const EARNERS: readonly Role[] = ['studio', 'partner'];
/** Staff and the earners: who reads balances, settlements, promotion links and profit. */
export const EARNERS_AND_STAFF: readonly Role[] = ['super', 'admin', 'partner', 'studio'];
/** Roles that pay for a plan: gated until paid and onboarded (spec §4). */
export const PAYING: readonly Role[] = ['client', 'studio'];
/** Who directs a merchant's production: staff and the merchant's studio. */
export const MAKERS: readonly Role[] = ['super', 'admin', 'studio'];
/** Who does a merchant's production and publishing work: the makers and the assigned operator. */
export const WORKERS: readonly Role[] = ['super', 'admin', 'studio', 'operator'];
/** The shop side: the workers and the merchant, who reads its own videos, renders and results. */
export const SHOP_SIDE: readonly Role[] = ['super', 'admin', 'studio', 'operator', 'client'];
/** The material center's owners: the merchant, and super on its behalf (spec §2 /material). */
export const MATERIAL_OWNERS: readonly Role[] = ['super', 'client'];
/** Who reads a merchant's material: its owners and who makes its videos. */
export const MATERIAL_READERS: readonly Role[] = ['super', 'client', 'studio', 'operator'];
/** Who marks material good or bad for the renders: super and who makes the videos. */
export const MATERIAL_MARKERS: readonly Role[] = ['super', 'studio', 'operator'];
/** Who edits a merchant's brief: the makers and the merchant. */
export const BRIEF_EDITORS: readonly Role[] = ['super', 'admin', 'studio', 'client'];
/** A single role, for the endpoints and pages that belong to it alone. */
export const CLIENT_ONLY: readonly Role[] = ['client'];
export const STUDIO_ONLY: readonly Role[] = ['studio'];
export const PARTNER_ONLY: readonly Role[] = ['partner'];

export function isStaff(role: Role): boolean {
  return STAFF.includes(role);
}

/** A role that pays for a plan (`PAYING`), narrowed for what is kept per paying role. */
export function isPaying(role: Role | null): role is 'client' | 'studio' {
  return role !== null && PAYING.includes(role);
}

/** A role that earns commissions (`EARNERS`), narrowed for what is kept per earning role. */
export function isEarner(role: Role | null): role is 'studio' | 'partner' {
  return role !== null && EARNERS.includes(role);
}

/**
 * Staff, and the agents heading a tree (main agents): who adds agents and takes a client or a
 * studio away from its agent or studio. A sub-agent manages its own studios but does neither.
 */
export function headsTrees(role: Role | null, agentType: AgentType | null | undefined): boolean {
  return role !== null && (isStaff(role) || (role === 'partner' && agentType !== 'sub'));
}

/** Whether `role` may do what `access` allows; a public endpoint or page allows every role. */
export function allows(access: Access, role: Role): boolean {
  return access === 'public' || access === '*' || access.includes(role);
}

export const AGENT_TYPES = ['main', 'sub'] as const;
export type AgentType = (typeof AGENT_TYPES)[number];

export const PAY_STATUS = { unpaid: 0, paid: 1, expired: 2 } as const;
export type PayStatus = (typeof PAY_STATUS)[keyof typeof PAY_STATUS];

export const INFO_STATUS = { incomplete: 0, complete: 1 } as const;
export type InfoStatus = (typeof INFO_STATUS)[keyof typeof INFO_STATUS];

export const ACCOUNT_STATUSES = ['normal', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
