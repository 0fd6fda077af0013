import {
  allows,
  api,
  BILLING_PERIOD_DAYS,
  type CurrentUser,
  INFO_STATUS,
  isOneOf,
  isPaying,
  JOIN_TYPES,
  type JoinType,
  ONBOARDING_PATH,
  PACKAGE_BUYERS,
  PAY_STATUS,
  type PricePackage,
  type Role,
  roleOf,
} from '@nearcast/contract';

/**
 * The purchase rules the checkout screens show before the server would refuse: pure, so each
 * one is tested without a browser.
 */

type PackageType = PricePackage['type'];

/** Periods of 30 days one checkout may buy (the contract's checkout schema: 1 to 12). */
export const MAX_PERIODS = 12;
export const PERIOD_CHOICES = Array.from({ length: MAX_PERIODS }, (_, index) => index + 1);

export function joinTypeOf(value: string | null | undefined): JoinType | null {
  return isOneOf(JOIN_TYPES, value) ? value : null;
}

/** The join type a signed-in buyer belongs to, to open the chooser on their own plans. */
export function joinTypeOfRole(role: Role | null): JoinType | null {
  if (role === 'client') return 'business';
  if (role === 'studio') return 'studio';
  return null;
}

/**
 * The join types the chooser offers: a signed-in buyer only its own (a merchant is never shown
 * the studio membership it could not buy, whatever `?type=` says); visitors and staff both.
 */
export function offeredJoinTypes(role: Role | null): readonly JoinType[] {
  const own = joinTypeOfRole(role);
  return own ? [own] : JOIN_TYPES;
}

/** The type the chooser opens on: the only one offered, else `?type=`, else none yet. */
export function chosenJoinType(role: Role | null, requested: string | null | undefined): JoinType | null {
  const offered = offeredJoinTypes(role);
  if (offered.length === 1) return offered[0]!;
  return joinTypeOf(requested);
}

/**
 * Why this user cannot buy this package, or null when they can:
 * - `not_buyer`: staff, agents and operators do not buy plans;
 * - `wrong_role`: a client on a studio package, a studio on a business plan;
 * - `needs_plan`: add-ons extend a plan, so they wait until one is paid.
 */
export type PurchaseBlock = 'not_buyer' | 'wrong_role' | 'needs_plan';

export function purchaseBlock(type: PackageType, user: Pick<CurrentUser, 'account_type' | 'pay_status'>): PurchaseBlock | null {
  const role = roleOf(user.account_type);
  if (!allows(api.payment.stripe.access, role)) return 'not_buyer';
  if (!PACKAGE_BUYERS[type].includes(role)) return 'wrong_role';
  if (type === 'addon' && user.pay_status !== PAY_STATUS.paid) return 'needs_plan';
  return null;
}

/**
 * What `periods` periods cost this caller: the first-purchase discount comes off once, so it
 * is the discounted first period (`payable_cents`) plus full-price ones after it — the same
 * sum the server charges.
 */
export function totalCents(pkg: Pick<PricePackage, 'actual_price_cents' | 'payable_cents'>, periods: number): number {
  return pkg.payable_cents + pkg.actual_price_cents * (periods - 1);
}

export function totalDays(periods: number): number {
  return BILLING_PERIOD_DAYS * periods;
}

/** The price to strike through beside what is charged: the list price, when it is higher. */
export function struckPrice(pkg: Pick<PricePackage, 'base_price_cents' | 'actual_price_cents'>): number | null {
  return pkg.base_price_cents > pkg.actual_price_cents ? pkg.base_price_cents : null;
}

export function planPath(id: number): string {
  return `/plans/${id}`;
}

/**
 * Where a visitor goes to buy a package: registration as the package's join type, coming back
 * to the package afterwards (the sign-in page honours `redirect` and `join`). Add-ons extend an
 * existing plan, so they ask for a sign-in instead.
 */
export function signinPath(pkg: Pick<PricePackage, 'id' | 'type'>, mode: 'register' | 'login'): string {
  const query = new URLSearchParams();
  if (mode === 'register') {
    query.set('mode', 'register');
    query.set('join', pkg.type === 'studio' ? 'studio' : 'business');
  }
  query.set('redirect', planPath(pkg.id));
  return `/signin?${query.toString()}`;
}

/** The link's `session_id`: absent, blank or absurdly long means there is nothing to verify. */
export function sessionIdOf(value: string | null | undefined): string | null {
  const id = value?.trim() ?? '';
  return id.length > 0 && id.length <= 255 ? id : null;
}

/**
 * The address the payment window opens. The sandbox page is told the interface language: it
 * is opened by this page, but the browser asks for its own language (Accept-Language), which
 * need not be the one the user chose here. A real provider's page keeps its own address.
 */
export function paymentWindowUrl(session: { url: string; provider: string }, language: string): string {
  if (session.provider !== 'sandbox') return session.url;
  try {
    const url = new URL(session.url);
    url.searchParams.set('lang', language);
    return url.toString();
  } catch {
    return session.url;
  }
}

export function paymentPath(sessionId: string): string {
  return `/payment?session_id=${encodeURIComponent(sessionId)}`;
}

/**
 * After a payment: a client or studio whose information is incomplete goes to fill it in
 * (the gating rules of spec §4 would send them there anyway), everyone else to the dashboard.
 */
export function afterPaymentPath(user: Pick<CurrentUser, 'account_type' | 'info_status'> | null): string {
  if (!user) return '/dashboard';
  const role = roleOf(user.account_type);
  if (isPaying(role) && user.info_status === INFO_STATUS.incomplete) return ONBOARDING_PATH[role];
  return '/dashboard';
}

/** The call-back request page for a role: how an unpaid buyer reaches customer service. */
export function contactPath(role: Role | null): string {
  return role === 'studio' ? '/settle/studio' : '/settle/client';
}
