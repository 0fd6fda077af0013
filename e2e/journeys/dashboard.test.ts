import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { payThroughSandbox } from '../support/accounts';
import { apiPost } from '../support/api';
import { screenshotDir, WIDTHS } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { apiLogin, settle, type ApiSession } from '../support/session';

// The first screen after sign-in, for a super admin, a main agent, a studio and a merchant, at
// 375 px and on a desktop: each opens on its own numbers from /v1/dashboard/* (checked against
// what the API answers that account), a trend drawn by the chart library, recent activity in
// words, and the panels of its role; the range selector moves every figure; the studio view
// (/studio) shows the same figure as the dashboard. Whether the numbers are right (rollups
// against recounts, scopes) is the API tests' (apps/server/src/modules/dashboard/).

const { open } = useBrowser();

interface Figure {
  value: number;
  previous: number | null;
}
interface Total {
  scope: string;
  revenue_cents: Figure;
  clients: Figure;
  plays: Figure;
  plan: { state: string } | null;
}

const total = (session: ApiSession, range: string) => apiPost<Total>('/v1/dashboard/total', { range }, session.token);
const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');
/** How a tile writes cents (with the cents, as every page writes money), reduced to its digits. */
const centsDigits = (cents: number) => String(Math.abs(cents)).padStart(3, '0');

async function shoot(page: Page, name: string): Promise<void> {
  await settle(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // The whole page: the panels below the fold are what this journey is about.
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  expect(fs.statSync(file).size).toBeGreaterThan(10_000);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} sticks out sideways`).toBeLessThanOrEqual(0);
}

/** Waits for the figures, the trend (drawn or honestly empty) and the activity feed. */
async function dashboardReady(page: Page): Promise<void> {
  await page.getByTestId('figure-revenue_cents-value').or(page.getByTestId('figure-plays-value')).first().waitFor();
  await page.locator('[data-testid="trend-chart"] .recharts-surface, [data-testid="trend-empty"]').first().waitFor({ timeout: 20_000 });
  await page.locator('[data-testid="activity-list"], [data-testid="activity-empty"]').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.ant-skeleton-active').length === 0, undefined, { timeout: 15_000 });
}

let superAdmin: ApiSession;
let agent: ApiSession;
let studio: ApiSession;
let merchant: ApiSession;

beforeAll(async () => {
  [superAdmin, agent, studio, merchant] = await Promise.all([
    apiLogin('super@example.com'),
    apiLogin('agent@example.com'),
    apiLogin('studio@example.com'),
    apiLogin('client@example.com'),
  ]);
  // The journeys' demo has no payment history: the merchant buys another month (sandbox), and
  // its payment reaches the rollups through the event subscriber, as every payment does.
  // Journeys before this one may have paid too: wait for this payment, not for any revenue, or
  // the page can draw the figures from before it while the check below reads them after.
  const before = (await total(superAdmin, '7d')).revenue_cents.value;
  await payThroughSandbox(merchant, 'business');
  const deadline = Date.now() + 30_000;
  while ((await total(superAdmin, '7d')).revenue_cents.value <= before) {
    if (Date.now() > deadline) throw new Error('the payment never reached the dashboard');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

describe('the dashboard of each role', () => {
  it('a super admin sees the whole platform, its trend and the studios, and the range moves every figure', async () => {
    const page = await open(WIDTHS.desktop);
    await signInThroughForm(page, 'super@example.com', '/dashboard');
    await dashboardReady(page);
    const week = await total(superAdmin, '7d');
    expect(week.scope).toBe('platform');
    expect(digits(await page.getByTestId('figure-revenue_cents-value').textContent())).toBe(centsDigits(week.revenue_cents.value));
    expect(digits(await page.getByTestId('figure-clients-value').textContent())).toBe(String(week.clients.value));
    // Each figure says how it moved against the previous week.
    expect(await page.getByTestId('figure-clients-change').textContent()).toMatch(/up|down|No change|New/);
    await page.getByTestId('studios-panel').waitFor();
    await page.getByTestId('clients-panel').waitFor();
    await page.getByTestId('profit-panel').waitFor();
    // This week's payment: the trend is drawn, not empty, and the feed says it in words.
    await page.locator('[data-testid="trend-chart"] .recharts-surface').waitFor();
    expect(await page.getByTestId('activity-list').textContent()).toMatch(/Carmen.* (renewed its|bought a) plan/);
    await shoot(page, 'dashboard-super-1440');

    await page.getByTestId('range-all').click();
    await page.waitForURL((url) => url.searchParams.get('range') === 'all');
    const all = await total(superAdmin, 'all');
    // The last range's figures stay on screen until the new ones arrive: wait for the period.
    await page.getByTestId('dashboard-period').getByText('Everything since the start').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="dashboard-tiles"]')?.getAttribute('aria-busy') === 'false');
    expect(digits(await page.getByTestId('figure-revenue_cents-value').textContent())).toBe(centsDigits(all.revenue_cents.value));
    expect(digits(await page.getByTestId('figure-clients-value').textContent())).toBe(String(all.clients.value));
    // The whole network has no previous period to compare with.
    expect(await page.getByTestId('figure-clients-change').count()).toBe(0);
    await dashboardReady(page);
    await shoot(page, 'dashboard-super-all-1440');
  });

  it('a main agent sees its tree and its top studios, on a phone in Chinese', async () => {
    const page = await open(WIDTHS.phone, 'zh-CN');
    await signInThroughForm(page, 'agent@example.com', '/dashboard?range=30d');
    await dashboardReady(page);
    const month = await total(agent, '30d');
    expect(month.scope).toBe('agent');
    expect(digits(await page.getByTestId('figure-clients-value').textContent())).toBe(String(month.clients.value));
    expect(await page.getByTestId('figure-studios').count()).toBe(1);
    await page.getByTestId('studios-panel').waitFor();
    expect(await page.getByTestId('studios-panel').textContent()).toContain('工作室');
    expect(await page.getByTestId('profit-panel').count()).toBe(0);
    await shoot(page, 'dashboard-agent-375-zh');
  });

  it('a studio sees its merchants and their renewals, and /studio shows the same figures, in Spanish', async () => {
    const page = await open(WIDTHS.desktop, 'es-ES');
    await signInThroughForm(page, 'studio@example.com', '/dashboard');
    await dashboardReady(page);
    const week = await total(studio, '7d');
    expect(week.scope).toBe('studio');
    const clients = await page.getByTestId('figure-clients-value').textContent();
    expect(digits(clients)).toBe(String(week.clients.value));
    expect(await page.getByTestId('studios-panel').count()).toBe(0);
    await page.getByTestId('clients-panel').getByText('Planes que terminan en 30 días').waitFor();
    await shoot(page, 'dashboard-studio-1440-es');

    await page.getByTestId('dashboard-center-studio').click();
    await page.getByTestId('studio-tiles').waitFor();
    await page.getByTestId('figure-clients-value').waitFor();
    expect(await page.getByTestId('figure-clients-value').textContent()).toBe(clients);
  });

  it('a studio’s dashboard on a phone', async () => {
    const page = await open(WIDTHS.phone);
    await signInThroughForm(page, 'studio@example.com', '/dashboard');
    await dashboardReady(page);
    // Six range buttons do not fit a phone: they scroll inside their own strip, the page does not.
    const strip = page.locator('.dash-range');
    expect(await strip.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await page.getByTestId('range-90d').click();
    await page.waitForURL((url) => url.searchParams.get('range') === '90d');
    await shoot(page, 'dashboard-studio-375');
  });

  it('a merchant opens on its plan and its plays, on a phone and a desktop', async () => {
    const week = await total(merchant, '7d');
    expect(week.scope).toBe('client');
    for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
      const page = await open(width);
      await signInThroughForm(page, 'client@example.com', '/dashboard');
      await dashboardReady(page);
      await page.getByTestId('plan-card').waitFor();
      expect(await page.getByTestId(`plan-state-${week.plan?.state}`).count()).toBe(1);
      expect(digits(await page.getByTestId('figure-plays-value').textContent())).toBe(String(week.plays.value));
      // A merchant's trend opens on plays, and what it spent is one click away.
      expect(await page.getByTestId('trend-card').locator('.ant-segmented-item-selected').textContent()).toBe('Plays');
      expect(await page.getByTestId('clients-panel').count()).toBe(0);
      expect(await page.getByTestId('studios-panel').count()).toBe(0);
      // A merchant has no network: its longest range is its own history, under that name.
      expect(await page.getByTestId('range-all').textContent()).toBe('All time');
      expect(await page.getByTestId('dashboard-range').textContent()).not.toContain('Whole network');
      await shoot(page, `dashboard-merchant-${width}`);
    }
  });
});
