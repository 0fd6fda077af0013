import type { Db } from '../../db/client.js';
import type { EventService } from '../events/service.js';
import * as repo from './repository.js';

/**
 * Records that a render failed its last attempt (docs/decisions/074), for the notification
 * center to tell its studio. The engine calls it once per failure: the failed state is written
 * under the worker's lease, so only one worker ever gets here for one failure.
 */
export async function recordRenderFailed(db: Db, events: Pick<EventService, 'record'>, renderId: number): Promise<void> {
  const row = await repo.findRender(db, renderId);
  if (!row || row.state !== 'failed') return;
  await db.transaction((tx) =>
    events.record(tx, 'creative.render_failed', {
      actor_id: null,
      subject_id: row.id,
      account_id: row.merchantId,
      payload: { render_id: row.id, title: row.script.title, reason: row.error },
    }),
  );
}
