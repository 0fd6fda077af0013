import type { AccountService } from '../account/service.js';
import type { AuditService } from '../audit/service.js';
import { defineModule } from '../module-definition.js';
import { areaRoutes } from './routes.js';
import { AreaService } from './service.js';

/** States, cities and zones, and who holds a place in each. */
export const areaModule = defineModule<{ accounts: AccountService; audit: AuditService }>()({
  name: 'area',
  schemas: ['area'],
  provides: ['areas'],
  needs: ['accounts', 'audit'],
  build: ({ db }, { accounts, audit }) => ({ areas: new AreaService(db, accounts, audit) }),
  routes: [areaRoutes],
});
