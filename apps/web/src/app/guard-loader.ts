import type { RouteDef, RouteKey } from '@nearcast/contract';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../lib/api-client';
import { loadNamespaces } from '../lib/i18n';
import type { LazyPage } from '../lib/lazy-with-retry';
import type { PageData } from '../lib/page-title';
import { clearSession, getToken, saveSession } from '../lib/storage';
import { guardNavigation, needsVerification, type GuardLocation, type Verification } from './guard';
import { previousLocation } from './navigation-history';
import { PAGES } from './pages';

function locationOf(request: Request): GuardLocation {
  const url = new URL(request.url);
  return { pathname: url.pathname, search: url.search };
}

/**
 * Fetches the current user and refreshes the stored user, role and token (spec §4). The
 * fetcher is imported on demand: it brings the contract's zod schemas, which the public
 * pages never need.
 */
async function verifySession(): Promise<Verification> {
  try {
    const { getCurrentUser } = await import('../api/account-detail');
    const user = await getCurrentUser({ forbidden: 'reject' });
    saveSession(user.token || getToken() || '', user);
    return { ok: true, user };
  } catch (error) {
    // A '403' means the stored session is dead; a network failure leaves it for the next try.
    if (error instanceof ApiError && error.code === '403') {
      clearSession();
      return { ok: false, reason: 'refused' };
    }
    return { ok: false, reason: 'failed' };
  }
}

/** Everything the page needs before it renders: its layout and page chunks and catalogues. */
function preload(key: RouteKey, layouts: readonly LazyPage[]): Promise<unknown> {
  const entry = PAGES[key];
  return Promise.all([entry.page.preload(), ...layouts.map((layout) => layout.preload()), loadNamespaces(entry.namespaces)]);
}

/**
 * The guard wired into the router: one loader per route of the table, run on every
 * navigation to it. While it runs the router reports "loading", which drives the progress bar.
 */
export function guardLoader(def: RouteDef & { key: RouteKey }, layouts: readonly LazyPage[]) {
  return async ({ request, params }: LoaderFunctionArgs): Promise<PageData> => {
    const target = locationOf(request);
    const token = getToken();
    let verification: Verification | undefined;
    let loading: Promise<unknown> | null = null;
    if (needsVerification(def, token)) {
      // Download the page while the session is checked; a redirect just leaves it cached.
      loading = preload(def.key, layouts);
      loading.catch(() => undefined);
      verification = await verifySession();
    }
    const decision = guardNavigation({
      target,
      route: def,
      params,
      token,
      verification,
      previous: previousLocation(),
    });
    if (decision.action === 'redirect') throw redirect(decision.to);
    await (loading ?? preload(def.key, layouts));
    return { routeKey: def.key, title: decision.title };
  };
}

/** The catch-all: back to the previous route, or the not-found page (spec §4). */
export function unmatchedLoader({ request }: LoaderFunctionArgs): never {
  const decision = guardNavigation({
    target: locationOf(request),
    route: null,
    token: getToken(),
    previous: previousLocation(),
  });
  throw redirect(decision.action === 'redirect' ? decision.to : '/404');
}
