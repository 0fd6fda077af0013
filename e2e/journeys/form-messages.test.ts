import { esES } from '@nearcast/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, transitionsDone, WIDTHS } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { settle } from '../support/session';

// One form behaviour everywhere: a message under a field goes as soon as the field is valid,
// and a form that creates someone else's account speaks of that account, not of "your" email.

const { open } = useBrowser();

/** The message under the field holding the element with this test id ('' when none). */
async function messageUnder(page: Page, testId: string): Promise<string> {
  const item = page.locator(`.ant-form-item:has([data-testid="${testId}"])`).first();
  const errors = item.locator('.ant-form-item-explain-error');
  // antd fades a message out: wait for the list to settle before reading it.
  await transitionsDone(page);
  return (await errors.allTextContents()).join(' ').trim();
}

describe('form messages clear once the field is valid', () => {
  it('sign-in: a filled email stops saying the fields are required', async () => {
    const page = await open();
    await page.goto('/signin');
    await page.getByTestId('login-submit').waitFor();
    await settle(page);
    await page.click('[data-testid=login-submit]');
    await expect.poll(() => messageUnder(page, 'login-email')).toBe('Please fill in all required fields');
    expect(await messageUnder(page, 'login-password')).toBe('Please fill in all required fields');

    await page.fill('[data-testid=login-email]', 'carmen@');
    await expect.poll(() => messageUnder(page, 'login-email')).toBe('Please enter a valid email address');
    await page.fill('[data-testid=login-email]', 'carmen@example.com');
    await expect.poll(() => messageUnder(page, 'login-email')).toBe('');
    // The field left empty still says so.
    expect(await messageUnder(page, 'login-password')).toBe('Please fill in all required fields');
    await screenshot(page, 'form-messages-signin');
  });

  it("profile password change: each filled field loses its message; the confirmation clears when it matches", async () => {
    const page = await open();
    await signInThroughForm(page, 'operator@example.com', '/profile');
    await page.click('[data-testid=profile-tab-security]');
    await page.getByTestId('password-submit').waitFor();
    await page.click('[data-testid=password-submit]');
    await expect.poll(() => messageUnder(page, 'password-current')).toBe('Please fill in complete information');

    await page.fill('[data-testid=password-current]', 'Something-1');
    await expect.poll(() => messageUnder(page, 'password-current')).toBe('');
    expect(await messageUnder(page, 'password-new')).toBe('Please fill in complete information');

    await page.fill('[data-testid=password-new]', 'Brand-new-pass-7');
    await page.fill('[data-testid=password-confirm]', 'Brand-new-pass-8');
    await page.click('[data-testid=password-submit]');
    await expect.poll(() => messageUnder(page, 'password-confirm')).toBe('The two passwords do not match');
    // Fixing the other field is what makes the confirmation right.
    await page.fill('[data-testid=password-new]', 'Brand-new-pass-8');
    await expect.poll(() => messageUnder(page, 'password-confirm')).toBe('');
    await screenshot(page, 'form-messages-password');
  });

  it("Add agent: asks for the new account's email, and the message goes once it is given", async () => {
    const page = await open();
    await signInThroughForm(page, 'super@example.com', '/agents');
    await page.click('[data-testid=agent-add]');
    await page.getByTestId('agent-submit').waitFor();
    await page.click('[data-testid=agent-submit]');
    await expect.poll(() => messageUnder(page, 'field-email')).toBe("Please enter the new account's email");
    expect(await messageUnder(page, 'field-password')).toBe('Please enter a password for the new account');

    await page.fill('[data-testid=field-email]', 'new.agent@example.com');
    await expect.poll(() => messageUnder(page, 'field-email')).toBe('');
    await page.fill('[data-testid=field-password]', 'Agent-pass-22');
    await expect.poll(() => messageUnder(page, 'field-password')).toBe('');
    await screenshot(page, 'form-messages-add-agent');
  });

  it('Composer: no made-up merchant in its list, and an empty merchant asks for one in the caller\'s language', async () => {
    const page = await open(WIDTHS.desktop, 'es-ES');
    await signInThroughForm(page, 'studio@example.com', '/video');
    await page.getByTestId('video-compose').click();
    const composer = page.getByTestId('video-composer');
    await composer.getByTestId('composer-title').waitFor();
    // Nothing chosen yet: the field shows its placeholder, and the list opens on real merchants.
    await composer.getByTestId('composer-merchant').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    expect(await options.allTextContents()).not.toContainEqual(expect.stringMatching(/^#|undefined/));
    // Closed by a click elsewhere in the drawer (Escape would close the drawer too).
    await composer.getByTestId('composer-title').click();
    await composer.getByTestId('composer-submit').click();
    await expect.poll(() => messageUnder(page, 'composer-merchant')).toBe(esES['video.merchant_required']);
    await screenshot(page, 'form-messages-composer-merchant');
  });
});
