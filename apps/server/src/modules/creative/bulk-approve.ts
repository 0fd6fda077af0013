import { CODES, formatMessage, type api, type ApiLanguage, type BulkApproveResult, type ParsedRequestOf, type ResponseOf } from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { DraftService } from './draft-service.js';
import type { RenderService } from './render-service.js';
import * as repo from './repository.js';

type BulkApprove = ParsedRequestOf<(typeof api)['creative']['draftBulkApprove']>;

/**
 * Drafts approved at once. A few at a time: each approval makes a post through the video
 * module, and a morning's hundred should not hold every database connection.
 */
const CONCURRENCY = 4;

/**
 * Bulk approval of the review queue (docs/decisions/074). Each draft goes through the one
 * approval path (DraftService.approveRow: the draft is claimed before its post is made, so a
 * draft is never published twice, whoever approves it at the same time) and succeeds or fails
 * alone: the answer says, per draft, its render or why not, in the caller's language.
 */
export class BulkApproveService {
  constructor(
    private readonly db: Db,
    private readonly drafts: DraftService,
    private readonly renders: RenderService,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async approve(caller: Caller, body: BulkApprove, lang: ApiLanguage): Promise<ResponseOf<(typeof api)['creative']['draftBulkApprove']>> {
    // An id named twice is one draft: answered once, in the order first named.
    const ids = [...new Set(body.ids)];
    const results: BulkApproveResult[] = new Array<BulkApproveResult>(ids.length);
    let next = 0;
    const worker = async () => {
      for (let index = next++; index < ids.length; index = next++) results[index] = await this.one(caller, ids[index]!, body, lang);
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ids.length) }, worker));
    return { results };
  }

  private async one(caller: Caller, id: number, body: BulkApprove, lang: ApiLanguage): Promise<BulkApproveResult> {
    try {
      const row = await repo.findVisibleRender(this.db, caller, id);
      // Another studio's draft reads as one that does not exist, as everywhere in the scope rules.
      if (!row) throw notFound();
      await this.drafts.approveRow(caller, row, { platforms: body.platforms ?? null, scheduleAt: undefined, requireApproval: body.require_approval });
      return { id, ok: true, render: await this.renders.get(caller, id, lang), error: null };
    } catch (error) {
      if (error instanceof AppError) return { id, ok: false, render: null, error: { code: error.code, message: formatMessage(lang, error.key, error.params) } };
      // Not a rule that said no: the draft was given back (approveRow releases it), so it can be
      // approved again; the others go on, and the fault is in the log, not the answer.
      this.log?.error({ err: error, render: id }, 'bulk approval of a draft failed');
      return { id, ok: false, render: null, error: { code: CODES.internal, message: formatMessage(lang, 'error.internal') } };
    }
  }
}
