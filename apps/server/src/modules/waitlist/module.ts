import type { AccountService } from '../account/service.js';
import type { AreaService } from '../area/service.js';
import type { AuditService } from '../audit/service.js';
import type { EventService } from '../events/service.js';
import { defineModule } from '../module-definition.js';
import { waitlistRoutes } from './routes.js';
import { WaitlistService, type CityPlaces } from './service.js';

/** Full cities' lines of studio applicants, and the offers of freed places. */
export const waitlistModule = defineModule<{ areas: AreaService; accounts: AccountService; events: EventService; audit: AuditService; payments: CityPlaces }>()({
  name: 'waitlist',
  schemas: ['waitlist'],
  provides: ['waitlist'],
  needs: ['areas', 'accounts', 'events', 'audit'],
  // A city's waitlist and its checkouts count the same places: each asks the other, both under
  // the city's lock.
  ports: ['payments'],
  build: ({ db }, needs) => ({
    waitlist: new WaitlistService(
      db,
      { freeForLine: (ex, cityId) => needs.payments.freeForLine(ex, cityId), leftFor: (ex, cityId, accountId) => needs.payments.leftFor(ex, cityId, accountId) },
      needs.areas,
      needs.accounts,
      needs.events,
      needs.audit,
    ),
  }),
  routes: [waitlistRoutes],
  jobs: ({ waitlist }, { log }) => waitlist.jobDefinitions(log),
  subscribers: ({ waitlist }) => [waitlist.subscriber()],
});
