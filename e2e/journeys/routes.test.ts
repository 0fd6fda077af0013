import { ROUTES } from '@nearcast/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newContext } from '../support/browser';
import { EN_TITLES, visitRoute } from '../support/landing';
import { PAYING } from '../support/route-table';
import { apiLogin, DEMO_ACCOUNTS, DEMO_PASSWORD, pathOf, settle, signedInContext, waitForPath } from '../support/session';

/**
 * The route guard of spec §4 as the real browser lives it: the sign-in redirect round trip and
 * the payment gating of an unpaid client. Every demo account on every route of spec §2 is walked
 * by the accessibility and layout pass (a11y-layout.test.ts), which opens each of those pages
 * anyway: it checks there where each deep link lands and that a real page is on screen.
 */

let browser: Browser;
beforeAll(async () => {
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

describe('journey 2: the routes of spec §2 and the accounts the walk expects', () => {
  it('covers every route of spec §2', () => {
    const paths = ROUTES.map((def) => def.path);
    for (const required of [
      '/', '/signin', '/privacy', '/denied', '/404', '/item/:id', '/settle/client', '/settle/studio',
      '/verification', '/profile', '/payment', '/settle', '/partner', '/studio', '/promotion',
      '/dashboard', '/material', '/clients', '/learning', '/video', '/agents', '/finance',
      '/account', '/operator', '/content', '/pricing', '/area', '/zone',
    ]) {
      expect(paths).toContain(required);
    }
  });

  // Where each account lands is computed from its role and its plan: the seed must match.
  it.for(DEMO_ACCOUNTS.map((account) => [account.email, account] as const))('%s is the role and plan state the walk expects', async ([, account]) => {
    const session = await apiLogin(account.email);
    expect(session.user.role).toBe(account.role);
    if (PAYING.includes(account.role)) {
      expect({ paid: session.user.pay_status === 1, infoComplete: session.user.info_status === 1 }).toEqual({
        paid: account.paid,
        infoComplete: account.infoComplete,
      });
    }
  });
});

describe('journey 3: an unpaid client is gated to the home page', () => {
  it('sends newclient@ from /dashboard and /finance to /, also by in-app navigation, but lets /payment open', async () => {
    const session = await apiLogin('newclient@example.com');
    expect(session.user.pay_status).toBe(0);
    const context = await signedInContext(browser, session, { consent: 'accepted' });
    const page = await context.newPage();
    try {
      for (const gated of ['/dashboard', '/finance']) {
        expect(await visitRoute(page, gated, '/')).toBeNull();
        // Home for a signed-in visitor: Logout instead of Login.
        await page.getByTestId('logout').first().waitFor({ state: 'attached' });
      }

      // The header's Dashboard link, followed inside the single-page app, is gated as well.
      await page.getByTestId('home-nav-dashboard').click();
      await settle(page);
      expect(pathOf(page)).toBe('/');
      await expect.poll(() => page.getByTestId('home-hero').isVisible()).toBe(true);

      // Payment is exempt from the gating (spec §4), so the unpaid client can finish paying.
      expect(await visitRoute(page, '/payment', '/payment')).toBeNull();
    } finally {
      await context.close();
    }
  });
});
