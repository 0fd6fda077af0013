import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiPost } from '../support/api';
import { paidAccount, uniqueName } from '../support/accounts';
import { findCity } from '../support/fill-city';
import { screenshot, WIDTHS } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { checkRefusals, expectFieldError, fillSettleForm, message, PLACE, selectLocked } from '../support/settle-form';
import { apiLogin, injectSession, pathOf, waitForPath } from '../support/session';

// The settle form (/settle for a client, /studio for a studio), the public join pages
// with the call-back form, and the call-back list, against the built app. Accounts that have
// paid but not given their information are made through the API (support/accounts.ts).

const { open } = useBrowser();

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 15_000 });
}

/** Signs in through the form and waits for where the guard sends the account. */
async function signInExpecting(page: Page, email: string, password: string, expected: string): Promise<void> {
  await page.goto('/signin?redirect=%2Fdashboard');
  await page.fill('[data-testid=login-email]', email);
  await page.fill('[data-testid=login-password]', password);
  await page.click('[data-testid=login-submit]');
  expect(await waitForPath(page, expected, 30_000)).toBe(expected);
  await page.waitForSelector('[data-testid=settle-form]');
}

/** Waits until the call-back list has no search on its way. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-testid=contacts-table]')?.getAttribute('aria-busy') === 'false', undefined, {
    timeout: 15_000,
  });
}

async function accountOf(token: string) {
  return apiPost<{ info_status: number; city: string; county: string; tax_number: string; phone: string }>('/v1/account/detail', {}, token);
}

describe('onboarding', () => {
  it('a paid client with incomplete information is kept on /settle until the form is complete', async () => {
    const account = await paidAccount('client');
    expect(account.user).toMatchObject({ pay_status: 1, info_status: 0 });
    const page = await open();
    await signInExpecting(page, account.email, account.password, '/settle');
    await page.getByTestId('settle-paid').waitFor();
    // Prefilled from the account: the server named it after its username.
    expect(await page.inputValue('[data-testid=settle-name]')).toBe(account.username);

    // Any other page sends it back here.
    await page.goto('/profile');
    expect(await waitForPath(page, '/settle')).toBe('/settle');
    await page.waitForSelector('[data-testid=settle-form]');

    await checkRefusals(page, 'en-US', 'onboarding-settle-required-desktop');

    await fillSettleForm(page, { name: 'Ana Flores', company: 'Flores Bakery', wechat: 'ana_flores_bakery' });
    await screenshot(page, 'onboarding-settle-filled-desktop');

    // A failed submission says so ('Submit failed', spec §8) and keeps what was typed.
    await page.route('**/api/v1/account/area', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: '500', msg: 'Something went wrong on our side. Please try again later.', data: null }) }),
    );
    await page.click('[data-testid=settle-submit]');
    await toast(page, 'Submit failed');
    expect(pathOf(page)).toBe('/settle');
    expect((await accountOf(account.token)).info_status).toBe(0);
    await page.unroute('**/api/v1/account/area');

    await page.click('[data-testid=settle-submit]');
    await toast(page, 'Your information is saved. Welcome aboard!');
    expect(await waitForPath(page, '/dashboard')).toBe('/dashboard');
    const saved = await accountOf(account.token);
    expect(saved).toMatchObject({ info_status: 1, city: 'Beverly Hills', county: 'Los Angeles County', tax_number: '12-3456789', phone: '3105550142' });

    // No longer forced: other pages open, and /settle says there is nothing left to do.
    await page.goto('/profile');
    expect(await waitForPath(page, '/profile')).toBe('/profile');
    await page.goto('/settle');
    await page.getByTestId('settle-complete').waitFor();
    await screenshot(page, 'onboarding-settle-complete-desktop');
    await page.click('[data-testid=settle-go-dashboard]');
    expect(await waitForPath(page, '/dashboard')).toBe('/dashboard');
  });

  it('a paid studio fills it in on /studio, in Spanish on a phone, in the city of its place', async () => {
    const { city } = await findCity('California', 'Beverly Hills');
    const account = await paidAccount('studio', city.id);
    const page = await open(WIDTHS.phone);
    await page.goto('/');
    await page.evaluate(() => window.localStorage.setItem('nearcast.language', 'es-ES'));
    await signInExpecting(page, account.email, account.password, '/studio');
    await expect(page.locator('[data-testid=page-title]').textContent()).resolves.toBe('Centro del estudio');
    await expect(page.getByTestId('settle-paid').textContent()).resolves.toContain('Pago recibido — un último paso');
    // Studio wording where it differs from a shop's.
    await expect(page.locator('.ant-form-item', { has: page.getByTestId('settle-company-short') }).locator('label').textContent()).resolves.toBe(
      'Nombre corto del estudio',
    );
    await screenshot(page, 'onboarding-studio-phone-es');

    // The place it paid for fixes country, state and city: shown, not asked.
    for (const testId of PLACE) expect(await selectLocked(page, testId), testId).toBe(true);
    // …and the county too, Beverly Hills lying in one county only.
    await checkRefusals(page, 'es-ES', 'onboarding-studio-required-phone-es', [...PLACE, 'settle-county']);
    await fillSettleForm(page, { name: 'Noa Estudio', company: 'Estudio Sol', wechat: 'estudio_sol_ia' });
    await page.click('[data-testid=settle-submit]');
    await toast(page, 'Tu información se ha guardado. ¡Bienvenido!');
    expect(await waitForPath(page, '/dashboard')).toBe('/dashboard');
    expect((await accountOf(account.token)).info_status).toBe(1);

    // /studio is the studio's statistics again.
    await page.goto('/studio');
    await page.getByTestId('studio-tiles').waitFor();
    expect(await page.getByTestId('settle-form').count()).toBe(0);
  });

  it('a visitor asks for a call back on /settle/client, and the super admin finds it on /contacts', async () => {
    const page = await open(WIDTHS.phone);
    await page.goto('/settle/client');
    await page.getByTestId('join-visitor').waitFor();
    expect(await page.getAttribute('[data-testid=join-plans]', 'href')).toBe('/plans?type=business');
    expect(await page.getAttribute('[data-testid=join-signin]', 'href')).toBe('/signin?redirect=%2Fsettle%2Fclient');
    expect(await page.getAttribute('[data-testid=join-step-register]', 'data-state')).toBe('current');
    // The 100-places rule is the studios' business only.
    expect(await page.getByTestId('join-places-rule').count()).toBe(0);
    await screenshot(page, 'onboarding-join-client-phone');

    await page.locator('[data-testid=contact-form]').scrollIntoViewIfNeeded();
    await page.click('[data-testid=contact-submit]');
    await expectFieldError(page, 'contact-mobile', 'Please enter your phone number');
    await expectFieldError(page, 'contact-wechat', message('en-US', 'contact.wechat_required'));

    const wechat = uniqueName('cb_');
    await page.fill('[data-testid=contact-mobile]', '12345');
    await page.fill('[data-testid=contact-wechat]', wechat);
    await page.click('[data-testid=contact-submit]');
    await expectFieldError(page, 'contact-mobile', message('en-US', 'profile.phone_invalid'));
    await screenshot(page, 'onboarding-contact-invalid-phone');

    await page.fill('[data-testid=contact-mobile]', '415.555.0199');
    await page.fill('[data-testid=contact-name]', 'Lee Chen');
    await page.fill('[data-testid=contact-message]', 'Weekday mornings are best.');
    await page.click('[data-testid=contact-submit]');
    await page.getByTestId('contact-success').waitFor();
    await expect(page.getByTestId('contact-success').textContent()).resolves.toContain('(415) 555-0199');
    await screenshot(page, 'onboarding-contact-success-phone');

    // Another request, so the search has something to leave out.
    await apiPost('/v1/contact/add', { mobile: '2125550100', wechat_id: uniqueName('other_'), name: 'Olga Other' });

    for (const width of [WIDTHS.desktop, WIDTHS.phone]) {
      const staff = await open(width);
      await signInThroughForm(staff, 'super@example.com', '/contacts');
      await staff.locator('[data-testid^="contact-row-"]', { hasText: 'Olga Other' }).first().waitFor();
      await staff.fill('[data-testid=contacts-keyword] input', wechat);
      await staff.keyboard.press('Enter');
      await settled(staff);
      const row = staff.locator('[data-testid^="contact-row-"]', { hasText: wechat });
      await row.waitFor({ timeout: 15_000 });
      expect(await staff.locator('[data-testid^="contact-row-"]').count()).toBe(1);
      const text = await row.textContent();
      for (const part of ['Lee Chen', '(415) 555-0199', 'Visitor']) expect(text).toContain(part);
      if (width === WIDTHS.phone) expect(text).toContain('Weekday mornings are best.');
      await screenshot(staff, `onboarding-contacts-${width === WIDTHS.phone ? 'phone' : 'desktop'}`);

      // Nothing matches: the empty state says so.
      await staff.fill('[data-testid=contacts-keyword] input', `${wechat}-none`);
      await staff.keyboard.press('Enter');
      await settled(staff);
      await staff.getByTestId('contacts-empty').waitFor();
      await expect(staff.getByTestId('contacts-empty').textContent()).resolves.toContain('No request matches');
    }
  });

  it("a failed call-back request says 'Envío fallido' in Spanish, on the studio join page", async () => {
    const page = await open(WIDTHS.desktop);
    await page.goto('/');
    await page.evaluate(() => window.localStorage.setItem('nearcast.language', 'es-ES'));
    await page.goto('/settle/studio');
    await page.getByTestId('join-visitor').waitFor();
    expect(await page.getAttribute('[data-testid=join-plans]', 'href')).toBe('/plans?type=studio');
    await page.getByTestId('join-places-rule').waitFor();
    await screenshot(page, 'onboarding-join-studio-desktop-es');

    await page.route('**/api/v1/contact/add', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ code: '429', msg: 'Demasiadas solicitudes', data: null }) }),
    );
    await page.fill('[data-testid=contact-mobile]', '4155550199');
    await page.fill('[data-testid=contact-wechat]', 'estudio_llamame');
    await page.click('[data-testid=contact-submit]');
    await toast(page, 'Envío fallido');
    expect(await page.getByTestId('contact-success').count()).toBe(0);
    expect(await page.inputValue('[data-testid=contact-wechat]')).toBe('estudio_llamame');
  });

  it('the join pages answer signed-in users by where they stand', async () => {
    const cases: [string, string, string][] = [
      ['newclient@example.com', '/settle/client', 'join-unpaid'],
      ['client@example.com', '/settle/client', 'settle-complete'],
      ['studio@example.com', '/settle/client', 'join-other-role'],
      ['agent@example.com', '/settle/studio', 'join-other-role'],
    ];
    const page = await open();
    await page.goto('/');
    for (const [email, path, testId] of cases) {
      await injectSession(page, await apiLogin(email));
      await page.goto(path);
      await page.getByTestId(testId).waitFor({ timeout: 15_000 });
      if (testId === 'join-unpaid') {
        expect(await page.getAttribute('[data-testid=join-step-register]', 'data-state')).toBe('done');
        expect(await page.getAttribute('[data-testid=join-plans]', 'href')).toBe('/plans?type=business');
        await screenshot(page, 'onboarding-join-unpaid-desktop');
      }
      if (email === 'studio@example.com') expect(await page.getAttribute('[data-testid=join-other-link]', 'href')).toBe('/settle/studio');
      if (email === 'agent@example.com') expect(await page.getAttribute('[data-testid=join-other-link]', 'href')).toBe('/dashboard');
    }

    // A paid studio with incomplete information gets the settle form on its join page.
    const studio = await paidAccount('studio');
    await injectSession(page, studio);
    await page.goto('/settle/studio');
    await page.getByTestId('settle-step-studio').waitFor();
    await page.waitForSelector('[data-testid=settle-form]');
    await screenshot(page, 'onboarding-join-settle-studio-desktop');
  });
});
