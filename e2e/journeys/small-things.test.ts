import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, screenshot, transitionsDone } from '../support/browser';
import { findInList, signInThroughForm, useBrowser } from '../support/journey';
import { apiPost } from '../support/api';
import { apiLogin, settle } from '../support/session';

// The smaller things of the walk-through: the cookie banner never covers a page's own buttons
// and links, phones on /clients read like everywhere else, /pricing names its actions column.

const { open } = useBrowser();

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Every link and button of the page (outside the banner) that is in the viewport, and what the
 * browser would click at its centre when that is the cookie banner: must be none.
 */
async function coveredByBanner(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const banner = document.querySelector('[data-testid=cookie-consent]');
    if (!banner) return ['no cookie banner on the page'];
    const covered: string[] = [];
    document.querySelectorAll('a, button, input, [role=button]').forEach((element) => {
      if (banner.contains(element)) return;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return;
      const hit = document.elementFromPoint(x, y);
      if (hit && banner.contains(hit)) covered.push((element.textContent || element.getAttribute('aria-label') || element.tagName).trim().slice(0, 40));
    });
    return covered;
  });
}

describe('the cookie banner covers nothing', () => {
  for (const [width, height] of [
    [375, 812],
    [768, 1024],
    [1280, 720],
    [1440, 900],
  ] as const) {
    it(`at ${width}×${height}: the sign-in button, the footer links and the landing page stay clickable`, async () => {
      // A visitor who has not answered yet, at this exact viewport.
      const fresh = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height }, colorScheme: 'dark' });
      try {
        const page = await fresh.newPage();
        for (const [path, ready] of [
          ['/signin', 'login-submit'],
          ['/', 'home-hero'],
          ['/plans', 'plans-hint'],
        ] as const) {
          await page.goto(path);
          await page.getByTestId(ready).waitFor();
          await settle(page);
          await page.getByTestId('cookie-consent').waitFor();
          expect(await coveredByBanner(page), `${path} at ${width}×${height}, top`).toEqual([]);
          if (path === '/signin') {
            // Its primary action is where the browser clicks.
            const submit = await page.getByTestId('login-submit').boundingBox();
            expect(submit).not.toBeNull();
            const onTop = await page.evaluate(
              ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid=login-submit]') !== null,
              [submit!.x + submit!.width / 2, submit!.y + submit!.height / 2],
            );
            if (submit!.y + submit!.height <= height) expect(onTop, `login button at ${width}×${height}`).toBe(true);
            if (width === 1280) await screenshot(page, 'small-things-signin-banner-1280x720');
          }
          // And at the bottom of the page, where the footer links are.
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          await transitionsDone(page);
          expect(await coveredByBanner(page).then((list) => list.filter((entry) => entry !== 'no cookie banner on the page')), `${path} at ${width}×${height}, bottom`).toEqual([]);
        }
      } finally {
        await fresh.close();
      }
    });
  }
});

describe('/clients and /pricing', () => {
  it('shows phone numbers formatted as everywhere else', async () => {
    const page = await open();
    await signInThroughForm(page, 'super@example.com', '/clients');
    await findInList(page, 'client@example.com');
    await page.locator('.nc-table').first().waitFor();
    await expect.poll(() => page.locator('.nc-table').first().textContent()).toContain('(310) 555-0199');
    expect(await page.locator('.nc-table').first().textContent()).not.toContain('3105550199');
  });

  it('keeps the sticky actions column off the operator column', async () => {
    const page = await open(1280, 'es-ES');
    await signInThroughForm(page, 'super@example.com', '/clients');
    await page.locator('.nc-table .ant-table-row').first().waitFor();
    /** How far the fixed actions cell of the first row reaches over the operator cell, in px. */
    const overlap = () =>
      page.evaluate(() => {
        const row = document.querySelector('.nc-table .ant-table-row');
        const cells = row ? Array.from(row.querySelectorAll('td')) : [];
        const actions = cells.at(-1)?.getBoundingClientRect();
        const header = Array.from(document.querySelectorAll('.nc-table .ant-table-thead th')).map((th) => th.textContent?.trim());
        const operator = cells[header.indexOf('Operador')]?.getBoundingClientRect();
        const scroller = document.querySelector<HTMLElement>('.nc-table .ant-table-content, .nc-table .ant-table-body');
        const first = cells[0]?.getBoundingClientRect();
        if (!actions || !operator || !scroller || !first) return -1;
        // Scroll the operator column to just right of the sticky client column, as a user
        // looking for it would; it must then show whole, not under the sticky actions.
        scroller.scrollLeft += operator.left - first.right;
        const shown = cells[header.indexOf('Operador')]!.getBoundingClientRect();
        const sticky = cells.at(-1)!.getBoundingClientRect();
        return Math.max(0, shown.right - sticky.left);
      });
    expect(await overlap()).toBe(0);
    await screenshot(page, 'small-things-clients-es-1280');
  });

  it('says who a client is with now, and nothing about a move before one is chosen', async () => {
    const page = await open();
    await signInThroughForm(page, 'super@example.com', '/clients');
    await findInList(page, 'client@example.com');
    const row = page.locator('.nc-table .ant-table-row', { hasText: 'Carmen Client' }).first();
    await row.locator('[data-testid=row-assign-menu]').click();
    await page.locator('[data-testid=action-assign-studio]').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('.org-assign__current') });
    // Earlier journeys may have moved Carmen to another studio: the dialog names whichever it is.
    const studio = (await row.textContent()) ?? '';
    await expect
      .poll(() => dialog.locator('.org-assign__current').textContent())
      .toMatch(/^Carmen Client is currently assigned to (.+); nothing changes until you confirm\.$/);
    const named = /assigned to (.+);/.exec((await dialog.locator('.org-assign__current').textContent()) ?? '')?.[1] ?? '';
    expect(studio).toContain(named);
    // Nothing chosen yet: no summary of a move, and the confirm button waits for a choice.
    expect(await dialog.locator('[data-testid=assign-summary]').count()).toBe(0);
    expect(await dialog.textContent()).not.toContain('is now with');
    expect(await dialog.locator('[data-testid=confirm-ok]').isDisabled()).toBe(true);
    await dialog.locator('[data-testid=confirm-cancel]').click();
  });

  it('names the actions column of the package table', async () => {
    const page = await open();
    await signInThroughForm(page, 'super@example.com', '/pricing');
    const headers = page.locator('.ant-table-thead th');
    await headers.first().waitFor();
    const texts = (await headers.allTextContents()).map((text) => text.trim());
    expect(texts).toContain('Actions');
    // Visible, not only to screen readers: a blank header reads as a missing column.
    expect(await page.locator('.ant-table-thead th .nc-visually-hidden').count()).toBe(0);
    // The icon-only buttons carry names for screen readers.
    const edit = page.getByTestId('price-edit').first();
    expect(await edit.getAttribute('aria-label')).toMatch(/^Edit /);
  });
});

describe('signed-in devices', () => {
  it('signs out all other devices at once and lists only the live one left', async () => {
    const email = 'subagent@example.com';
    // Two other browsers of the same account.
    const others = [await apiLogin(email), await apiLogin(email)];
    const page = await open();
    await signInThroughForm(page, email, '/profile');
    await page.click('[data-testid=profile-tab-security]');
    await page.getByTestId('devices-list').waitFor();
    expect(await page.getByTestId('device-row').count()).toBeGreaterThanOrEqual(3);
    await page.click('[data-testid=devices-revoke-others]');
    await page.locator('.ant-popconfirm .ant-btn-dangerous').click();
    await expect.poll(() => page.getByTestId('device-row').count()).toBe(1);
    expect(await page.getByTestId('devices-revoke-others').count()).toBe(0);
    await screenshot(page, 'small-things-devices');
    for (const other of others) {
      const response = await fetch(`${baseUrl()}/api/v1/account/detail`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${other.token}` }, body: '{}' });
      expect(((await response.json()) as { code: string }).code).toBe('403');
    }
  });
});

describe('plan cards in the visitor language', () => {
  it('shows a package in Chinese and Spanish, with English standing in for what is not translated', async () => {
    const admin = await apiLogin('super@example.com');
    const name = `Corner ${Date.now().toString(36)}`;
    const created = await apiPost<{ id: number }>(
      '/v1/price/add',
      {
        name,
        tag: 'New',
        type: 'business',
        base_price_cents: 50_000,
        actual_price_cents: 40_000,
        // Last in the list, so journeys that buy "the first business package" never pick it.
        sort_order: 10_000,
        features: ['Three videos a day', 'A dedicated studio'],
        translations: { zh: { name: `街角 ${name}`, tag: '新品', features: ['每天三条视频', '专属工作室'] }, es: { name: `Esquina ${name}` } },
      },
      admin.token,
    );
    try {
      const zh = await open(1440, 'zh-CN');
      await zh.goto('/plans?type=business');
      const card = zh.getByTestId(`plan-card-${created.id}`);
      await card.waitFor();
      const zhText = (await card.textContent()) ?? '';
      expect(zhText).toContain(`街角 ${name}`);
      expect(zhText).toContain('新品');
      expect(zhText).toContain('每天三条视频');
      expect(zhText).not.toContain('Three videos a day');
      await card.scrollIntoViewIfNeeded();
      await screenshot(zh, 'small-things-plan-card-zh');

      const es = await open(1440, 'es-ES');
      await es.goto('/plans?type=business');
      const esCard = es.getByTestId(`plan-card-${created.id}`);
      await esCard.waitFor();
      const esText = (await esCard.textContent()) ?? '';
      // Only the name is in Spanish: the tag and features fall back to English, never blank.
      expect(esText).toContain(`Esquina ${name}`);
      expect(esText).toContain('Three videos a day');
      expect(esText).toContain('New');
    } finally {
      await apiPost('/v1/price/delete', { id: created.id }, admin.token);
    }
  });
});
