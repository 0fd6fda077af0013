import { z } from 'zod';
import { id, idOf, isoTime, optionalText, plainString } from './fields.js';
import { COUPON_CODE, COUPON_CODE_MAX } from './attribution.js';
import { BRIEF_LIMITS, BUSINESS_CATEGORIES, MUSIC_CHOICES, SCRIPT_LANGUAGES, SCRIPT_TONES, VOICE_ENGINES, scriptLanguagesField } from './creative-base.js';

/** The creative brief: who the merchant is and how its videos should sound and look (creative.ts). */

/** A colour as #RRGGBB. */
const color = plainString({ error: 'creative.color_invalid' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'creative.color_invalid' })
  .transform((value) => value.toLowerCase());

// ---- A brief in every language (docs/decisions/077) ------------------------------------------

/** The brief's texts written once per video language: each language's videos use only their own. */
export const LOCALIZED_BRIEF_FIELDS = ['hours', 'offer', 'call_to_action'] as const;
export type LocalizedBriefField = (typeof LOCALIZED_BRIEF_FIELDS)[number];
export const localizedText = z.object({ en: z.string(), es: z.string(), zh: z.string() });
export type LocalizedText = z.infer<typeof localizedText>;
export const briefTranslated = z.object({
  hours: z.array(z.enum(SCRIPT_LANGUAGES)),
  offer: z.array(z.enum(SCRIPT_LANGUAGES)),
  call_to_action: z.array(z.enum(SCRIPT_LANGUAGES)),
});
export type BriefTranslated = z.infer<typeof briefTranslated>;

/**
 * A per-language text in an update: the languages sent change, the others stay. A plain string
 * (what clients sent before texts were per language) goes to the language it is written in.
 */
function localizedUpdate(max: number) {
  const text = optionalText(max);
  return z.union([text, z.strictObject({ en: text.optional(), es: text.optional(), zh: text.optional() })], { error: 'validation.invalid_option' });
}
export type LocalizedUpdate = string | Partial<LocalizedText>;

// ---- end of the per-language brief block -------------------------------------------------------

/** The creative brief: who the merchant is and how its videos should sound and look. */
export const brief = z.object({
  merchant_id: z.number().int(),
  merchant_name: z.string(),
  shop_name: z.string(),
  category: z.enum(BUSINESS_CATEGORIES),
  address: z.string(),
  phone: z.string(),
  /** Opening hours as each language writes them; an empty language is left out of its videos. */
  hours: localizedText,
  /** This month's offer, e.g. "20% off every Tuesday", per language; may be empty. */
  offer: localizedText,
  /** What the viewer should do, e.g. "Book your table today", per language; empty means the category's own. */
  call_to_action: localizedText,
  /** Which languages of each per-language text a language model filled in (editable like any other). */
  translated: briefTranslated,
  /** The page the end card's QR code opens; empty means the shop's address on a map. */
  link: z.string(),
  /** A coupon the videos offer ("say TACO5 at the counter"), shown on their posts; '' for none (docs/decisions/083). */
  coupon_code: z.string().optional(),
  tone: z.enum(SCRIPT_TONES),
  brand_colors: z.object({ primary: z.string(), accent: z.string() }),
  /** An image material of the merchant shown on the end card; null for the shop name alone. */
  logo_footage_id: z.number().int().nullable(),
  music: z.enum(MUSIC_CHOICES),
  /** The audio material used when `music` is `library`. */
  music_footage_id: z.number().int().nullable(),
  voice: z.enum(VOICE_ENGINES),
  languages: z.array(z.enum(SCRIPT_LANGUAGES)),
  update_time: isoTime.nullable(),
});
export type Brief = z.infer<typeof brief>;

export const briefGetRequest = z.strictObject({ merchant_id: idOf('creative.merchant_required') });

export const briefUpdateRequest = z
  .strictObject({
    merchant_id: idOf('creative.merchant_required'),
    shop_name: plainString().trim().min(1, { error: 'creative.shop_name_required' }).max(BRIEF_LIMITS.shopName, { error: 'validation.too_long' }).optional(),
    category: z.enum(BUSINESS_CATEGORIES, { error: 'validation.invalid_option' }).optional(),
    address: optionalText(BRIEF_LIMITS.address).optional(),
    phone: optionalText(BRIEF_LIMITS.phone).optional(),
    hours: localizedUpdate(BRIEF_LIMITS.hours).optional(),
    offer: localizedUpdate(BRIEF_LIMITS.offer).optional(),
    call_to_action: localizedUpdate(BRIEF_LIMITS.callToAction).optional(),
    link: optionalText(BRIEF_LIMITS.link)
      .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), { error: 'creative.link_invalid' })
      .optional(),
    coupon_code: optionalText(COUPON_CODE_MAX)
      .refine((value) => value === '' || COUPON_CODE.test(value), { error: 'attribution.coupon_invalid' })
      .optional(),
    tone: z.enum(SCRIPT_TONES, { error: 'validation.invalid_option' }).optional(),
    brand_colors: z.strictObject({ primary: color, accent: color }).optional(),
    logo_footage_id: id.nullable().optional(),
    music: z.enum(MUSIC_CHOICES, { error: 'validation.invalid_option' }).optional(),
    music_footage_id: id.nullable().optional(),
    voice: z.enum(VOICE_ENGINES, { error: 'validation.invalid_option' }).optional(),
    languages: scriptLanguagesField.optional(),
    /**
     * True saves per-language texts even where one reads as another language than its slot's
     * (a dish name, a bilingual line); otherwise such a text is refused with
     * creative.brief_language_mismatch naming the field and the language.
     */
    confirm_languages: z.boolean({ error: 'validation.expected_boolean' }).optional(),
  })
  .refine((value) => value.music !== 'library' || value.music_footage_id !== null, {
    error: 'creative.music_material_required',
    path: ['music_footage_id'],
  });
