import { decodeKey } from '../../config.js';
import type { AccountService } from '../account/service.js';
import type { AuditService } from '../audit/service.js';
import type { EventService } from '../events/service.js';
import { defineModule } from '../module-definition.js';
import type { UploadService } from '../upload/service.js';
import { verificationRoutes } from './routes.js';
import { VerificationService } from './service.js';

/** Studios' and agents' payout details and identity, sealed, and staff's review of them. */
export const verificationModule = defineModule<{ accounts: AccountService; uploads: UploadService; events: EventService; audit: AuditService }>()({
  name: 'verification',
  schemas: ['verification'],
  provides: ['verification'],
  needs: ['accounts', 'uploads', 'events', 'audit'],
  // Payout details are sealed under the configured key (config.ts refuses a malformed one).
  build: ({ db, config }, { accounts, uploads, events, audit }) => ({
    verification: new VerificationService(db, accounts, uploads, events, decodeKey(config.PAYOUT_DETAILS_KEY)!, audit),
  }),
  routes: [verificationRoutes],
});
