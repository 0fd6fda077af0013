import {
  ACCOUNT_TYPE,
  CLIENT_RECENT_PAYMENTS,
  INFO_STATUS,
  isStaff,
  type AccountSummary,
  type AgentSummary,
  type api,
  type AuditAction,
  type ClientDetail,
  type Endpoint,
  type OperatorSummary,
  type ParsedRequestOf,
  type StudioSummary,
} from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { conflict, forbidden, invalid, notFound, rejected } from '../../errors.js';
import { newReferralCode } from '../account/crypto.js';
import type { SessionService } from '../account/session-service.js';
import type { AuditService } from '../audit/service.js';
import type { EventService } from '../events/service.js';
import type { PaymentService } from '../payment/service.js';
import { toOperator, toSummary } from './presenter.js';
import * as repo from './repository.js';
import type { AccountRow, NewAccountRow } from './repository.js';

type Api = typeof api;
type Body<A extends keyof Api, K extends keyof Api[A]> = Api[A][K] extends Endpoint ? ParsedRequestOf<Api[A][K]> : never;

const ROLE_TYPES = { client: [0], agent: [2], studio: [1], admin: [10], super: [11] } as const;
const PICKER_LIMIT = 200;

/** The audit log's name for each move of an account under someone else. */
const REASSIGN_ACTIONS = {
  'studio.assigned': { agent: 'studio.assign', studio: 'studio.assign', operator: 'studio.assign' },
  'client.assigned': { agent: 'client.assign_agent', studio: 'client.set_studio', operator: 'client.assign_operator' },
} as const satisfies Record<string, Record<'agent' | 'studio' | 'operator', AuditAction>>;

const snakeToCamel = (key: string): string => key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * Who belongs to whom: account management, agents, studios, clients, operators and
 * their assignments. Every read is narrowed to the caller's scope (access/scope.ts) in SQL;
 * every assignment checks both ends against it.
 */
export class OrgService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly hash: (password: string) => Promise<string>,
    private readonly payments: PaymentService,
    private readonly events: EventService,
    private readonly audit: AuditService,
  ) {}

  // ---- shared rules --------------------------------------------------------------------------

  /** An account of the given type the caller may see; otherwise "not found", never a hint. */
  private async visible(caller: Caller, id: number, type: number, missing: Parameters<typeof notFound>[0]): Promise<AccountRow> {
    const row = await repo.findAccount(this.db, { id, accountTypes: [type], scope: caller });
    if (!row) throw notFound(missing);
    return row;
  }

  /** An agent the caller may hand things to: any for staff, its own tree for a partner. */
  private async assignableAgent(caller: Caller, agentId: number): Promise<AccountRow> {
    return this.visible(caller, agentId, ACCOUNT_TYPE.partner, 'org.agent_not_found');
  }

  /** Taking something away from every agent is for staff and main agents, not sub-agents. */
  private assertMayRemove(caller: Caller): void {
    if (!isStaff(caller.role) && !(caller.role === 'partner' && caller.agentType !== 'sub')) throw forbidden();
  }

  /**
   * Staff see everyone, so a total filtered by nothing but role and payment state is already in
   * the rollups; anything narrower is counted in SQL.
   */
  private async knownTotal(caller: Caller, filter: repo.AccountFilter): Promise<number | undefined> {
    if (!isStaff(caller.role)) return undefined;
    const simple = Object.entries(filter).every(([key, value]) => value === undefined || key === 'accountTypes' || key === 'payState');
    if (!simple) return undefined;
    const payStatus = filter.payState ? repo.PAY_STATUS_BY_STATE[filter.payState] : undefined;
    return (await repo.rollupCounts(this.db, filter.accountTypes ?? null, payStatus)).total;
  }

  /** Totals by state: from the rollups for staff, counted within the scope for everyone else. */
  private stateCounts(caller: Caller, type: number): Promise<repo.StateCounts> {
    return isStaff(caller.role)
      ? repo.rollupCounts(this.db, [type])
      : repo.countByState(this.db, { accountTypes: [type], scope: caller });
  }

  private async summary(id: number): Promise<AccountSummary> {
    const row = await repo.findSummary(this.db, { id }, {});
    if (!row) throw notFound('org.account_not_found');
    return toSummary(row);
  }

  private filters(body: {
    keyword?: string | undefined;
    pay_state?: AccountSummary['pay_state'] | undefined;
    info_status?: 0 | 1 | undefined;
    registered_from?: string | undefined;
    registered_to?: string | undefined;
  }): repo.AccountFilter {
    return {
      keyword: body.keyword || undefined,
      payState: body.pay_state,
      infoStatus: body.info_status,
      registeredFrom: body.registered_from,
      registeredTo: body.registered_to,
    };
  }

  private async newAccount(ex: Executor, values: Omit<NewAccountRow, 'referralCode' | 'passwordHash'> & { password: string }) {
    const { password, ...rest } = values;
    const row = await repo.insertAccount(ex, { ...rest, passwordHash: await this.hash(password), referralCode: newReferralCode() });
    if (!row) throw conflict('auth.email_taken');
    if (row.accountType === ACCOUNT_TYPE.partner) {
      await repo.updateAccount(ex, row.id, { agentNo: `AG-${String(row.id).padStart(5, '0')}` });
    }
    return row;
  }

  /** A main agent to hang a sub-agent under: a partner of type main, and not the agent itself. */
  private async mainAgent(ex: Executor, id: number | null, self?: number): Promise<AccountRow> {
    if (id === null) throw invalid({ main_agent_id: 'org.main_agent_required' });
    const main = await repo.findAccount(ex, { id, accountTypes: [ACCOUNT_TYPE.partner] });
    if (!main || main.agentType !== 'main' || main.id === self) throw invalid({ main_agent_id: 'org.main_agent_invalid' });
    return main;
  }

  // ---- accounts (super) ----------------------------------------------------------------------

  async listAccounts(caller: Caller, body: Body<'account', 'list'>) {
    const filter: repo.AccountFilter = {
      ...this.filters(body),
      accountTypes: body.role ? [...ROLE_TYPES[body.role]] : undefined,
      status: body.status,
    };
    const knownTotal = await this.knownTotal(caller, filter);
    const { rows, total } = await repo.listSummaries(this.db, filter, body.page, body.page_size, {}, { knownTotal });
    return { list: rows.map(toSummary), total, page: body.page, page_size: body.page_size };
  }

  getAccount(id: number): Promise<AccountSummary> {
    return this.summary(id);
  }

  async createAccount(body: Body<'account', 'add'>): Promise<AccountSummary> {
    const accountType = ACCOUNT_TYPE[body.role];
    const row = await this.db.transaction(async (tx) => {
      const agentFields: Partial<NewAccountRow> = {};
      if (body.role === 'partner') {
        agentFields.agentType = body.main_agent_id === null ? 'main' : 'sub';
        if (body.main_agent_id !== null) agentFields.mainAgentId = (await this.mainAgent(tx, body.main_agent_id)).id;
      }
      const created = await this.newAccount(tx, {
        email: body.email,
        password: body.password,
        username: body.username,
        name: body.name,
        accountType,
        phone: body.phone,
        wechat: body.wechat,
        companyShortName: body.company_short_name,
        saleName: body.sale_name,
        saleEmail: body.sale_email,
        saleUid: body.sale_uid,
        // Staff and operators have no onboarding form to fill in.
        infoStatus: body.role === 'client' || body.role === 'studio' ? INFO_STATUS.incomplete : INFO_STATUS.complete,
        ...agentFields,
      });
      // Like a sign-up, so the dashboards and feeds count an account staff made.
      await this.events.record(tx, 'account.created', {
        actor_id: null,
        subject_id: created.id,
        account_id: created.id,
        payload: { account_type: created.accountType },
      });
      await this.audit.record(tx, {
        action: 'account.create',
        target: { id: created.id, label: created.email },
        after: { email: created.email, role: body.role, username: created.username, name: created.name, agent_type: created.agentType, main_agent_id: created.mainAgentId },
      });
      return created;
    });
    return this.summary(row.id);
  }

  async editAccount(caller: Caller, body: Body<'account', 'edit'>): Promise<AccountSummary> {
    const { id, status, password, company_short_name, company_full_name, sale_name, sale_email, sale_uid, ...fields } = body;
    if (id === caller.id && status === 'disabled') throw rejected('org.self_change');
    const target = await repo.findAccount(this.db, { id });
    if (!target) throw notFound('org.account_not_found');
    const patch: Partial<NewAccountRow> = { ...fields };
    if (status !== undefined) patch.status = status;
    if (company_short_name !== undefined) patch.companyShortName = company_short_name;
    if (company_full_name !== undefined) patch.companyFullName = company_full_name;
    if (sale_name !== undefined) patch.saleName = sale_name;
    if (sale_email !== undefined) patch.saleEmail = sale_email;
    if (sale_uid !== undefined) patch.saleUid = sale_uid;
    if (password !== undefined) patch.passwordHash = await this.hash(password);

    await this.db.transaction(async (tx) => {
      await repo.updateAccount(tx, id, patch);
      // Disabling or a new password ends every session of that account at once.
      if (status === 'disabled' || password !== undefined) await this.sessions.revokeAll(tx, id);
      // The fields as the API names them; a password is recorded as changed, never its value.
      const { id: _id, password: _password, ...changed } = body;
      const before = Object.fromEntries(Object.keys(changed).map((key) => [key, target[snakeToCamel(key) as keyof AccountRow] ?? null]));
      await this.audit.record(tx, {
        action: 'account.edit',
        target: { id, label: target.email },
        before,
        after: { ...changed, ...(password !== undefined ? { password: 'changed' } : {}) },
      });
    });
    return this.summary(id);
  }

  // ---- agents --------------------------------------------------------------------------------

  private async withStats(rows: repo.SummaryRow[]): Promise<AgentSummary[]> {
    const stats = await repo.agentStats(
      this.db,
      rows.map((row) => row.account.id),
    );
    return rows.map((row) => {
      const s = stats.get(row.account.id) ?? { subAgents: 0, studios: 0, directStudios: 0, clients: 0, salesCents: 0 };
      return {
        ...toSummary(row),
        sub_agent_count: s.subAgents,
        studio_count: s.studios,
        client_count: s.clients,
        subordinate_count: s.subAgents + s.directStudios,
        sales_cents: s.salesCents,
      };
    });
  }

  async listAgents(caller: Caller, body: Body<'proxy', 'list'>) {
    const filter: repo.AccountFilter = {
      ...this.filters(body),
      agentType: body.agent_type,
      mainAgentId: body.main_agent_id,
      accountTypes: [ACCOUNT_TYPE.partner],
      scope: caller,
    };
    const { rows, total } = await repo.listSummaries(this.db, filter, body.page, body.page_size, {});
    return { list: await this.withStats(rows), total, page: body.page, page_size: body.page_size };
  }

  private async agent(filter: repo.AccountFilter): Promise<AgentSummary> {
    const row = await repo.findSummary(this.db, filter, {});
    if (!row) throw notFound('org.account_not_found');
    const [agent] = await this.withStats([row]);
    return agent!;
  }

  /** One agent the caller may see, with its tree totals; out of scope is "not found". */
  getAgent(caller: Caller, id: number): Promise<AgentSummary> {
    return this.agent({ id, accountTypes: [ACCOUNT_TYPE.partner], scope: caller });
  }

  async countAgents(caller: Caller) {
    const [agents, studios, clients] = await Promise.all([
      this.stateCounts(caller, ACCOUNT_TYPE.partner),
      this.stateCounts(caller, ACCOUNT_TYPE.studio),
      this.stateCounts(caller, ACCOUNT_TYPE.client),
    ]);
    return {
      total: agents.total,
      main: agents.main,
      sub: agents.sub,
      studios: studios.total,
      clients: clients.total,
      new_this_month: agents.newThisMonth,
      sales_cents: clients.consumption,
    };
  }

  async addAgent(caller: Caller, body: Body<'proxy', 'add'>): Promise<AgentSummary> {
    // A main agent recruits sub-agents under itself; only staff create main agents.
    if (caller.role === 'partner' && caller.agentType === 'sub') throw forbidden();
    const asPartner = caller.role === 'partner';
    const agentType = asPartner ? 'sub' : body.agent_type;
    const row = await this.db.transaction(async (tx) => {
      const mainAgentId = agentType === 'sub' ? (asPartner ? caller.id : (await this.mainAgent(tx, body.main_agent_id)).id) : null;
      const created = await this.newAccount(tx, {
        email: body.email,
        password: body.password,
        username: body.username,
        name: body.name,
        companyShortName: body.company_short_name,
        phone: body.phone,
        wechat: body.wechat,
        accountType: ACCOUNT_TYPE.partner,
        agentType,
        mainAgentId,
        infoStatus: INFO_STATUS.complete,
      });
      await this.audit.record(tx, { action: 'agent.add', target: { id: created.id, label: created.email }, after: { email: created.email, agent_type: agentType, main_agent_id: mainAgentId } });
      return created;
    });
    return this.agent({ id: row.id });
  }

  async switchAgent(body: Body<'proxy', 'switch'>): Promise<AgentSummary> {
    await this.db.transaction(async (tx) => {
      const target = await repo.findAccount(tx, { id: body.id, accountTypes: [ACCOUNT_TYPE.partner] });
      if (!target) throw notFound('org.account_not_found');
      let mainAgentId: number | null = null;
      if (body.agent_type === 'sub') {
        const main = await this.mainAgent(tx, body.main_agent_id, target.id);
        if ((await repo.countSubAgents(tx, target.id)) > 0) throw rejected('org.agent_has_subagents');
        mainAgentId = main.id;
      }
      await repo.updateAccount(tx, target.id, { agentType: body.agent_type, mainAgentId });
      await this.audit.record(tx, {
        action: 'agent.switch',
        target: { id: target.id, label: target.email },
        before: { agent_type: target.agentType, main_agent_id: target.mainAgentId },
        after: { agent_type: body.agent_type, main_agent_id: mainAgentId },
      });
    });
    return this.agent({ id: body.id });
  }

  // ---- studios -------------------------------------------------------------------------------

  private toStudio(row: repo.SummaryRow & { clientCount: number; salesCents: number; agentAgentNo: string | null }): StudioSummary {
    return { ...toSummary(row), client_count: row.clientCount, sales_cents: row.salesCents, agent_agent_no: row.agentAgentNo };
  }

  async listStudios(caller: Caller, body: Body<'studio', 'list'>) {
    const filter: repo.AccountFilter = { ...this.filters(body), agentId: body.agent_id };
    const knownTotal = await this.knownTotal(caller, { ...filter, accountTypes: [ACCOUNT_TYPE.studio] });
    const scoped = { ...filter, accountTypes: [ACCOUNT_TYPE.studio], scope: caller };
    const { rows, total } = await repo.listSummaries(this.db, scoped, body.page, body.page_size, repo.studioExtras, { knownTotal });
    return { list: rows.map((row) => this.toStudio(row)), total, page: body.page, page_size: body.page_size };
  }

  async countOf(caller: Caller, type: number) {
    const counts = await this.stateCounts(caller, type);
    return { total: counts.total, paid: counts.paid, unpaid: counts.unpaid, expired: counts.expired, new_this_month: counts.newThisMonth };
  }

  /**
   * Moves an account under another agent, studio or operator (or none) and records the event
   * in the same transaction; the event's scope is the one the account has afterwards.
   */
  private async reassign(
    caller: Caller,
    account: AccountRow,
    type: 'client.assigned' | 'studio.assigned',
    role: 'agent' | 'studio' | 'operator',
    patch: { agentId: number | null } | { studioId: number | null } | { operatorId: number | null },
  ): Promise<void> {
    const from = role === 'agent' ? account.agentId : role === 'studio' ? account.studioId : account.operatorId;
    const to = Object.values(patch)[0] as number | null;
    await this.db.transaction(async (tx) => {
      await repo.updateAccount(tx, account.id, patch);
      await this.events.record(tx, type, {
        actor_id: caller.id,
        subject_id: account.id,
        account_id: account.id,
        payload: { role, from_id: from, to_id: to },
      });
      const field = `${role}_id`;
      await this.audit.record(tx, { action: REASSIGN_ACTIONS[type][role], target: { id: account.id, label: account.email }, before: { [field]: from }, after: { [field]: to } });
    });
  }

  async assignStudio(caller: Caller, body: Body<'studio', 'proxy'>): Promise<StudioSummary> {
    const studio = await this.visible(caller, body.studio_id, ACCOUNT_TYPE.studio, 'org.studio_not_found');
    if (body.agent_id === null) this.assertMayRemove(caller);
    const agentId = body.agent_id === null ? null : (await this.assignableAgent(caller, body.agent_id)).id;
    await this.reassign(caller, studio, 'studio.assigned', 'agent', { agentId });
    const row = await repo.findSummary(this.db, { id: studio.id }, repo.studioExtras);
    return this.toStudio(row!);
  }

  async topStudios(caller: Caller, body: Body<'studio', 'top'>) {
    return { list: await repo.topStudios(this.db, { accountTypes: [ACCOUNT_TYPE.studio], scope: caller }, body.by, body.limit) };
  }

  // ---- clients -------------------------------------------------------------------------------

  private clientScope(caller: Caller): repo.AccountFilter {
    return { accountTypes: [ACCOUNT_TYPE.client], scope: caller };
  }

  async listClients(caller: Caller, body: Body<'client', 'list'>) {
    const filter: repo.AccountFilter = { ...this.filters(body), agentId: body.agent_id, studioId: body.studio_id, operatorId: body.operator_id };
    const knownTotal = await this.knownTotal(caller, { ...filter, accountTypes: [ACCOUNT_TYPE.client] });
    const { rows, total } = await repo.listSummaries(this.db, { ...filter, ...this.clientScope(caller) }, body.page, body.page_size, {}, { knownTotal });
    return { list: rows.map(toSummary), total, page: body.page, page_size: body.page_size };
  }

  async assignClientAgent(caller: Caller, body: Body<'client', 'proxy'>): Promise<AccountSummary> {
    const client = await this.visible(caller, body.client_id, ACCOUNT_TYPE.client, 'org.account_not_found');
    if (body.agent_id === null) this.assertMayRemove(caller);
    const agentId = body.agent_id === null ? null : (await this.assignableAgent(caller, body.agent_id)).id;
    await this.reassign(caller, client, 'client.assigned', 'agent', { agentId });
    return this.summary(client.id);
  }

  async clientStudio(caller: Caller, clientId: number) {
    const client = await this.visible(caller, clientId, ACCOUNT_TYPE.client, 'org.account_not_found');
    if (client.studioId === null) return { studio: null };
    const studio = await repo.findAccount(this.db, { id: client.studioId });
    if (!studio) return { studio: null };
    return { studio: { id: studio.id, name: studio.name || studio.username, company_short_name: studio.companyShortName, email: studio.email } };
  }

  /**
   * One client in full, for its detail drawer: the list row, the main agent above its agent,
   * and its plan and recent payments from the payment module (one query each, whatever the page).
   */
  async getClient(caller: Caller, id: number): Promise<ClientDetail> {
    const row = await repo.findSummary(this.db, { id, ...this.clientScope(caller) }, repo.clientExtras);
    if (!row) throw notFound('org.account_not_found');
    const { plan, payments } = await this.payments.historyOf(row.account.id, CLIENT_RECENT_PAYMENTS);
    return {
      ...toSummary(row),
      main_agent_id: row.agentMainAgentId,
      main_agent_name: row.agentMainAgentName,
      plan,
      payments,
    };
  }

  async setClientStudio(caller: Caller, body: Body<'client', 'studioSet'>): Promise<AccountSummary> {
    const client = await this.visible(caller, body.client_id, ACCOUNT_TYPE.client, 'org.account_not_found');
    if (body.studio_id === null) this.assertMayRemove(caller);
    const studioId = body.studio_id === null ? null : (await this.visible(caller, body.studio_id, ACCOUNT_TYPE.studio, 'org.studio_not_found')).id;
    await this.reassign(caller, client, 'client.assigned', 'studio', { studioId });
    return this.summary(client.id);
  }

  async assignOperator(caller: Caller, body: Body<'client', 'operator'>): Promise<AccountSummary> {
    const client = await this.visible(caller, body.client_id, ACCOUNT_TYPE.client, 'org.account_not_found');
    const operatorId =
      body.operator_id === null ? null : (await this.visible(caller, body.operator_id, ACCOUNT_TYPE.operator, 'org.operator_not_found')).id;
    await this.reassign(caller, client, 'client.assigned', 'operator', { operatorId });
    return this.summary(client.id);
  }

  async pickClients(caller: Caller, keyword: string | undefined) {
    return { list: await repo.pickList(this.db, { ...this.clientScope(caller), keyword: keyword || undefined }, PICKER_LIMIT) };
  }

  async expiringClients(caller: Caller, body: Body<'client', 'pay'>) {
    const filter = { ...this.clientScope(caller), expiringWithinDays: body.days };
    const { rows, total } = await repo.listSummaries(this.db, filter, body.page, body.page_size, {}, { order: 'expiring' });
    return { list: rows.map(toSummary), total, page: body.page, page_size: body.page_size };
  }

  // ---- operators -----------------------------------------------------------------------------

  async addOperator(caller: Caller, body: Body<'operator', 'add'>) {
    const row = await this.db.transaction((tx) =>
      this.newAccount(tx, {
        email: body.email,
        password: body.password,
        username: body.nickname,
        name: body.nickname,
        wechat: body.wechat,
        accountType: ACCOUNT_TYPE.operator,
        agentId: caller.id,
        infoStatus: INFO_STATUS.complete,
      }),
    );
    return toOperator(row, 0);
  }

  async listOperators(caller: Caller, body: Body<'operator', 'list'>) {
    const filter = { accountTypes: [ACCOUNT_TYPE.operator], scope: caller, keyword: body.keyword || undefined };
    const { rows, total } = await repo.operatorRows(this.db, filter, body.page, body.page_size);
    return { list: rows.map((row) => toOperator(row.account, row.merchants)), total, page: body.page, page_size: body.page_size };
  }

  /**
   * A partner edits an operator of its own tree: its nickname, email, WeChat, a new password,
   * and whether it may sign in. Disabling it or a new password ends its sessions at once.
   */
  async editOperator(caller: Caller, body: Body<'operator', 'edit'>): Promise<OperatorSummary> {
    const { id, nickname, email, wechat, password, status } = body;
    const target = await this.visible(caller, id, ACCOUNT_TYPE.operator, 'org.account_not_found');
    const patch: Partial<NewAccountRow> = {};
    // Both names, as at creation: lists show the name and fall back to the nickname.
    if (nickname !== undefined) Object.assign(patch, { username: nickname, name: nickname });
    if (wechat !== undefined) patch.wechat = wechat;
    if (status !== undefined) patch.status = status;
    if (password !== undefined) patch.passwordHash = await this.hash(password);
    if (email !== undefined && email !== target.email) {
      if (await repo.findAccount(this.db, { email })) throw conflict('auth.email_taken');
      patch.email = email;
    }
    await this.db.transaction(async (tx) => {
      // The check above answers nearly always; the constraint decides a race for one email.
      if (!(await repo.updateAccountUnlessEmailTaken(tx, target.id, patch))) throw conflict('auth.email_taken');
      if (status === 'disabled' || password !== undefined) await this.sessions.revokeAll(tx, target.id);
    });
    const row = await repo.findAccount(this.db, { id: target.id });
    return toOperator(row!, row!.clientCount);
  }

  countReferrals(accountId: number): Promise<number> {
    return repo.countReferrals(this.db, accountId);
  }
}
