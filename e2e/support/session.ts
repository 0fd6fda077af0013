import type { Role } from '@nearcast/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, newContext, type ContextOptions } from './browser';

export const DEMO_PASSWORD = 'Nearcast-demo-1';

export interface DemoAccount {
  email: string;
  role: Role;
  /** Spec §4 gating facts the seed promises for this account (client and studio only). */
  paid: boolean;
  infoComplete: boolean;
}

/** The nine demo accounts the server seeds, with what the journeys expect of each. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'super@example.com', role: 'super', paid: true, infoComplete: true },
  { email: 'admin@example.com', role: 'admin', paid: true, infoComplete: true },
  { email: 'agent@example.com', role: 'partner', paid: true, infoComplete: true },
  { email: 'subagent@example.com', role: 'partner', paid: true, infoComplete: true },
  { email: 'studio@example.com', role: 'studio', paid: true, infoComplete: true },
  { email: 'operator@example.com', role: 'operator', paid: true, infoComplete: true },
  { email: 'client@example.com', role: 'client', paid: true, infoComplete: true },
  { email: 'newclient@example.com', role: 'client', paid: false, infoComplete: false },
  { email: 'newstudio@example.com', role: 'studio', paid: false, infoComplete: false },
];

export interface ApiSession {
  token: string;
  user: { role: Role; account_type: number; pay_status: number; info_status: number; email: string } & Record<string, unknown>;
}

/** Signs in through the API (POST /api/v1/account/login), the way the sign-in form does. */
export async function apiLogin(email: string, password = DEMO_PASSWORD): Promise<ApiSession> {
  const response = await fetch(`${baseUrl()}/api/v1/account/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, remember: false }),
  });
  const envelope = (await response.json()) as { code: string; msg: string; data: ApiSession | null };
  if (envelope.code !== '200' || !envelope.data) {
    throw new Error(`login of ${email} failed: ${envelope.code} ${envelope.msg}`);
  }
  return envelope.data;
}

/** The localStorage entries the web app keeps for a signed-in user (lib/storage.ts). */
export function sessionStorageEntries(session: ApiSession): Record<string, string> {
  return {
    'nearcast.token': session.token,
    'nearcast.user': JSON.stringify(session.user),
    'nearcast.role': session.user.role,
  };
}

/**
 * A context whose pages start signed in: the session is put into localStorage before the app
 * boots on the first page load (and only then, so a sign-out by the app sticks).
 */
export async function signedInContext(
  browser: Browser,
  session: ApiSession,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await newContext(browser, options);
  await context.addInitScript((entries: Record<string, string>) => {
    try {
      if (window.sessionStorage.getItem('e2e.session-seeded')) return;
      window.sessionStorage.setItem('e2e.session-seeded', '1');
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    } catch {
      // about:blank and other opaque origins have no storage.
    }
  }, sessionStorageEntries(session));
  return context;
}

/** Signs an already open page in by writing the session into its localStorage. */
export async function injectSession(page: Page, session: ApiSession): Promise<void> {
  await page.evaluate((entries: Record<string, string>) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, sessionStorageEntries(session));
}

/** pathname + search of the page's current URL. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/**
 * Waits until the page's URL path (pathname + search) is `expected`, polling; answers the last
 * path seen so a failing assertion names where the browser actually went.
 */
export async function waitForPath(page: Page, expected: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let current = pathOf(page);
  while (Date.now() < deadline) {
    current = pathOf(page);
    if (current === expected) return current;
    await page.waitForTimeout(50);
  }
  return current;
}

/**
 * Waits until no page chunk is loading and no navigation is under way: the progress bar is
 * hidden, or has run to its end (it shows 100 while it fades out after the navigation).
 */
export async function settle(page: Page): Promise<void> {
  await page.getByTestId('page-loading').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
  await page.waitForFunction(
    () => {
      const bar = document.querySelector('[data-testid="progress-bar"]');
      return !bar || bar.getAttribute('aria-hidden') === 'true' || bar.getAttribute('aria-valuenow') === '100';
    },
    undefined,
    { timeout: 15_000 },
  );
}
