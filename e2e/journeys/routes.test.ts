import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES } from '@nearcast/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newContext } from '../support/browser';
import { expectedLanding, limiter, PAYING, resolveRouteUrls, type Route } from '../support/route-table';
import {
  apiLogin,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  pathOf,
  settle,
  signedInContext,
  waitForPath,
  type ApiSession,
  type DemoAccount,
} from '../support/session';

/**
 * The route guard of spec §4 as the real browser lives it —
 * the sign-in redirect round trip, every demo account against every route of spec §2, and the
 * payment gating of an unpaid client.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** English page titles (the default language): which page rendered, not just that one did. */
const EN_TITLES = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'apps/web/src/locales/en-US/common.json'), 'utf8')) as {
    routes: Record<string, string>;
  }
).routes;

const ROUTE_BY_PATH = new Map<string, Route>(ROUTES.map((route) => [route.path, route]));

// The rules of spec §4 and §6 that say where each account lands are in support/route-table.ts.

/** What must be on screen once the browser has landed on `landing`: not a blank page. */
async function landedProblems(page: Page, landing: string, landingDef?: Route): Promise<string | null> {
  const def = landingDef ?? ROUTE_BY_PATH.get(landing) ?? ROUTE_BY_PATH.get(landing.replace(/\/1$/, '/:id'));
  if (!def) return `landed on ${landing}, which is no route of the table`;
  const visible = async (testId: string): Promise<boolean> => {
    try {
      await page.getByTestId(testId).first().waitFor({ state: 'visible', timeout: 10_000 });
      return true;
    } catch {
      return false;
    }
  };
  if (def.key === 'home') return (await visible('home-hero')) ? null : 'home page without its hero (home-hero)';

  const ownTestId: Partial<Record<string, string>> = {
    dashboard: 'dashboard-greeting',
    privacy: 'privacy-policy',
    denied: 'status-403',
    notFound: 'status-404',
    profile: 'profile-tab-basic',
    item: 'item-page',
  };
  // Pages still being built share one placeholder; real pages replace it as they land, so
  // beyond the ones named here the titled page header is what every page must show.
  const own = ownTestId[def.key] ?? (def.key === 'signin' ? 'login-form' : null);
  if (own && !(await visible(own))) return `${landing}: the page's own content (${own}) is not visible`;
  if (!(await visible('page-title'))) return `${landing}: no page title`;
  // Sign-in titles its form; an item page is titled by the item itself, a review by its video.
  if (def.key !== 'signin' && def.key !== 'item' && def.key !== 'review') {
    const title = (await page.getByTestId('page-title').first().textContent())?.trim();
    if (title !== EN_TITLES[def.key]) return `${landing}: page title "${title}", expected "${EN_TITLES[def.key]}"`;
  }
  return null;
}

/** Opens `target` with a fresh page load and answers what went wrong, or null. */
async function visit(page: Page, target: string, expected: string, targetDef?: Route): Promise<string | null> {
  await page.goto(target, { waitUntil: 'domcontentloaded' });
  // The guard decides in the route loader, before anything renders: the first page title (or
  // the landing page's hero) on screen belongs to where the browser ends up.
  try {
    await page
      .locator('[data-testid="page-title"], [data-testid="home-hero"], [data-testid="route-error"]')
      .first()
      .waitFor({ timeout: 15_000 });
  } catch {
    return `${target}: nothing rendered (still on ${pathOf(page)})`;
  }
  if (await page.getByTestId('route-error').count()) return `${target}: the error screen, on ${pathOf(page)}`;
  await settle(page);
  let landed = pathOf(page);
  if (landed !== expected) return `${target} → ${landed}, expected ${expected}`;
  const problem = await landedProblems(page, expected, expected === target ? targetDef : undefined);
  if (problem) return `${target}: ${problem}`;
  // A late redirect (a failing call sending the browser to sign-in, say) shows up here.
  landed = pathOf(page);
  return landed === expected ? null : `${target} → ${expected}, then on to ${landed}`;
}

let browser: Browser;
/** A concrete URL per route key, parameters filled with real ids and tokens (support/route-table.ts). */
let urls: Map<string, string>;
beforeAll(async () => {
  urls = await resolveRouteUrls();
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('journey 1: an anonymous deep link survives the sign-in', () => {
  it('sends /clients?x=1 to sign-in with a redirect, and back there after signing in through the form', async () => {
    const context = await newContext(browser, { consent: 'accepted' });
    const page = await context.newPage();
    try {
      await page.goto('/clients?x=1');
      expect(await waitForPath(page, '/signin?redirect=%2Fclients%3Fx%3D1')).toBe('/signin?redirect=%2Fclients%3Fx%3D1');
      await page.getByTestId('login-form').waitFor();

      await page.getByTestId('login-email').fill('super@example.com');
      await page.getByTestId('login-password').fill(DEMO_PASSWORD);
      await page.getByTestId('login-submit').click();

      expect(await waitForPath(page, '/clients?x=1')).toBe('/clients?x=1');
      await expect.poll(() => page.getByTestId('page-title').first().textContent()).toBe(EN_TITLES.clients);
      await expect.poll(() => page.evaluate(() => window.localStorage.getItem('nearcast.role'))).toBe('super');
      // The session is real: the signed-in frame shows super's own navigation entry.
      await page.getByTestId('nav-account').first().waitFor({ state: 'attached' });
    } finally {
      await context.close();
    }
  });
});

describe('journey 2: every demo account on every route lands where spec §2/§4/§6 say', () => {
  const routes = ROUTES.map((def) => def as Route);

  it('covers every route of spec §2', () => {
    const paths = routes.map((def) => def.path);
    for (const required of [
      '/', '/signin', '/privacy', '/denied', '/404', '/item/:id', '/settle/client', '/settle/studio',
      '/verification', '/profile', '/payment', '/settle', '/partner', '/studio', '/promotion',
      '/dashboard', '/material', '/clients', '/learning', '/video', '/agents', '/finance',
      '/account', '/operator', '/content', '/pricing', '/area', '/zone',
    ]) {
      expect(paths).toContain(required);
    }
  });

  // Accounts run a few at a time: page loads mostly wait on the server and the network.
  const slot = limiter(Number(process.env.E2E_ROUTE_CONCURRENCY ?? 3));

  /** Every route for one account, in one context; answers each route that went wrong. */
  async function routeProblems(account: DemoAccount, session: ApiSession): Promise<string[]> {
    const context = await signedInContext(browser, session, { consent: 'accepted' });
    const page = await context.newPage();
    const problems: string[] = [];
    try {
      for (const def of routes) {
        const url = urls.get(def.key)!;
        const problem = await visit(page, url, expectedLanding(account, def, url), def);
        if (problem) problems.push(problem);
      }
    } finally {
      await context.close();
    }
    return problems;
  }

  it.concurrent.for(DEMO_ACCOUNTS.map((account) => [account.email, account] as const))(
    '%s',
    { timeout: 600_000 },
    async ([, account], { expect }) => {
      const session = await apiLogin(account.email);
      // The seed is what the expectations are computed from: check it first.
      expect(session.user.role).toBe(account.role);
      if (PAYING.includes(account.role)) {
        expect({ paid: session.user.pay_status === 1, infoComplete: session.user.info_status === 1 }).toEqual({
          paid: account.paid,
          infoComplete: account.infoComplete,
        });
      }
      expect(await slot(() => routeProblems(account, session))).toEqual([]);
    },
  );
});

describe('journey 3: an unpaid client is gated to the home page', () => {
  it('sends newclient@ from /dashboard and /finance to /, also by in-app navigation, but lets /payment open', async () => {
    const session = await apiLogin('newclient@example.com');
    expect(session.user.pay_status).toBe(0);
    const context = await signedInContext(browser, session, { consent: 'accepted' });
    const page = await context.newPage();
    try {
      for (const gated of ['/dashboard', '/finance']) {
        expect(await visit(page, gated, '/')).toBeNull();
        // Home for a signed-in visitor: Logout instead of Login.
        await page.getByTestId('logout').first().waitFor({ state: 'attached' });
      }

      // The header's Dashboard link, followed inside the single-page app, is gated as well.
      await page.getByTestId('home-nav-dashboard').click();
      await settle(page);
      expect(pathOf(page)).toBe('/');
      await expect.poll(() => page.getByTestId('home-hero').isVisible()).toBe(true);

      // Payment is exempt from the gating (spec §4), so the unpaid client can finish paying.
      expect(await visit(page, '/payment', '/payment')).toBeNull();
    } finally {
      await context.close();
    }
  });
});
