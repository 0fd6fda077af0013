import { z } from 'zod';
import { id, requiredText } from './fields.js';
import { isOneOf } from './one-of.js';

/**
 * Promotion attribution: what a promotion link and its QR code bring, per day. A visit is one
 * visitor (not a request) per link and day; bots are not counted; addresses are never stored.
 * Signups are the accounts registered through the link, paid the ones whose first payment
 * followed, commission what the link's owner earned from those accounts' payments.
 */
export const PROMOTION_SOURCES = ['link', 'qr'] as const;
export type PromotionSource = (typeof PROMOTION_SOURCES)[number];

/** The query parameter a QR code adds to the link, so a scan is told apart from a click. */
export const PROMOTION_QR_PARAM = 'src';

/** The days a funnel covers, ending today (UTC). */
export const PROMOTION_STATS_DAYS = [7, 30, 90] as const;

/** A landing with `?ref=` tells the server a visitor arrived; answered the same whether counted or not. */
export const promotionVisitRequest = z.strictObject({
  code: requiredText('validation.required', 32),
  source: z.enum(PROMOTION_SOURCES, { error: 'validation.invalid_option' }).default('link'),
});

/** Staff may read any agent's or studio's funnel; the others read their own. */
export const promotionStatsRequest = z.strictObject({
  account_id: id.optional(),
  days: z
    .number({ error: 'validation.expected_number' })
    .int({ error: 'validation.expected_number' })
    .refine((days) => isOneOf(PROMOTION_STATS_DAYS, days), { error: 'validation.invalid_option' })
    .default(30),
});

const funnel = {
  /** Distinct visitors, whichever way they came. */
  visits: z.number().int(),
  /** Of those, the ones that came by the QR code. */
  scans: z.number().int(),
  signups: z.number().int(),
  /** Accounts that signed up through the link and made their first payment. */
  paid: z.number().int(),
  commission_cents: z.number().int(),
};

export const promotionDay = z.object({ day: z.string(), ...funnel });
export type PromotionDay = z.infer<typeof promotionDay>;

export const promotionStatsResponse = z.object({
  account_id: id,
  code: z.string(),
  days: z.array(promotionDay),
  totals: z.object(funnel),
});
export type PromotionStats = z.infer<typeof promotionStatsResponse>;
