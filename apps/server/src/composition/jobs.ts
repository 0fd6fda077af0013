import type { FastifyBaseLogger } from 'fastify';
import type { AnyJob } from '../jobs/queue.js';
import type { Services } from './services.js';

/**
 * Every background job of the app: each module declares its own (its `jobs` in module.ts); the
 * server starts the queue with them all, so a job no module declares never runs.
 */
export function jobDefinitions(services: Services, log: FastifyBaseLogger): AnyJob[] {
  return services.modules.jobs(log);
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
