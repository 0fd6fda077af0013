import { CODES, type ApiLanguage, type Render } from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import { AppError, conflict, notFound, rejected } from '../../errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { MaterialService } from '../material/service.js';
import type { Merchants } from './ports.js';
import { assertRenderRoom } from './render-room.js';
import { QUEUE_FULL_RETRY_SECONDS, RENDER_JOB, type RenderProgressSink, type RenderService } from './render-service.js';
import * as listRepo from './render-list-repository.js';
import * as queueRepo from './render-queue-repository.js';
import * as repo from './repository.js';

/**
 * Renders a failed or cancelled render again (docs/decisions/074), as the same render: its
 * attempts start over, its reason is cleared, and it waits in its studio's queue like a new one
 * (the queue's cap, then the fair claim, docs/decisions/073). The checkpoints stay: a render
 * that failed after its file was stored or became a material carries on from there, so a
 * retry never leaves a second material behind.
 */
export class RenderRetryService {
  constructor(
    private readonly db: Db,
    private readonly renders: RenderService,
    private readonly merchants: Merchants,
    private readonly materials: Pick<MaterialService, 'assertRoom'>,
    private readonly jobs: Pick<JobQueue, 'running' | 'sendWithin'>,
    private readonly progress: RenderProgressSink,
    private readonly size: { width: number; height: number },
  ) {}

  async retry(caller: Caller, id: number, lang: ApiLanguage): Promise<Render> {
    const row = await repo.findVisibleRender(this.db, caller, id);
    if (!row) throw notFound();
    assertRetryable(row.state);
    // What render/add checks before a render is queued, checked again: the plan may have lapsed
    // and the library filled up since the first try.
    const facts = await this.merchants.factsOf(row.merchantId);
    if (!facts?.planActive) throw rejected('creative.plan_inactive');
    if (row.uploadId === null) {
      const waiting = await repo.openOfMerchant(this.db, row.merchantId);
      await assertRenderRoom(this.materials, row.merchantId, { script: row.script, language: row.language, size: this.size }, waiting);
    }
    const studioId = facts.studioId ?? 0;
    const max = await this.renders.queueLimitOf(studioId);
    const queued = await this.db.transaction(async (tx) => {
      await queueRepo.lockStudioQueue(tx, studioId, row.merchantId);
      const waiting = await queueRepo.queuedOfStudio(tx, studioId, row.merchantId);
      if (waiting + 1 > max) throw new AppError(CODES.tooMany, 'creative.queue_full', { count: waiting, max, seconds: QUEUE_FULL_RETRY_SECONDS });
      // Fenced by the state: of two retries at once (or a retry and a cancel), one changes the row.
      const updated = await repo.updateRender(
        tx,
        id,
        {
          state: 'queued',
          // The studio it has now: a merchant moved since waits in its new studio's queue.
          studioId,
          progress: 0,
          attempts: 0,
          error: null,
          errorDetail: null,
          notBefore: null,
          leaseToken: null,
          leaseUntil: null,
          startedAt: null,
          finishedAt: null,
          renderMs: null,
        },
        listRepo.retryable(),
      );
      if (!updated) return null;
      if (this.jobs.running) await this.jobs.sendWithin(tx, RENDER_JOB, [{ id }]);
      return updated;
    });
    if (!queued) {
      assertRetryable((await repo.findRender(this.db, id))?.state);
      throw conflict('creative.render_running');
    }
    await this.progress.publish({ id, merchant_id: queued.merchantId, state: 'queued', progress: 0 }).catch(() => {});
    return this.renders.get(caller, id, lang);
  }
}

/** Only a failed or cancelled render is made again; the others are told why not. */
function assertRetryable(state: repo.RenderRow['state'] | undefined): void {
  if (state === undefined) throw notFound();
  if (state === 'queued' || state === 'rendering') throw conflict('creative.render_running');
  if (state === 'done') throw conflict('creative.render_done');
}
