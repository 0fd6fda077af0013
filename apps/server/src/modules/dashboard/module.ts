import type { AccountService } from '../account/service.js';
import type { EventService } from '../events/service.js';
import type { MaterialService } from '../material/service.js';
import { defineModule } from '../module-definition.js';
import type { AgentService } from '../org/agent-service.js';
import type { ClientService } from '../org/client-service.js';
import type { PaymentService } from '../payment/service.js';
import { createDashboardRollupSubscriber } from './rollup-subscriber.js';
import { dashboardRoutes } from './routes.js';
import { DashboardService } from './service.js';

/** The dashboards of every role, read from daily rollups its subscriber keeps. */
export const dashboardModule = defineModule<{
  accounts: AccountService;
  agents: AgentService;
  clients: ClientService;
  payments: PaymentService;
  material: MaterialService;
  events: EventService;
}>()({
  name: 'dashboard',
  schemas: ['dashboard'],
  provides: ['dashboard'],
  needs: ['accounts', 'agents', 'clients', 'payments', 'material', 'events'],
  build: ({ db }, { accounts, agents, clients, payments, material, events }) => ({
    dashboard: new DashboardService(db, { accounts, agents, clients, payments, material, events }),
  }),
  routes: [dashboardRoutes],
  subscribers: ({ accounts }) => [createDashboardRollupSubscriber((ex, accountId) => accounts.eventScope(ex, accountId))],
});
