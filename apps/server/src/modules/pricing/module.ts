import type { AuditService } from '../audit/service.js';
import { defineModule } from '../module-definition.js';
import { pricingRoutes } from './routes.js';
import { PricingService } from './service.js';

/** The plans and their prices, as super sets them. */
export const pricingModule = defineModule<{ audit: AuditService }>()({
  name: 'pricing',
  schemas: ['pricing'],
  provides: ['pricing'],
  needs: ['audit'],
  build: ({ db }, { audit }) => ({ pricing: new PricingService(db, audit) }),
  routes: [pricingRoutes],
});
