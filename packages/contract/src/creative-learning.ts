import { z } from 'zod';
import { HOOK_STYLES } from './creative.js';
import { idOf, isoTime } from './fields.js';

/**
 * The plan that learns (docs/decisions/085): each slot of a merchant's day takes a hook style, a
 * look, a length band and a posting hour chosen by a bandit over the merchant's results. The
 * studio may pin a choice (always taken) or ban some (never taken), per merchant.
 */

/** The renderer's looks (the server checks its library against this list). */
export const LOOK_IDS = ['street_pop', 'cafe_calm', 'headline', 'night_market', 'fresh_daily', 'bold_banner', 'editorial', 'neighbourhood', 'spotlight', 'classic'] as const;
export type LookId = (typeof LOOK_IDS)[number];
/** How long the plan makes a video: its script cut to three beats, four, or as written (up to six). */
export const PLAN_LENGTH_BANDS = ['short', 'medium', 'long'] as const;
export type PlanLengthBand = (typeof PLAN_LENGTH_BANDS)[number];
/** The posting hours a slot may ask for, in the merchant's time. */
export const PLAN_POSTING_HOURS = ['09:00', '12:00', '15:00', '18:30', '20:30'] as const;
export type PlanPostingHour = (typeof PLAN_POSTING_HOURS)[number];

export const LEARNING_DIMENSIONS = ['hook_style', 'look', 'length_band', 'posting_hour'] as const;
export type LearningDimension = (typeof LEARNING_DIMENSIONS)[number];
export const LEARNING_ARMS: Record<LearningDimension, readonly string[]> = {
  hook_style: HOOK_STYLES,
  look: LOOK_IDS,
  length_band: PLAN_LENGTH_BANDS,
  posting_hour: PLAN_POSTING_HOURS,
};

const option = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: 'validation.invalid_option' });
const banList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(option(values), { error: 'validation.invalid_option' })
    .max(values.length, { error: 'validation.too_big' })
    .refine((list) => new Set(list).size === list.length, { error: 'validation.invalid_option' })
    // Banning every arm would leave the plan nothing to make.
    .refine((list) => list.length < values.length, { error: 'creative.learning_all_banned' });

export const learningPins = z.strictObject({
  hook_style: option(HOOK_STYLES).optional(),
  look: option(LOOK_IDS).optional(),
  length_band: option(PLAN_LENGTH_BANDS).optional(),
  posting_hour: option(PLAN_POSTING_HOURS).optional(),
});
export type LearningPins = z.infer<typeof learningPins>;
export const learningBans = z.strictObject({
  hook_style: banList(HOOK_STYLES).optional(),
  look: banList(LOOK_IDS).optional(),
  length_band: banList(PLAN_LENGTH_BANDS).optional(),
  posting_hour: banList(PLAN_POSTING_HOURS).optional(),
});
export type LearningBans = z.infer<typeof learningBans>;

export const learningGetRequest = z.strictObject({ merchant_id: idOf('creative.merchant_required') });
/** Replaces the merchant's pins and bans (left out: none). */
export const learningSetRequest = z
  .strictObject({
    merchant_id: idOf('creative.merchant_required'),
    pins: learningPins.default({}),
    bans: learningBans.default({}),
  })
  .superRefine((value, ctx) => {
    for (const dimension of LEARNING_DIMENSIONS) {
      const pinned = value.pins[dimension];
      if (pinned !== undefined && (value.bans[dimension] as readonly string[] | undefined)?.includes(pinned)) {
        ctx.addIssue({ code: 'custom', message: 'creative.learning_pin_banned', path: ['pins', dimension] });
      }
    }
  });

export const learningSettings = z.object({
  merchant_id: z.number().int(),
  pins: learningPins,
  bans: learningBans,
  /** Every arm of each dimension, for the studio's picker. */
  arms: z.object({
    hook_style: z.array(z.string()),
    look: z.array(z.string()),
    length_band: z.array(z.string()),
    posting_hour: z.array(z.string()),
  }),
  update_time: isoTime.nullable(),
});
export type LearningSettings = z.infer<typeof learningSettings>;
