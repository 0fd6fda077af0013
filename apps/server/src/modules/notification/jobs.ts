import type { FastifyBaseLogger } from 'fastify';
import type { AnyJob, JobDefinition } from '../../jobs/queue.js';
import type { AnnouncementService } from './announcement-service.js';
import { SEND_JOB, type DeliveryService } from './delivery-service.js';
import type { ReminderService } from './reminder-service.js';

export const SWEEP_JOB = 'notification.sweep';
export const REMINDER_JOB = 'notification.plan-reminders';
export const DIGEST_JOB = 'notification.publish-digest';
/** Daily digests go out at 02:00 UTC: the evening of the day in the Americas, whose videos they list. */
export const DIGEST_CRON = '0 2 * * *';

/**
 * The notification jobs: sending mail and texts as soon as they are made, a sweep each minute
 * for scheduled announcements and whatever a send left pending, and the daily plan reminders.
 */
export function notificationJobs(
  services: { announcements: AnnouncementService; delivery: DeliveryService; reminders: ReminderService },
  reminderCron: string,
  log: FastifyBaseLogger,
): AnyJob[] {
  const { announcements, delivery, reminders } = services;
  const send: JobDefinition<object> = {
    name: SEND_JOB,
    retryLimit: 3,
    retryDelaySeconds: 30,
    retryBackoff: true,
    handler: async () => {
      await delivery.sendPending();
    },
  };
  const sweep: JobDefinition<object> = {
    name: SWEEP_JOB,
    schedule: '* * * * *',
    policy: 'stately',
    retryLimit: 2,
    retryDelaySeconds: 10,
    handler: async () => {
      const announced = await announcements.sendDue();
      const sent = await delivery.sendPending();
      if (announced + sent > 0) log.info({ announced, sent }, 'notifications sent');
    },
  };
  const planReminders: JobDefinition<object> = {
    name: REMINDER_JOB,
    schedule: reminderCron,
    retryLimit: 2,
    retryDelaySeconds: 60,
    handler: async () => {
      const made = await reminders.remindPlans();
      if (made > 0) log.info({ made }, 'plan reminders made');
    },
  };
  const digests: JobDefinition<object> = {
    name: DIGEST_JOB,
    schedule: DIGEST_CRON,
    retryLimit: 2,
    retryDelaySeconds: 60,
    handler: async () => {
      const made = await delivery.sendDigests();
      if (made > 0) log.info({ made }, 'publish digests made');
    },
  };
  return [send, sweep, planReminders, digests];
}
