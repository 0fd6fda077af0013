import type { AuditService } from '../audit/service.js';
import type { EventService } from '../events/service.js';
import { defineModule } from '../module-definition.js';
import type { PaymentService } from '../payment/service.js';
import type { PricingService } from '../pricing/service.js';
import type { UploadService } from '../upload/service.js';
import { itemPageRoutes } from './item-page.js';
import { LearningService } from './learning-service.js';
import { contentRoutes } from './routes.js';
import { ContentService } from './service.js';

/** Articles, live events and landing pages; the learning center built from them. */
export const contentModule = defineModule<{ uploads: UploadService; events: EventService; audit: AuditService; payments: PaymentService; pricing: PricingService }>()({
  name: 'content',
  schemas: ['content'],
  provides: ['content', 'learning'],
  needs: ['uploads', 'events', 'audit', 'payments', 'pricing'],
  build: ({ db, config }, { uploads, events, audit, payments, pricing }) => {
    const content = new ContentService(db, uploads, events, config.PUBLIC_URL, audit);
    return { content, learning: new LearningService(db, content, uploads, payments, pricing, events, audit) };
  },
  routes: [contentRoutes, itemPageRoutes],
});
