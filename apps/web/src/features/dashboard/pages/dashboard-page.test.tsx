// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import {
  api,
  type DashboardActivity,
  type DashboardClientResponse,
  type DashboardPayResponse,
  type DashboardPeriod,
  type DashboardProfitResponse,
  type DashboardRange,
  type DashboardScope,
  type DashboardStudioResponse,
  type DashboardTotalResponse,
  type Figure,
  type PromotionStats,
  type Role,
} from '@nearcast/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeApi, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { DashboardPage } from './dashboard-page';

// ——— Contract-typed answers: a week against the week before ———

function periodOf(range: DashboardRange): DashboardPeriod {
  if (range === 'all') return { range, from: '2026-01-05', to: '2026-12-01', previous_from: null, previous_to: null };
  if (range === '30d') return { range, from: '2026-11-02', to: '2026-12-01', previous_from: '2026-10-03', previous_to: '2026-11-01' };
  return { range, from: '2026-11-25', to: '2026-12-01', previous_from: '2026-11-18', previous_to: '2026-11-24' };
}

/** A figure and the one before it; the whole network has nothing before it. */
const fig = (value: number, previous: number, range: DashboardRange): Figure => ({ value, previous: range === 'all' ? null : previous });
const zero: Figure = { value: 0, previous: 0 };

function totalOf(scope: DashboardScope, range: DashboardRange = '7d'): DashboardTotalResponse {
  const network = scope === 'platform' || scope === 'agent' || scope === 'sub_agent';
  return {
    period: periodOf(range),
    scope,
    revenue_cents: fig(1_250_000, 1_000_000, range),
    payments: fig(42, 40, range),
    clients: fig(310, 300, range),
    new_clients: fig(12, 15, range),
    studios: network ? fig(28, 26, range) : null,
    agents: network ? fig(5, 5, range) : null,
    commission_cents: scope === 'client' || scope === 'operator' ? null : fig(180_000, 150_000, range),
    materials: fig(2_400, 2_100, range),
    videos_published: fig(96, 80, range),
    plays: fig(48_200, 30_100, range),
    plan: scope === 'client' ? { name: 'Growth', state: 'expired', expires_at: '2026-11-20T12:00:00.000Z', days_left: 0 } : null,
    connections: [
      { platform: 'bilibili', connected: 1, needs_reconnect: 1 },
      { platform: 'youtube', connected: 3, needs_reconnect: 0 },
    ],
  };
}

function payOf(scope: DashboardScope, range: DashboardRange = '7d'): DashboardPayResponse {
  const days = ['2026-11-25', '2026-11-26', '2026-11-27'];
  return {
    period: periodOf(range),
    scope,
    payments: fig(42, 40, range),
    gross_cents: fig(1_300_000, 1_000_000, range),
    refunds_cents: fig(50_000, 0, range),
    revenue_cents: fig(1_250_000, 1_000_000, range),
    trend: days.map((date, index) => ({ date, revenue_cents: [200_000, 650_000, 400_000][index]!, payments: 14, refunds_cents: 0, plays: [9_000, 21_000, 18_200][index]! })),
  };
}

const activity: DashboardActivity[] = [
  { id: 91, type: 'video.published', at: '2026-12-01T09:00:00.000Z', client: { id: 7, name: 'Carmen’s Tacos' }, studio: null, params: { platform: 'bilibili', title: 'Taco Tuesday' } },
  { id: 90, type: 'payment.completed', at: '2026-11-30T09:00:00.000Z', client: { id: 8, name: 'Luz Bakery' }, studio: null, params: { amount_cents: 29_900, renewal: true } },
];

function clientsOf(scope: DashboardScope): DashboardClientResponse {
  return {
    period: periodOf('7d'),
    scope,
    count: fig(310, 300, '7d'),
    new: fig(12, 15, '7d'),
    paid: fig(9, 7, '7d'),
    renewed: fig(20, 20, '7d'),
    expired: fig(3, 1, '7d'),
    expiring: [{ id: 8, name: 'Luz Bakery', studio_name: 'Studio Sol', expires_at: '2026-12-20T12:00:00.000Z', days_left: 19 }],
  };
}

function studiosOf(scope: DashboardScope): DashboardStudioResponse {
  return {
    period: periodOf('7d'),
    scope,
    count: fig(28, 26, '7d'),
    new: fig(2, 0, '7d'),
    top: [
      { id: 31, name: 'Studio Sol', clients: 40, gross_cents: 640_000, refunds_cents: 0, revenue_cents: 640_000 },
      { id: 32, name: 'Studio Luna', clients: 12, gross_cents: 210_000, refunds_cents: 30_000, revenue_cents: 180_000 },
    ],
    places: [{ area_id: 3, city: 'Los Angeles', used: 64, limit: 100 }],
  };
}

const profit: DashboardProfitResponse = {
  period: periodOf('7d'),
  scope: 'platform',
  commission_cents: fig(180_000, 150_000, '7d'),
  platform_profit_cents: fig(1_070_000, 850_000, '7d'),
  trend: [],
};

const funnel: PromotionStats = {
  account_id: 1,
  code: 'DEMO1234',
  days: [{ day: '2026-11-30', visits: 40, scans: 6, signups: 4, paid: 1, commission_cents: 5_000 }],
  totals: { visits: 40, scans: 6, signups: 4, paid: 1, commission_cents: 5_000 },
};

const SCOPE_OF: Record<'client' | 'studio' | 'partner' | 'super', DashboardScope> = { client: 'client', studio: 'studio', partner: 'agent', super: 'platform' };

// A page this size takes more than Testing Library's one second to draw on a busy machine (the
// suite runs beside other jobs on two cores): waits give it longer. A broken page still fails.
configure({ asyncUtilTimeout: 4000 });

const server = new FakeApi();

/** The answers a role's dashboard reads, as the server scopes them for that role. */
function answerAs(role: keyof typeof SCOPE_OF) {
  const scope = SCOPE_OF[role];
  server
    .reset()
    .on(api.dashboard.total, (body) => ({ code: '200', data: totalOf(scope, body.range) }))
    .on(api.dashboard.pay, (body) => ({ code: '200', data: payOf(scope, body.range) }))
    .ok(api.dashboard.activity, { list: activity, next_before_id: null })
    .ok(api.dashboard.client, clientsOf(scope))
    .ok(api.dashboard.studio, studiosOf(scope))
    .ok(api.dashboard.profit, profit)
    .ok(api.promotion.stats, funnel)
    // A merchant's own panels (approvals, drafts, videos, what works) have their own tests: left loading.
    .hang(api.video.list)
    .hang(api.video.mine)
    .hang(api.creative.renderList)
    .hang(api.creative.insightsGet);
}

/** `role` signed in (a partner as a main agent), on the dashboard at `url`. */
function open(role: Role, url = '/dashboard') {
  signInAs(role, role === 'client' ? { name: 'Carmen' } : {});
  return renderPage(<DashboardPage />, { path: '/dashboard', url });
}

/** The headline tiles in order, by the figure each shows. */
const tileFields = () =>
  [...screen.getByTestId('dashboard-tiles').querySelectorAll('[data-testid^="figure-"]')]
    .map((tile) => tile.getAttribute('data-testid')!)
    .filter((id) => /^figure-[a-z_]+$/.test(id))
    .map((id) => id.slice('figure-'.length));
const tileLabel = (field: string) => screen.getByTestId(`figure-${field}`).querySelector('.nc-tile__text')!.textContent;
const quickLinks = () => within(screen.getByTestId('dashboard-links')).getAllByTestId(/^quick-/).map((link) => link.getAttribute('data-testid'));
const asked = (path: string) => server.calls.some((call) => call.path === path);

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'dashboard', 'video', 'creative', 'promotion']);
  // The panels and the chart arrive lazily, as in the app: loaded here once, so a busy machine's
  // first transform of them does not count against the first test's waits.
  await Promise.all([import('../components/dashboard-panels'), import('../../../components/trend-chart')]);
});
beforeEach(() => setViewportWidth(1280));

describe('the dashboard, per role, in Chinese', () => {
  it('shows a merchant its plan, its plays first, its own panels, and no network or studio panels', async () => {
    answerAs('client');
    open('client');
    expect(screen.getByTestId('dashboard-greeting')).toHaveTextContent(/(早上好|下午好|晚上好)，Carmen/);
    expect(screen.getByTestId('dashboard-role')).toHaveTextContent('商家');
    expect(screen.queryByTestId('dashboard-center-client')).toBeNull();
    expect(await screen.findByTestId('dashboard-period')).toHaveTextContent('2026/11/25 – 2026/12/01，对比 2026/11/18 – 2026/11/24');

    // Its plan ended: the way to renew it.
    const plan = await screen.findByTestId('plan-card');
    expect(within(plan).getByTestId('plan-name')).toHaveTextContent('Growth');
    expect(within(plan).getByTestId('plan-state-expired')).toHaveTextContent('已过期');
    expect(plan).toHaveTextContent('已于 2026/11/20 到期');
    expect(within(plan).getByTestId('plan-renew')).toHaveAttribute('href', '/plans');

    // What it watches: plays, videos, materials, and what it spent (not "revenue").
    expect(tileFields()).toEqual(['plays', 'videos_published', 'materials', 'revenue_cents']);
    expect(tileLabel('revenue_cents')).toBe('支出');
    expect(screen.getByTestId('figure-plays-value')).toHaveTextContent('48,200');
    expect(screen.getByTestId('figure-plays-change')).toHaveTextContent('增长 60%');
    expect(screen.getByTestId('figure-plays-change')).toHaveTextContent('上期 30,100');
    const trend = screen.getByTestId('trend-card');
    expect(trend).toHaveTextContent('播放趋势');
    expect(await within(trend).findByTestId('trend-summary')).toHaveTextContent('本期共 48,200');

    expect(await screen.findByTestId('activity-91')).toHaveTextContent('Carmen’s Tacos 的视频已发布到 哔哩哔哩');
    for (const panel of ['approvals-panel', 'merchant-creative', 'merchant-videos', 'what-works']) expect(await screen.findByTestId(panel)).toBeInTheDocument();
    for (const panel of ['studios-panel', 'clients-panel', 'profit-panel', 'funnel-days-30']) expect(screen.queryByTestId(panel)).toBeNull();

    // A merchant cannot open /video: its studio reconnects, and the card says so.
    const connections = screen.getByTestId('connections-card');
    expect(within(connections).getByTestId('connection-bilibili')).toHaveTextContent('哔哩哔哩');
    expect(within(connections).getByTestId('connection-bilibili-reconnect')).toHaveTextContent('1 个需重新连接');
    expect(within(connections).queryByTestId('connections-act')).toBeNull();
    expect(connections).toHaveTextContent('您的工作室会请您重新登录该平台以恢复连接。');

    expect(quickLinks()).toEqual(['quick-material', 'quick-finance', 'quick-reports']);
    expect(screen.getByTestId('quick-material')).toHaveTextContent('素材中心');
    // The whole range is the merchant's own history, not a network.
    expect(screen.getByTestId('range-all')).toHaveTextContent('全部时间');
    // Only what its role may read.
    expect([api.dashboard.client.path, api.dashboard.studio.path, api.dashboard.profit.path, api.promotion.stats.path].filter(asked)).toEqual([]);
  });

  it('shows a studio its takings and commission, its merchants’ renewals, its link’s funnel and the way to act on accounts', async () => {
    answerAs('studio');
    open('studio');
    expect(screen.getByTestId('dashboard-role')).toHaveTextContent('AI 工作室');
    const center = screen.getByTestId('dashboard-center-studio');
    expect(center).toHaveAttribute('href', '/studio');
    expect(center).toHaveTextContent('打开工作室中心');

    await screen.findByTestId('figure-revenue_cents-value');
    expect(tileFields()).toEqual(['revenue_cents', 'commission_cents', 'payments', 'clients', 'new_clients', 'materials', 'videos_published', 'plays']);
    expect(tileLabel('commission_cents')).toBe('我的佣金');
    expect(screen.getByTestId('figure-revenue_cents-value')).toHaveTextContent('$12,500.00');
    expect(screen.getByTestId('trend-card')).toHaveTextContent('收入趋势');
    expect(screen.queryByTestId('plan-card')).toBeNull();

    // Its merchants, and whose plan ends soon, without a studio column (they are all its own).
    const clients = screen.getByTestId('clients-panel');
    expect(await within(clients).findByTestId('clients-count')).toHaveTextContent('310');
    expect(within(clients).getByTestId('clients-expired-change')).toHaveTextContent('增长 200%');
    const expiring = within(clients).getByTestId('expiring-8');
    expect(expiring).toHaveTextContent('Luz Bakery');
    expect(expiring).not.toHaveTextContent('Studio Sol');
    expect(within(clients).getByRole('link', { name: '全部商家' })).toHaveAttribute('href', '/clients');

    expect(await screen.findByTestId('funnel-visits-value')).toHaveTextContent('40');
    expect(screen.getByTestId('funnel-signups')).toHaveTextContent('占上一步的 10%');
    expect(screen.queryByTestId('studios-panel')).toBeNull();
    expect(screen.queryByTestId('profit-panel')).toBeNull();
    for (const panel of ['approvals-panel', 'merchant-creative', 'merchant-videos', 'what-works']) expect(screen.queryByTestId(panel)).toBeNull();

    // A studio reconnects accounts itself, on /video.
    const act = within(screen.getByTestId('connections-card')).getByTestId('connections-act');
    expect(act).toHaveAttribute('href', '/video');
    expect(act).toHaveTextContent('重新连接');

    expect(quickLinks()).toEqual(['quick-studio', 'quick-clients', 'quick-learning', 'quick-video', 'quick-finance', 'quick-promotion', 'quick-reports']);
    expect(server.bodiesOf(api.dashboard.client)).toEqual([{ range: '7d' }]);
    expect(server.bodiesOf(api.promotion.stats)).toEqual([{ days: 30 }]);
    expect([api.dashboard.studio.path, api.dashboard.profit.path].filter(asked)).toEqual([]);
  });

  it('shows a main agent its network: sub-agents, top studios with their merchants’ studios, and its link’s funnel', async () => {
    answerAs('partner');
    open('partner');
    expect(screen.getByTestId('dashboard-role')).toHaveTextContent('区域代理 · 主代理');
    expect(screen.getByTestId('dashboard-center-partner')).toHaveAttribute('href', '/partner');

    await screen.findByTestId('figure-revenue_cents-value');
    expect(tileFields()).toEqual(['revenue_cents', 'commission_cents', 'clients', 'new_clients', 'studios', 'agents', 'materials', 'videos_published']);
    expect(tileLabel('agents')).toBe('子代理');

    const studios = screen.getByTestId('studios-panel');
    expect(await within(studios).findByTestId('studios-count')).toHaveTextContent('28');
    const top = within(studios).getAllByTestId(/^studios-top-\d+$/);
    expect(top.map((row) => row.getAttribute('data-testid'))).toEqual(['studios-top-31', 'studios-top-32']);
    expect(top[0]).toHaveTextContent('Studio Sol');
    expect(within(top[0]!).getByTestId('studios-top-sales')).toHaveTextContent('$6,400.00');
    expect(within(top[1]!).getByTestId('studios-top-refunds')).toHaveTextContent('净额 $1,800.00 · 退款 $300.00');
    expect(within(studios).getByRole('meter', { name: 'Los Angeles：已占 64 / 100 个名额' })).toBeInTheDocument();

    // Across its studios, each expiring merchant says whose it is.
    expect(await screen.findByTestId('expiring-8')).toHaveTextContent('Studio Sol');
    expect(await screen.findByTestId('funnel-visits-value')).toHaveTextContent('40');
    expect(screen.queryByTestId('profit-panel')).toBeNull();

    // An agent does not open /video: the merchants' studios reconnect.
    const connections = screen.getByTestId('connections-card');
    expect(within(connections).queryByTestId('connections-act')).toBeNull();
    expect(connections).toHaveTextContent('这些账号由商家的工作室在视频工作台中重新连接。');
    expect(server.bodiesOf(api.dashboard.studio)).toEqual([{ range: '7d' }]);
    expect(asked(api.dashboard.profit.path)).toBe(false);
  });

  it('shows the super admin the whole platform: every figure, commissions paid and the platform’s profit', async () => {
    answerAs('super');
    open('super');
    expect(screen.getByTestId('dashboard-role')).toHaveTextContent('超级管理员');
    expect(screen.queryByTestId('dashboard-center-super')).toBeNull();

    await screen.findByTestId('figure-revenue_cents-value');
    expect(tileFields()).toEqual(['revenue_cents', 'clients', 'new_clients', 'studios', 'agents', 'commission_cents', 'payments', 'materials', 'videos_published', 'plays']);
    // Staff see every commission paid out, not one of their own.
    expect(tileLabel('commission_cents')).toBe('佣金');

    const panel = screen.getByTestId('profit-panel');
    expect(await within(panel).findByTestId('profit-platform_profit')).toHaveTextContent('$10,700.00');
    expect(within(panel).getByTestId('profit-platform_profit-change')).toHaveTextContent('增长 26%');
    expect(within(panel).getByTestId('profit-commission')).toHaveTextContent('$1,800.00');
    expect(await within(screen.getByTestId('studios-panel')).findByTestId('studios-count')).toBeInTheDocument();
    expect(await within(screen.getByTestId('clients-panel')).findByTestId('expiring-8')).toHaveTextContent('Studio Sol');
    expect(screen.queryByTestId('funnel-days-30')).toBeNull();
    expect(within(screen.getByTestId('connections-card')).getByTestId('connections-act')).toHaveAttribute('href', '/video');
    expect(screen.getByTestId('range-all')).toHaveTextContent('全网');
    expect(quickLinks()).toContain('quick-audit');
    expect(asked(api.promotion.stats.path)).toBe(false);
  });
});

describe('the dashboard’s range, loading, empty and error states', () => {
  it('keeps the range in the address and asks every figure for it; the whole history has nothing to compare with', async () => {
    const user = newUser();
    answerAs('studio');
    const { router } = open('studio', '/dashboard?range=30d');
    expect(await screen.findByTestId('dashboard-period')).toHaveTextContent('2026/11/02 – 2026/12/01，对比 2026/10/03 – 2026/11/01');
    expect(server.bodiesOf(api.dashboard.total)[0]).toEqual({ range: '30d' });

    await user.click(screen.getByTestId('range-all'));
    await waitFor(() => expect(router.state.location.search).toBe('?range=all'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(screen.getByTestId('dashboard-period')).toHaveTextContent('自开始至 2026/01/05 – 2026/12/01 的全部数据'));
    expect(server.bodiesOf(api.dashboard.total).at(-1)).toEqual({ range: 'all' });
    expect(server.bodiesOf(api.dashboard.pay).at(-1)).toEqual({ range: 'all' });
    expect(server.bodiesOf(api.dashboard.client).at(-1)).toEqual({ range: 'all' });
    expect(screen.getByTestId('range-all')).toHaveTextContent('全网');
    await waitFor(() => expect(screen.queryByTestId('figure-plays-change')).toBeNull());

    // The default week is the bare address.
    await user.click(screen.getByTestId('range-7d'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getByTestId('dashboard-period')).toHaveTextContent('对比 2026/11/18 – 2026/11/24'));
  });

  it('shows placeholders while the figures load', async () => {
    answerAs('studio');
    server.hang(api.dashboard.total).hang(api.dashboard.pay).hang(api.dashboard.activity).hang(api.dashboard.client).hang(api.promotion.stats);
    open('studio');
    const tiles = await screen.findByTestId('dashboard-tiles');
    expect(tiles).toHaveAttribute('aria-busy', 'true');
    expect(within(tiles).getAllByTestId(/^figure-loading-\d$/)).toHaveLength(4);
    expect(screen.queryByTestId('dashboard-period')).toBeNull();
    expect(within(screen.getByTestId('clients-panel')).queryByTestId('clients-count')).toBeNull();
    expect(screen.getByTestId('clients-panel').querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.getByTestId('activity-card').querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.queryByTestId('activity-empty')).toBeNull();
    // The page's own frame is there at once.
    expect(screen.getByTestId('dashboard-center-studio')).toBeInTheDocument();
  });

  it('tells a new studio what will fill each empty panel', async () => {
    answerAs('studio');
    const empty: DashboardTotalResponse = {
      ...totalOf('studio'),
      revenue_cents: zero,
      payments: zero,
      clients: zero,
      new_clients: zero,
      commission_cents: zero,
      materials: zero,
      videos_published: zero,
      plays: zero,
      connections: [],
    };
    server
      .ok(api.dashboard.total, empty)
      .ok(api.dashboard.pay, { ...payOf('studio'), trend: payOf('studio').trend.map((day) => ({ ...day, revenue_cents: 0, payments: 0, plays: 0 })) })
      .ok(api.dashboard.activity, { list: [], next_before_id: null })
      .ok(api.dashboard.client, { ...clientsOf('studio'), count: zero, new: zero, paid: zero, renewed: zero, expired: zero, expiring: [] })
      .ok(api.promotion.stats, { ...funnel, days: [], totals: { visits: 0, scans: 0, signups: 0, paid: 0, commission_cents: 0 } });
    open('studio');
    expect(await screen.findByTestId('figure-plays-value')).toHaveTextContent('0');
    expect(screen.getByTestId('figure-plays-change')).toHaveTextContent('持平');
    expect(await screen.findByTestId('trend-empty')).toHaveTextContent('本期还没有付款。');
    expect(await screen.findByTestId('activity-empty')).toHaveTextContent('这里还没有动态。付款、新商家和发布的视频会实时出现在这里。');
    expect(screen.getByTestId('connections-empty')).toHaveTextContent('还没有连接任何发布账号。连接商家的 TikTok、YouTube 等账号后即可发布视频。');
    expect(await screen.findByTestId('expiring-empty')).toHaveTextContent('未来 30 天没有套餐到期。');
    expect(await screen.findByTestId('funnel-empty')).toHaveTextContent('该时段暂无访客。');
  });

  it('says the figures did not load, with the server’s reason, and reads them again on a retry', async () => {
    const user = newUser();
    answerAs('studio');
    server
      .sequence(api.dashboard.total, [
        { code: '500', msg: '服务器繁忙，请稍后再试', data: null },
        { code: '200', data: totalOf('studio') },
      ])
      .fail(api.dashboard.activity, '500', '服务器繁忙，请稍后再试');
    open('studio');
    const failed = await screen.findByTestId('tiles-failed');
    expect(failed).toHaveTextContent('加载失败，请重试');
    expect(failed).toHaveTextContent('服务器繁忙，请稍后再试');
    // The cards that read the same answer say so in place, without a toast on top.
    expect(within(screen.getByTestId('connections-card')).getByTestId('connections-retry')).toBeInTheDocument();
    const feed = screen.getByTestId('activity-card');
    expect(await within(feed).findByTestId('activity-retry')).toBeInTheDocument();
    expect(feed).toHaveTextContent('加载失败，请重试');
    expect(document.querySelector('.ant-message-notice')).toBeNull();

    await user.click(within(failed).getByTestId('tiles-retry'));
    expect(await screen.findByTestId('figure-revenue_cents-value')).toBeInTheDocument();
    expect(screen.queryByTestId('tiles-failed')).toBeNull();
    expect(within(screen.getByTestId('connections-card')).getByTestId('connection-youtube')).toHaveTextContent('已连接 3 个');
  });
});
