import { z } from 'zod';
import { LANGUAGES } from './constants.js';
import { figure } from './dashboard.js';
import { id, pageOf, pageQuery } from './fields.js';
import { PUBLISH_TARGETS } from './video.js';

/**
 * A merchant's monthly report: what its plan bought last month. Built once per merchant and
 * month on the first of the next month in the merchant's time zone (and not before that month
 * has ended in UTC, the zone of the dashboard's days), frozen then, so a report read a year later
 * says what it said when it was mailed. The month's figures are the dashboard's for the same UTC
 * days, so the two always agree. The merchant, its operator, its studio, the agents above that
 * studio and staff may read it; the PDF is in the reader's language.
 */

/** `YYYY-MM`: a calendar month. */
export const REPORT_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** How many videos the report lists by the plays they gained in the month. */
export const REPORT_TOP_VIDEOS = 5;

/** How many videos the report lists by the link visits they brought in the month. */
export const REPORT_TOP_VISIT_VIDEOS = 5;

/** What "what the plan learned" compares: the plan's learner's dimensions. */
export const REPORT_LESSON_DIMENSIONS = ['hook', 'look', 'length', 'hour'] as const;

export const monthlyReportListRequest = z.strictObject({
  /** One merchant's reports; without it, the reports of every merchant the caller may read. */
  merchant_id: id.optional(),
  ...pageQuery,
});

/** A nullable count: null when no platform reported the metric (shown as not available, never 0). */
const metric = z.number().int().nullable();
const metricFigure = z.object({ value: metric, previous: metric });

export const monthlyReportSummary = z.object({
  id,
  merchant_id: id,
  merchant_name: z.string(),
  /** `YYYY-MM`. */
  month: z.string(),
  /** The merchant's language when it was built: the language it was mailed in. */
  language: z.enum(LANGUAGES),
  videos_published: z.number().int(),
  plays: z.number().int(),
  /** The plan's price for a month over the month's plays, per thousand; null without plays or plan. */
  cost_per_thousand_cents: z.number().int().nullable(),
  create_time: z.string(),
});
export type MonthlyReportSummary = z.infer<typeof monthlyReportSummary>;

export const monthlyReportListResponse = pageOf(monthlyReportSummary);
export type MonthlyReportList = z.infer<typeof monthlyReportListResponse>;

export const monthlyReportGetRequest = z.strictObject({
  id,
  /** The PDF's language; the request's language by default. */
  language: z.enum(LANGUAGES, { error: 'validation.invalid_option' }).optional(),
});

export const monthlyReportPlatform = z.object({
  platform: z.enum(PUBLISH_TARGETS),
  /** Videos that went out on this platform in the month. */
  videos: z.number().int(),
  plays: metric,
  likes: metric,
  comments: metric,
  shares: metric,
});
export type MonthlyReportPlatform = z.infer<typeof monthlyReportPlatform>;

export const monthlyReportVideo = z.object({
  post_id: id,
  title: z.string(),
  platforms: z.array(z.enum(PUBLISH_TARGETS)),
  /** Plays gained in the month, over all its platforms. */
  plays: z.number().int(),
  likes: metric,
  cover_url: z.string().nullable(),
  /**
   * Counted visits of its short link on the month's days, and redemptions recorded through it in
   * the month; null in a report built before the report counted them.
   */
  visits: metric,
  redemptions: metric,
});
export type MonthlyReportVideo = z.infer<typeof monthlyReportVideo>;

/**
 * One thing the plan learned in the month, from the merchant's own videos of the month (the
 * post outcomes the insights read): the choice whose videos had the most typical plays by 24
 * hours against the best other choice with enough videos, when it did clearly better.
 */
export const monthlyReportLesson = z.object({
  dimension: z.enum(REPORT_LESSON_DIMENSIONS),
  /** A hook style, a look's id, a length band (`short`, `medium`, `long`) or an `HH:MM` posting hour. */
  value: z.string(),
  /** The best other choice of the dimension, the one it is compared with. */
  versus: z.string(),
  /** Typical plays by 24 hours of `value`'s videos over `versus`'s, to one decimal (at least 1.1). */
  ratio: z.number(),
  videos: z.number().int(),
  versus_videos: z.number().int(),
  /** The finding in words, in the language of the report's PDF. */
  text: z.string(),
});
export type MonthlyReportLesson = z.infer<typeof monthlyReportLesson>;

export const monthlyReport = monthlyReportSummary.extend({
  /** The month's first and last UTC day, and the month before's. */
  period: z.object({ from: z.string(), to: z.string(), previous_from: z.string(), previous_to: z.string() }),
  plan: z.object({ name: z.string(), price_cents: z.number().int() }).nullable(),
  videos: figure,
  plays_figure: figure,
  likes: metricFigure,
  comments: metricFigure,
  shares: metricFigure,
  previous_cost_per_thousand_cents: z.number().int().nullable(),
  platforms: z.array(monthlyReportPlatform),
  top: z.array(monthlyReportVideo),
  /*
   * What the money bought: the month's short-link visits (UTC days) and redemptions over all the
   * merchant's links, and the plan's month price over each (null without a plan or any). All
   * four are null in a report built before the report counted them.
   */
  visits: metric,
  redemptions: metric,
  cost_per_visit_cents: z.number().int().nullable(),
  cost_per_redemption_cents: z.number().int().nullable(),
  /** The videos that brought the most link visits in the month (null: built before they were counted). */
  top_by_visits: z.array(monthlyReportVideo).nullable(),
  /** What the plan learned this month (null: built before the report said; empty: nothing clear yet). */
  lessons: z.array(monthlyReportLesson).nullable(),
  /** What the studio did for the merchant in the month. */
  work: z.object({
    /** Distinct materials the month's new videos were made from. */
    materials_used: z.number().int(),
    /** Videos made for the merchant (posts created) in the month. */
    videos_made: z.number().int(),
    /** Videos the merchant approved in the month. */
    approvals: z.number().int(),
  }),
  pdf: z.object({ url: z.string(), expires_at: z.string(), file_name: z.string(), language: z.enum(LANGUAGES) }),
});
export type MonthlyReport = z.infer<typeof monthlyReport>;
