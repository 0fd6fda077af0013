import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot, WIDTHS } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { apiPost } from '../support/api';
import { apiLogin, DEMO_PASSWORD as PASSWORD } from '../support/session';

// The people pages (agents and studios, clients, accounts) as the roles that use them, against
// the built app and the demo accounts: what crosses the server (a studio assigned and then seen
// by another account, an export file, a session ended at once). Each page's forms, lists and
// states are its component test's (features/org/pages/*.test.tsx).

const { open } = useBrowser();
const signIn = signInThroughForm;

async function apiCall(path: string, body: unknown, token?: string): Promise<{ code: string; msg: string; data: unknown }> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: string; msg: string; data: unknown };
}

const row = (page: Page, email: string) => page.locator(`[data-testid="row-${email}"]`);

describe('people pages', () => {
  it('a main agent assigns a studio to its sub-agent, who then sees it', async () => {
    const page = await open();
    await signIn(page, 'agent@example.com', '/agents?tab=studios');
    const studio = row(page, 'newstudio@example.com');
    await studio.waitFor();
    await screenshot(page, 'people-agents-studios-before');

    await studio.locator('[data-testid=row-assign-agent]').click();
    await page.click('[data-testid=assign-agent-picker]');
    await page.click('[data-testid="option-subagent@example.com"]');
    await expect(page.locator('[data-testid=assign-summary]').textContent()).resolves.toContain('Sofia Subagent');
    await page.click('[data-testid=confirm-ok]');
    // The row names its agent by the party rule: the sub-agent's company.
    await expect
      .poll(() => studio.textContent(), { timeout: 15_000 })
      .toContain('Valley Reach');
    await page.waitForSelector('[data-testid=confirm-ok]', { state: 'detached' });
    await screenshot(page, 'people-agents-studios-assigned');

    const sub = await open(WIDTHS.phone);
    await signIn(sub, 'subagent@example.com', '/agents?tab=studios');
    await row(sub, 'newstudio@example.com').waitFor();
    // A sub-agent may assign its own studios but not take them away from itself.
    expect(await row(sub, 'newstudio@example.com').locator('[data-testid=row-remove-agent]').count()).toBe(0);
    expect(await row(sub, 'studio@example.com').count()).toBe(0);
    await screenshot(sub, 'people-subagent-studios-phone');
  });

  it('a studio exports its clients to CSV and to Excel', async () => {
    const page = await open();
    await signIn(page, 'studio@example.com', '/clients');
    await row(page, 'client@example.com').waitFor();
    await screenshot(page, 'people-clients-studio');

    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-csv]')]);
    expect(csv.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
    const csvBytes = fs.readFileSync((await csv.path())!);
    expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csvBytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toContain('Name,Email,Company');
    const carmen = lines.find((line) => line.includes('client@example.com'));
    expect(carmen).toBeDefined();
    expect(carmen).toContain('Carmen Client');
    // Exactly the studio's own clients, however many other journeys have placed with it, and
    // Carmen's spend as the API counts it now (other journeys may have bought her another month).
    const studio = await apiLogin('studio@example.com');
    const own = await apiPost<{ list: { email: string; consumption_cents: number }[]; total: number }>('/v1/client/list', { page_size: 100 }, studio.token);
    const spent = own.list.find((client) => client.email === 'client@example.com')?.consumption_cents;
    expect(spent).toBeGreaterThanOrEqual(100_000);
    expect(carmen).toContain((spent! / 100).toFixed(2));
    const rows = lines.slice(1).filter((line) => line.trim() !== '');
    expect(rows).toHaveLength(own.total);
    for (const client of own.list) expect(rows.some((line) => line.includes(client.email)), client.email).toBe(true);

    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-xlsx]')]);
    expect(xlsx.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const xlsxBytes = fs.readFileSync((await xlsx.path())!);
    expect(xlsxBytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(xlsxBytes.length).toBeGreaterThan(1000);
  });

  it('super disables an account and its open session stops working at once', async () => {
    // An account of its own, so that disabling it leaves the demo accounts to the other journeys.
    const leaver = `leaver-${Date.now().toString(36)}@example.com`;
    const superLogin = await apiCall('/v1/account/login', { email: 'super@example.com', password: PASSWORD });
    const superToken = (superLogin.data as { token: string }).token;
    const created = await apiCall('/v1/account/add', { email: leaver, password: PASSWORD, username: 'leaver', role: 'client' }, superToken);
    expect(created.code).toBe('200');
    const login = await apiCall('/v1/account/login', { email: leaver, password: PASSWORD, remember: true });
    expect(login.code).toBe('200');
    const token = (login.data as { token: string }).token;
    expect((await apiCall('/v1/account/detail', {}, token)).code).toBe('200');

    const page = await open();
    await signIn(page, 'super@example.com', '/account');
    const account = row(page, leaver);
    await account.waitFor();
    await screenshot(page, 'people-accounts');

    await account.locator('[data-testid=row-disable]').click();
    await page.waitForSelector('[data-testid=confirm-ok]');
    await screenshot(page, 'people-accounts-disable-confirm');
    await page.click('[data-testid=confirm-ok]');
    await expect
      .poll(() => account.locator('[data-testid=account-status]').textContent(), { timeout: 15_000 })
      .toBe('Disabled');

    const after = await apiCall('/v1/account/detail', {}, token);
    expect(after.code).toBe('403');
    // Signing in again is refused too.
    const again = await apiCall('/v1/account/login', { email: leaver, password: PASSWORD, remember: false });
    expect(again.code).not.toBe('200');
  });
});
