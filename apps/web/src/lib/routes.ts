import { ROUTES, routeAllows, type RouteDef, type RouteKey, type Role } from '@nearcast/contract';
import { matchPath } from 'react-router';

/**
 * Typed views of the contract's ROUTES table: the router, the guard, the side navigation and
 * the dashboard's quick links all read this one table.
 */
export type AppRoute = (typeof ROUTES)[number];

export const ROUTE_BY_KEY = Object.fromEntries(ROUTES.map((route) => [route.key, route])) as {
  [K in RouteKey]: Extract<AppRoute, { key: K }>;
};

export function pathOf(key: RouteKey): string {
  return ROUTE_BY_KEY[key].path;
}

export interface RouteMatch {
  route: RouteDef & { key: RouteKey };
  params: Record<string, string | undefined>;
}

// Static paths before parameterised ones, so /settle/client never reads as /settle/:x.
const BY_SPECIFICITY = [...ROUTES].sort(
  (a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')),
);

/** The route definition a pathname opens, or null for the not-found catch-all. */
export function matchRoute(pathname: string): RouteMatch | null {
  for (const route of BY_SPECIFICITY) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: { ...match.params } };
  }
  return null;
}

/** The entries of the side navigation a role may open, in table order (spec §2). */
export function navRoutesFor(role: Role): AppRoute[] {
  return ROUTES.filter((route) => 'nav' in route && route.nav && routeAllows(route, role));
}

export function titleKeyOf(key: RouteKey): string {
  return `common:routes.${key}`;
}
