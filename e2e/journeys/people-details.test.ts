import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paidAccount, uniqueName, NEW_ACCOUNT_PASSWORD } from '../support/accounts';
import { apiCall, apiPost } from '../support/api';
import { screenshot, WIDTHS } from '../support/browser';
import { findInList, signInThroughForm, useBrowser } from '../support/journey';
import { apiLogin } from '../support/session';

// The people lists on a phone (a card per row with its status and its actions, no sideways
// scroll) and rows that lead somewhere: a client's drawer with its plan and studio, an
// employee's drawer where it is edited and disabled.

const { open } = useBrowser();

const row = (page: Page, email: string) => page.locator(`[data-testid="row-${email}"]`);

/** Elements inside `selector` that are wider than their box (something there scrolls sideways), and the page's own overflow. */
async function sidewaysScroll(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((root) => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) found.push(`page ${doc.scrollWidth} > ${doc.clientWidth}`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(`${root}, ${root} *`))) {
      const style = getComputedStyle(element);
      const scrolls = ['auto', 'scroll'].includes(style.overflowX);
      if (scrolls && element.scrollWidth > element.clientWidth + 1) found.push(`${element.className || element.tagName} ${element.scrollWidth} > ${element.clientWidth}`);
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > window.innerWidth + 1) found.push(`${element.className || element.tagName} ends at ${Math.round(box.right)}`);
    }
    return found.slice(0, 5);
  }, selector);
}

/** Whether the element is fully inside the viewport's width. */
async function withinWidth(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return !!box && box.x >= 0 && box.x + box.width <= width + 1;
}

describe('people details', () => {
  it('a 375 px clients list shows each client with its status and reaches its actions without scrolling sideways', async () => {
    const page = await open(WIDTHS.phone);
    await signInThroughForm(page, 'super@example.com', '/clients');
    await findInList(page, 'client@example.com');
    const card = row(page, 'client@example.com');
    await card.waitFor();
    await screenshot(page, 'people-details-clients-375');

    // The primary field, the payment status and the assignment menu are all on screen.
    expect(await card.textContent()).toContain('Carmen Client');
    const status = card.getByText('Paid', { exact: true });
    await status.waitFor();
    expect(await withinWidth(page, '[data-testid="row-client@example.com"] .ant-tag')).toBe(true);
    expect(await withinWidth(page, '[data-testid="row-client@example.com"] [data-testid=row-assign-menu]')).toBe(true);
    expect(await sidewaysScroll(page, '[data-testid=clients-table]')).toEqual([]);

    // The actions open from the card.
    await card.locator('[data-testid=row-assign-menu]').click();
    await page.locator('[data-testid=action-assign-agent]').waitFor();
    expect(await withinWidth(page, '[data-testid=action-assign-agent]')).toBe(true);
    await screenshot(page, 'people-details-clients-375-actions');
    await page.keyboard.press('Escape');

    // And the card opens the client's details, full screen.
    await card.locator('[data-testid=card-open]').click();
    await page.locator('[data-testid=client-drawer] [data-testid=client-plan]').waitFor();
    // Measured once the drawer has slid in.
    await expect.poll(() => sidewaysScroll(page, '[data-testid=client-drawer]'), { timeout: 10_000 }).toEqual([]);
    await screenshot(page, 'people-details-client-drawer-375');
  });

  it('clicking a client opens its drawer with its plan, studio and payments', async () => {
    // A client that bought a plan, placed with the demo studio by the super admin.
    const client = await paidAccount('client');
    const superSession = await apiLogin('super@example.com');
    const studios = await apiPost<{ list: { id: number; email: string }[] }>('/v1/studio/list', { keyword: 'studio@example.com', page_size: 10 }, superSession.token);
    const studio = studios.list.find((entry) => entry.email === 'studio@example.com');
    expect(studio).toBeDefined();
    await apiPost('/v1/client/studio/set', { client_id: client.user.id, studio_id: studio!.id }, superSession.token);
    const expected = await apiPost<{ plan: { package_name: string } | null; studio_name: string | null }>('/v1/client/get', { id: client.user.id }, superSession.token);
    expect(expected.plan).not.toBeNull();

    const page = await open(WIDTHS.desktop);
    await signInThroughForm(page, 'super@example.com', '/clients');
    await findInList(page, client.email);
    const line = row(page, client.email);
    await line.waitFor();
    // A click anywhere on the row (here its location cell, not a button) opens the drawer.
    await line.locator('td').nth(3).click();
    const drawer = page.locator('[data-testid=client-drawer]');
    await drawer.locator('[data-testid=client-plan-name]').waitFor();
    expect(await drawer.locator('[data-testid=client-plan-name]').textContent()).toBe(expected.plan!.package_name);
    expect(await drawer.locator('[data-testid=client-studio]').textContent()).toBe(expected.studio_name);
    expect(await drawer.locator('[data-testid=client-payments] li').count()).toBeGreaterThanOrEqual(1);
    // Its actions live there too.
    await drawer.locator('[data-testid=detail-assign-menu]').click();
    await page.locator('[data-testid=action-assign-operator]').waitFor();
    await page.keyboard.press('Escape');
    await screenshot(page, 'people-details-client-drawer-1440');

    // One phone format: the demo merchant's stored digits read the same in its row and its drawer.
    // The drawer closes by its own button (an Escape lands wherever the focus was left by the menu).
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
    await findInList(page, 'client@example.com');
    const carmen = row(page, 'client@example.com');
    await carmen.waitFor();
    expect(await carmen.textContent()).toContain('(310) 555-0199');
    await carmen.locator('td').nth(3).click();
    await expect.poll(() => drawer.locator('[data-testid=client-phone]').textContent()).toBe('(310) 555-0199');
  });

  it('an agent edits an employee and disables it, who then cannot sign in', async () => {
    const agent = await apiLogin('agent@example.com');
    const nickname = uniqueName('emp');
    const email = `${nickname}@example.com`;
    await apiPost('/v1/operator/add', { nickname, email, password: NEW_ACCOUNT_PASSWORD, wechat: '' }, agent.token);

    const page = await open(WIDTHS.desktop);
    await signInThroughForm(page, 'agent@example.com', '/operator');
    await findInList(page, email);
    const line = row(page, email);
    await line.waitFor();
    await line.locator('[data-testid=row-open]').click();
    const drawer = page.locator('[data-testid=operator-drawer]');
    expect(await drawer.locator('[data-testid=operator-detail-email]').textContent()).toBe(email);

    // Edit from the drawer: a new nickname shows in the drawer and in the row.
    await drawer.locator('[data-testid=operator-edit]').click();
    const renamed = `${nickname} Renamed`;
    await page.fill('[data-testid=operator-edit-nickname]', renamed);
    await screenshot(page, 'people-details-employee-edit');
    await page.click('[data-testid=operator-edit-submit]');
    await page.waitForSelector('[data-testid=operator-edit-form]', { state: 'hidden' });
    await expect.poll(() => line.textContent(), { timeout: 15_000 }).toContain(renamed);
    await expect.poll(() => drawer.locator('.ant-drawer-title').textContent()).toBe(renamed);

    // Disable, after a confirmation: the status says so and the employee is signed out for good.
    await drawer.locator('[data-testid=operator-toggle-status]').click();
    await page.click('[data-testid=confirm-ok]');
    await expect.poll(() => drawer.locator('[data-testid=account-status]').textContent(), { timeout: 15_000 }).toBe('Disabled');
    expect(await line.locator('[data-testid=account-status]').textContent()).toBe('Disabled');
    await screenshot(page, 'people-details-employee-disabled');
    const login = await apiCall('/v1/account/login', { email, password: NEW_ACCOUNT_PASSWORD, remember: false });
    expect(login.code).not.toBe('200');

    // And enabled again from its row, once the drawer is closed.
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
    await line.locator('[data-testid=row-toggle-status]').click();
    await page.click('[data-testid=confirm-ok]');
    await expect.poll(() => line.locator('[data-testid=account-status]').textContent(), { timeout: 15_000 }).toBe('Normal');
    expect((await apiCall('/v1/account/login', { email, password: NEW_ACCOUNT_PASSWORD, remember: false })).code).toBe('200');
  });

  it('Spanish labels show whole: the sidebar with its New tag, and filters that are told apart', async () => {
    const page = await open(WIDTHS.desktop, 'es-ES');
    await signInThroughForm(page, 'super@example.com', '/clients');
    await page.locator('[data-testid=filter-pay-state]').waitFor();
    await screenshot(page, 'people-details-clients-es-1440');

    // Nothing in the menu ends in an ellipsis, and the New tag sits inside the menu.
    const cut = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.nc-nav .ant-menu-title-content, .nc-nav__text'))
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.textContent),
    );
    expect(cut).toEqual([]);
    const menu = await page.locator('.nc-main__sider').boundingBox();
    const tag = await page.locator('[data-testid=nav-video] .nc-nav__tag').boundingBox();
    expect(tag).not.toBeNull();
    expect(tag!.x + tag!.width).toBeLessThanOrEqual(menu!.x + menu!.width);
    expect(await page.locator('[data-testid=nav-video]').textContent()).toContain('Publicación de vídeos');

    // 'Estado de pago' and 'Estado de datos' each show in full.
    for (const testId of ['filter-pay-state', 'filter-info-status']) {
      const placeholder = page.locator(`[data-testid=${testId}] .ant-select-placeholder, [data-testid=${testId}] .ant-select-selection-placeholder`).first();
      const whole = await placeholder.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);
      expect(whole, `${testId} placeholder is cut`).toBe(true);
    }
    expect(await page.locator('[data-testid=filters]').textContent()).toContain('Estado de pago');
  });

  it('an account opens from its row on /account, with its edit and disable actions', async () => {
    const page = await open(WIDTHS.desktop);
    // An agent of its own, found by its unique email: other journeys add and change accounts.
    const superSession = await apiLogin('super@example.com');
    const username = uniqueName('drawer');
    const email = `${username}@example.com`;
    await apiPost('/v1/account/add', { email, password: NEW_ACCOUNT_PASSWORD, username, name: `Drawer ${username}`, role: 'partner' }, superSession.token);
    await signInThroughForm(page, 'super@example.com', '/account');
    await page.fill('[data-testid=filter-keyword] input', email);
    const line = row(page, email);
    await line.waitFor();
    await line.locator('[data-testid=row-open]').click();
    const drawer = page.locator('[data-testid=account-drawer]');
    await drawer.locator('[data-testid=account-detail]').waitFor();
    expect(await drawer.locator('[data-testid=account-detail]').textContent()).toContain(email);
    await drawer.locator('[data-testid=detail-edit]').waitFor();
    await drawer.locator('[data-testid=detail-toggle-status]').waitFor();
  });
});
