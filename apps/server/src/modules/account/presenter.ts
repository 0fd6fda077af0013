import { partyName, roleOf, type AgentType, type CurrentUser } from '@nearcast/contract';
import type { CallerAccount } from '../../access/caller.js';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** The signed-in user as the API shows it to that user (spec §3 "User" and "Account"). */
export function toCurrentUser(row: CallerAccount, token: string): CurrentUser {
  return {
    id: row.id,
    token,
    email: row.email,
    username: row.username,
    name: row.name,
    phone: row.phone,
    wechat: row.wechat,
    bio: row.bio,
    account_type: row.accountType,
    role: roleOf(row.accountType),
    agent_type: (row.agentType as AgentType | null) ?? null,
    main_agent_id: row.mainAgentId,
    pay_status: row.payStatus,
    info_status: row.infoStatus,
    status: row.status,
    expire_time: iso(row.expireAt),
    company_short_name: row.companyShortName,
    company_full_name: row.companyFullName,
    tax_number: row.taxNumber,
    country: row.country,
    state: row.state,
    city: row.city,
    county: row.county,
    address: row.address,
    zip_code: row.zipCode,
    agent_id: row.agentId,
    studio_id: row.studioId,
    operator_id: row.operatorId,
    referral_code: row.referralCode,
    two_factor_enabled: row.twoFactorEnabled,
    notifications: row.notifications,
    register_time: row.createdAt.toISOString(),
    last_login: iso(row.lastLoginAt),
  };
}

/**
 * The name of an account wherever the server shows it (lists, queues, notifications): the
 * contract's one party-name rule (company short name, person's name, username, email) applied
 * to an account card or row.
 */
export function cardName(card: { companyShortName?: string | null; name?: string | null; username?: string | null; email?: string | null }): string {
  return partyName({ company_short_name: card.companyShortName, name: card.name, username: card.username, email: card.email });
}
