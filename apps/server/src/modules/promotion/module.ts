import type { AccountService } from '../account/service.js';
import { defineModule } from '../module-definition.js';
import type { ReferralService } from '../org/referral-service.js';
import { promotionRoutes } from './routes.js';
import { PromotionService } from './service.js';

/** Each account's promotion link and QR code, and the visits and sign-ups they bring. */
export const promotionModule = defineModule<{ referrals: ReferralService; accounts: AccountService }>()({
  name: 'promotion',
  schemas: ['promotion'],
  provides: ['promotion'],
  needs: ['referrals', 'accounts'],
  build: ({ db, config }, { referrals, accounts }) => ({ promotion: new PromotionService(db, config.PUBLIC_URL, referrals, accounts) }),
  routes: [promotionRoutes],
  jobs: ({ promotion }, { log }) => promotion.jobDefinitions(log),
  subscribers: ({ promotion }) => [promotion.subscriber()],
});
