/**
 * Video publishing (spec §1, §2 /video, §3 video publish data, §4 video review, §7
 * /v1/base/video, §9 platforms and ranges; docs/decisions/032–035). A studio or an operator
 * connects a merchant's accounts, composes a post from one final video with captions in up to
 * three languages, optionally asks the merchant to approve it through a review link, and the
 * post becomes one publish job per platform whose statuses and statistics everyone in scope
 * reads.
 */
export * from './video-base.js';
export * from './video-connections.js';
export * from './video-posts.js';
export * from './video-stats.js';
export * from './video-review.js';
