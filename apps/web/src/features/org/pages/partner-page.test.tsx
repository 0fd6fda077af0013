// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { FakeApi, pageOf, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { api, type DashboardRange } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PartnerPage } from './partner-page';
import { accountOf, dashboardClientOf, dashboardPayOf, dashboardStudioOf, dashboardTotalOf, figureOf } from './test-fixtures';

const DAY_MS = 86_400_000;
// Three days from now to the minute: three days left in any time zone.
const inThreeDays = new Date(Date.now() + 3 * DAY_MS).toISOString();

const total = dashboardTotalOf('agent', { revenue_cents: figureOf(1_250_000, 1_000_000), agents: figureOf(3, 3) });
const studios = dashboardStudioOf('agent', {
  top: [{ id: 11, name: 'Sunset Studio', clients: 9, gross_cents: 560_000, refunds_cents: 10_000, revenue_cents: 550_000 }],
  places: [{ area_id: 3, city: 'Los Angeles', used: 40, limit: 100 }],
});
const clients = dashboardClientOf('agent', {
  expiring: [{ id: 21, name: 'Carmen’s Tacos', studio_name: 'Sunset Studio', expires_at: inThreeDays, days_left: 3 }],
});
const renewal = accountOf(21, { name: 'Carmen Ruiz', email: 'carmen@example.com', company_short_name: 'Carmen’s Tacos', studio_name: 'Sunset Studio', expire_time: inThreeDays });

const server = new FakeApi();
const path = '/partner';
const dashboardCalls = [api.dashboard.total, api.dashboard.pay, api.dashboard.studio, api.dashboard.client];

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'org', 'dashboard']);
});
beforeEach(() => {
  setViewportWidth(1280);
  server
    .reset()
    .ok(api.dashboard.total, total)
    .ok(api.dashboard.pay, dashboardPayOf('agent', [0, 12_000, 0, 45_000, 0, 0, 3_000]))
    .ok(api.dashboard.studio, studios)
    .ok(api.dashboard.client, clients)
    .ok(api.client.pay, pageOf([renewal], { page_size: 10 }));
  signInAs('partner');
});

describe('the agent center, in Chinese', () => {
  it('shows the network’s headline figures over the week, each against the week before, and the way to the other pages', async () => {
    renderPage(<PartnerPage />, { path });

    const revenue = await screen.findByTestId('figure-revenue_cents');
    expect(within(revenue).getByTestId('figure-revenue_cents-value')).toHaveTextContent('$12,500.00');
    expect(within(revenue).getByTestId('figure-revenue_cents-change')).toHaveTextContent('增长 25%');
    expect(within(revenue).getByTestId('figure-revenue_cents-change')).toHaveTextContent('上期 $10,000.00');
    // Fewer new merchants than the week before is bad news.
    expect(within(screen.getByTestId('figure-new_clients-change')).getByText(/下降 50%/)).toHaveClass('dash-change__move--bad');
    // An agent's "agents" are its sub-agents.
    expect(screen.getByTestId('figure-agents')).toHaveTextContent('子代理');
    expect(screen.getByTestId('figure-commission_cents')).toHaveTextContent('我的佣金');
    expect(screen.getByTestId('dashboard-period')).toHaveTextContent('2026/11/24 – 2026/11/30，对比 2026/11/17 – 2026/11/23');
    expect(screen.getByText('一览你的工作室及其服务的商家。')).toBeInTheDocument();
    expect(screen.getByTestId('partner-link-agents')).toHaveAttribute('href', '/agents');
    expect(screen.getByTestId('partner-link-agents')).toHaveTextContent('工作室与代理');
    expect(screen.getByTestId('partner-link-clients')).toHaveAttribute('href', '/clients');
    expect(screen.getByTestId('partner-link-dashboard')).toHaveAttribute('href', '/dashboard');
    for (const endpoint of dashboardCalls) expect(server.bodiesOf(endpoint), endpoint.path).toEqual([{ range: '7d' }]);
  });

  it('ranks the studios, fills the cities and lists the merchants due to renew with their studio', async () => {
    renderPage(<PartnerPage />, { path });

    const top = await screen.findByTestId('studios-top-11');
    expect(top).toHaveTextContent('Sunset Studio');
    expect(within(top).getByTestId('studios-top-sales')).toHaveTextContent('$5,600.00');
    expect(within(top).getByTestId('studios-top-refunds')).toHaveTextContent('净额 $5,500.00 · 退款 $100.00');
    const city = screen.getByTestId('studios-places').querySelector('[role="meter"]');
    expect(city).toHaveAttribute('aria-label', 'Los Angeles：已占 40 / 100 个名额');
    expect(city).toHaveAttribute('aria-valuenow', '40');

    const expiring = await screen.findByTestId('expiring-21');
    expect(expiring).toHaveTextContent('Carmen’s Tacos');
    expect(expiring).toHaveTextContent('Sunset Studio');
    expect(within(expiring).getByTestId('expiring-days-left')).toHaveTextContent('剩余 3 天');

    const row = await screen.findByTestId('renewal-row-carmen@example.com');
    expect(row).toHaveTextContent('Carmen’s Tacos');
    expect(row).toHaveTextContent('Sunset Studio');
    expect(row).toHaveTextContent('剩余 3 天');
    expect(screen.getByTestId('renewals-total')).toHaveTextContent('30 天内有 1 个套餐到期');
    expect(server.bodiesOf(api.client.pay)).toEqual([{ days: 30, page: 1, page_size: 10 }]);
  });

  it('draws the revenue trend with its total and best day', async () => {
    renderPage(<PartnerPage />, { path });

    const summary = await screen.findByTestId('trend-summary');
    expect(summary).toHaveTextContent('本期共 $600.00');
    expect(summary).toHaveTextContent('最高 11/27：$450.00');
    expect(screen.getByTestId('trend-chart')).toHaveAttribute('aria-label', '按日收入：共 $600.00');
  });

  it('reads every figure again for the range chosen, and keeps the range in the address', async () => {
    const user = newUser();
    const { router } = renderPage(<PartnerPage />, { path });
    await screen.findByTestId('figure-revenue_cents');
    server.clearCalls();

    await user.click(screen.getByTestId('range-30d'));
    await waitFor(() => {
      for (const endpoint of dashboardCalls) expect(server.bodiesOf(endpoint), endpoint.path).toEqual([{ range: '30d' }]);
    });
    expect(router.state.location.search).toBe('?range=30d');
  });

  it('opens on the range the address names', async () => {
    renderPage(<PartnerPage />, { path, url: '/partner?range=90d' });
    await screen.findByTestId('figure-revenue_cents');
    for (const endpoint of dashboardCalls) expect(server.bodiesOf(endpoint), endpoint.path).toEqual([{ range: '90d' }]);
    expect(screen.getByTestId('range-90d').closest('.ant-segmented-item')).toHaveClass('ant-segmented-item-selected');
  });

  it('narrows the renewals to the window chosen', async () => {
    const user = newUser();
    server.on(api.client.pay, (body) => ({ code: '200', data: pageOf(body.days === 7 ? [] : [renewal], { page_size: 10 }) }));
    renderPage(<PartnerPage />, { path });
    await screen.findByTestId('renewal-row-carmen@example.com');

    await user.click(screen.getByTestId('renewals-days-7'));
    await waitFor(() => expect(server.bodiesOf(api.client.pay).at(-1)).toEqual({ days: 7, page: 1, page_size: 10 }));
    expect(await within(screen.getByTestId('renewals')).findByText('未来 7 天内没有到期的套餐')).toBeInTheDocument();
    expect(screen.queryByTestId('renewals-total')).toBeNull();
  });

  it('shows placeholders while the figures load', async () => {
    for (const endpoint of [...dashboardCalls, api.client.pay]) server.hang(endpoint);
    const { container } = renderPage(<PartnerPage />, { path });

    await waitFor(() => expect(server.bodiesOf(api.dashboard.total)).toHaveLength(1));
    expect(screen.getByTestId('partner-tiles')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('figure-loading-0')).toBeInTheDocument();
    expect(screen.queryByTestId('figure-revenue_cents')).toBeNull();
    expect(screen.queryByTestId('dashboard-period')).toBeNull();
    expect(screen.getByTestId('clients-panel').querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.getByTestId('studios-panel').querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.getByTestId('trend-card').querySelector('.ant-skeleton')).not.toBeNull();
    expect(container.querySelector('[data-testid="renewals"] .nc-table__placeholder')).not.toBeNull();
  });

  it('says so where a quiet week has nothing to show', async () => {
    server
      .ok(api.dashboard.pay, dashboardPayOf('agent'))
      .ok(api.dashboard.studio, dashboardStudioOf('agent'))
      .ok(api.dashboard.client, dashboardClientOf('agent'))
      .ok(api.client.pay, pageOf([], { page_size: 10 }));
    renderPage(<PartnerPage />, { path });

    expect(await screen.findByTestId('trend-empty')).toHaveTextContent('本期还没有付款。');
    expect(await screen.findByTestId('studios-top-empty')).toHaveTextContent('本期没有工作室收到付款。');
    expect(screen.queryByTestId('studios-places')).toBeNull();
    expect(await screen.findByTestId('expiring-empty')).toHaveTextContent('未来 30 天没有套餐到期。');
    expect(await within(screen.getByTestId('renewals')).findByText('未来 30 天内没有到期的套餐')).toBeInTheDocument();
  });

  it('shows each failed panel in place with its own retry', async () => {
    const user = newUser();
    for (const endpoint of [...dashboardCalls, api.client.pay]) server.fail(endpoint, '500', '统计服务暂时不可用');
    renderPage(<PartnerPage />, { path });

    const tiles = await screen.findByTestId('tiles-failed');
    expect(tiles).toHaveTextContent('加载失败，请重试');
    expect(tiles).toHaveTextContent('统计服务暂时不可用');
    expect(await screen.findByTestId('clients-retry')).toBeInTheDocument();
    expect(await screen.findByTestId('studios-retry')).toBeInTheDocument();
    expect(await screen.findByTestId('trend-retry')).toBeInTheDocument();
    expect(await within(screen.getByTestId('renewals')).findByTestId('renewals-retry')).toBeInTheDocument();

    server.ok(api.dashboard.total, total);
    await user.click(screen.getByTestId('tiles-retry'));
    expect(await screen.findByTestId('figure-revenue_cents')).toBeInTheDocument();
    // The other panels keep their failure until their own retry.
    expect(screen.getByTestId('clients-retry')).toBeInTheDocument();
  });
});

/** The range buttons the page offers, in order. */
const ranges = (): DashboardRange[] =>
  [...document.querySelectorAll('[data-testid^="range-"]')].map((option) => option.getAttribute('data-testid')!.slice('range-'.length) as DashboardRange);

describe('the agent center for a sub-agent', () => {
  it('offers the same ranges, and no tile for agents it has none of', async () => {
    server.ok(api.dashboard.total, dashboardTotalOf('sub_agent', { agents: null }));
    signInAs('partner', { agent_type: 'sub' });
    renderPage(<PartnerPage />, { path });

    await screen.findByTestId('figure-revenue_cents');
    expect(ranges()).toEqual(['today', 'yesterday', '7d', '30d', '90d', 'all']);
    expect(screen.getByTestId('range-all')).toHaveTextContent('全网');
    // A sub-agent has no agents below it: no tile for them.
    expect(screen.queryByTestId('figure-agents')).toBeNull();
    expect(screen.getByTestId('figure-studios')).toBeInTheDocument();
  });
});
