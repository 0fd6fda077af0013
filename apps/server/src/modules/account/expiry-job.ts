import type { FastifyBaseLogger } from 'fastify';
import type { AccountService } from './service.js';
import type { JobDefinition } from '../../jobs/queue.js';

export const EXPIRY_JOB = 'account.expire-plans';

/**
 * Marks paid plans past their expiry as expired, on a cron schedule. The queue starts one run
 * per tick whatever the number of instances, and the work is one UPDATE, so a retry or a late
 * run is harmless.
 */
export function expiryJob(accounts: AccountService, schedule: string, log: FastifyBaseLogger): JobDefinition<object> {
  return {
    name: EXPIRY_JOB,
    schedule,
    retryLimit: 2,
    retryDelaySeconds: 10,
    retryBackoff: true,
    async handler() {
      const expired = await accounts.expireOverdue();
      if (expired > 0) log.info({ expired }, 'marked lapsed plans as expired');
    },
  };
}
