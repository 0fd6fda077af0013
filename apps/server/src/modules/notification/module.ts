import { createSmsSender } from '../../adapters/sms/index.js';
import type { AccountService } from '../account/service.js';
import type { AuditService } from '../audit/service.js';
import { defineModule } from '../module-definition.js';
import { AnnouncementService } from './announcement-service.js';
import { CenterService } from './center-service.js';
import { DeliveryService } from './delivery-service.js';
import { NotificationHub } from './hub.js';
import { notificationJobs } from './jobs.js';
import { ReminderService } from './reminder-service.js';
import { notificationRoutes } from './routes.js';
import { notificationSubscriber } from './subscriber.js';

/** Notifications: each reader's center and live stream, announcements, mail and SMS, reminders. */
export const notificationModule = defineModule<{ accounts: AccountService; audit: AuditService }>()({
  name: 'notification',
  schemas: ['notification'],
  provides: ['notificationHub', 'notificationCenter', 'announcements', 'notificationDelivery', 'planReminders'],
  needs: ['accounts', 'audit'],
  build: ({ database, db, mailer, jobs, config }, { accounts, audit }) => {
    /** The live push across instances behind the notification stream (LISTEN/NOTIFY). */
    const notificationHub = new NotificationHub(database);
    /** Makes notifications (from events and reminders) and sends them to the center, by mail and by SMS. */
    const notificationDelivery = new DeliveryService(db, accounts, mailer, createSmsSender(config), notificationHub, jobs, config.PUBLIC_URL);
    return {
      notificationHub,
      /** Each reader's notification center: its list, unread counts, marking read, what the live stream sends. */
      notificationCenter: new CenterService(db, notificationHub),
      /** Staff announcements to chosen roles, sent at once or scheduled. */
      announcements: new AnnouncementService(db, accounts, notificationHub, audit),
      notificationDelivery,
      /** Plan-expiry reminders, made daily. */
      planReminders: new ReminderService(db, accounts, notificationDelivery),
    };
  },
  routes: [notificationRoutes],
  jobs: (services, { config, log }) =>
    notificationJobs(
      { announcements: services.announcements, delivery: services.notificationDelivery, reminders: services.planReminders },
      config.PLAN_REMINDER_CRON,
      log,
    ),
  subscribers: ({ notificationDelivery, accounts }) => [notificationSubscriber(notificationDelivery, accounts)],
  close: ({ notificationHub }) => notificationHub.close(),
});
