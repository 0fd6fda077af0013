import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition } from '../../jobs/queue.js';
import type { LedgerService } from './ledger.js';

export const FOLD_TOTALS_JOB = 'finance.fold-totals';

/**
 * Folds the purpose deltas postings leave into the platform's totals, every minute. Reads are
 * exact whether or not it has run (they add the deltas not yet folded); folding only keeps
 * those reads to a handful of rows. A late or repeated run folds what is there, once.
 */
export function foldTotalsJob(ledger: LedgerService, log: FastifyBaseLogger): JobDefinition<object> {
  return {
    name: FOLD_TOTALS_JOB,
    schedule: '* * * * *',
    policy: 'stately',
    retryLimit: 3,
    retryDelaySeconds: 10,
    retryBackoff: true,
    async handler() {
      const folded = await ledger.foldPurposeTotals();
      if (folded > 0) log.debug({ folded }, 'folded ledger purpose deltas');
    },
  };
}
