import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paidAccount } from '../support/accounts';
import { screenshot, WIDTHS } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { DEMO_PASSWORD, injectSession, settle, waitForPath } from '../support/session';

// Every user finds its own pages and is told where it stands: the agent and studio centers are
// in the menu and on the dashboard and lead back; an unpaid merchant sent home is told why; a
// paying one sees its plan, its expiry and a renewal instead of a sales pitch, and can sign out.

const { open } = useBrowser();

describe('the agent and studio centers', () => {
  for (const { email, key } of [
    { email: 'agent@example.com', key: 'partner' },
    { email: 'studio@example.com', key: 'studio' },
  ] as const) {
    it(`${email} reaches /${key} from the menu and the dashboard, and comes back`, async () => {
      const page = await open();
      await signInThroughForm(page, email, '/dashboard');
      await page.getByTestId(`nav-${key}`).waitFor();
      await page.getByTestId(`dashboard-center-${key}`).waitFor();
      await screenshot(page, `wayfinding-dashboard-${key}`);

      await page.click(`[data-testid=dashboard-center-${key}]`);
      expect(await waitForPath(page, `/${key}`)).toBe(`/${key}`);
      await page.waitForSelector('[data-testid=page-title]');
      await screenshot(page, `wayfinding-center-${key}`);
      await page.click('[data-testid=back-to-platform]');
      expect(await waitForPath(page, '/dashboard')).toBe('/dashboard');

      // And from the side navigation too.
      await page.click(`[data-testid=nav-${key}]`);
      expect(await waitForPath(page, `/${key}`)).toBe(`/${key}`);
    });

    it(`${email} finds the center in the phone menu, and the way back fits 375 px`, async () => {
      const page = await open(WIDTHS.phone);
      await signInThroughForm(page, email, `/${key}`);
      // The center has drawn (as in the desktop test above) before the way back is taken.
      await page.waitForSelector('[data-testid=page-title]');
      const back = page.getByTestId('back-to-platform');
      await back.waitFor();
      const box = await back.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(WIDTHS.phone);
      await screenshot(page, `wayfinding-center-${key}-phone`);
      await back.click();
      expect(await waitForPath(page, '/dashboard', 20_000)).toBe('/dashboard');
      await page.click('[data-testid=nav-toggle]');
      await page.getByTestId(`nav-${key}`).waitFor();
    });
  }
});

/** Signs in through the form with no redirect: where spec §4 "After login" sends this user. */
async function signInPlain(page: Page, email: string): Promise<void> {
  await page.goto('/signin');
  await page.getByTestId('login-submit').waitFor();
  await settle(page);
  await page.fill('[data-testid=login-email]', email);
  await page.fill('[data-testid=login-password]', DEMO_PASSWORD);
  await page.click('[data-testid=login-submit]');
}

describe('what a merchant is told about its plan', () => {
  it('an unpaid merchant sent home is told its plan is not active, and what to do', async () => {
    const page = await open();
    await signInPlain(page, 'newclient@example.com');
    expect(await waitForPath(page, '/', 30_000)).toBe('/');
    const notice = page.getByTestId('plan-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Your plan is not active yet.');
    expect(await page.getByTestId('plan-notice-action').getAttribute('href')).toBe('/plans');
    await screenshot(page, 'wayfinding-unpaid-home');

    // Its Dashboard link still lands on Home (spec §4), where the notice says why: the guard
    // checks the user on the way (the current-user fetch), then sends it back.
    const guarded = page.waitForResponse((response) => response.url().endsWith('/api/v1/account/detail'));
    await page.click('[data-testid=home-nav-dashboard]');
    await guarded;
    await settle(page);
    expect(await waitForPath(page, '/')).toBe('/');
    await notice.waitFor();
  });

  it('an unpaid merchant is told in its language', async () => {
    const page = await open(WIDTHS.phone, 'zh-CN');
    await signInPlain(page, 'newstudio@example.com');
    expect(await waitForPath(page, '/', 30_000)).toBe('/');
    await page.getByTestId('plan-notice').waitFor();
    expect(await page.getByTestId('plan-notice').textContent()).toContain('您的套餐尚未生效');
    await screenshot(page, 'wayfinding-unpaid-home-zh-phone');
  });

  it('a paying merchant sees its plan, its expiry and a renewal, and can sign out from the plan pages', async () => {
    const buyer = await paidAccount('client');
    const page = await open();
    await page.goto('/privacy');
    await injectSession(page, buyer);
    await page.goto('/');
    const banner = page.getByTestId('package-banner');
    await banner.waitFor();
    expect(await banner.getAttribute('data-standing')).toBe('active');
    expect(await banner.textContent()).toContain('Your plan is active until');
    expect(await page.getByTestId('buy-now').count()).toBe(0);
    expect(await page.getByTestId('join-now').count()).toBe(0);
    expect(await page.getByTestId('plan-notice').count()).toBe(0);
    await page.getByTestId('renew-now').waitFor();
    await screenshot(page, 'wayfinding-paid-home');

    await page.click('[data-testid=renew-now]');
    const mine = page.getByTestId('my-plan');
    await mine.waitFor();
    await expect.poll(() => page.getByTestId('my-plan-name').textContent()).toMatch(/^Your plan: \S/);
    expect(await page.getByTestId('my-plan-expiry').textContent()).toMatch(/^Active until \d{4}\/\d{2}\/\d{2}\.$/);
    // The package it has is marked in the list, and the panel renews that same package.
    const marked = page.locator('[data-testid^=plan-card-current-]');
    await marked.first().waitFor();
    expect(await marked.count()).toBe(1);
    const id = (await marked.first().getAttribute('data-testid'))!.replace('plan-card-current-', '');
    expect(await page.getByTestId('my-plan-renew').getAttribute('href')).toBe(`/plans/${id}`);
    await screenshot(page, 'wayfinding-paid-plans');

    await page.click('[data-testid=checkout-logout]');
    await page.getByTestId('checkout-signin').waitFor();
    expect(await page.getByTestId('my-plan').count()).toBe(0);
    expect(await page.evaluate(() => window.localStorage.getItem('nearcast.token'))).toBeNull();
  });
});
