import { ACCOUNT_TYPE, CLIENT_RECENT_PAYMENTS, type AccountSummary, type ClientDetail } from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuditService } from '../audit/service.js';
import type { EventService } from '../events/service.js';
import type { PaymentService } from '../payment/service.js';
import { toSummary } from './presenter.js';
import * as repo from './repository.js';
import { assertMayRemove, countOf, knownTotalOf, listFilter, placeUnderAgent, reassign, summaryOf, visible, type Body } from './rules.js';

const PICKER_LIMIT = 200;

/**
 * Clients (merchants): the lists, counts and picker of those the caller serves, one client in
 * full, plans about to expire, and the agent, studio and operator each is assigned to.
 */
export class ClientService {
  constructor(
    private readonly db: Db,
    private readonly payments: PaymentService,
    private readonly events: EventService,
    private readonly audit: AuditService,
  ) {}

  private clientScope(caller: Caller): repo.AccountFilter {
    return { accountTypes: [ACCOUNT_TYPE.client], scope: caller };
  }

  private moves() {
    return { db: this.db, events: this.events, audit: this.audit };
  }

  async list(caller: Caller, body: Body<'client', 'list'>) {
    const filter: repo.AccountFilter = { ...listFilter(body), agentId: body.agent_id, studioId: body.studio_id, operatorId: body.operator_id };
    const knownTotal = await knownTotalOf(this.db, caller, { ...filter, accountTypes: [ACCOUNT_TYPE.client] });
    const { rows, total } = await repo.listSummaries(this.db, { ...filter, ...this.clientScope(caller) }, body.page, body.page_size, {}, { knownTotal });
    return { list: rows.map(toSummary), total, page: body.page, page_size: body.page_size };
  }

  count(caller: Caller) {
    return countOf(this.db, caller, ACCOUNT_TYPE.client);
  }

  async assignAgent(caller: Caller, body: Body<'client', 'proxy'>): Promise<AccountSummary> {
    const client = await visible(this.db, caller, body.client_id, ACCOUNT_TYPE.client, 'org.account_not_found');
    await placeUnderAgent(this.moves(), caller, client, 'client.assigned', body.agent_id);
    return summaryOf(this.db, client.id);
  }

  async studioOf(caller: Caller, clientId: number) {
    const client = await visible(this.db, caller, clientId, ACCOUNT_TYPE.client, 'org.account_not_found');
    if (client.studioId === null) return { studio: null };
    const studio = await repo.findAccount(this.db, { id: client.studioId });
    if (!studio) return { studio: null };
    return { studio: { id: studio.id, name: studio.name || studio.username, company_short_name: studio.companyShortName, email: studio.email } };
  }

  /**
   * One client in full, for its detail drawer: the list row, the main agent above its agent,
   * and its plan and recent payments from the payment module (one query each, whatever the page).
   */
  async get(caller: Caller, id: number): Promise<ClientDetail> {
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

  async setStudio(caller: Caller, body: Body<'client', 'studioSet'>): Promise<AccountSummary> {
    const client = await visible(this.db, caller, body.client_id, ACCOUNT_TYPE.client, 'org.account_not_found');
    if (body.studio_id === null) assertMayRemove(caller);
    const studioId = body.studio_id === null ? null : (await visible(this.db, caller, body.studio_id, ACCOUNT_TYPE.studio, 'org.studio_not_found')).id;
    await reassign(this.moves(), caller, client, 'client.assigned', 'studio', { studioId });
    return summaryOf(this.db, client.id);
  }

  async assignOperator(caller: Caller, body: Body<'client', 'operator'>): Promise<AccountSummary> {
    const client = await visible(this.db, caller, body.client_id, ACCOUNT_TYPE.client, 'org.account_not_found');
    const operatorId =
      body.operator_id === null ? null : (await visible(this.db, caller, body.operator_id, ACCOUNT_TYPE.operator, 'org.operator_not_found')).id;
    await reassign(this.moves(), caller, client, 'client.assigned', 'operator', { operatorId });
    return summaryOf(this.db, client.id);
  }

  async pick(caller: Caller, keyword: string | undefined) {
    return { list: await repo.pickList(this.db, { ...this.clientScope(caller), keyword: keyword || undefined }, PICKER_LIMIT) };
  }

  async expiring(caller: Caller, body: Body<'client', 'pay'>) {
    const filter = { ...this.clientScope(caller), expiringWithinDays: body.days };
    const { rows, total } = await repo.listSummaries(this.db, filter, body.page, body.page_size, {}, { order: 'expiring' });
    return { list: rows.map(toSummary), total, page: body.page, page_size: body.page_size };
  }
}
