import { lazy } from 'react';
import { retryImport } from '../../lib/lazy-with-retry';

/**
 * The merchant's published videos and their numbers, for the merchant's dashboard (reads
 * /v1/video/mine; needs the `video` namespace). Lazy, so the chart library and the video code
 * arrive only with the dashboard that shows it, never with the shell.
 */
export const MerchantVideos = lazy(retryImport(() => import('./components/merchant-videos').then((module) => ({ default: module.MerchantVideos }))));
/**
 * What waits for the merchant's approval, for its dashboard above its videos, and the review
 * drawer its notifications open (`/dashboard?post=<id>`). Lazy for the same reason.
 */
export const MerchantApprovals = lazy(retryImport(() => import('./components/merchant-approvals').then((module) => ({ default: module.MerchantApprovals }))));
/**
 * A video file's player (signed URL and poster given), for other features that show a video of
 * their own: the production line's drafts. Small and free of the chart library, so static.
 */
export { PlayerView } from './components/video-player';
