/**
 * The packages and orders the checkout pages' tests share, typed by the contract: a merchant's
 * plan with a first-purchase discount, a studio membership and an add-on, priced as the server
 * prices them for a caller (`payable_cents`, `first_purchase`). Money is integer cents.
 */
import type { Order, PricePackage } from '@nearcast/contract';
import { pageOf } from '../../../test/page';

const noTexts = { name: '', tag: '', features: [] };

/** A merchant's plan: listed at $1,299, sold at $999 every 30 days, $899 the first time. */
export const growthPlan: PricePackage = {
  id: 3,
  name: 'Local Growth',
  tag: 'Popular',
  type: 'business',
  base_price_cents: 129_900,
  actual_price_cents: 99_900,
  discount_cents: 10_000,
  monthly_credits: 150,
  button_color: '#7c5cff',
  check_color: '#22d3ee',
  gradient_start: '#7c5cff',
  gradient_end: '#22d3ee',
  learning_course: 'Street marketing 101',
  features: ['About 150 videos a month', 'A monthly report'],
  status: 'enabled',
  sort_order: 0,
  create_time: '2026-10-05T08:00:00.000Z',
  payable_cents: 89_900,
  first_purchase: true,
  texts: { en: { name: 'Local Growth', tag: 'Popular', features: ['About 150 videos a month', 'A monthly report'] }, zh: noTexts, es: noTexts },
};

/** A cheaper merchant plan with no discount left for this caller. */
export const starterPlan: PricePackage = {
  ...growthPlan,
  id: 2,
  name: 'Street Starter',
  tag: '',
  base_price_cents: 49_900,
  actual_price_cents: 49_900,
  discount_cents: 0,
  monthly_credits: 0,
  learning_course: '',
  features: [],
  payable_cents: 49_900,
  first_purchase: false,
  texts: { en: { name: 'Street Starter', tag: '', features: [] }, zh: noTexts, es: noTexts },
};

/** A studio's membership: the same price every time. */
export const studioMembership: PricePackage = {
  ...starterPlan,
  id: 5,
  name: 'AI Studio',
  type: 'studio',
  base_price_cents: 29_900,
  actual_price_cents: 29_900,
  payable_cents: 29_900,
  texts: { en: { name: 'AI Studio', tag: '', features: [] }, zh: noTexts, es: noTexts },
};

/** An add-on that extends a running plan, bought once at a time. */
export const videoPack: PricePackage = {
  ...starterPlan,
  id: 8,
  name: 'Extra videos',
  type: 'addon',
  base_price_cents: 4_900,
  actual_price_cents: 4_900,
  payable_cents: 4_900,
  monthly_credits: 30,
  texts: { en: { name: 'Extra videos', tag: '', features: [] }, zh: noTexts, es: noTexts },
};

/** The answer of a price list holding `list`. */
export const priceListOf = (list: PricePackage[]) => pageOf(list, { page_size: 100 });

/** Three periods of the growth plan, the first one discounted: $899 + 2 × $999. */
export const growthOrder: Order = {
  id: 41,
  package_id: growthPlan.id,
  package_name: growthPlan.name,
  package_type: 'business',
  periods: 3,
  amount_cents: 289_700,
  discount_cents: 10_000,
  status: 'paid',
  provider: 'sandbox',
  city_id: null,
  create_time: '2026-12-01T10:00:00.000Z',
  paid_time: '2026-12-01T10:02:00.000Z',
};
