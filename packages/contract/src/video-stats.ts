import { z } from 'zod';
import { id, pageOf, pageQuery } from './fields.js';
import { videoMetrics } from './video-base.js';
import { range, target } from './video-fields.js';
import { videoPost } from './video-posts.js';

// What the posts' platforms report back: plays and engagement per platform over a range.

export const videoStatsRequest = z.strictObject({
  range: range.default('all'),
  /** One post … */
  post_id: id.optional(),
  /** … or one merchant's videos; neither: everything in the caller's scope. */
  merchant_id: id.optional(),
});
export const videoStatsPoint = z.object({ date: z.string(), ...videoMetrics.shape });
export const videoStatsPlatform = z.object({
  platform: target,
  sandbox: z.boolean(),
  /** Videos published on it (in range for 7d/30d). */
  videos: z.number().int(),
  /** Growth within the range (all: the totals). */
  metrics: videoMetrics,
  /** Cumulative totals per day over the range (all: the last 90 days). */
  series: z.array(videoStatsPoint),
});
export const videoStatsResponse = z.object({
  range,
  videos: z.number().int(),
  totals: videoMetrics,
  platforms: z.array(videoStatsPlatform),
});
export type VideoStats = z.infer<typeof videoStatsResponse>;

/** The merchant's own published videos and their numbers, for its dashboard. */
export const videoMineRequest = z.strictObject({ ...pageQuery, range: range.default('all') });
export const videoMineResponse = z.object({
  stats: videoStatsResponse,
  videos: pageOf(videoPost),
});
