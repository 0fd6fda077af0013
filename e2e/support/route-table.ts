import { ROUTES, routeAllows, type Role, type RouteDef } from '@nearcast/contract';
import { apiPost } from './api';
import { apiLogin, type DemoAccount } from './session';

/**
 * The contract's route table as the journeys walk it: where each demo account lands on each
 * route, and a concrete URL for the routes that take a parameter.
 */

export type Route = (typeof ROUTES)[number];

/** A concrete URL for every route of the table (`/item/:id` → `/item/1`), without asking the server. */
export const concretePath = (def: RouteDef): string => def.path.replace(':id', '1');

// ---------------------------------------------------------------------------------------------
// The rules of spec §4 and §6, written out here on purpose (the web guard module is not imported,
// so a guard that drifts from the spec fails the journeys instead of agreeing with them):
//
//  - Public routes pass (/, /signin, /privacy, /item/{id}, /settle/studio, /settle/client,
//    /denied, the not-found page) — except that a signed-in user opening /signin goes to /.
//    "Public routes pass" is the guard's first rule, so the gating below never applies to them
//    (an unpaid client may read /privacy or /settle/client).
//  - Every other route needs a sign-in; a role the route does not list goes to /denied
//    (the role check comes before the gating: an unpaid client on /clients sees /denied).
//  - Payment and info gating applies to clients and studios only (admin and super skip it,
//    partners and operators do not pay), and not on Home, Signin, Payment, Access (denied) and
//    NotFound: an unpaid client or studio goes to / unless already on /payment; a paid client
//    with incomplete info goes to /settle, a paid studio with incomplete info to /studio.
// ---------------------------------------------------------------------------------------------
const GATING_EXEMPT = new Set(['/', '/signin', '/payment', '/denied', '/404']);
export const PAYING: readonly Role[] = ['client', 'studio'];
const ONBOARDING: Partial<Record<Role, string>> = { client: '/settle', studio: '/studio' };

/** Where `account` ends up when it opens `def` at the URL `target` (by default its concrete path). */
export function expectedLanding(account: DemoAccount, def: Route, target: string = concretePath(def)): string {
  if ('public' in def && def.public) return def.path === '/signin' ? '/' : target;
  if (!routeAllows(def, account.role)) return '/denied';
  if (PAYING.includes(account.role) && !GATING_EXEMPT.has(def.path)) {
    if (!account.paid) return '/';
    const onboarding = ONBOARDING[account.role];
    if (!account.infoComplete && onboarding && def.path !== onboarding) return onboarding;
  }
  return target;
}

/**
 * A valid value for every parameter of every parameterised route, by route key. A route added
 * to the table with a parameter and no entry here fails `resolveRouteUrls` by name, so a page
 * reachable only through a parameter is never silently left out of the walks.
 */
export const ROUTE_PARAMS: Readonly<Record<string, () => Promise<Record<string, string>>>> = {
  // A published item anyone may read (the demo seed publishes several), so the walks see the
  // item page itself and not its not-found state.
  item: async () => {
    const items = await apiPost<{ list: { id: number }[] }>('/v1/content/public/list', { page_size: 1 });
    const first = items.list[0];
    if (!first) throw new Error('no published item to open /item/:id with');
    return { id: String(first.id) };
  },
  // A package a visitor can buy: the first enabled one, so the page shows a real plan and not
  // its not-found state.
  plan: async () => {
    const packages = await apiPost<{ list: { id: number }[] }>('/v1/price/list', { status: 'enabled', page_size: 100 });
    const first = packages.list[0];
    if (!first) throw new Error('no enabled package to open /plans/:id with');
    return { id: String(first.id) };
  },
  // A fresh review link of a post awaiting the demo merchant's approval (the demo seed keeps
  // one), minted by its studio: the walks see the review page itself, not its invalid-link state.
  review: async () => {
    const studio = await apiLogin('studio@example.com');
    const posts = await apiPost<{ list: { id: number; status: string }[] }>('/v1/video/list', { approval: 'pending', page_size: 20 }, studio.token);
    const post = posts.list.find((row) => row.status === 'draft' || row.status === 'scheduled');
    if (!post) throw new Error('no post awaiting approval to open /review/:token with');
    const link = await apiPost<{ token: string }>('/v1/video/review/link', { id: post.id }, studio.token);
    return { token: link.token };
  },
};

/** The route's parameter names (`/plans/:id` → ['id']). */
export const paramsOf = (path: string): string[] => [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1]!);

/**
 * A concrete URL for every route of the table, parameters filled from ROUTE_PARAMS; throws
 * naming every parameterised route that has no entry (or whose entry misses a parameter).
 */
export async function resolveRouteUrls(routes: readonly Route[] = ROUTES): Promise<Map<string, string>> {
  const missing: string[] = [];
  const urls = new Map<string, string>();
  for (const def of routes) {
    const names = paramsOf(def.path);
    if (!names.length) {
      urls.set(def.key, def.path);
      continue;
    }
    const resolve = ROUTE_PARAMS[def.key];
    if (!resolve) {
      missing.push(`${def.path} (key ${def.key}) has no entry in ROUTE_PARAMS`);
      continue;
    }
    const values = await resolve();
    let url: string = def.path;
    for (const name of names) {
      const value = values[name];
      if (value === undefined) missing.push(`${def.path}: ROUTE_PARAMS.${def.key} gives no value for :${name}`);
      else url = url.replace(`:${name}`, encodeURIComponent(value));
    }
    urls.set(def.key, url);
  }
  if (missing.length) throw new Error(`parameterised routes without values:\n${missing.join('\n')}`);
  return urls;
}

/** Runs at most `size` of the given tasks at once. */
export function limiter(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
