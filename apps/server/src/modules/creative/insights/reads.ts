import type { Executor } from '../../../db/client.js';
import { listOutcomes } from './outcome-repository.js';
import type { OutcomeFilter, PostOutcome } from './types.js';

export type { LengthBand, OpeningKind, OutcomeFilter, PostOutcome } from './types.js';
export { LENGTH_BANDS, OPENING_KINDS } from './types.js';

/**
 * What became of posts since `filter.since`, newest first, each on its platform with the choices
 * that made it (docs/decisions/084): the read the plan's learning takes its evidence from. No
 * caller, no scope: a job's read, never an answer to a request. At most `filter.limit` rows
 * (20,000 by default).
 */
export async function postOutcomes(ex: Executor, filter: OutcomeFilter, now: Date = new Date()): Promise<PostOutcome[]> {
  return listOutcomes(ex, filter, now);
}
