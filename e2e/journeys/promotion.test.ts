import type { PromotionStats } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { payThroughSandbox, registerThroughApi } from '../support/accounts';
import { apiPost } from '../support/api';
import { screenshot, WIDTHS } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { apiLogin, settle } from '../support/session';

// An agent's promotion link from a visit to a commission: a visitor opens the link on a desktop in
// Spanish, another scans its QR code on a phone in Chinese, a studio signs up through it and buys
// its membership, and the agent's funnel on /promotion shows each step, in English. Counting
// rules (a visitor once a day, bots never, no address kept) are the promotion API suite's.

const { open } = useBrowser();
const PHONE_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const statsOf = (token: string) => apiPost<PromotionStats>('/v1/promotion/stats', { days: 7 }, token);

describe("an agent's promotion link", () => {
  it('is visited and scanned, signs up a studio that pays, and the funnel shows every step', async () => {
    const agent = await apiLogin('agent@example.com');
    const before = (await statsOf(agent.token)).totals;
    const link = await apiPost<{ url: string; code: string }>('/v1/promotion/link', {}, agent.token);
    const landing = new URL(link.url);

    // A visitor follows the link; another scans its QR code (the link marked src=qr) on a phone.
    const desktop = await open(WIDTHS.desktop, 'es-ES');
    await desktop.goto(`${landing.pathname}${landing.search}`);
    await desktop.getByTestId('register-submit').waitFor();
    const phone = await open(WIDTHS.phone, 'zh-CN', { userAgent: PHONE_AGENT });
    await phone.goto(`${landing.pathname}${landing.search}&src=qr`);
    await phone.getByTestId('register-submit').waitFor();
    await expect.poll(async () => (await statsOf(agent.token)).totals.visits, { timeout: 10_000 }).toBe(before.visits + 2);
    expect((await statsOf(agent.token)).totals.scans).toBe(before.scans + 1);

    // A studio signs up through the link and buys its membership.
    const studio = await registerThroughApi('studio', { ref: link.code });
    await payThroughSandbox(studio, 'studio');
    await expect
      .poll(async () => (await statsOf(agent.token)).totals.paid, { timeout: 20_000 })
      .toBe(before.paid + 1);
    const after = (await statsOf(agent.token)).totals;
    expect(after.signups).toBe(before.signups + 1);
    expect(after.commission_cents).toBeGreaterThan(before.commission_cents);

    // The agent reads its funnel on the promotion tool.
    const page = await open(WIDTHS.desktop);
    await signInThroughForm(page, 'agent@example.com', '/promotion');
    const funnel = page.getByTestId('promotion-funnel');
    await funnel.waitFor();
    await page.getByTestId('funnel-days-7').click();
    await expect.poll(async () => page.getByTestId('funnel-visits-value').textContent()).toBe(String(after.visits));
    expect(await page.getByTestId('funnel-signups-value').textContent()).toBe(String(after.signups));
    expect(await page.getByTestId('funnel-paid-value').textContent()).toBe(String(after.paid));
    expect(await page.getByTestId('funnel-commission-value').textContent()).not.toBe('$0.00');
    await page.getByTestId('funnel-chart').waitFor();
    await settle(page);
    await screenshot(page, 'promotion-funnel-1440-en');
  });
});
