import type { AgentType, Role } from '@nearcast/contract';
import type { AccountRow } from '../db/schema/account.js';

/**
 * The account columns every authenticated request reads with its session: what /detail shows,
 * plus what services check about the caller. Fewer columns than the whole row keep the query
 * that runs on every request small; a service needing more (the password hash) reads it itself.
 */
export const CALLER_ACCOUNT_FIELDS = [
  'id',
  'email',
  'username',
  'name',
  'phone',
  'wechat',
  'bio',
  'accountType',
  'agentType',
  'mainAgentId',
  'payStatus',
  'infoStatus',
  'status',
  'expireAt',
  'companyShortName',
  'companyFullName',
  'taxNumber',
  'country',
  'state',
  'city',
  'county',
  'address',
  'zipCode',
  'cityId',
  'agentId',
  'studioId',
  'operatorId',
  'referralCode',
  'firstDiscountUsed',
  'twoFactorEnabled',
  'notifications',
  'createdAt',
  'lastLoginAt',
] as const satisfies ReadonlyArray<keyof AccountRow>;

export type CallerAccount = Pick<AccountRow, (typeof CALLER_ACCOUNT_FIELDS)[number]>;

/** Where an API call came from, as the audit log records it (the user agent cut to a sane length). */
export interface CallOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** The signed-in account behind a request, as the session plugin resolved it. */
export interface Caller {
  id: number;
  role: Role;
  agentType: AgentType | null;
  account: CallerAccount;
  sessionId: number;
  /** The bearer token of this request; /detail hands it back (spec §7). */
  token: string;
  /**
   * Where the call came from: set by the route plugin on every API call. A caller made outside a
   * call (the demo seed acting for its accounts) has none, and what it does is not audited.
   */
  origin?: CallOrigin;
}

/**
 * Who does a staff action, as far as its records need: the account, its role and where its
 * call came from. A Caller is one; a job acting on its own passes null.
 */
export interface Actor {
  id: number;
  role: Role;
  account: Pick<CallerAccount, 'email'>;
  origin?: CallOrigin;
}
