import { z } from 'zod';
import { PACKAGE_TYPES } from './constants.js';
import { CLIENT_ONLY, PAYING, STUDIO_ONLY, type Role } from './roles.js';
import { id, integer, isoTime, keyword, optionalText, pageOf, pageQuery, plainString, requiredText } from './fields.js';

/**
 * Who may buy which package type: a business plan the merchant, a studio plan the studio, an
 * add-on either. The server's checkout refuses anyone else ('422'); the web shows why first.
 */
export const PACKAGE_BUYERS: Record<(typeof PACKAGE_TYPES)[number], readonly Role[]> = {
  business: CLIENT_ONLY,
  studio: STUDIO_ONLY,
  addon: PAYING,
};

export const PACKAGE_STATUSES = ['enabled', 'disabled'] as const;
const MAX_PRICE_CENTS = 100_000_000;

const cents = (max = MAX_PRICE_CENTS) =>
  z
    .number({ error: 'validation.expected_number' })
    .int({ error: 'validation.expected_number' })
    .min(0, { error: 'validation.too_small' })
    .max(max, { error: 'validation.too_big' });
const colour = (fallback: string) =>
  plainString()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'pricing.colour_invalid' })
    .default(fallback);

/**
 * A package's words in one language (decision 020): its name, tag and feature lines. English
 * is the package's own columns; Chinese and Spanish are optional translations of them.
 */
export const packageTexts = z.strictObject({
  name: optionalText(100).default(''),
  tag: optionalText(40).default(''),
  features: z.array(plainString().trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.too_long' })).max(20).default([]),
});
export type PackageTexts = z.output<typeof packageTexts>;
export const packageTranslations = z.strictObject({ zh: packageTexts.optional(), es: packageTexts.optional() });
export type PackageTranslations = z.output<typeof packageTranslations>;

/**
 * A pricing package (spec §3): prices are USD cents per 30 days. `discount_cents` is the
 * first-purchase discount, taken off once per user (spec §9; decision 008).
 */
export const pricePackage = z.object({
  id,
  name: z.string(),
  tag: z.string(),
  type: z.enum(PACKAGE_TYPES),
  base_price_cents: z.number().int(),
  actual_price_cents: z.number().int(),
  discount_cents: z.number().int(),
  monthly_credits: z.number().int(),
  button_color: z.string(),
  check_color: z.string(),
  gradient_start: z.string(),
  gradient_end: z.string(),
  learning_course: z.string(),
  features: z.array(z.string()),
  status: z.enum(PACKAGE_STATUSES),
  sort_order: z.number().int(),
  create_time: isoTime,
  /** What this caller would pay for one period now, with the first-purchase discount if it still applies. */
  payable_cents: z.number().int(),
  first_purchase: z.boolean(),
  /**
   * `name`, `tag` and `features` above are in the request's language, each falling back to
   * English on its own; these are the stored words of every language, for the package form.
   */
  texts: z.object({ en: packageTexts, zh: packageTexts, es: packageTexts }),
});
export type PricePackage = z.infer<typeof pricePackage>;

const packageFields = {
  name: requiredText('pricing.name_required', 100),
  tag: optionalText(40).default(''),
  type: z.enum(PACKAGE_TYPES, { error: 'validation.invalid_option' }),
  base_price_cents: cents(),
  actual_price_cents: cents(),
  discount_cents: cents().default(0),
  monthly_credits: integer(0, 1_000_000).default(0),
  button_color: colour('#7c5cff'),
  check_color: colour('#22d3ee'),
  gradient_start: colour('#7c5cff'),
  gradient_end: colour('#22d3ee'),
  learning_course: optionalText(200).default(''),
  features: z.array(plainString().trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.too_long' })).max(20).default([]),
  status: z.enum(PACKAGE_STATUSES, { error: 'validation.invalid_option' }).default('enabled'),
  sort_order: integer(0, 10_000).default(0),
  translations: packageTranslations.default({}),
};

function pricesConsistent(value: { base_price_cents?: number; actual_price_cents?: number; discount_cents?: number }, ctx: z.RefinementCtx) {
  if (value.base_price_cents !== undefined && value.actual_price_cents !== undefined && value.actual_price_cents > value.base_price_cents) {
    ctx.addIssue({ code: 'custom', path: ['actual_price_cents'], message: 'pricing.actual_above_base' });
  }
  if (value.actual_price_cents !== undefined && value.discount_cents !== undefined && value.discount_cents > value.actual_price_cents) {
    ctx.addIssue({ code: 'custom', path: ['discount_cents'], message: 'pricing.discount_too_big' });
  }
}

export const priceAddRequest = z.strictObject(packageFields).superRefine(pricesConsistent);
/**
 * An update changes only the fields it sends. The add defaults are dropped here: zod applies a
 * default under `.optional()`, which would reset every field left out (a status switch sending
 * `{id, status}` would wipe the tag, discount, credits, colours and features).
 */
const withoutDefault = (schema: z.ZodType): z.ZodType => (schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema);
export const priceUpdateRequest = z
  .strictObject({
    id,
    ...Object.fromEntries(Object.entries(packageFields).map(([key, schema]) => [key, withoutDefault(schema).optional()])),
  } as { id: typeof id } & { [K in keyof typeof packageFields]: z.ZodOptional<(typeof packageFields)[K]> })
  .superRefine(pricesConsistent);
export const priceListRequest = z.strictObject({
  ...pageQuery,
  type: z.enum(PACKAGE_TYPES, { error: 'validation.invalid_option' }).optional(),
  status: z.enum(PACKAGE_STATUSES, { error: 'validation.invalid_option' }).optional(),
  keyword: keyword().optional(),
});
export const priceListResponse = pageOf(pricePackage);
export const priceByIdRequest = z.strictObject({ id });
