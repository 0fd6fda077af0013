import { accountModule } from '../modules/account/module.js';
import { areaModule } from '../modules/area/module.js';
import { attributionModule } from '../modules/attribution/module.js';
import { auditModule } from '../modules/audit/module.js';
import { contentModule } from '../modules/content/module.js';
import { creativeModule } from '../modules/creative/module.js';
import { dashboardModule } from '../modules/dashboard/module.js';
import { eventsModule } from '../modules/events/module.js';
import { financeModule } from '../modules/finance/module.js';
import { materialModule } from '../modules/material/module.js';
import { notificationModule } from '../modules/notification/module.js';
import { onboardingModule } from '../modules/onboarding/module.js';
import { orgModule } from '../modules/org/module.js';
import { paymentModule } from '../modules/payment/module.js';
import { pricingModule } from '../modules/pricing/module.js';
import { promotionModule } from '../modules/promotion/module.js';
import { reportModule } from '../modules/report/module.js';
import { settlementModule } from '../modules/settlement/module.js';
import { uploadModule } from '../modules/upload/module.js';
import { verificationModule } from '../modules/verification/module.js';
import { videoModule } from '../modules/video/module.js';
import { waitlistModule } from '../modules/waitlist/module.js';
import { apiModule } from '../plugins/module.js';

/**
 * Every module of the server: adding one is its folder (with its `module.ts`) and a line here.
 * The loader builds them in the order their needs give, whatever the order of this list.
 */
export const MODULES = [
  apiModule,
  eventsModule,
  auditModule,
  accountModule,
  areaModule,
  pricingModule,
  financeModule,
  waitlistModule,
  paymentModule,
  onboardingModule,
  uploadModule,
  orgModule,
  promotionModule,
  verificationModule,
  settlementModule,
  materialModule,
  contentModule,
  videoModule,
  dashboardModule,
  notificationModule,
  attributionModule,
  creativeModule,
  reportModule,
] as const;
