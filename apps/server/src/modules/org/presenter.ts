import { payStateOf, roleOf, type AccountSummary, type AgentType, type OperatorSummary, type StudioSummary } from '@nearcast/contract';
import { cardName } from '../account/presenter.js';
import type { AccountRow, SummaryRow } from './repository.js';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export function toSummary(row: SummaryRow): AccountSummary {
  const a = row.account;
  return {
    id: a.id,
    email: a.email,
    username: a.username,
    name: a.name,
    role: roleOf(a.accountType),
    account_type: a.accountType,
    agent_type: (a.agentType as AgentType | null) ?? null,
    agent_no: a.agentNo,
    status: a.status,
    pay_status: a.payStatus,
    pay_state: payStateOf(a.payStatus),
    info_status: a.infoStatus,
    order_count: a.orderCount,
    consumption_cents: a.consumptionCents,
    agent_id: a.agentId,
    agent_name: row.agentName,
    main_agent_id: a.mainAgentId,
    main_agent_name: row.mainAgentName,
    studio_id: a.studioId,
    studio_name: row.studioName,
    operator_id: a.operatorId,
    operator_name: row.operatorName,
    sale_name: a.saleName,
    sale_email: a.saleEmail,
    sale_uid: a.saleUid,
    company_short_name: a.companyShortName,
    company_full_name: a.companyFullName,
    phone: a.phone,
    wechat: a.wechat,
    country: a.country,
    state: a.state,
    city: a.city,
    county: a.county,
    location: [a.city, a.state].filter(Boolean).join(', '),
    expire_time: iso(a.expireAt),
    register_time: a.createdAt.toISOString(),
    last_login: iso(a.lastLoginAt),
  };
}

export function toStudio(row: SummaryRow & { clientCount: number; salesCents: number; agentAgentNo: string | null }): StudioSummary {
  return { ...toSummary(row), client_count: row.clientCount, sales_cents: row.salesCents, agent_agent_no: row.agentAgentNo };
}

export function toOperator(a: AccountRow, merchants: number): OperatorSummary {
  return {
    id: a.id,
    name: cardName(a),
    nickname: a.username,
    email: a.email,
    wechat: a.wechat,
    status: a.status,
    merchant_count: merchants,
    agent_id: a.agentId,
    create_time: a.createdAt.toISOString(),
    login_time: iso(a.lastLoginAt),
  };
}
