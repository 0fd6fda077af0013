import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition } from '../../jobs/queue.js';
import type { FinanceService } from './service.js';

export const RELEASE_JOB = 'finance.release-due';

/**
 * Ends the holding period of earnings that are due: pending → available; and settles refunds
 * left pending at the provider (see FinanceService.resumeStaleRefunds). Periodic and
 * idempotent (each share is released under its own cause key, rows another run holds are
 * skipped), so a late, repeated or concurrent run is harmless.
 */
/** Every five minutes: the holding period is counted in days, so minutes of delay do not matter. */
const RELEASE_SCHEDULE = '*/5 * * * *';

export function releaseJob(finance: FinanceService, log: FastifyBaseLogger): JobDefinition<object> {
  return {
    name: RELEASE_JOB,
    schedule: RELEASE_SCHEDULE,
    policy: 'stately',
    retryLimit: 3,
    retryDelaySeconds: 30,
    retryBackoff: true,
    async handler() {
      const released = await finance.releaseDue();
      if (released > 0) log.info({ released }, 'released earnings whose holding period ended');
      // On the same beat: refunds whose provider answer never got recorded are asked again.
      const resumed = await finance.resumeStaleRefunds();
      if (resumed > 0) log.info({ resumed }, 'settled refunds left pending');
    },
  };
}
