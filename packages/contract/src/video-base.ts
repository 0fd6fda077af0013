import { z } from 'zod';
import { PUBLISH_PLATFORMS, type VIDEO_RANGES } from './constants.js';

// The vocabulary of video publishing (video.ts): where a post goes, the states it and its jobs
// pass through, its limits and its numbers.

/** Where a post can go: spec §9's platforms, plus the embedded sandbox that stands in for them. */
export const PUBLISH_TARGETS = [...PUBLISH_PLATFORMS, 'sandbox'] as const;
export type PublishTargetName = (typeof PUBLISH_TARGETS)[number];

/** Platform names as the platforms write them: the same in every language. */
export const PLATFORM_NAMES: Record<PublishTargetName, string> = {
  tiktok: 'TikTok',
  youtube: 'YouTube',
  bilibili: 'Bilibili',
  instagram: 'Instagram',
  weibo: 'Weibo',
  pinterest: 'Pinterest',
  vk: 'VK',
  kuaishou: 'Kuaishou',
  facebook: 'Facebook',
  sandbox: 'Sandbox',
};
export type VideoRange = (typeof VIDEO_RANGES)[number];

/** `api`: uploaded through the platform's API; `assisted`: posted by hand, its link pasted here. */
export const PUBLISH_MODES = ['api', 'assisted'] as const;

/**
 * A merchant's connection on one platform as the dashboard's "platform connection status"
 * shows it. `expiring`: connected, but the grant ends within CONNECTION_EXPIRING_DAYS and cannot
 * be refreshed without the merchant; `needs_reconnect`: the platform ended the grant.
 */
export const CONNECTION_STATES = ['connected', 'expiring', 'needs_reconnect', 'not_connected'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];
export const CONNECTION_EXPIRING_DAYS = 7;

/**
 * One platform's publish job. queued → uploading → reviewing (processing or moderation) →
 * published (spec "publish success") → approved (spec "all approved": public), or failed with
 * the platform's reason; unknown: the outcome of a call is not known yet and is being checked.
 */
export const PUBLISH_JOB_STATES = ['queued', 'uploading', 'reviewing', 'published', 'approved', 'failed', 'unknown'] as const;
export type PublishJobState = (typeof PUBLISH_JOB_STATES)[number];

/**
 * A post's own status. draft: saved, not yet submitted; scheduled: waits for its time (and its
 * approval); publishing: its jobs are running; done: every job reached approved or failed;
 * cancelled before it went out.
 */
export const VIDEO_POST_STATUSES = ['draft', 'scheduled', 'publishing', 'done', 'cancelled'] as const;
export type VideoPostStatus = (typeof VIDEO_POST_STATUSES)[number];

/** The merchant's approval of a post (a post pending approval publishes only once approved). */
export const VIDEO_APPROVALS = ['not_required', 'pending', 'approved', 'changes_requested'] as const;
export type VideoApproval = (typeof VIDEO_APPROVALS)[number];

/** Caption languages (spec §1: English, Spanish, Chinese). */
export const CAPTION_LANGUAGES = ['en', 'es', 'zh'] as const;
export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number];

/** Spec §3 video publish data. */
export const VIDEO_METRICS = ['plays', 'likes', 'comments', 'shares', 'collections'] as const;
export type VideoMetric = (typeof VIDEO_METRICS)[number];

export const VIDEO_TITLE_MAX = 100;
export const VIDEO_CAPTION_MAX = 2200;
export const VIDEO_HASHTAG_MAX = 50;
export const VIDEO_HASHTAGS_MAX = 30;
export const VIDEO_COMMENT_MAX = 1000;
/** How long a review link stays valid unless the studio says otherwise (hours). */
export const REVIEW_LINK_HOURS_DEFAULT = 72;
export const REVIEW_LINK_HOURS_MAX = 24 * 14;
/** A review link's public page in the web app; the token follows. */
export const REVIEW_PATH = '/review';
/** Where a platform sends the browser back after authorization (a web page that calls `connectCallback`). */
export const VIDEO_OAUTH_CALLBACK_PATH = '/video/connected';

/** A metric a platform does not give is null (shown as not available), never 0. */
export const videoMetrics = z.object({
  plays: z.number().int().nullable(),
  likes: z.number().int().nullable(),
  comments: z.number().int().nullable(),
  shares: z.number().int().nullable(),
  collections: z.number().int().nullable(),
});
export type VideoMetrics = z.infer<typeof videoMetrics>;
