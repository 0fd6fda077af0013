// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { FakeApi, pageOf, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { api } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../../lib/storage';
import { StudioPage } from './studio-page';
import { accountOf, dashboardClientOf, dashboardTotalOf, figureOf } from './test-fixtures';

const DAY_MS = 86_400_000;
// Twelve days from now to the minute: twelve days left in any time zone.
const inTwelveDays = new Date(Date.now() + 12 * DAY_MS).toISOString();

const total = dashboardTotalOf('studio', { commission_cents: figureOf(45_600, 45_600), plays: figureOf(48_200, null) });
const clients = dashboardClientOf('studio', {
  expiring: [{ id: 21, name: 'Carmen’s Tacos', studio_name: 'Sunset Studio', expires_at: inTwelveDays, days_left: 12 }],
});
const renewal = accountOf(21, { name: 'Carmen Ruiz', email: 'carmen@example.com', phone: '3105550142', studio_name: 'Sunset Studio', expire_time: inTwelveDays });

const server = new FakeApi();
const path = '/studio';
const centerCalls = [api.dashboard.total, api.dashboard.client];

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'org', 'onboarding', 'dashboard']);
});
beforeEach(() => {
  setViewportWidth(1280);
  server.reset().ok(api.dashboard.total, total).ok(api.dashboard.client, clients).ok(api.client.pay, pageOf([renewal], { page_size: 10 }));
});

describe('the studio center, in Chinese', () => {
  beforeEach(() => {
    signInAs('studio');
  });

  it('shows the studio’s own figures over the week, and nothing of a network it does not run', async () => {
    renderPage(<StudioPage />, { path });

    const commission = await screen.findByTestId('figure-commission_cents');
    expect(commission).toHaveTextContent('我的佣金');
    expect(within(commission).getByTestId('figure-commission_cents-value')).toHaveTextContent('$456.00');
    expect(within(commission).getByTestId('figure-commission_cents-change')).toHaveTextContent('持平');
    // No previous figure: no change to show, never a made-up 0%.
    expect(screen.queryByTestId('figure-plays-change')).toBeNull();
    expect(screen.getByTestId('figure-plays-value')).toHaveTextContent('48,200');
    expect(screen.queryByTestId('figure-studios')).toBeNull();
    expect(screen.getByTestId('dashboard-period')).toHaveTextContent('2026/11/24 – 2026/11/30，对比 2026/11/17 – 2026/11/23');
    expect(screen.getByText('你的商家和即将到期的续费。')).toBeInTheDocument();

    // A studio reads no studio ranking and no revenue trend.
    expect(screen.queryByTestId('studios-panel')).toBeNull();
    expect(screen.queryByTestId('trend-card')).toBeNull();
    for (const endpoint of centerCalls) expect(server.bodiesOf(endpoint), endpoint.path).toEqual([{ range: '7d' }]);
    expect(server.bodiesOf(api.dashboard.studio)).toEqual([]);
    expect(server.bodiesOf(api.dashboard.pay)).toEqual([]);
  });

  it('lists the merchants due to renew, with a number to call and no studio column', async () => {
    renderPage(<StudioPage />, { path });

    const expiring = await screen.findByTestId('expiring-21');
    expect(expiring).toHaveTextContent('Carmen’s Tacos');
    expect(expiring).not.toHaveTextContent('Sunset Studio');
    expect(within(expiring).getByTestId('expiring-days-left')).toHaveTextContent('剩余 12 天');

    const row = await screen.findByTestId('renewal-row-carmen@example.com');
    expect(row).toHaveTextContent('剩余 12 天');
    expect(row).not.toHaveTextContent('Sunset Studio');
    expect(within(row).getByText('(310) 555-0142')).toHaveAttribute('href', 'tel:3105550142');
    const headers = [...screen.getByTestId('renewals-table').querySelectorAll('th')].map((cell) => cell.textContent);
    expect(headers).not.toContain('工作室');
    expect(headers).toContain('到期时间');
  });

  it('reads the figures again for the range chosen, and keeps it in the address', async () => {
    const user = newUser();
    const { router } = renderPage(<StudioPage />, { path });
    await screen.findByTestId('figure-commission_cents');
    server.clearCalls();

    await user.click(screen.getByTestId('range-yesterday'));
    await waitFor(() => {
      for (const endpoint of centerCalls) expect(server.bodiesOf(endpoint), endpoint.path).toEqual([{ range: 'yesterday' }]);
    });
    expect(router.state.location.search).toBe('?range=yesterday');
    expect(screen.getByTestId('range-yesterday')).toHaveTextContent('昨天');
  });

  it('offers the promotion tools, and the way to the clients and the dashboard', async () => {
    renderPage(<StudioPage />, { path });
    const promotion = screen.getByTestId('studio-promotion');
    expect(promotion).toHaveTextContent('吸引更多商家');
    expect(promotion).toHaveTextContent('分享你的推广链接或二维码，通过它注册的店主会归入你的工作室。');
    expect(within(promotion).getByTestId('studio-promotion-link')).toHaveAttribute('href', '/promotion');
    expect(within(promotion).getByTestId('studio-promotion-link')).toHaveTextContent('打开推广工具');
    expect(screen.getByTestId('studio-link-clients')).toHaveAttribute('href', '/clients');
    expect(screen.getByTestId('studio-link-dashboard')).toHaveAttribute('href', '/dashboard');
    await screen.findByTestId('figure-commission_cents');
  });

  it('shows placeholders while the figures load', async () => {
    for (const endpoint of [...centerCalls, api.client.pay]) server.hang(endpoint);
    const { container } = renderPage(<StudioPage />, { path });

    await waitFor(() => expect(server.bodiesOf(api.dashboard.total)).toHaveLength(1));
    expect(screen.getByTestId('studio-tiles')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('figure-loading-0')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-period')).toBeNull();
    expect(screen.getByTestId('clients-panel').querySelector('.ant-skeleton')).not.toBeNull();
    expect(container.querySelector('[data-testid="renewals"] .nc-table__placeholder')).not.toBeNull();
  });

  it('says so when no plan ends soon', async () => {
    server.ok(api.dashboard.client, dashboardClientOf('studio')).ok(api.client.pay, pageOf([], { page_size: 10 }));
    renderPage(<StudioPage />, { path });

    expect(await screen.findByTestId('expiring-empty')).toHaveTextContent('未来 30 天没有套餐到期。');
    expect(await within(screen.getByTestId('renewals')).findByText('未来 30 天内没有到期的套餐')).toBeInTheDocument();
    expect(screen.queryByTestId('renewals-total')).toBeNull();
  });

  it('shows each failed panel in place with its own retry', async () => {
    const user = newUser();
    for (const endpoint of [...centerCalls, api.client.pay]) server.fail(endpoint, '500', '统计服务暂时不可用');
    renderPage(<StudioPage />, { path });

    const tiles = await screen.findByTestId('tiles-failed');
    expect(tiles).toHaveTextContent('加载失败，请重试');
    expect(tiles).toHaveTextContent('统计服务暂时不可用');
    expect(await within(screen.getByTestId('renewals')).findByTestId('renewals-retry')).toBeInTheDocument();

    server.ok(api.dashboard.client, clients);
    await user.click(await screen.findByTestId('clients-retry'));
    expect(await screen.findByTestId('expiring-21')).toBeInTheDocument();
    expect(screen.getByTestId('tiles-failed')).toBeInTheDocument();
  });
});

describe('the studio center before the studio has settled', () => {
  it('asks a paid studio with incomplete information to fill in the settle form, and reads no figures', async () => {
    // No country yet: the form has no place to look up in the area tree.
    const user = signInAs('studio', { info_status: 0, country: '', state: '', city: '' });
    server.ok(api.account.detail, user).ok(api.area.list, { list: [], total: 0, page: 1, page_size: 500 });
    renderPage(<StudioPage />, { path });

    const step = await screen.findByTestId('settle-step-studio');
    expect(step).toHaveTextContent('已收到付款 — 最后一步');
    expect(step).toHaveTextContent('您的会员资格已生效。请完善工作室信息，即可开通工作室中心并开始服务本地商家。');
    expect(await screen.findByTestId('settle-form')).toBeInTheDocument();
    expect(screen.queryByTestId('studio-tiles')).toBeNull();
    expect(screen.queryByTestId('studio-promotion')).toBeNull();
    expect(server.bodiesOf(api.dashboard.total)).toEqual([]);
    expect(server.bodiesOf(api.client.pay)).toEqual([]);
  });

  it('asks someone whose session is gone to sign in again', () => {
    clearSession();
    renderPage(<StudioPage />, { path });
    expect(screen.getByText('请重新登录')).toBeInTheDocument();
    expect(screen.queryByTestId('studio-tiles')).toBeNull();
  });
});
