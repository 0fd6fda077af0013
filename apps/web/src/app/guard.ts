import {
  INFO_STATUS,
  isStaff,
  ONBOARDING_PATH,
  PAY_STATUS,
  PAYING,
  roleOf,
  routeAllows,
  type CurrentUser,
  type Role,
  type RouteDef,
} from '@nearcast/contract';
import { matchRoute } from '../lib/routes';

/**
 * The route guard of spec §4 ("Route guard", "Payment and info gating", "After login") as pure
 * functions (but for logging a refused role or session, spec §6): the router's loaders gather the facts
 * (stored token, the verified user, the previous location) and act on the decision, so every
 * rule is testable without a browser.
 */

export const PATHS = {
  home: '/',
  signin: '/signin',
  denied: '/denied',
  notFound: '/404',
  payment: '/payment',
  dashboard: '/dashboard',
} as const;

export interface GuardLocation {
  pathname: string;
  search: string;
}

/** What the gating rules read of the current user (spec §3: the detail fetch returns these). */
export type GuardUser = Pick<CurrentUser, 'account_type' | 'pay_status' | 'info_status'>;

/**
 * The outcome of fetching the current user: the user, or a failed verification, and why when
 * known (the server refused the session, or the check itself failed).
 */
export type Verification = { ok: true; user: GuardUser } | { ok: false; reason?: 'refused' | 'failed' };

export interface GuardInput {
  /** Where the navigation goes. */
  target: GuardLocation;
  /** The route definition the target matched, or null when nothing matched. */
  route: Pick<RouteDef, 'path' | 'roles' | 'public' | 'ungated'> | null;
  /** Params of the matched route (a `title` param overrides the page title). */
  params?: Readonly<Record<string, string | undefined>>;
  /** The stored session token, if any. */
  token: string | null;
  /** The current-user fetch, when one was made (see needsVerification). */
  verification?: Verification;
  /** The location shown before this navigation, null on the first load. */
  previous: GuardLocation | null;
}

export type GuardDecision =
  | { action: 'allow'; /** A title from the route params or query, replacing the route's own. */ title: string | null }
  | { action: 'redirect'; to: string };

const allow = (title: string | null): GuardDecision => ({ action: 'allow', title });
const redirect = (to: string): GuardDecision => ({ action: 'redirect', to });

export function fullPath(location: GuardLocation): string {
  return `${location.pathname}${location.search}`;
}

export function signinRedirectPath(target: GuardLocation): string {
  return `${PATHS.signin}?redirect=${encodeURIComponent(fullPath(target))}`;
}

/**
 * Whether the loader must fetch the current user before deciding: every guarded route with a
 * stored token, and /signin with a token (a live session is sent home, a dead one may sign in).
 */
export function needsVerification(route: GuardInput['route'], token: string | null): boolean {
  if (!token || !route) return false;
  return !route.public || route.path === PATHS.signin;
}

const TITLE_MAX = 120;

/** Spec §4: a `title` in the route params or in the query overrides the page title. */
export function titleOverride(
  params: Readonly<Record<string, string | undefined>> | undefined,
  search: string,
): string | null {
  const candidate = params?.title ?? new URLSearchParams(search).get('title');
  const title = candidate?.trim();
  return title ? title.slice(0, TITLE_MAX) : null;
}

/**
 * Payment and info gating (spec §4). Staff and ungated routes (Home, Signin, Payment, denied,
 * 404) are exempt, and so are roles that do not pay (partner, operator).
 */
export function gatingRedirect(route: Pick<RouteDef, 'path' | 'ungated'>, role: Role, user: GuardUser): string | null {
  if (isStaff(role) || route.ungated || !PAYING.includes(role)) return null;
  if (user.pay_status !== PAY_STATUS.paid) {
    return route.path === PATHS.payment ? null : PATHS.home;
  }
  if (user.info_status === INFO_STATUS.incomplete) {
    const onboarding = ONBOARDING_PATH[role as keyof typeof ONBOARDING_PATH];
    return route.path === onboarding ? null : onboarding;
  }
  return null;
}

/**
 * Spec §6: a failed permission check logs an error. The path and the role say which link or
 * stale menu led there; the query is left out, as it may carry what the user typed.
 */
function logDenied(target: GuardLocation, role: Role): void {
  console.error(`Permission denied: the ${role} role may not open ${target.pathname}`);
}

/**
 * Spec §6 again, for the check that sends the user to sign in: the stored session could not be
 * verified (the server refused it, or the check failed). The path says where it happened;
 * neither the token nor the query is written, as a log is read by people a token must not reach.
 */
function logUnverified(target: GuardLocation, reason: 'refused' | 'failed' | undefined): void {
  const why = reason === 'refused' ? 'the server refused the stored session' : reason === 'failed' ? 'the current-user check failed' : 'the stored session could not be verified';
  console.error(`Permission check failed: ${why} for ${target.pathname}; signing in again`);
}

/** Decides one navigation. Rules in the order of spec §4; a refused role or session is logged. */
export function guardNavigation(input: GuardInput): GuardDecision {
  const { target, route, token, verification, previous } = input;

  // Unmatched: back where the user was, or the not-found page on a first load.
  if (!route) {
    const back = previous ? fullPath(previous) : null;
    return redirect(back && back !== fullPath(target) ? back : PATHS.notFound);
  }

  const title = titleOverride(input.params, target.search);

  if (route.public) {
    // A live session has no business on the sign-in page.
    if (route.path === PATHS.signin && token && verification?.ok) return redirect(PATHS.home);
    return allow(title);
  }

  if (!token) return redirect(signinRedirectPath(target));
  if (!verification?.ok) {
    logUnverified(target, verification?.reason);
    return redirect(PATHS.signin);
  }

  const role = roleOf(verification.user.account_type);
  if (!routeAllows(route, role)) {
    logDenied(target, role);
    return redirect(PATHS.denied);
  }

  const gate = gatingRedirect(route, role, verification.user);
  if (gate) return redirect(gate);

  return allow(title);
}

const ORIGIN_PROBE = 'http://nearcast.invalid';

/**
 * A `redirect` parameter worth following: a same-origin path to a route the role may open.
 * Anything else (another host, `//evil`, an unknown or forbidden page, the sign-in page
 * itself) is refused.
 */
export function safeRedirect(redirectParam: string | null | undefined, role: Role): string | null {
  if (!redirectParam || !redirectParam.startsWith('/') || redirectParam.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(redirectParam, ORIGIN_PROBE);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN_PROBE) return null;
  const match = matchRoute(url.pathname);
  if (!match || match.route.path === PATHS.signin || !routeAllows(match.route, role)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Spec §4 "After login": staff, partners and anyone who has paid go to the `redirect`
 * parameter when it is safe, else the dashboard. An unpaid client or studio goes home to pick
 * a package, unless the redirect is a page the gating rules let them open (a public page such
 * as the plan they were buying when they signed up, or the payment result): sending them home
 * then would drop the purchase they started.
 */
export function afterLoginPath(user: GuardUser, redirectParam: string | null | undefined): string {
  const role = roleOf(user.account_type);
  const safe = safeRedirect(redirectParam, role);
  if (PAYING.includes(role) && user.pay_status !== PAY_STATUS.paid) {
    const route = safe ? matchRoute(new URL(safe, ORIGIN_PROBE).pathname)?.route : undefined;
    return safe && (route?.public || route?.ungated) ? safe : PATHS.home;
  }
  return safe ?? PATHS.dashboard;
}
