import { z } from 'zod';
import { HOOK_STYLES, SCRIPT_LANGUAGES } from './creative.js';
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

/**
 * Where an arm stands for the planner: pinned (every slot takes it), held (another arm is
 * pinned), banned (by the studio), off (left out by the plan itself: an opening on the offer
 * while the brief has none), in_draw (competes in the day's draws).
 */
export const LEARNING_ARM_STATES = ['pinned', 'held', 'banned', 'off', 'in_draw'] as const;
export type LearningArmState = (typeof LEARNING_ARM_STATES)[number];

/** A figure of the learner's reward scale with its 80 % credible interval. */
const credible = z.object({ mean: z.number(), low: z.number(), high: z.number() });

/** What the learner believes of one arm in one language (docs/decisions/085). */
export const learningArmBelief = z.object({
  arm: z.string(),
  state: z.enum(LEARNING_ARM_STATES),
  /** The merchant's own posts in this language with this arm (the learning window). */
  posts: z.number().int(),
  /** Posts of the category's other merchants behind the prior (worth at most a few own posts). */
  pool_posts: z.number().int(),
  /** Posterior of the arm's mean reward: log ratio to the merchant's typical post (0 ordinary, +0.7 about twice as good). */
  reward: credible,
  /** The same as a plain ratio: × the merchant's typical post (exp of the reward). */
  ratio: credible,
  /** Share of the seeded posterior draws in which this arm is the best allowed one (0 when not in the draw; 1 when pinned). */
  p_best: z.number(),
  /** The exploration floor makes the day try this arm (not tried for `exploreDays` days, or never). */
  exploring: z.boolean(),
  /** Days since the merchant last tried the arm, in any language (null: never). */
  days_since_tried: z.number().int().nullable(),
});
export type LearningArmBelief = z.infer<typeof learningArmBelief>;

export const learningLanguageBeliefs = z.object({
  language: z.enum(SCRIPT_LANGUAGES),
  /** The plan's slots a day in this language (0: only past posts in it). */
  slots: z.number().int(),
  /** The merchant's own posts counted in this language. */
  posts: z.number().int(),
  dimensions: z.object({
    hook_style: z.array(learningArmBelief),
    look: z.array(learningArmBelief),
    length_band: z.array(learningArmBelief),
    posting_hour: z.array(learningArmBelief),
  }),
});
export type LearningLanguageBeliefs = z.infer<typeof learningLanguageBeliefs>;

/** The learner's own beliefs, per language it learns in; `p_best` is drawn with a seed of the merchant and `day`. */
export const learningBeliefs = z.object({
  day: z.string(),
  draws: z.number().int(),
  window_days: z.number().int(),
  languages: z.array(learningLanguageBeliefs),
});
export type LearningBeliefs = z.infer<typeof learningBeliefs>;

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
  /** What the learner itself believes (learning/get; learning/set answers it too). */
  beliefs: learningBeliefs,
});
export type LearningSettings = z.infer<typeof learningSettings>;
