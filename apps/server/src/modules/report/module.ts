import type { EventService } from '../events/service.js';
import { defineModule } from '../module-definition.js';
import { reportRoutes } from './routes.js';
import { ReportService, type ReportSources } from './service.js';

/** Merchants' monthly reports, built on the first of each month; each figure read from the module that owns it. */
export const reportModule = defineModule<ReportSources & { events: EventService }>()({
  name: 'report',
  schemas: ['report'],
  provides: ['reports'],
  needs: ['dashboard', 'video', 'payments', 'accounts', 'areas', 'notificationDelivery', 'events'],
  build: ({ db, storage, config }, needs) => ({
    reports: new ReportService(
      db,
      {
        dashboard: needs.dashboard,
        video: needs.video,
        payments: needs.payments,
        accounts: needs.accounts,
        areas: needs.areas,
        notificationDelivery: needs.notificationDelivery,
      },
      needs.events,
      storage,
      { urlTtlSeconds: config.FILE_URL_TTL_SECONDS },
    ),
  }),
  routes: [reportRoutes],
  jobs: ({ reports }, { log }) => reports.jobDefinitions(log),
});
