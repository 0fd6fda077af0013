import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isLongLivedStream, trackRequests, waitUntilQuiet, type RequestTracker } from '../support/page-quiet';
import { screenshot, WIDTHS } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { settle } from '../support/session';

// A request cancelled on purpose (a query superseded, a page left, a catalogue arriving) is not
// a failure: the pages that load in Chinese and Spanish must open without a single error toast,
// and opening them cancels nothing they asked for.

const { open } = useBrowser();

const PAGES: readonly { email: string; paths: readonly string[] }[] = [
  { email: 'super@example.com', paths: ['/area', '/zone'] },
  { email: 'studio@example.com', paths: ['/promotion', '/studio'] },
  { email: 'agent@example.com', paths: ['/partner', '/promotion'] },
];

/**
 * Records every error toast of every page load from its first moment, even one that fades
 * before a test could look: an init script runs before the app on each load.
 */
async function recordErrorToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __errorToasts: string[] }).__errorToasts = seen;
    const observe = () =>
      new MutationObserver(() => {
        document.querySelectorAll('.ant-message-notice-error, .ant-message-error').forEach((node) => {
          if (node.hasAttribute('data-e2e-seen')) return;
          node.setAttribute('data-e2e-seen', '1');
          seen.push(node.textContent ?? '');
        });
      }).observe(document.documentElement, { childList: true, subtree: true });
    if (document.documentElement) observe();
    else document.addEventListener('DOMContentLoaded', observe);
  });
  return () => page.evaluate(() => (window as unknown as { __errorToasts?: string[] }).__errorToasts ?? []);
}

/**
 * Until the late catalogues and every query of the page have answered. Queries are not retried
 * (app/providers.tsx), so no request is due after a quiet half second; a failure's toast mounts
 * with its answer, and a few frames more let it show.
 */
async function quiet(page: Page, requests: RequestTracker): Promise<void> {
  await page.waitForSelector('[data-testid=page-title]');
  await settle(page);
  // Not Playwright's 'networkidle': the header's live notification stream never goes idle.
  await waitUntilQuiet(page, requests, { quietMs: 500 });
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)).then(() => new Promise(requestAnimationFrame)));
}

describe('no false error toasts', () => {
  for (const language of ['zh-CN', 'es-ES'] as const) {
    for (const { email, paths } of PAGES) {
      it(`${email} opens ${paths.join(', ')} in ${language} without an error toast`, async () => {
        const page = await open(WIDTHS.desktop, language);
        const errorToasts = await recordErrorToasts(page);
        const requests = trackRequests(page);
        const cancelled: string[] = [];
        page.on('requestfailed', (request) => {
          // A page load ends the previous page's live stream; that is leaving, not cancelling.
          if (request.url().includes('/api/') && !isLongLivedStream(request.url())) cancelled.push(`${new URL(request.url()).pathname} ${request.failure()?.errorText ?? ''}`);
        });

        await signInThroughForm(page, email, paths[0]!);
        await quiet(page, requests);
        expect(await errorToasts(), `toasts after signing in to ${paths[0]} in ${language}`).toEqual([]);
        for (const path of paths) {
          // A fresh load of the address, as a refresh does.
          await page.goto(path);
          await quiet(page, requests);
          expect(await errorToasts(), `toasts on ${path} in ${language}`).toEqual([]);
        }
        // The catalogue arriving must not remount the page and so cancel its queries.
        expect(cancelled, `requests cancelled while opening ${paths.join(', ')} in ${language}`).toEqual([]);
        await screenshot(page, `no-false-errors-${email.split('@')[0]}-${language}`);
      });
    }
  }
});
