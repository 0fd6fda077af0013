import type { Db } from '../../db/client.js';
import type { EventService } from '../events/service.js';
import * as repo from './repository.js';

/**
 * Records that a draft became a post (docs/decisions/083): the attribution module hears which
 * post the render's short link now belongs to, without reading the creative tables.
 */
export async function recordDraftApproved(db: Db, events: Pick<EventService, 'record'>, renderId: number, postId: number, byId: number): Promise<void> {
  const row = await repo.findRender(db, renderId);
  if (!row) return;
  await db.transaction((tx) =>
    events.record(tx, 'creative.draft_approved', {
      actor_id: byId,
      subject_id: row.id,
      account_id: row.merchantId,
      payload: { render_id: row.id, post_id: postId, title: row.script.title },
    }),
  );
}
