import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launch, newContext, WIDTHS } from './browser';
import { DEMO_PASSWORD } from './session';

/**
 * One Chromium per journey file, a fresh context per page (English, cookies accepted), all
 * closed after the file. Call at the top level of a test file.
 */
export function useBrowser(): { open: (width?: number) => Promise<Page> } {
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
    async open(width: number = WIDTHS.desktop) {
      const context = await newContext(browser, { width, consent: 'accepted', language: 'en-US' });
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
