import { lazy } from 'react';
import { retryImport } from '../../lib/lazy-with-retry';

/**
 * The production line for studio and staff (an operator reads it), as the first section of
 * /video. Needs the `creative` and `video` namespaces. Lazy: its editors and board arrive when
 * the section opens, not with the page.
 */
export const ProductionWorkspace = lazy(retryImport(() => import('./pages/production-workspace').then((module) => ({ default: module.ProductionWorkspace }))));

/**
 * The merchant's recent drafts and its brief, for its dashboard (needs the `creative` and
 * `video` namespaces). Lazy for the same reason.
 */
export const MerchantCreative = lazy(retryImport(() => import('./components/merchant-creative').then((module) => ({ default: module.MerchantCreative }))));

/**
 * The review queue across the studio's merchants, the first tab of /video for a studio and
 * staff (needs the `creative` and `video` namespaces). Lazy for the same reason.
 */
export const ReviewQueue = lazy(retryImport(() => import('./components/review-queue').then((module) => ({ default: module.ReviewQueue }))));

/**
 * What worked per choice (docs/decisions/084): the studio's panel under /video's numbers, and
 * the merchant's "what works for your shop" card on its dashboard (need the `creative` and
 * `video` namespaces). Lazy for the same reason.
 */
export const InsightsPanel = lazy(retryImport(() => import('./components/insights-panel').then((module) => ({ default: module.InsightsPanel }))));
export const WhatWorksCard = lazy(retryImport(() => import('./components/what-works-card').then((module) => ({ default: module.WhatWorksCard }))));

/**
 * What the plan learns (docs/decisions/085): one merchant's pins and bans and where each option
 * stands, beside the insights on /video (needs the `creative` namespace). Lazy for the same reason.
 */
export const LearningPanel = lazy(retryImport(() => import('./components/learning-panel').then((module) => ({ default: module.LearningPanel }))));
