import { createPaymentProvider } from '../../adapters/payments/index.js';
import type { AccountService } from '../account/service.js';
import type { AreaService } from '../area/service.js';
import type { EventService } from '../events/service.js';
import type { FinanceService } from '../finance/service.js';
import { defineModule } from '../module-definition.js';
import type { PricingService } from '../pricing/service.js';
import type { WaitlistService } from '../waitlist/service.js';
import { paymentRoutes } from './routes.js';
import { PaymentService } from './service.js';

/** Checkouts, the provider's webhooks and the orders they fulfil. */
export const paymentModule = defineModule<{
  accounts: AccountService;
  pricing: PricingService;
  areas: AreaService;
  events: EventService;
  finance: FinanceService;
  waitlist: WaitlistService;
}>()({
  name: 'payment',
  schemas: ['payment'],
  // The sandbox provider keeps its checkout sessions beside the payments, as a real provider would on its side.
  shares: { payment: ['adapters/payments'] },
  provides: ['payments'],
  needs: ['accounts', 'pricing', 'areas', 'events', 'finance', 'waitlist'],
  build: ({ db, config }, needs) => ({
    payments: new PaymentService(
      db,
      createPaymentProvider(config, db),
      needs.accounts,
      needs.pricing,
      needs.areas,
      { publicUrl: config.PUBLIC_URL, holdMinutes: config.CHECKOUT_HOLD_MINUTES },
      needs.events,
      needs.finance,
      needs.waitlist,
    ),
  }),
  routes: [paymentRoutes],
});
