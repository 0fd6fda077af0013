import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot, WIDTHS } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { apiLogin, DEMO_PASSWORD } from '../support/session';
import { chooseOption } from '../support/select';

// The /pricing package screen (spec §2: super only; §3 "Pricing package"; §5 package name
// required; §8 messages) against the built app, the demo packages and the public price list.
// The form's checks and words in Chinese are the page's component test's
// (pricing-page.test.tsx); a client sent to access denied, the route walk's (a11y-layout).
// Names unique to this run, so a kept data directory (E2E_KEEP) never trips on a leftover.
const RUN = Date.now().toString(36).slice(-5);
const DEMO_PACKAGES = ['Local Growth', 'AI Studio Membership', 'Extra Video Pack'];

const { open } = useBrowser();

interface Envelope<T = unknown> {
  code: string;
  msg: string;
  data: T;
}

interface ListedPackage {
  id: number;
  button_color: string;
  check_color: string;
  name: string;
  tag: string;
  status: string;
  base_price_cents: number;
  actual_price_cents: number;
  discount_cents: number;
  monthly_credits: number;
  features: string[];
}

async function apiCall<T = unknown>(path: string, body: unknown, token?: string): Promise<Envelope<T>> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

/** Package names on the public price list, as a visitor without a token gets it. */
async function publicNames(): Promise<string[]> {
  const answer = await apiCall<{ list: ListedPackage[] }>('/v1/price/list', { page_size: 100 });
  expect(answer.code).toBe('200');
  return answer.data.list.map((pkg) => pkg.name);
}

const row = (page: Page, name: string) => page.locator(`[data-testid="price-row-${name}"]`);
const cell = (page: Page, name: string, testId: string) => row(page, name).locator(`[data-testid=${testId}]`).first().textContent();

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 15_000 });
}

/** A field's error line in the package form. */
const fieldError = (page: Page, text: string) => page.locator('[data-testid=price-form] .ant-form-item-explain-error', { hasText: text });

/**
 * Waits for antd's open/close animations (dialogs zoom and fade, messages slide in) to end, so a
 * screenshot shows the screen as a person sees it, not a half-transparent frame.
 */
async function still(page: Page): Promise<void> {
  await page
    .waitForFunction(
      // Toasts come and go on their own clock; only the rest of the screen has to hold still.
      () => !Array.from(document.querySelectorAll('[class*="-appear"], [class*="-enter"], [class*="-leave"]')).some((node) => !node.closest('.ant-message')),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

async function shot(page: Page, name: string): Promise<void> {
  await still(page);
  await screenshot(page, name);
}

/** No element sticks out to the right of the viewport (a phone would scroll sideways). */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('pricing packages', () => {
  it('the super admin creates, edits, disables and deletes a package; the public list follows', async () => {
    const page = await open(WIDTHS.desktop);
    await signInThroughForm(page, 'super@example.com', '/pricing');
    for (const name of DEMO_PACKAGES) await row(page, name).waitFor();
    // Prices are stored in cents and shown in dollars.
    expect(await cell(page, 'Local Growth', 'price-actual-cell')).toBe('$999.00');
    expect(await cell(page, 'Local Growth', 'price-base-cell')).toBe('$1,200.00');
    expect(await cell(page, 'Local Growth', 'price-discount-cell')).toBe('$100.00');
    expect(await row(page, 'Local Growth').textContent()).toContain('Business plan');
    await shot(page, 'pricing-list-1440');

    // The type filter narrows the list to the studio membership.
    await chooseOption(page, 'price-filter-type', 'Studio membership');
    await expect.poll(() => page.locator('[data-testid^="price-row-"]').count()).toBe(1);
    await row(page, 'AI Studio Membership').waitFor();
    await page.click('[data-testid=price-filter-reset]');
    for (const name of DEMO_PACKAGES) await row(page, name).waitFor();

    // Spec §5: the package name is required; the prices too.
    await page.click('[data-testid=price-create]');
    await page.locator('[data-testid=price-form]').waitFor();
    await page.click('[data-testid=price-submit]');
    await fieldError(page, 'Please enter the package name').waitFor();
    expect(await fieldError(page, 'Please enter the price').count()).toBe(2);
    // The form scrolled the first problem, the name, into view.
    expect(await page.locator('[data-testid=price-name]').isVisible()).toBe(true);
    await shot(page, 'pricing-form-required-1440');

    // The contract's price rules speak under their fields.
    const name = `Starter ${RUN}`;
    await page.fill('[data-testid=price-name]', name);
    // Editing a field takes its message away.
    await fieldError(page, 'Please enter the package name').waitFor({ state: 'detached' });
    await page.fill('[data-testid=price-tag]', 'New');
    await page.fill('[data-testid=price-base]', '10');
    await page.fill('[data-testid=price-actual]', '19.99');
    await page.click('[data-testid=price-submit]');
    await fieldError(page, 'The actual price cannot be above the base price').waitFor();
    await page.fill('[data-testid=price-base]', '29.99');
    await page.fill('[data-testid=price-discount]', '25');
    await page.click('[data-testid=price-submit]');
    await fieldError(page, 'The discount cannot be above the actual price').waitFor();
    await page.fill('[data-testid=price-discount]', '5');
    await page.fill('[data-testid=price-credits]', '40');
    // The course is picked by its title and stored as its code, which grants it to buyers.
    await page.locator('[data-testid=price-course] input').fill('starter');
    await page.locator('.ant-select-item-option', { hasText: 'Studio starter (studio-starter)' }).click();
    await expect.poll(() => page.locator('[data-testid=price-course]').textContent()).toContain('Studio starter (studio-starter)');
    await page.fill('[data-testid=price-feature-0]', 'Two extra videos a week');
    await page.click('[data-testid=price-feature-add]');
    await page.fill('[data-testid=price-feature-1]', 'Spanish subtitles');
    // A row added and left blank is not a feature.
    await page.click('[data-testid=price-feature-add]');
    // The button colour, typed into the colour picker's hex box.
    await page.click('[data-testid=price-button-color]');
    const hex = page.locator('.ant-color-picker-hex-input input:visible, input.ant-color-picker-hex-input:visible').first();
    await hex.fill('ff5500');
    // A click outside closes the picker (Escape could close the whole dialog).
    await page.click('.ant-modal-title');
    await hex.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.locator('[data-testid=price-preview-button]').evaluate((node) => getComputedStyle(node).backgroundColor))
      .toBe('rgb(255, 85, 0)');

    // The preview is the card as buyers will see it.
    const preview = page.locator('[data-testid=price-preview]');
    await expect.poll(() => preview.textContent()).toContain(name);
    expect(await page.locator('[data-testid=price-preview-amount]').textContent()).toBe('$19.99');
    expect(await preview.textContent()).toContain('Spanish subtitles');
    expect(await page.locator('[data-testid=price-payable]').textContent()).toBe('First purchase: $14.99, then $19.99 every 30 days.');
    await shot(page, 'pricing-form-filled-1440');

    await page.click('[data-testid=price-submit]');
    await toast(page, `Created: ${name}`);
    await row(page, name).waitFor();
    expect(await cell(page, name, 'price-actual-cell')).toBe('$19.99');
    expect(await cell(page, name, 'price-base-cell')).toBe('$29.99');
    expect(await cell(page, name, 'price-discount-cell')).toBe('$5.00');

    // What was stored is exact cents, not a float's approximation.
    const { token } = await apiLogin('super@example.com', DEMO_PASSWORD);
    const stored = await apiCall<{ list: ListedPackage[] }>('/v1/price/list', { keyword: name }, token);
    expect(stored.data.list).toHaveLength(1);
    const created = stored.data.list[0]!;
    expect(created).toMatchObject({
      tag: 'New',
      base_price_cents: 2999,
      actual_price_cents: 1999,
      discount_cents: 500,
      monthly_credits: 40,
      status: 'enabled',
      button_color: '#ff5500',
      check_color: '#22d3ee',
      features: ['Two extra videos a week', 'Spanish subtitles'],
      learning_course: 'studio-starter',
    });
    expect(await publicNames()).toContain(name);

    // A code that names no course (its course deleted since) is kept and called out, not dropped.
    await apiCall('/v1/price/update', { id: created.id, learning_course: 'retired-course' }, token);
    await page.reload();
    await row(page, name).locator('[data-testid=price-edit]').click();
    await expect.poll(() => page.locator('[data-testid=price-course-missing]').textContent()).toContain('No course has the code “retired-course”');
    await page.locator('[data-testid=price-course]').scrollIntoViewIfNeeded();
    await shot(page, 'pricing-course-missing-1440');
    await page.click('[data-testid=price-cancel]');

    // Edit: the form opens with the stored values in dollars.
    await row(page, name).locator('[data-testid=price-edit]').click();
    await expect.poll(() => page.locator('[data-testid=price-name]').inputValue()).toBe(name);
    expect(await page.locator('[data-testid=price-actual]').inputValue()).toBe('19.99');
    expect(await page.locator('[data-testid=price-feature-1]').inputValue()).toBe('Spanish subtitles');
    await page.fill('[data-testid=price-actual]', '24.5');
    await page.fill('[data-testid=price-tag]', 'Best value');
    await page.click('[data-testid=price-feature-remove-0]');
    await page.click('[data-testid=price-submit]');
    await toast(page, `Updated: ${name}`);
    await expect.poll(() => cell(page, name, 'price-actual-cell')).toBe('$24.50');
    expect(await row(page, name).textContent()).toContain('Best value');
    expect(await cell(page, name, 'price-discount-cell')).toBe('$5.00');
    const edited = await apiCall<ListedPackage>('/v1/price/get', { id: created.id }, token);
    expect(edited.data).toMatchObject({ actual_price_cents: 2450, base_price_cents: 2999, features: ['Spanish subtitles'] });

    // Disabled: it leaves the public list while the enabled ones stay.
    await page.click(`[data-testid="price-status-${name}"]`);
    await toast(page, `Disabled: ${name}`);
    await expect.poll(() => cell(page, name, 'price-status-label')).toBe('Disabled');
    const visible = await publicNames();
    expect(visible).not.toContain(name);
    for (const demo of DEMO_PACKAGES) expect(visible).toContain(demo);
    expect((await apiCall('/v1/price/get', { id: created.id })).code).toBe('404');

    // The status filter finds it among the disabled ones.
    await chooseOption(page, 'price-filter-status', 'Disabled');
    await row(page, name).waitFor();
    await expect.poll(() => page.locator('[data-testid^="price-row-"]').count()).toBe(1);
    await shot(page, 'pricing-disabled-filter-1440');

    // And back on.
    await page.click(`[data-testid="price-status-${name}"]`);
    await toast(page, `Enabled: ${name}`);
    await expect.poll(() => page.locator('[data-testid^="price-row-"]').count()).toBe(0);
    await page.locator('[data-testid=price-empty]').waitFor();
    expect(await publicNames()).toContain(name);
    // Switching sends only the status: everything else about the package is as it was.
    const switched = await apiCall<ListedPackage>('/v1/price/get', { id: created.id }, token);
    expect(switched.data).toMatchObject({ status: 'enabled', tag: 'Best value', discount_cents: 500, monthly_credits: 40, features: ['Spanish subtitles'] });
    await page.click('[data-testid=price-filter-reset]');

    // Delete, after the spec's confirmation.
    await row(page, name).locator('[data-testid=price-delete]').click();
    await page.getByText('Are you sure you want to delete?').waitFor();
    await shot(page, 'pricing-delete-confirm-1440');
    await page.click('[data-testid=confirm-ok]');
    await toast(page, `Deleted: ${name}`);
    await row(page, name).waitFor({ state: 'detached' });
    expect((await apiCall('/v1/price/get', { id: created.id }, token)).code).toBe('404');
    expect(await publicNames()).not.toContain(name);
    for (const demo of DEMO_PACKAGES) await row(page, demo).waitFor();
  });

  it('on a phone the packages are cards and the form fits the screen', async () => {
    const page = await open(WIDTHS.phone);
    // The first load fails: the spec's message and a retry take the list's place.
    await page.route('**/api/v1/price/list', (route) => route.abort('connectionreset'));
    await signInThroughForm(page, 'super@example.com', '/pricing');
    const failure = page.locator('[data-testid=price-error]');
    await failure.waitFor();
    expect(await failure.textContent()).toContain('Load failed, please try again');
    await shot(page, 'pricing-load-failed-375');
    await page.unroute('**/api/v1/price/list');
    await page.click('[data-testid=price-retry]');
    await page.locator('[data-testid=price-cards]').waitFor();
    for (const name of DEMO_PACKAGES) await row(page, name).waitFor();
    expect(await cell(page, 'Local Growth', 'price-actual-cell')).toBe('$999.00');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'pricing-list-375');

    await row(page, 'Local Growth').locator('[data-testid=price-edit]').click();
    await expect.poll(() => page.locator('[data-testid=price-name]').inputValue()).toBe('Local Growth');
    expect(await page.locator('[data-testid=price-base]').inputValue()).toBe('1200.00');
    await shot(page, 'pricing-form-375');
    await page.locator('[data-testid=price-preview]').scrollIntoViewIfNeeded();
    // Written as the plan cards write it: one money format on every page.
    expect(await page.locator('[data-testid=price-preview-amount]').textContent()).toBe('$999.00');
    await shot(page, 'pricing-preview-375');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.click('[data-testid=price-cancel]');
  });

  it('the cards read in Spanish on a phone', async () => {
    const page = await open(WIDTHS.phone);
    await page.goto('/signin');
    await page.evaluate(() => window.localStorage.setItem('nearcast.language', 'es-ES'));
    await signInThroughForm(page, 'super@example.com', '/pricing');
    // The demo packages under their Spanish names (the list speaks the reader's language).
    await row(page, 'Crecimiento Local').waitFor();
    expect(await row(page, 'Crecimiento Local').textContent()).toContain('Plan para negocios');
    // Spanish number style, still in US dollars.
    expect(await cell(page, 'Crecimiento Local', 'price-actual-cell')).toMatch(/^999,00\s\$$/);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'pricing-list-es-ES-375');
    // The studio package's course, by its Spanish title.
    await row(page, 'Membresía de Estudio de IA').locator('[data-testid=price-edit]').click();
    await expect.poll(() => page.locator('[data-testid=price-course]').textContent()).toBe('Primeros pasos del estudio (studio-starter)');
    await page.locator('[data-testid=price-course]').scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'pricing-course-es-ES-375');
  });
});
