import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services.js';
import { idempotencyPurgeJob } from '../plugins/idempotency.js';
import { foldTotalsJob } from '../modules/finance/fold-totals-job.js';
import { releaseJob } from '../modules/finance/release-job.js';
import { notificationJobs } from '../modules/notification/jobs.js';
import { expiryJob } from './expiry-job.js';
import type { JobDefinition } from './queue.js';

/**
 * Every background job of the app, in one list: the server starts the queue with it, so a job
 * that is not listed here never runs. Each module builds its own definitions.
 */
export function jobDefinitions(services: Services, log: FastifyBaseLogger): JobDefinition<never>[] {
  return [
    expiryJob(services.accounts, services.config.EXPIRY_JOB_CRON, log) as JobDefinition<never>,
    ...services.events.jobDefinitions(log),
    services.uploads.purgeJob(log) as JobDefinition<never>,
    ...services.material.jobDefinitions(log),
    ...services.videoConnections.jobDefinitions(log),
    ...services.video.jobDefinitions(log),
    ...services.videoPublish.jobDefinitions(log),
    ...services.videoMetrics.jobDefinitions(log),
    ...services.creativeRenderEngine.jobDefinitions(log),
    ...services.creativePlans.jobDefinitions(log),
    idempotencyPurgeJob(services.database.db, log) as JobDefinition<never>,
    releaseJob(services.finance, log) as JobDefinition<never>,
    foldTotalsJob(services.ledger, log) as JobDefinition<never>,
    ...services.settlements.jobDefinitions(log),
    ...services.waitlist.jobDefinitions(log),
    ...services.promotion.jobDefinitions(log),
    ...services.attribution.jobDefinitions(log),
    ...services.reports.jobDefinitions(log),
    ...notificationJobs(
      { announcements: services.announcements, delivery: services.notificationDelivery, reminders: services.planReminders },
      services.config.PLAN_REMINDER_CRON,
      log,
    ),
  ];
}

/**
 * Starts the queue with every job, then has the outbox dispatch what was recorded while no
 * queue ran (the demo seed, a script, the time since the last shutdown). A `web` process only
 * sends: the workers elsewhere run the jobs and dispatch; a `render` process runs the renders
 * alone. The app's onClose hook stops it again.
 */
export async function startJobs(services: Services, log: FastifyBaseLogger): Promise<void> {
  const role = services.config.PROCESS_ROLE;
  const work = role === 'web' ? false : role === 'render' ? 'render' : true;
  await services.jobs.start(jobDefinitions(services, log), log, { work });
  if (work === true) await services.events.kick();
}
