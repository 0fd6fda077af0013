import { rollupSize } from '../modules/dashboard/repository.js';
import { ROLLUP_SUBSCRIBER } from '../modules/dashboard/rollup-subscriber.js';
import type { Services } from '../composition/services.js';

export interface BackfillSummary {
  /** Events handed to the rollups now. */
  events: number;
  /** Merchants and studios the rollups place, and their scope-days, afterwards. */
  placements: number;
  days: number;
  ms: number;
}

/**
 * Builds the dashboard's rollups of a database a seed filled (the demo, `seed:scale`): the
 * rollup subscriber's own handlers, replayed over every stored event of its types it has not
 * handled yet, in the order they were recorded — the history the seeds wrote and the events
 * their service calls recorded — through the events module's delivery, so each counts once and
 * the rollups are what they would be had the subscriber been there all along. Nothing here
 * knows another module's tables. On rollups that have already seen every event it does nothing;
 * stopped half-way, it carries on where it stopped.
 */
export async function backfillDashboard(services: Pick<Services, 'database' | 'events'>): Promise<BackfillSummary> {
  const started = Date.now();
  const events = await services.events.replay(ROLLUP_SUBSCRIBER);
  return { events, ...(await rollupSize(services.database.db)), ms: Date.now() - started };
}
