import { defineModule } from '../module-definition.js';
import { EventService, type ScopeResolver } from './service.js';

/** The typed event log and its outbox: modules record events in their own transactions; subscribers react. */
export const eventsModule = defineModule<{ accounts: { eventScope: ScopeResolver } }>()({
  name: 'events',
  schemas: ['events'],
  provides: ['events'],
  needs: [],
  // Each event's scope (whose dashboards and feeds it reaches) is read from the accounts, which
  // record events of their own: a port.
  ports: ['accounts'],
  build: ({ db, jobs }, needs) => ({ events: new EventService(db, jobs, (ex, accountId) => needs.accounts.eventScope(ex, accountId)) }),
  jobs: ({ events }, { log }) => events.jobDefinitions(log),
});
