import { MESSAGES, type Language, type MessageKey } from '@nearcast/contract';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser';
import { chooseOption } from './select';

export const message = (language: Language, key: MessageKey): string => MESSAGES[language][key];


/** Whether the county select shows a choice, waiting a moment for the form to make it itself. */
export async function countyChosen(page: Page, timeout = 2_000): Promise<boolean> {
  const value = page.locator('.ant-form-item', { has: page.getByTestId('settle-county') }).locator('.ant-select-content-has-value');
  return value.waitFor({ timeout }).then(
    () => true,
    () => false,
  );
}

/** Whether an antd select is disabled (the country select is only when a studio's place fixes it). */
export async function selectLocked(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((element) => Boolean(element.closest('.ant-select-disabled')));
}

/**
 * Fills the settle form (spec §5) with valid values, as a person would: Beverly Hills, whose
 * only county the form then picks by itself. A studio's paid place has already fixed country,
 * state and city (the selects are disabled): those are left as they are, and a county of that
 * city is chosen if the form could not choose one itself.
 */
export async function fillSettleForm(page: Page, who: { name: string; company: string; wechat: string }): Promise<void> {
  await page.fill('[data-testid=settle-name]', who.name);
  await page.fill('[data-testid=settle-phone]', '(310) 555-0142');
  await page.fill('[data-testid=settle-wechat]', who.wechat);
  await page.fill('[data-testid=settle-company-short]', who.company);
  await page.fill('[data-testid=settle-company-full]', `${who.company} LLC`);
  await page.fill('[data-testid=settle-tax]', '12-3456789');
  if (await selectLocked(page, 'settle-country')) {
    // A city in a single county gets it chosen by the form once the city's counties load.
    if (!(await countyChosen(page))) {
      await chooseOption(page, 'settle-county', null);
    }
  } else {
    await chooseOption(page, 'settle-country', 'United States', { search: true });
    await chooseOption(page, 'settle-state', 'California', { search: true });
    // Thousands of cities: the list is searched on the server.
    await chooseOption(page, 'settle-city', 'Beverly Hills', { search: true });
    await expect.poll(() => page.locator('[data-testid=settle-county]').textContent(), { timeout: 15_000 }).toContain('Los Angeles County');
  }
  await page.fill('[data-testid=settle-address]', '9500 Wilshire Blvd');
  await page.fill('[data-testid=settle-zip]', '90210');
  // Every message has gone with the edit that answered it.
  await expect.poll(() => page.locator('.ant-form-item-explain-error').count()).toBe(0);
}

/** The error text under the form field that holds the element with this test id. */
export function fieldError(page: Page, testId: string) {
  return page
    .locator('.ant-form-item', { has: page.locator(`[data-testid="${testId}"]`) })
    .locator('.ant-form-item-explain-error');
}

export async function expectFieldError(page: Page, testId: string, text: string): Promise<void> {
  await expect.poll(() => fieldError(page, testId).allTextContents(), { timeout: 10_000 }).toEqual([text]);
}

/** Counts the settle requests the page sends, to show the browser refuses bad input itself. */
function countSettleRequests(page: Page): () => number {
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/account/area')) sent += 1;
  });
  return () => sent;
}

const REQUIRED: [string, MessageKey][] = [
  ['settle-name', 'settle.name_required'],
  ['settle-phone', 'settle.phone_required'],
  ['settle-wechat', 'settle.wechat_required'],
  ['settle-company-short', 'settle.company_short_required'],
  ['settle-company-full', 'settle.company_full_required'],
  ['settle-tax', 'settle.tax_required'],
  ['settle-country', 'settle.country_required'],
  ['settle-state', 'settle.state_required'],
  ['settle-city', 'settle.city_required'],
  ['settle-county', 'settle.county_required'],
  ['settle-address', 'settle.address_required'],
  ['settle-zip', 'settle.zip_required'],
];

/** The fields a studio's paid place fills in and fixes. */
export const PLACE = ['settle-country', 'settle-state', 'settle-city'] as const;

const BAD_FORMATS: [string, string, MessageKey][] = [
  ['settle-phone', '12345', 'profile.phone_invalid'],
  ['settle-tax', '123456789', 'settle.tax_format'],
  ['settle-zip', '9021', 'settle.zip_format'],
  ['settle-wechat', 'abc', 'profile.wechat_length'],
];

/** Empty form, then each malformed field on its own, in the user's language; nothing is sent. */
export async function checkRefusals(page: Page, language: Language, shot: string, filled: readonly string[] = []): Promise<void> {
  const sent = countSettleRequests(page);
  // The server set the account's name from its username: clear it to send an empty form.
  await page.fill('[data-testid=settle-name]', '');
  await page.click('[data-testid=settle-submit]');
  for (const [testId, key] of REQUIRED) {
    if (filled.includes(testId)) expect(await fieldError(page, testId).count(), `${testId} is filled already`).toBe(0);
    else await expectFieldError(page, testId, message(language, key));
  }
  await page.locator('[data-testid=settle-name]').scrollIntoViewIfNeeded();
  await screenshot(page, shot);

  for (const [testId, value, key] of BAD_FORMATS) {
    await page.fill(`[data-testid=${testId}]`, value);
    // Editing a field rechecks it at once: its 'required' message gives way to what is wrong
    // with the new value, and submitting again says the same.
    await expectFieldError(page, testId, message(language, key));
    await page.click('[data-testid=settle-submit]');
    await expectFieldError(page, testId, message(language, key));
  }
  expect(sent()).toBe(0);
}
