import { defineModule } from '../module-definition.js';
import { createDashboardRollupSubscriber } from './rollup-subscriber.js';
import { dashboardRoutes } from './routes.js';
import { DashboardService, type DashboardSources } from './service.js';

/** The dashboards of every role, read from daily rollups its subscriber keeps. */
export const dashboardModule = defineModule<DashboardSources>()({
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
