import { ACCOUNT_TYPE, INFO_STATUS, headsTrees, type AgentSummary } from '@nearcast/contract';
import type { Actor, Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import { forbidden, notFound, rejected } from '../../errors.js';
import type { AuditService } from '../audit/service.js';
import { toSummary } from './presenter.js';
import * as repo from './repository.js';
import * as totals from './totals-repository.js';
import { listFilter, mainAgent, newAccount, stateCounts, type Body } from './rules.js';

/**
 * Agents (the API's "proxy"): main agents and the sub-agents under them, each with its tree's
 * totals; a main agent recruits its own sub-agents, staff switch an agent between the two.
 */
export class AgentService {
  constructor(
    private readonly db: Db,
    private readonly hash: (password: string) => Promise<string>,
    private readonly audit: AuditService,
  ) {}

  private async withStats(rows: repo.SummaryRow[]): Promise<AgentSummary[]> {
    const stats = await totals.agentStats(
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

  async list(caller: Caller, body: Body<'proxy', 'list'>) {
    const filter: repo.AccountFilter = {
      ...listFilter(body),
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
  get(caller: Caller, id: number): Promise<AgentSummary> {
    return this.agent({ id, accountTypes: [ACCOUNT_TYPE.partner], scope: caller });
  }

  async count(caller: Caller) {
    const [agents, studios, clients] = await Promise.all([
      stateCounts(this.db, caller, ACCOUNT_TYPE.partner),
      stateCounts(this.db, caller, ACCOUNT_TYPE.studio),
      stateCounts(this.db, caller, ACCOUNT_TYPE.client),
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

  async add(caller: Caller, body: Body<'proxy', 'add'>): Promise<AgentSummary> {
    // A main agent recruits sub-agents under itself; only staff create main agents.
    if (!headsTrees(caller.role, caller.agentType)) throw forbidden();
    const asPartner = caller.role === 'partner';
    const agentType = asPartner ? 'sub' : body.agent_type;
    const row = await this.db.transaction(async (tx) => {
      const mainAgentId = agentType === 'sub' ? (asPartner ? caller.id : (await mainAgent(tx, body.main_agent_id)).id) : null;
      const created = await newAccount(tx, this.hash, {
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
      await this.audit.record(tx, caller, { action: 'agent.add', target: { id: created.id, label: created.email }, after: { email: created.email, agent_type: agentType, main_agent_id: mainAgentId } });
      return created;
    });
    return this.agent({ id: row.id });
  }

  async switch(caller: Actor, body: Body<'proxy', 'switch'>): Promise<AgentSummary> {
    await this.db.transaction(async (tx) => {
      const target = await repo.findAccount(tx, { id: body.id, accountTypes: [ACCOUNT_TYPE.partner] });
      if (!target) throw notFound('org.account_not_found');
      let mainAgentId: number | null = null;
      if (body.agent_type === 'sub') {
        const main = await mainAgent(tx, body.main_agent_id, target.id);
        if ((await repo.countSubAgents(tx, target.id)) > 0) throw rejected('org.agent_has_subagents');
        mainAgentId = main.id;
      }
      await repo.updateAccount(tx, target.id, { agentType: body.agent_type, mainAgentId });
      await this.audit.record(tx, caller, {
        action: 'agent.switch',
        target: { id: target.id, label: target.email },
        before: { agent_type: target.agentType, main_agent_id: target.mainAgentId },
        after: { agent_type: body.agent_type, main_agent_id: mainAgentId },
      });
    });
    return this.agent({ id: body.id });
  }
}
