import { defineModule } from '../module-definition.js';
import { auditRoutes } from './routes.js';
import { AuditService } from './service.js';

/** The staff audit log, written by each module in the transaction of the change (decision 059). */
export const auditModule = defineModule()({
  name: 'audit',
  schemas: ['audit'],
  provides: ['audit'],
  needs: [],
  build: ({ db }) => ({ audit: new AuditService(db) }),
  routes: [auditRoutes],
});
