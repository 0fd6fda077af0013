import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launch, newContext, WIDTHS, type LANGUAGES } from './browser';
import { DEMO_PASSWORD } from './session';

/**
 * One Chromium per journey file, a fresh context per page (English unless asked, cookies accepted), all
 * closed after the file. Call at the top level of a test file.
 */
export function useBrowser(): { open: (width?: number, language?: (typeof LANGUAGES)[number]) => Promise<Page> } {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });
  return {
    async open(width: number = WIDTHS.desktop, language: (typeof LANGUAGES)[number] = 'en-US') {
      const context = await newContext(browser, { width, consent: 'accepted', language });
      contexts.push(context);
      return context.newPage();
    },
  };
}

/** Signs in through the form and lands on `path` (the sign-in page honours ?redirect=). */
export async function signInThroughForm(page: Page, email: string, path: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`/signin?redirect=${encodeURIComponent(path)}`);
  await page.fill('[data-testid=login-email]', email);
  await page.fill('[data-testid=login-password]', password);
  await page.click('[data-testid=login-submit]');
  const pathname = path.split('?')[0]!;
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 30_000 });
  await page.waitForSelector('[data-testid=page-title]');
}

/** Opens an antd select by its test id, types to search, and picks the option with that exact label. */
export async function pickOption(page: Page, testId: string, search: string, label = search): Promise<void> {
  await page.click(`[data-testid="${testId}"]`);
  await page.keyboard.type(search);
  const option = page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`);
  await option.waitFor({ timeout: 15_000 });
  await option.click();
}
