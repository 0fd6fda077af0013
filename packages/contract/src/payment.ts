import { z } from 'zod';
import { currentUser } from './account.js';
import { PACKAGE_TYPES } from './constants.js';
import { id, idOf, integer, isoTime, plainString } from './fields.js';

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;

export const order = z.object({
  id,
  package_id: z.number().int().nullable(),
  package_name: z.string(),
  package_type: z.enum(PACKAGE_TYPES),
  periods: z.number().int(),
  amount_cents: z.number().int(),
  discount_cents: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  city_id: z.number().int().nullable(),
  create_time: isoTime,
  paid_time: isoTime.nullable(),
});
export type Order = z.infer<typeof order>;

export const checkoutRequest = z.strictObject({
  package_id: idOf('payment.package_required'),
  periods: integer(1, 12).default(1),
  /** Studios choose their city before paying (100 places per city, spec §9). */
  city_id: id.optional(),
});
export const checkoutResponse = z.object({
  order_id: id,
  session_id: z.string(),
  /** The payment page to open in a new window. */
  url: z.string(),
  amount_cents: z.number().int(),
  provider: z.enum(PAYMENT_PROVIDERS),
});

export const verifyRequest = z.strictObject({
  session_id: plainString({ error: 'payment.session_missing' }).trim().min(1, { error: 'payment.session_missing' }).max(255),
});
export const verifyResponse = z.object({
  status: z.enum(ORDER_STATUSES),
  order,
  /** The buyer, refreshed after fulfilment, when the caller is the buyer. */
  user: currentUser.nullable(),
});

export const placesRequest = z.strictObject({ city_id: id });
export const placesResponse = z.object({
  city_id: id,
  city_name: z.string(),
  limit: z.number().int(),
  taken: z.number().int(),
  /** Places left for the caller: a freed place goes to the city's waitlist first. */
  left: z.number().int(),
  /** Studio applicants in the city's waitlist, waiting or holding an offered place. */
  waiting: z.number().int(),
});

/**
 * The caller's own plan (ours: the plan pages and Home show a paying user what it has): the
 * last plan, not add-on, it paid for, null before its first purchase. Its expiry is the
 * account's `expire_time`.
 */
export const myPlanResponse = z.object({
  plan: z
    .object({
      package_id: z.number().int().nullable(),
      package_name: z.string(),
      package_type: z.enum(PACKAGE_TYPES),
      paid_time: isoTime,
    })
    .nullable(),
});
