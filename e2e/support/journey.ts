import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launch, newContext, WIDTHS, type ContextOptions, type LANGUAGES } from './browser';
import { DEMO_PASSWORD, settle } from './session';

/**
 * One Chromium per journey file, a fresh context per page (English unless asked, cookies accepted), all
 * closed after the file. Call at the top level of a test file.
 */
export function useBrowser(): {
  open: (width?: number, language?: (typeof LANGUAGES)[number], options?: Pick<ContextOptions, 'userAgent'>) => Promise<Page>;
} {
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
    async open(width: number = WIDTHS.desktop, language: (typeof LANGUAGES)[number] = 'en-US', options: Pick<ContextOptions, 'userAgent'> = {}) {
      const context = await newContext(browser, { width, consent: 'accepted', language, ...options });
      contexts.push(context);
      return context.newPage();
    },
  };
}

/** Signs in through the form and lands on `path` (the sign-in page honours ?redirect=). */
export async function signInThroughForm(page: Page, email: string, path: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`/signin?redirect=${encodeURIComponent(path)}`);
  // Fill only a settled page: a form that renders again after typing would send empty fields.
  await page.getByTestId('login-submit').waitFor();
  await settle(page);
  await page.fill('[data-testid=login-email]', email);
  await page.fill('[data-testid=login-password]', password);
  expect(await page.inputValue('[data-testid=login-email]')).toBe(email);
  await page.click('[data-testid=login-submit]');
  const pathname = path.split('?')[0]!;
  try {
    await page.waitForURL((url) => url.pathname === pathname, { timeout: 30_000 });
  } catch (error) {
    throw new Error(`signing in as ${email} stayed on ${page.url()}; the page said: ${await whatThePageSaid(page)}`, { cause: error });
  }
  await page.waitForSelector('[data-testid=page-title]');
}

/** The toasts and field messages on screen: what a failed step reports instead of only a timeout. */
async function whatThePageSaid(page: Page): Promise<string> {
  return JSON.stringify(await page.locator('.ant-message-notice, .ant-form-item-explain-error').allTextContents());
}

/**
 * Waits for what a submitted form removes (a dialog, a row leaving its queue); when it stays,
 * fails with what the page said (a server refusal in a toast, a field message).
 */
export async function waitGone(page: Page, locator: Locator, what: string): Promise<void> {
  try {
    await locator.waitFor({ state: 'detached' });
  } catch (error) {
    throw new Error(`${what} stayed; the page said: ${await whatThePageSaid(page)}`, { cause: error });
  }
}


/**
 * Narrows the page's list to `keyword` through its keyword filter (typed, then Enter), as a
 * person looks someone up. Journeys find the demo's rows this way, not by reading page one:
 * journeys that ran before add accounts, newest first.
 */
export async function findInList(page: Page, keyword: string, filter = 'filter-keyword'): Promise<void> {
  const input = page.locator(`[data-testid=${filter}] input`);
  await input.waitFor();
  await input.fill(keyword);
  await page.keyboard.press('Enter');
}
