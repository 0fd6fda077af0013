import { lazy } from 'react';
import { retryImport } from '../../lib/lazy-with-retry';

/**
 * The merchant's published videos and their numbers, for the merchant's dashboard (reads
 * /v1/video/mine; needs the `video` namespace). Lazy, so the chart library and the video code
 * arrive only with the dashboard that shows it, never with the shell.
 */
export const MerchantVideos = lazy(retryImport(() => import('./components/merchant-videos').then((module) => ({ default: module.MerchantVideos }))));
