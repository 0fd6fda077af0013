import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES } from '@nearcast/contract';
import type { Page } from 'playwright-core';
import type { Route } from './route-table';
import { pathOf, settle } from './session';

/**
 * Whether the browser landed on a real page, not a blank one: what the route walks check on
 * every page they open.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** English page titles (the default language): which page rendered, not just that one did. */
export const EN_TITLES = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'apps/web/src/locales/en-US/common.json'), 'utf8')) as {
    routes: Record<string, string>;
  }
).routes;

const ROUTE_BY_PATH = new Map<string, Route>(ROUTES.map((route) => [route.path, route]));

/** The page's own element, for the pages whose header is not what tells them apart. */
const OWN_TEST_ID: Partial<Record<string, string>> = {
  dashboard: 'dashboard-greeting',
  privacy: 'privacy-policy',
  denied: 'status-403',
  notFound: 'status-404',
  profile: 'profile-tab-basic',
  item: 'item-page',
  signin: 'login-form',
};

/**
 * What must be on screen once the browser has landed on `landing` (a path, its query ignored)
 * in English: the page's own content and its English title. Answers what is missing, or null.
 */
export async function landedProblems(page: Page, landing: string, landingDef?: Route): Promise<string | null> {
  const pathname = landing.split('?')[0]!;
  const def = landingDef ?? ROUTE_BY_PATH.get(pathname) ?? ROUTE_BY_PATH.get(pathname.replace(/\/1$/, '/:id'));
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
  const own = OWN_TEST_ID[def.key];
  if (own && !(await visible(own))) return `${landing}: the page's own content (${own}) is not visible`;
  if (!(await visible('page-title'))) return `${landing}: no page title`;
  // Sign-in titles its form; an item page is titled by the item itself, a review by its video.
  if (def.key !== 'signin' && def.key !== 'item' && def.key !== 'review') {
    const title = (await page.getByTestId('page-title').first().textContent())?.trim();
    if (title !== EN_TITLES[def.key]) return `${landing}: page title "${title}", expected "${EN_TITLES[def.key]}"`;
  }
  return null;
}

/**
 * Opens `target` with a fresh page load, as a deep link does, and answers what went wrong, or
 * null: where the guard sent the browser, and whether a real page is there in English.
 */
export async function visitRoute(page: Page, target: string, expected: string, targetDef?: Route): Promise<string | null> {
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
