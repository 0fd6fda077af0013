import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pickOption } from './journey';

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
    const county = page.locator('.ant-form-item', { has: page.getByTestId('settle-county') });
    await page.waitForTimeout(500); // a single county is chosen by the form once the city's counties load
    if ((await county.locator('.ant-select-selection-item').count()) === 0) {
      await page.click('[data-testid=settle-county]');
      const first = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
      await first.waitFor({ timeout: 15_000 });
      await first.click();
    }
  } else {
    await pickOption(page, 'settle-country', 'United States');
    await pickOption(page, 'settle-state', 'California');
    // Thousands of cities: the list is searched on the server.
    await pickOption(page, 'settle-city', 'Beverly Hills');
    await expect.poll(() => page.locator('[data-testid=settle-county]').textContent(), { timeout: 15_000 }).toContain('Los Angeles County');
  }
  await page.fill('[data-testid=settle-address]', '9500 Wilshire Blvd');
  await page.fill('[data-testid=settle-zip]', '90210');
  // Every message has gone with the edit that answered it.
  await expect.poll(() => page.locator('.ant-form-item-explain-error').count()).toBe(0);
}
