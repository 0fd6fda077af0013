// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, type NotificationItem, type NotificationTab, type UnreadCounts } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeApi, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { NotificationsPage } from './notifications-page';

function note(id: number, tab: NotificationTab, patch: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id,
    tab,
    kind: tab === 'official' ? 'announcement' : 'payment_received',
    title: `通知 ${id}`,
    body: `第 ${id} 条通知的内容`,
    params: {},
    subject: null,
    link: null,
    marketing: false,
    read: false,
    read_time: null,
    create_time: '2026-11-30T12:00:00.000Z',
    ...patch,
  };
}

const holidayHours = note(11, 'official', {
  title: '感恩节营业时间',
  body: '11 月 27 日客服暂停一天。',
  subject: { type: 'announcement', id: 11 },
  // An announcement's link is the center itself: nothing to open.
  link: '/notifications?tab=official&id=11',
});
const newFeature = note(12, 'official', { title: '新功能：月度报告', body: '每月 1 日查看上月的报告。', marketing: true });
const oldNews = note(10, 'official', { title: '欢迎使用 Nearcast', read: true, read_time: '2026-11-02T12:00:00.000Z', create_time: '2026-11-01T12:00:00.000Z' });
const reportReady = note(21, 'interactive', { kind: 'monthly_report', title: '10 月报告已生成', subject: { type: 'monthly_report', id: 42 }, link: '/reports?id=42' });
// Written for the studio's side of the same news: a merchant may not open the video page.
const videoPublished = note(22, 'interactive', { kind: 'video_published', title: '视频已发布', subject: { type: 'video_post', id: 3 }, link: '/video?post=3' });

/** The server: each tab's list and the unread counts, both following what was marked read. */
let lists: Record<NotificationTab, NotificationItem[]>;
let read: Set<number>;
const server = new FakeApi();

const withReads = (items: NotificationItem[]) => items.map((item) => (read.has(item.id) ? { ...item, read: true, read_time: '2026-12-01T12:00:00.000Z' } : item));
function unread(): UnreadCounts {
  const count = (tab: NotificationTab) => withReads(lists[tab]).filter((item) => !item.read).length;
  return { total: count('official') + count('interactive'), official: count('official'), interactive: count('interactive') };
}
function answerLists(fake: FakeApi) {
  return fake
    .on(api.notification.list, (body) => {
      const all = withReads(lists[body.tab]).filter((item) => !body.unread_only || !item.read);
      const start = (body.page - 1) * body.page_size;
      return { code: '200', data: { list: all.slice(start, start + body.page_size), total: all.length, page: body.page, page_size: body.page_size, unread: unread() } };
    })
    .on(api.notification.unread, () => ({ code: '200', data: unread() }))
    .on(api.notification.read, (body) => {
      for (const id of body.ids) read.add(id);
      return { code: '200', data: unread() };
    })
    .on(api.notification.readAll, (body) => {
      for (const item of lists[body.tab ?? 'official']) read.add(item.id);
      return { code: '200', data: unread() };
    });
}

/** The unread count a tab's badge shows (antd writes it as the badge's title). */
const badgeOf = (tab: NotificationTab) => screen.getByTestId(`notifications-tab-${tab}`).querySelector('.ant-scroll-number')?.getAttribute('title') ?? '0';

const showCenter = (url = '/notifications') => renderPage(<NotificationsPage />, { path: '/notifications', url });

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'notification']);
});
beforeEach(() => {
  lists = { official: [newFeature, holidayHours, oldNews], interactive: [reportReady, videoPublished] };
  read = new Set();
  answerLists(server.reset());
  setViewportWidth(1280);
  signInAs('client');
});

describe('the notification center in Chinese', () => {
  it('shows placeholders while the announcements load', async () => {
    server.hang(api.notification.list);
    showCenter();
    expect(screen.getByTestId('notifications-loading')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('来自 Nearcast 团队的公告，以及与您账户相关的动态。')).toBeInTheDocument();
    await waitFor(() => expect(server.bodiesOf(api.notification.list)).toEqual([{ tab: 'official', unread_only: false, page: 1, page_size: 20 }]));
  });

  it('opens on the announcements, newest first, unread ones said so, with each tab’s unread count', async () => {
    showCenter('/notifications?id=11');
    const list = await screen.findByTestId('notifications-official');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.dataset.testid)).toEqual(['notification-12', 'notification-11', 'notification-10']);
    // A screen reader hears which ones are new.
    expect(within(rows[0]!).getByTestId('notification-title')).toHaveTextContent('未读: 新功能：月度报告');
    expect(within(rows[2]!).getByTestId('notification-title')).toHaveTextContent(/^欢迎使用 Nearcast$/);
    expect(rows[0]).toHaveTextContent('营销');
    expect(within(rows[2]!).queryByTestId('notification-read')).toBeNull();
    // The announcement the address names stands out, and has nothing to open: it is here already.
    expect(rows[1]).toHaveClass('nc-note--highlighted');
    expect(within(rows[1]!).queryByTestId('notification-open')).toBeNull();
    expect(within(rows[1]!).getByRole('time')).toHaveTextContent(/^2026\/11\/30 \d{2}:\d{2}$/);

    expect(screen.getByTestId('notifications-tab-official')).toHaveTextContent('官方公告');
    await waitFor(() => expect(badgeOf('official')).toBe('2'));
    expect(badgeOf('interactive')).toBe('2');
  });

  it('marks one read, and the list and the counts follow', async () => {
    const user = newUser();
    showCenter();
    const row = await screen.findByTestId('notification-12');
    await waitFor(() => expect(badgeOf('official')).toBe('2'));
    await user.click(within(row).getByTestId('notification-read'));

    await waitFor(() => expect(screen.getByTestId('notification-12')).toHaveAttribute('data-read', 'true'));
    expect(server.bodiesOf(api.notification.read)).toEqual([{ tab: 'official', ids: [12] }]);
    expect(badgeOf('official')).toBe('1');
    expect(within(screen.getByTestId('notification-12')).queryByTestId('notification-read')).toBeNull();
  });

  it('marks a whole tab read, and offers no such button when nothing is unread', async () => {
    const user = newUser();
    showCenter();
    const readAll = screen.getByTestId('notifications-read-all');
    expect(readAll).toHaveTextContent('全部已读');
    await waitFor(() => expect(readAll).toBeEnabled());
    await user.click(readAll);

    await waitFor(() => expect(readAll).toBeDisabled());
    expect(server.bodiesOf(api.notification.readAll)).toEqual([{ tab: 'official' }]);
    await waitFor(() => expect(screen.getByTestId('notification-12')).toHaveAttribute('data-read', 'true'));
    expect(badgeOf('official')).toBe('0');
    // The other tab keeps its own.
    expect(badgeOf('interactive')).toBe('2');
  });

  it('switches to the interactive tab by the address, opening only what a merchant may open', async () => {
    const user = newUser();
    const { router } = showCenter();
    await screen.findByTestId('notifications-official');
    await user.click(screen.getByTestId('notifications-tab-interactive'));
    const list = await screen.findByTestId('notifications-interactive');
    expect(router.state.location.search).toBe('?tab=interactive');
    expect(server.bodiesOf(api.notification.list).at(-1)).toEqual({ tab: 'interactive', unread_only: false, page: 1, page_size: 20 });

    expect(within(within(list).getByTestId('notification-22')).queryByTestId('notification-open')).toBeNull();
    const open = within(within(list).getByTestId('notification-21')).getByTestId('notification-open');
    expect(open).toHaveTextContent('查看');
    // Opening an unread one reads it on the way.
    await user.click(open);
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
    expect(router.state.location.search).toBe('?id=42');
    await waitFor(() => expect(server.bodiesOf(api.notification.read)).toEqual([{ tab: 'interactive', ids: [21] }]));
  });

  it('says what would fill an empty tab, and that all is read when only unread ones are shown', async () => {
    const user = newUser();
    lists.interactive = [];
    showCenter('/notifications?tab=interactive');
    const empty = await screen.findByTestId('notifications-empty');
    expect(empty).toHaveTextContent('暂无动态');
    expect(empty).toHaveTextContent('付款、分配、套餐续费和视频结果会在发生时显示在这里。');

    await user.click(screen.getByTestId('notifications-tab-official'));
    await screen.findByTestId('notifications-official');
    read = new Set([11, 12]);
    await user.click(screen.getByTestId('notifications-unread-only'));
    await waitFor(() => expect(screen.getByTestId('notifications-empty')).toHaveTextContent('全部已读'));
    expect(screen.getByTestId('notifications-empty')).toHaveTextContent('本栏目的消息您都已读过。');
    expect(server.bodiesOf(api.notification.list).at(-1)).toEqual({ tab: 'official', unread_only: true, page: 1, page_size: 20 });
  });

  it('says why the list failed, with the server’s reason, and reads it again on retry', async () => {
    const user = newUser();
    server.on(api.notification.list, (body, call) =>
      call === 0
        ? { code: '500', msg: '服务器出了点问题，请稍后再试。', data: null }
        : { code: '200', data: { list: lists[body.tab], total: lists[body.tab].length, page: 1, page_size: 20, unread: unread() } },
    );
    showCenter();
    const failed = await screen.findByTestId('notifications-error');
    expect(failed).toHaveTextContent('加载失败，请重试');
    expect(failed).toHaveTextContent('服务器出了点问题，请稍后再试。');
    await user.click(within(failed).getByTestId('load-retry'));
    expect(await screen.findByTestId('notifications-official')).toBeInTheDocument();
    expect(screen.queryByTestId('notifications-error')).toBeNull();
  });

  it('says so when marking read fails, and leaves the notification unread', async () => {
    const user = newUser();
    server.fail(api.notification.read, '500', '数据库暂时不可用');
    showCenter();
    await user.click(within(await screen.findByTestId('notification-12')).getByTestId('notification-read'));
    expect(await screen.findByText('标记已读失败，请重试：数据库暂时不可用')).toBeInTheDocument();
    expect(screen.getByTestId('notification-12')).toHaveAttribute('data-read', 'false');
  });

  it('shows more on request, page after page', async () => {
    const user = newUser();
    lists.official = Array.from({ length: 25 }, (_, index) => note(100 + index, 'official', { read: true }));
    showCenter();
    const list = await screen.findByTestId('notifications-official');
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await user.click(screen.getByTestId('notifications-more'));
    await waitFor(() => expect(within(screen.getByTestId('notifications-official')).getAllByRole('listitem')).toHaveLength(25));
    expect(server.bodiesOf(api.notification.list).map((body) => body.page)).toEqual([1, 2]);
    expect(screen.queryByTestId('notifications-more')).toBeNull();
  });
});
