import { z } from 'zod';
import { idOf } from './fields.js';

/**
 * What worked (docs/decisions/084): per choice that made a merchant's videos (look, hook style,
 * template, language, length band, opening shot, music bed, posting hour, platform) how many
 * posts used it, their median plays by 24 hours, engagement, link visits and redemptions, and an
 * 80% interval on the typical plays that says how sure the figure is; and the best and worst
 * videos. A merchant with too few results yet is answered with its category's pooled figures,
 * and says so (`source: 'category_prior'`).
 */

export const INSIGHT_RANGES = ['30d', '90d', '365d'] as const;
export type InsightRange = (typeof INSIGHT_RANGES)[number];
export const INSIGHT_RANGE_DAYS: Record<InsightRange, number> = { '30d': 30, '90d': 90, '365d': 365 };

export const INSIGHT_DIMENSIONS = ['look', 'hook_style', 'template', 'language', 'length_band', 'opening_kind', 'music', 'posting_hour', 'platform'] as const;
export type InsightDimension = (typeof INSIGHT_DIMENSIONS)[number];

/** Whose figures: the merchant's own, the caller's merchants together, or the category's pool. */
export const INSIGHT_SOURCES = ['merchant', 'merchants', 'category_prior'] as const;
export type InsightSource = (typeof INSIGHT_SOURCES)[number];

/** Fewer measured videos than this and a merchant's own figures are too thin: the category's answer. */
export const INSIGHT_MIN_VIDEOS = 10;

/** `/v1/creative/insights/get`: one merchant, or (left out) every merchant the caller works for. */
export const insightsGetRequest = z.strictObject({
  merchant_id: idOf('creative.merchant_required').nullish(),
  range: z.enum(INSIGHT_RANGES, { error: 'validation.invalid_option' }).default('90d'),
});
export type InsightsGetRequest = z.input<typeof insightsGetRequest>;

const count = z.number().int().nonnegative();
const rate = z.number().nonnegative().nullable();

const figures = {
  posts: count,
  videos: count,
  /** Videos old enough to have plays by 24 hours. */
  measured: count,
  median_plays_24h: z.number().nullable(),
  median_plays_7d: z.number().nullable(),
  /** exp(mean of ln(1 + plays by 24 h)) − 1: what a usual video of this choice gets. */
  typical_plays_24h: z.number().nullable(),
  /** An 80% interval on the typical plays; null with fewer than two measured videos. */
  interval: z.object({ low: z.number(), high: z.number() }).nullable(),
  engagement_rate: rate,
  /** null while link visits are not counted for these posts. */
  visits: count.nullable(),
  redemptions: count.nullable(),
};

export const insightChoice = z.object({ dimension: z.enum(INSIGHT_DIMENSIONS), value: z.string(), ...figures });
export type InsightChoice = z.infer<typeof insightChoice>;

export const insightVideo = z.object({
  post_id: z.number().int(),
  platform: z.string(),
  merchant_id: z.number().int(),
  merchant_name: z.string(),
  posted_at: z.string(),
  language: z.string().nullable(),
  look: z.string().nullable(),
  hook_style: z.string().nullable(),
  template: z.string().nullable(),
  length_band: z.string().nullable(),
  opening_kind: z.string().nullable(),
  music: z.string().nullable(),
  posting_hour: z.number().int().nullable(),
  plays_24h: z.number().nullable(),
  plays_7d: z.number().nullable(),
  plays: z.number().nullable(),
  engagement_rate: rate,
  visits: count.nullable(),
  redemptions: count.nullable(),
});
export type InsightVideo = z.infer<typeof insightVideo>;

export const insights = z.object({
  source: z.enum(INSIGHT_SOURCES),
  merchant_id: z.number().int().nullable(),
  /** The merchant's category (the prior's pool), when one merchant was asked about. */
  category: z.string().nullable(),
  range: z.enum(INSIGHT_RANGES),
  since: z.string(),
  min_videos: z.number().int(),
  /** The merchant's own measured videos (0 across merchants is not a prior: it is a blank slate). */
  own_measured: count,
  /** Whether the link visits and redemptions are counted (the attribution module answers them). */
  links_counted: z.boolean(),
  /** The read took only the newest outcomes (a very wide scope): figures of those. */
  sampled: z.boolean(),
  totals: z.object(figures),
  choices: z.array(insightChoice),
  /** The merchant's (or merchants') own best and worst videos: never another merchant's, even under a prior. */
  best: z.array(insightVideo),
  worst: z.array(insightVideo),
});
export type Insights = z.infer<typeof insights>;
