import { z } from 'zod';
import { id, optionalText, pageOf, pageQuery, plainString } from './fields.js';

/**
 * A video's own way back (docs/decisions/083): each post made from a render has a short link
 * (`/go/<code>`, its end card's QR code) that counts its visits and sends them on to the
 * merchant's link, and the shop records the customers who came back and redeemed.
 */

/** Where a short link is served, outside /api: `<public url>/go/<code>`. */
export const SHORT_LINK_PATH = '/go';

/** A short link's code: lower-case letters and digits without look-alikes. */
export const SHORT_LINK_CODE = /^[a-z2-9]{4,16}$/;

/** A coupon named in a brief ("say TACO5 at the counter"): letters, digits and dashes. */
export const COUPON_CODE = /^[A-Za-z0-9][A-Za-z0-9-]{0,23}$/;
export const COUPON_CODE_MAX = 24;

const shortCode = plainString({ error: 'attribution.code_invalid' })
  .trim()
  .toLowerCase()
  .regex(SHORT_LINK_CODE, { error: 'attribution.code_invalid' });
const coupon = optionalText(COUPON_CODE_MAX).refine((value) => value === '' || COUPON_CODE.test(value), { error: 'attribution.coupon_invalid' });

export const attributionLinkRequest = z.strictObject({ post_id: id });

export const attributionLink = z.object({
  post_id: id,
  merchant_id: id,
  code: z.string(),
  /** The short link itself, what the end card's QR code opens. */
  url: z.string(),
  /** Where a visit is sent on: the merchant's link when the video was made. */
  target_url: z.string(),
  coupon_code: z.string().nullable(),
  visits: z.number().int(),
  redemptions: z.number().int(),
  /** Past this the link still reaches the merchant but counts nothing and takes no redemption. */
  expire_time: z.string(),
  expired: z.boolean(),
});
export type AttributionLink = z.infer<typeof attributionLink>;

/**
 * A customer redeemed: from a post (two taps), or by typing the short link's code or the
 * video's coupon. A coupon alone is the merchant's own (staff, studios and operators name the
 * merchant too). A double tap is one redemption: send an `Idempotency-Key`.
 */
export const attributionRedemptionAddRequest = z
  .strictObject({
    post_id: id.optional(),
    code: shortCode.optional(),
    coupon_code: coupon.optional(),
    merchant_id: id.optional(),
  })
  .refine((body) => body.post_id !== undefined || body.code !== undefined || (body.coupon_code !== undefined && body.coupon_code !== ''), {
    error: 'attribution.redemption_target_required',
    path: ['code'],
  });

export const attributionRedemption = z.object({
  id,
  code: z.string(),
  post_id: z.number().int().nullable(),
  merchant_id: id,
  coupon_code: z.string().nullable(),
  recorded_by_id: z.number().int().nullable(),
  create_time: z.string(),
});
export type AttributionRedemption = z.infer<typeof attributionRedemption>;

export const attributionRedemptionAddResponse = z.object({
  redemption: attributionRedemption,
  /** The link's redemptions with this one. */
  redemptions: z.number().int(),
});

export const attributionRedemptionListRequest = z.strictObject({
  ...pageQuery,
  merchant_id: id.optional(),
  post_id: id.optional(),
});
export const attributionRedemptionListResponse = pageOf(attributionRedemption);
