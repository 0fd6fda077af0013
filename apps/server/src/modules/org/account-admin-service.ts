import { ACCOUNT_TYPE, INFO_STATUS, PAYING, type AccountSummary } from '@nearcast/contract';
import type { Actor, Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import { notFound, rejected } from '../../errors.js';
import type { SessionService } from '../account/session-service.js';
import type { AuditService } from '../audit/service.js';
import type { EventService } from '../events/service.js';
import { toSummary } from './presenter.js';
import * as repo from './repository.js';
import type { AccountRow, NewAccountRow } from './repository.js';
import { knownTotalOf, listFilter, mainAgent, newAccount, summaryOf, type Body } from './rules.js';

const ROLE_TYPES = { client: [0], agent: [2], studio: [1], admin: [10], super: [11] } as const;

const snakeToCamel = (key: string): string => key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** Accounts of every role as super manages them: the list, one account, creating and editing one. */
export class AccountAdminService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly hash: (password: string) => Promise<string>,
    private readonly events: EventService,
    private readonly audit: AuditService,
  ) {}

  async list(caller: Caller, body: Body<'account', 'list'>) {
    const filter: repo.AccountFilter = {
      ...listFilter(body),
      accountTypes: body.role ? [...ROLE_TYPES[body.role]] : undefined,
      status: body.status,
    };
    const knownTotal = await knownTotalOf(this.db, caller, filter);
    const { rows, total } = await repo.listSummaries(this.db, filter, body.page, body.page_size, {}, { knownTotal });
    return { list: rows.map(toSummary), total, page: body.page, page_size: body.page_size };
  }

  get(id: number): Promise<AccountSummary> {
    return summaryOf(this.db, id);
  }

  async create(caller: Actor, body: Body<'account', 'add'>): Promise<AccountSummary> {
    const accountType = ACCOUNT_TYPE[body.role];
    const row = await this.db.transaction(async (tx) => {
      const agentFields: Partial<NewAccountRow> = {};
      if (body.role === 'partner') {
        agentFields.agentType = body.main_agent_id === null ? 'main' : 'sub';
        if (body.main_agent_id !== null) agentFields.mainAgentId = (await mainAgent(tx, body.main_agent_id)).id;
      }
      const created = await newAccount(tx, this.hash, {
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
        infoStatus: PAYING.includes(body.role) ? INFO_STATUS.incomplete : INFO_STATUS.complete,
        ...agentFields,
      });
      // Like a sign-up, so the dashboards and feeds count an account staff made.
      await this.events.record(tx, 'account.created', {
        actor_id: null,
        subject_id: created.id,
        account_id: created.id,
        payload: { account_type: created.accountType },
      });
      await this.audit.record(tx, caller, {
        action: 'account.create',
        target: { id: created.id, label: created.email },
        after: { email: created.email, role: body.role, username: created.username, name: created.name, agent_type: created.agentType, main_agent_id: created.mainAgentId },
      });
      return created;
    });
    return summaryOf(this.db, row.id);
  }

  async edit(caller: Caller, body: Body<'account', 'edit'>): Promise<AccountSummary> {
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
      await this.audit.record(tx, caller, {
        action: 'account.edit',
        target: { id, label: target.email },
        before,
        after: { ...changed, ...(password !== undefined ? { password: 'changed' } : {}) },
      });
    });
    return summaryOf(this.db, id);
  }
}
