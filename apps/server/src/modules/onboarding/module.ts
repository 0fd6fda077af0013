import type { AccountService } from '../account/service.js';
import type { AreaService } from '../area/service.js';
import { defineModule } from '../module-definition.js';
import { onboardingRoutes } from './routes.js';
import { OnboardingService } from './service.js';

/** The settle-in and contact forms of new accounts. */
export const onboardingModule = defineModule<{ accounts: AccountService; areas: AreaService }>()({
  name: 'onboarding',
  schemas: ['onboarding'],
  provides: ['onboarding'],
  needs: ['accounts', 'areas'],
  build: ({ db }, { accounts, areas }) => ({ onboarding: new OnboardingService(db, accounts, areas) }),
  routes: [onboardingRoutes],
});
