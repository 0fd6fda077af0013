import { ACCOUNT_TYPE, type StudioSummary } from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import type { AuditService } from '../audit/service.js';
import type { EventService } from '../events/service.js';
import { toStudio } from './presenter.js';
import * as repo from './repository.js';
import * as totals from './totals-repository.js';
import { countOf, knownTotalOf, listFilter, placeUnderAgent, visible, type Body } from './rules.js';

/** Studios: the list with their clients and sales, their counts, the top ones, and which agent each is under. */
export class StudioService {
  constructor(
    private readonly db: Db,
    private readonly events: EventService,
    private readonly audit: AuditService,
  ) {}

  async list(caller: Caller, body: Body<'studio', 'list'>) {
    const filter: repo.AccountFilter = { ...listFilter(body), agentId: body.agent_id };
    const knownTotal = await knownTotalOf(this.db, caller, { ...filter, accountTypes: [ACCOUNT_TYPE.studio] });
    const scoped = { ...filter, accountTypes: [ACCOUNT_TYPE.studio], scope: caller };
    const { rows, total } = await repo.listSummaries(this.db, scoped, body.page, body.page_size, repo.studioExtras, { knownTotal });
    return { list: rows.map(toStudio), total, page: body.page, page_size: body.page_size };
  }

  count(caller: Caller) {
    return countOf(this.db, caller, ACCOUNT_TYPE.studio);
  }

  async assign(caller: Caller, body: Body<'studio', 'proxy'>): Promise<StudioSummary> {
    const studio = await visible(this.db, caller, body.studio_id, ACCOUNT_TYPE.studio, 'org.studio_not_found');
    await placeUnderAgent({ db: this.db, events: this.events, audit: this.audit }, caller, studio, 'studio.assigned', body.agent_id);
    const row = await repo.findSummary(this.db, { id: studio.id }, repo.studioExtras);
    return toStudio(row!);
  }

  async top(caller: Caller, body: Body<'studio', 'top'>) {
    return { list: await totals.topStudios(this.db, { accountTypes: [ACCOUNT_TYPE.studio], scope: caller }, body.by, body.limit) };
  }
}
