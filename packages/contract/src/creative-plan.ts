import { z } from 'zod';
import { id, idOf, integer, isoDate, isoDateTime, isoTime, plainString } from './fields.js';
import { PUBLISH_TARGETS } from './video.js';
import { type ScriptLanguage } from './creative-base.js';
import { DRAFT_REASON_MAX, render } from './creative-render.js';

/** The daily plan, which makes a merchant's day of videos on its own, and the studio's decision on each draft (creative.ts). */

// The daily plan

export const PLAN_PER_DAY_MAX = 10;
export const PLAN_DEFAULT_MIX: Record<ScriptLanguage, number> = { en: 2, es: 2, zh: 1 };

const mixCount = integer(0, PLAN_PER_DAY_MAX);
export const planMix = z.strictObject({ en: mixCount, es: mixCount, zh: mixCount });

export const plan = z.object({
  merchant_id: z.number().int(),
  enabled: z.boolean(),
  /** How many of each language a day; their sum is the videos a day. */
  mix: planMix,
  per_day: z.number().int(),
  /** Drafts wait for the studio's approval; off, they become posts as soon as they are rendered. */
  studio_review: z.boolean(),
  /** Posts wait for the merchant's approval through its review link. */
  merchant_approval: z.boolean(),
  /** The hour (merchant's time) the day's run starts. */
  run_hour: z.number().int(),
  time_zone: z.string(),
  last_run_date: z.string().nullable(),
  update_time: isoTime.nullable(),
});
export type Plan = z.infer<typeof plan>;

export const planGetRequest = z.strictObject({ merchant_id: idOf('creative.merchant_required') });
export const planUpdateRequest = z
  .strictObject({
    merchant_id: idOf('creative.merchant_required'),
    enabled: z.boolean({ error: 'validation.expected_boolean' }).optional(),
    mix: planMix.optional(),
    studio_review: z.boolean({ error: 'validation.expected_boolean' }).optional(),
    merchant_approval: z.boolean({ error: 'validation.expected_boolean' }).optional(),
    run_hour: integer(0, 23).optional(),
  })
  .refine((value) => !value.mix || value.mix.en + value.mix.es + value.mix.zh <= PLAN_PER_DAY_MAX, {
    error: 'creative.plan_too_many',
    path: ['mix'],
  })
  .refine((value) => !value.mix || value.mix.en + value.mix.es + value.mix.zh >= 1, { error: 'creative.plan_empty', path: ['mix'] });

export const planRunRequest = z.strictObject({ merchant_id: idOf('creative.merchant_required'), date: isoDate });
export const planRunResponse = z.object({
  merchant_id: z.number().int(),
  date: z.string(),
  /** False when the day had already run or another run is making it: this call started nothing. */
  created: z.boolean(),
  /**
   * True while the day's scripts are being written (in the background: a language model may take
   * its time); its renders appear as they are queued, and `renders` lists those already there.
   */
  preparing: z.boolean(),
  renders: z.array(render),
});

// ---------------------------------------------------------------------------------------------
// Drafts

export const draftApproveRequest = z.strictObject({
  id,
  /** Where it goes; left out, every platform the merchant has connected (the sandbox when none). */
  platforms: z
    .array(z.enum(PUBLISH_TARGETS, { error: 'validation.invalid_option' }), { error: 'validation.invalid_option' })
    .min(1, { error: 'video.platforms_required' })
    .max(PUBLISH_TARGETS.length, { error: 'validation.too_big' })
    .optional(),
  /** When; left out, the next free slot of the day at sensible hours in the merchant's time. */
  schedule_at: isoDateTime.nullable().optional(),
  /** Ask the merchant to approve the post first; left out, as the plan says. */
  require_approval: z.boolean({ error: 'validation.expected_boolean' }).optional(),
});
export const draftRejectRequest = z.strictObject({
  id,
  reason: plainString({ multiline: true })
    .trim()
    .min(1, { error: 'creative.reason_required' })
    .max(DRAFT_REASON_MAX, { error: 'validation.too_long' }),
  /** Send the reason to the merchant too; left out, it stays the studio's own note. */
  share_with_merchant: z.boolean({ error: 'validation.expected_boolean' }).optional(),
});
