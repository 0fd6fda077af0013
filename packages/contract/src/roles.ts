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

/** Roles that skip payment and info gating and see the whole platform. */
export const STAFF_ROLES: readonly Role[] = ['super', 'admin'];

export function isStaff(role: Role): boolean {
  return STAFF_ROLES.includes(role);
}

/** Roles that pay for a plan: gated until paid and onboarded (spec §4). */
export const PAYING_ROLES: readonly Role[] = ['client', 'studio'];

export const AGENT_TYPES = ['main', 'sub'] as const;
export type AgentType = (typeof AGENT_TYPES)[number];

export const PAY_STATUS = { unpaid: 0, paid: 1, expired: 2 } as const;
export type PayStatus = (typeof PAY_STATUS)[keyof typeof PAY_STATUS];

export const INFO_STATUS = { incomplete: 0, complete: 1 } as const;
export type InfoStatus = (typeof INFO_STATUS)[keyof typeof INFO_STATUS];

export const ACCOUNT_STATUSES = ['normal', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
