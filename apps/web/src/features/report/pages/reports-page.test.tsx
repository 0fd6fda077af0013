// @vitest-environment happy-dom
import { answerApi, newUser, renderInShell, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, type CurrentUser, type MonthlyReport, type MonthlyReportSummary } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/storage';
import { ReportsPage } from './reports-page';

const october: MonthlyReportSummary = {
  id: 42,
  merchant_id: 7,
  merchant_name: 'Carmen’s Tacos',
  month: '2026-10',
  language: 'zh-CN',
  videos_published: 12,
  plays: 48_200,
  cost_per_thousand_cents: 620,
  create_time: '2026-11-01T08:00:00.000Z',
};
const september: MonthlyReportSummary = { ...october, id: 41, month: '2026-09', videos_published: 9, plays: 30_100, cost_per_thousand_cents: 993 };

function fullReport(summary: MonthlyReportSummary, language: string): MonthlyReport {
  return {
    ...summary,
    period: { from: '2026-10-01', to: '2026-10-31', previous_from: '2026-09-01', previous_to: '2026-09-30' },
    plan: { name: 'Growth', price_cents: 29_900 },
    videos: { value: 12, previous: 9 },
    plays_figure: { value: 48_200, previous: 30_100 },
    // No platform reported likes this month: "not available", never 0.
    likes: { value: null, previous: 1_500 },
    // The first month with comments: nothing to compare with.
    comments: { value: 310, previous: null },
    shares: { value: 0, previous: 0 },
    previous_cost_per_thousand_cents: 993,
    platforms: [
      { platform: 'youtube', videos: 4, plays: 12_000, likes: null, comments: 80, shares: 0 },
      { platform: 'bilibili', videos: 8, plays: 36_200, likes: null, comments: 230, shares: 0 },
    ],
    top: [
      { post_id: 501, title: 'Taco Tuesday', platforms: ['bilibili', 'youtube'], plays: 20_000, likes: null, cover_url: null, visits: 40, redemptions: 3 },
      { post_id: 502, title: 'Salsa verde', platforms: ['youtube'], plays: 9_000, likes: 420, cover_url: '/covers/502.jpg', visits: 0, redemptions: 0 },
    ],
    work: { materials_used: 23, videos_made: 14, approvals: 11 },
    ...(summary.id === october.id
      ? {
          // No redemption this month: a cost per visit, none per redemption.
          visits: 130,
          redemptions: 0,
          cost_per_visit_cents: 230,
          cost_per_redemption_cents: null,
          top_by_visits: [
            { post_id: 503, title: 'Horchata', platforms: ['youtube'], plays: 1_200, likes: 30, cover_url: null, visits: 90, redemptions: 0 },
            { post_id: 501, title: 'Taco Tuesday', platforms: ['bilibili', 'youtube'], plays: 20_000, likes: null, cover_url: null, visits: 40, redemptions: 0 },
          ],
          lessons: [
            { dimension: 'hook' as const, value: 'question', versus: 'offer_first', ratio: 2.1, videos: 12, versus_videos: 9, text: '提问式开头为这家店带来的播放量是开门见优惠式开头的 2.1×' },
          ],
        }
      : // September's report was built before the report counted links: nothing to show, not zeros.
        { visits: null, redemptions: null, cost_per_visit_cents: null, cost_per_redemption_cents: null, top_by_visits: null, lessons: null }),
    pdf: { url: `/files/report-${summary.id}.pdf?sig=abc`, expires_at: '2099-01-01T00:00:00.000Z', file_name: `nearcast-report-${summary.month}.pdf`, language: language as MonthlyReport['language'] },
  };
}

let listAnswer: () => { code: string; msg?: string; data: unknown } = () => ({ code: '200', data: { list: [october, september], total: 2, page: 1, page_size: 12 } });
const server = vi.fn(
  answerApi((path, body) => {
    if (path === api.report.monthlyList.path) return listAnswer();
    if (path === api.report.monthlyGet.path) {
      const { id, language } = body as { id: number; language: string };
      const summary = [october, september].find((report) => report.id === id);
      return summary ? { code: '200', data: fullReport(summary, language) } : { code: '404', msg: '报告不存在', data: null };
    }
    if (path === api.client.all.path) return { code: '200', data: { list: [] } };
    return { code: '404', msg: 'not found', data: null };
  }),
);

const bodiesOf = (path: string) => server.mock.calls.filter(([input]) => String(input).endsWith(path)).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

function signIn(accountType: number) {
  saveSession('token', { id: 1, account_type: accountType, name: 'Someone', email: 'someone@example.com' } as unknown as CurrentUser);
}

function renderPage(url = '/reports') {
  const router = createMemoryRouter([{ path: '/reports', element: <ReportsPage /> }], { initialEntries: [url] });
  renderInShell(<RouterProvider router={router} />);
  return router;
}

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'report', 'video']);
  vi.stubGlobal('fetch', server);
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  server.mockClear();
  signIn(0);
  setViewportWidth(1280);
});
afterEach(() => {
  clearSession();
  listAnswer = () => ({ code: '200', data: { list: [october, september], total: 2, page: 1, page_size: 12 } });
});

describe('the reports page on a wide screen', () => {
  it('lists the months in the spec’s date style and opens the newest', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('report-row');
    expect(rows.map((row) => row.querySelector('.report-row__month')?.textContent)).toEqual(['2026/10', '2026/09']);
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
    const detail = await screen.findByTestId('report-detail');
    await waitFor(() => expect(detail).toHaveAttribute('data-state', 'ready'));
    // The heading: the month, then its first and last day, in the same style (spec §9).
    expect(within(detail).getByTestId('report-month')).toHaveTextContent('2026/10');
    expect(within(detail).getByText('2026/10/01 – 2026/10/31')).toBeInTheDocument();
    // The PDF is asked for in the interface language.
    expect(bodiesOf(api.report.monthlyGet.path)).toEqual([{ id: 42, language: 'zh-CN' }]);
  });

  it('shows a missing metric as not available, never 0, and a month without a previous figure as such', async () => {
    renderPage();
    const detail = await screen.findByTestId('report-detail');
    await waitFor(() => expect(detail).toHaveAttribute('data-state', 'ready'));
    expect(within(detail).getByTestId('report-figure-likes-value')).toHaveTextContent('不提供');
    expect(within(detail).getByTestId('report-figure-plays-value')).toHaveTextContent('48,200');
    expect(within(detail).getByTestId('report-figure-plays-change')).toHaveAttribute('data-direction', 'up');
    expect(within(detail).getByTestId('report-figure-comments-change')).toHaveTextContent('上月无数据');
    expect(within(detail).getByTestId('report-figure-shares-change')).toHaveAttribute('data-direction', 'flat');
    // A lower cost per thousand plays is good news.
    expect(within(detail).getByTestId('report-cost-value')).toHaveTextContent('$6.20');
    expect(within(detail).getByTestId('report-cost-change')).toHaveAttribute('data-direction', 'down');
    expect(within(detail).getByTestId('report-cost-change').querySelector('.report-change__move--good')).not.toBeNull();
    expect(within(detail).getByTestId('report-plan')).toHaveTextContent('$299.00');
  });

  it('names the platforms as the video pages do, and draws a cover for a video without one', async () => {
    renderPage();
    const detail = await screen.findByTestId('report-detail');
    await waitFor(() => expect(detail).toHaveAttribute('data-state', 'ready'));
    const platforms = within(detail).getByTestId('report-platforms');
    expect([...platforms.querySelectorAll('tbody th')].map((cell) => cell.textContent)).toEqual(['YouTube', '哔哩哔哩']);
    const videos = within(detail).getAllByTestId('report-top-video');
    expect(within(videos[0]!).getByTestId('report-cover-placeholder')).toBeInTheDocument();
    expect(videos[1]!.querySelector('img')).toHaveAttribute('src', '/covers/502.jpg');
  });

  it('shows what the money bought, the videos that brought visits, and what the plan learned', async () => {
    renderPage();
    const detail = await screen.findByTestId('report-detail');
    await waitFor(() => expect(detail).toHaveAttribute('data-state', 'ready'));
    const bought = within(detail).getByTestId('report-bought');
    expect(within(bought).getByTestId('report-bought-visits')).toHaveTextContent('130');
    expect(within(bought).getByTestId('report-bought-cost-visit')).toHaveTextContent('$2.30');
    // No redemption: no cost per redemption, and why.
    expect(within(bought).getByTestId('report-bought-cost-redemption')).toHaveTextContent('不提供');
    expect(within(bought).getByTestId('report-bought-cost-redemption')).toHaveTextContent('本月没有核销');
    expect(within(bought).getAllByTestId('report-visit-top-visits').map((cell) => cell.textContent)).toEqual(['90', '40']);
    // The videos by plays carry their own visits.
    expect(within(within(detail).getByTestId('report-top')).getAllByTestId('report-top-visits').map((cell) => cell.textContent)).toEqual(['40', '0']);
    expect(within(detail).getByTestId('report-lesson')).toHaveTextContent('提问式开头');
  });

  it('shows no link figures for a report built before it counted them', async () => {
    renderPage('/reports?id=41');
    const detail = await screen.findByTestId('report-detail');
    await waitFor(() => expect(detail).toHaveAttribute('data-state', 'ready'));
    expect(within(detail).queryByTestId('report-bought')).toBeNull();
    expect(within(detail).queryByTestId('report-lessons')).toBeNull();
    expect(within(detail).getAllByTestId('report-top-video')).toHaveLength(2);
  });

  it('offers the PDF as a download under its file name', async () => {
    renderPage();
    const link = await screen.findByTestId('report-download');
    expect(link.tagName).toBe('A');
    expect(link).toHaveAttribute('href', '/files/report-42.pdf?sig=abc');
    expect(link).toHaveAttribute('download', 'nearcast-report-2026-10.pdf');
  });

  it('opens the report the address names, and another on a click', async () => {
    const router = renderPage('/reports?id=41');
    const detail = await screen.findByTestId('report-detail');
    await waitFor(() => expect(within(detail).getByTestId('report-month')).toHaveTextContent('2026/09'));
    await newUser().click((await screen.findAllByTestId('report-row'))[0]!);
    await waitFor(() => expect(within(screen.getByTestId('report-detail')).getByTestId('report-month')).toHaveTextContent('2026/10'));
    expect(router.state.location.search).toBe('?id=42');
  });

  it('says a report the reader may not read is not available, without a retry', async () => {
    renderPage('/reports?id=999');
    expect(await screen.findByTestId('report-not-found')).toBeInTheDocument();
    expect(screen.queryByTestId('report-retry')).toBeNull();
  });

  it('tells a merchant when its first report arrives', async () => {
    listAnswer = () => ({ code: '200', data: { list: [], total: 0, page: 1, page_size: 12 } });
    renderPage();
    const empty = await screen.findByTestId('report-empty');
    expect(empty).toHaveTextContent('暂无报告');
    expect(empty).toHaveTextContent(/下月 1 日（\d{4}\/\d{2}\/01）/);
    expect(screen.queryByTestId('report-detail')).toBeNull();
  });

  it('shows a failed list with a retry that reads it again', async () => {
    let fail = true;
    listAnswer = () => (fail ? { code: '500', msg: '服务器错误', data: null } : { code: '200', data: { list: [october], total: 1, page: 1, page_size: 12 } });
    renderPage();
    const retry = await screen.findByTestId('report-list-retry');
    fail = false;
    await newUser().click(retry);
    expect(await screen.findAllByTestId('report-row')).toHaveLength(1);
  });

  it('shows others whose month each row is', async () => {
    signIn(1);
    renderPage();
    const [row] = await screen.findAllByTestId('report-row');
    expect(row).toHaveTextContent('Carmen’s Tacos');
    expect(screen.getByTestId('report-filter-merchant')).toBeInTheDocument();
  });
});

describe('the reports page on a phone', () => {
  beforeEach(() => setViewportWidth(375));

  it('shows the list first, a chosen report in its place, and the way back', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('report-row');
    expect(screen.queryByTestId('report-detail')).toBeNull();
    await newUser().click(rows[1]!);
    const detail = await screen.findByTestId('report-detail');
    await waitFor(() => expect(detail).toHaveAttribute('data-state', 'ready'));
    expect(screen.queryByTestId('report-row')).toBeNull();
    // Each platform is a card, not a table wider than the screen.
    expect(within(detail).getByTestId('report-platforms').tagName).toBe('UL');
    expect(within(detail).queryByTestId('report-bought')).toBeNull();
    await newUser().click(within(detail).getByTestId('report-back'));
    expect(await screen.findAllByTestId('report-row')).toHaveLength(2);
  });
});
