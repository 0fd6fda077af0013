/**
 * The whole schema, one file per owning module under schema/: a table belongs to the module
 * named by its file, and only that module's repository writes it (docs/decisions).
 */
export * from './schema/account.js';
export * from './schema/area.js';
export * from './schema/content.js';
export * from './schema/events.js';
export * from './schema/finance.js';
export * from './schema/idempotency.js';
export * from './schema/onboarding.js';
export * from './schema/payment.js';
export * from './schema/pricing.js';
export * from './schema/settlement.js';
export * from './schema/sign-in-throttle.js';
export * from './schema/upload.js';
export * from './schema/verification.js';
export * from './schema/material.js';
export * from './schema/video.js';
export * from './schema/creative.js';
export * from './schema/creative-outcomes.js';
export * from './schema/creative-learning.js';
export * from './schema/dashboard.js';
export * from './schema/notification.js';
export * from './schema/audit.js';
export * from './schema/waitlist.js';
export * from './schema/promotion.js';
export * from './schema/report.js';
export * from './schema/attribution.js';
export * from './schema/rate-limit.js';
