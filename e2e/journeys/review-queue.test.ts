
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost } from '../support/api';
import { screenshot, WIDTHS } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { apiLogin } from '../support/session';
import { catalogue } from '../support/catalogue';

// A studio's morning in the browser: /video opens on the review queue of every merchant's
// pending drafts, above the fold on a 1440×900 desktop and on a 375 px phone in Spanish; the
// review mode plays the first draft at once, J/K move through them, A approves and the Undo bar
// takes it back before anything is sent, R rejects with a quick reason picked by its number, and
// after the 10 s the rejection reaches the server. The drafts come from the demo merchant's
// daily plan, run through the API when the queue is empty (its renders take a while on shared
// cores).

const STUDIO = 'studio@example.com';
const MERCHANT = 'client@example.com';
const RENDER_TIMEOUT = 600_000;
const { open } = useBrowser();

const words = (language: string) => catalogue(language, 'creative');

interface Listed {
  list: { id: number; draft: string; state: string; reject_reason: string }[];
  total: number;
}

let studioToken = '';

/** The top of the first card, measured from the top of the window (it must be within the fold). */
const firstCardTop = (page: Page) => page.locator('[data-testid="queue-cards"] > li').first().evaluate((element) => element.getBoundingClientRect().top);

describe('the review queue', () => {
  beforeAll(async () => {
    const [admin, merchant, studio] = await Promise.all([apiLogin('super@example.com'), apiLogin(MERCHANT), apiLogin(STUDIO)]);
    studioToken = studio.token;
    const merchantId = (merchant.user as unknown as { id: number }).id;
    await apiPost('/v1/client/studio/set', { client_id: merchantId, studio_id: (studio.user as unknown as { id: number }).id }, admin.token);
    const pending = () => apiPost<Listed>('/v1/creative/render/list', { review: 'pending', page_size: 5 }, studioToken);
    if ((await pending()).total < 3) {
      // The plan runs for a day of the merchant's own calendar (today there, or the week ahead).
      const zone = (await apiPost<{ time_zone: string }>('/v1/creative/plan/get', { merchant_id: merchantId }, studioToken)).time_zone;
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
      await apiPost('/v1/creative/plan/run', { merchant_id: merchantId, date: today }, studioToken);
    }
    const deadline = Date.now() + RENDER_TIMEOUT;
    while ((await pending()).total < 3) {
      if (Date.now() > deadline) throw new Error('the daily plan made no three drafts to review');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }, RENDER_TIMEOUT + 30_000);

  it('opens above the fold on a desktop, and reviews with the keyboard with a 10 s undo', { timeout: 120_000 }, async () => {
    const t = words('en-US');
    const page = await open(WIDTHS.desktop, 'en-US');
    await signInThroughForm(page, STUDIO, '/video');
    await page.getByTestId('queue-cards').waitFor({ timeout: 20_000 });
    expect(await firstCardTop(page)).toBeLessThan(900);
    await screenshot(page, 'review-queue-desktop');

    const before = await apiPost<Listed>('/v1/creative/render/list', { review: 'pending', sort: 'plan_day', page_size: 100 }, studioToken);
    const [first, second] = before.list;
    await page.getByTestId('queue-start').click();
    const mode = page.getByTestId('review-mode');
    await mode.waitFor();
    await expect.poll(() => mode.getAttribute('data-render')).toBe(String(first!.id));
    // Muted autoplay: the video is playing without a click.
    await expect.poll(() => page.getByTestId('review-video').evaluate((video: HTMLVideoElement) => !video.paused && video.muted), { timeout: 15_000 }).toBe(true);
    await page.keyboard.press('j');
    await expect.poll(() => mode.getAttribute('data-render')).toBe(String(second!.id));
    await page.keyboard.press('k');
    await expect.poll(() => mode.getAttribute('data-render')).toBe(String(first!.id));

    // Approve, then take it back: nothing reaches the server.
    await page.keyboard.press('a');
    await page.getByTestId('undo-item').waitFor();
    await page.getByTestId('undo-button').click();
    await expect.poll(() => page.getByTestId('undo-bar').count()).toBe(0);
    await expect.poll(() => mode.getAttribute('data-render')).toBe(String(first!.id));

    // Reject with the first quick reason; the rejection is sent once the 10 s are over.
    await page.keyboard.press('r');
    await page.getByTestId('review-reject').waitFor();
    await page.getByTestId('review-reason').blur();
    await page.keyboard.press('1');
    await screenshot(page, 'review-queue-undo');
    await expect
      .poll(async () => (await apiPost<Listed>('/v1/creative/render/list', { review: 'pending', page_size: 100 }, studioToken)).list.some((render) => render.id === first!.id), { timeout: 20_000 })
      .toBe(false);
    const after = await apiPost<Listed>('/v1/creative/render/list', { draft: 'rejected', page_size: 100 }, studioToken);
    expect(after.list.find((render) => render.id === first!.id)?.reject_reason).toBe(t('review.reason_offer'));
  });

  it('fits a 375 px phone in Spanish with the first draft above the fold', { timeout: 60_000 }, async () => {
    const t = words('es-ES');
    const page = await open(WIDTHS.phone, 'es-ES');
    await signInThroughForm(page, STUDIO, '/video');
    await page.getByTestId('queue-cards').waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('queue-start').textContent()).resolves.toBe(t('queue.start'));
    expect(await firstCardTop(page)).toBeLessThan(812);
    await screenshot(page, 'review-queue-phone-es');
    // What sticks out on the right, named in the failure.
    const wide = await page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'))
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 6)
        .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).split(' ').slice(0, 2).join('.')}`),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth), wide.join(', ')).toBeLessThanOrEqual(WIDTHS.phone);
  });
});
