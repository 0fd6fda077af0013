// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, type Announcement, type AnnouncementStatus } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeApi, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { fill, pick, tableSpinner, toast } from '../../../test/antd';
import { AnnouncementsPage } from './announcements-page';

/** Sent to merchants and studios last week, in all three languages; a third of them read it. */
const holidayHours: Announcement = {
  id: 31,
  title: { 'en-US': 'Thanksgiving hours', 'zh-CN': '感恩节营业时间', 'es-ES': 'Horario de Acción de Gracias' },
  body: { 'en-US': 'Support is closed on Nov 27.', 'zh-CN': '11 月 27 日客服暂停一天。', 'es-ES': 'El soporte cierra el 27 de noviembre.' },
  audience: ['client', 'studio'],
  marketing: false,
  status: 'sent',
  send_time: '2026-11-25T12:00:00.000Z',
  read_count: 40,
  audience_count: 120,
  author: 'Ana Admin',
  create_time: '2026-11-24T12:00:00.000Z',
  update_time: '2026-11-24T12:00:00.000Z',
};
/** Written in English only, for studios, to go out later: it can still change or go. */
const reportsLaunch: Announcement = {
  id: 32,
  title: { 'en-US': 'Monthly reports are here' },
  body: { 'en-US': 'Every merchant gets one on the 1st.' },
  audience: ['studio'],
  marketing: true,
  status: 'scheduled',
  // Far ahead, so the form never finds this time already past.
  send_time: '2099-06-01T16:00:00.000Z',
  read_count: 0,
  audience_count: 45,
  author: 'Sam Super',
  create_time: '2026-12-01T12:00:00.000Z',
  update_time: '2026-12-01T12:00:00.000Z',
};

let announcements: Announcement[];
const server = new FakeApi();
const answerList = (fake: FakeApi) =>
  fake.on(api.notification.announcementList, (body) => {
    const list = announcements.filter((one) => !body.status || one.status === body.status);
    return { code: '200', data: { list, total: list.length, page: body.page, page_size: body.page_size } };
  });

const showAnnouncements = () => renderPage(<AnnouncementsPage />, { path: '/announcements' });

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'notification']);
});
beforeEach(() => {
  announcements = [reportsLaunch, holidayHours];
  answerList(server.reset());
  setViewportWidth(1280);
  signInAs('admin');
});

describe('the announcements page in Chinese', () => {
  it('shows the table loading while the first page is read', async () => {
    server.hang(api.notification.announcementList);
    showAnnouncements();
    // antd puts the test id on the table inside its spinner.
    const table = screen.getByTestId('announcements-table').closest<HTMLElement>('.ant-table-wrapper')!;
    await waitFor(() => expect(tableSpinner(table)).not.toBeNull());
    expect(table.querySelector('tbody [data-testid^="announcement-"]')).toBeNull();
    expect(table).not.toHaveTextContent('暂无公告');
    expect(server.bodiesOf(api.notification.announcementList)).toEqual([{ page: 1, page_size: 20 }]);
  });

  it('lists each announcement in the reader’s language, with its audience, languages and read count', async () => {
    showAnnouncements();
    const sent = await screen.findByTestId('announcement-31');
    expect(within(sent).getByTestId('announcement-row-title')).toHaveTextContent('感恩节营业时间');
    expect(sent).toHaveTextContent('11 月 27 日客服暂停一天。');
    expect(within(sent).getByTestId('announcement-status')).toHaveTextContent('已发送');
    expect(sent).toHaveTextContent('商家');
    expect(sent).toHaveTextContent('AI 工作室');
    expect([...sent.querySelectorAll('[title="English"], [title="简体中文"], [title="Español"]')].map((tag) => tag.textContent)).toEqual(['EN', '中', 'ES']);
    expect(within(sent).getByTestId('announcement-reads')).toHaveTextContent('40 / 120');
    expect(sent).toHaveTextContent(/2026\/11\/25 \d{2}:\d{2}/);
    expect(sent).toHaveTextContent('Ana Admin');
    // A sent announcement stays as it went out.
    expect(within(sent).queryByTestId('announcement-edit')).toBeNull();
    expect(within(sent).queryByTestId('announcement-delete')).toBeNull();

    // One written only in English reads in English.
    const scheduled = screen.getByTestId('announcement-32');
    expect(within(scheduled).getByTestId('announcement-row-title')).toHaveTextContent('Monthly reports are here');
    expect(within(scheduled).getByTestId('announcement-status')).toHaveTextContent('定时待发');
    expect(scheduled).toHaveTextContent('营销');
    expect(within(scheduled).queryByTestId('announcement-reads')).toBeNull();
    expect(within(scheduled).getByTestId('announcement-edit')).toHaveAccessibleName('编辑 Monthly reports are here');
    expect(within(scheduled).getByTestId('announcement-delete')).toHaveAccessibleName('删除 Monthly reports are here');
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
  });

  it('filters by status, and says so when nothing matches', async () => {
    const user = newUser();
    showAnnouncements();
    await screen.findByTestId('announcement-31');
    await pick(user, 'filter-status', '已发送');
    await waitFor(() => expect(screen.queryByTestId('announcement-32')).toBeNull());
    expect(screen.getByTestId('announcement-31')).toBeInTheDocument();
    expect(server.bodiesOf(api.notification.announcementList).at(-1)).toEqual({ page: 1, page_size: 20, status: 'sent' satisfies AnnouncementStatus });

    announcements = [holidayHours];
    await pick(user, 'filter-status', '定时待发');
    expect(await screen.findByText('没有符合筛选条件的结果')).toBeInTheDocument();

    await user.click(screen.getByTestId('filter-reset'));
    expect(await screen.findByTestId('announcement-31')).toBeInTheDocument();
    expect(server.bodiesOf(api.notification.announcementList).at(-1)).toEqual({ page: 1, page_size: 20 });
  });

  it('says what would fill the list before the first announcement', async () => {
    announcements = [];
    showAnnouncements();
    expect(await screen.findByText('暂无公告')).toBeInTheDocument();
    expect(screen.getByText('写下第一条公告：它会送达所选角色的每个账户。')).toBeInTheDocument();
  });

  it('says why the list failed, and reads it again on retry', async () => {
    const user = newUser();
    server.on(api.notification.announcementList, (body, call) =>
      call === 0 ? { code: '500', msg: '服务器出了点问题，请稍后再试。', data: null } : { code: '200', data: { list: [holidayHours], total: 1, page: body.page, page_size: body.page_size } },
    );
    showAnnouncements();
    const failed = await screen.findByTestId('list-error');
    expect(failed).toHaveTextContent('搜索失败，请重试');
    expect(failed).toHaveTextContent('服务器出了点问题，请稍后再试。');
    await user.click(within(failed).getByTestId('list-retry'));
    expect(await screen.findByTestId('announcement-31')).toBeInTheDocument();
  });

  it('writes a new announcement in Chinese for merchants and sends it at once', async () => {
    const user = newUser();
    server.on(api.notification.announcementAdd, (body) => {
      const created: Announcement = { ...holidayHours, id: 33, title: body.title, body: body.body, audience: body.audience, read_count: 0 };
      announcements = [created, ...announcements];
      return { code: '200', data: created };
    });
    showAnnouncements();
    await screen.findByTestId('announcement-31');
    await user.click(screen.getByTestId('announcement-new'));
    expect(await screen.findByText('新建公告', { selector: '.ant-drawer-title' })).toBeInTheDocument();

    await user.click(screen.getByTestId('announcement-lang-zh-CN'));
    await fill(user, 'announcement-title-zh-CN', '春节放假通知', { replace: true });
    await fill(user, 'announcement-body-zh-CN', '2 月 17 日至 2 月 19 日客服暂停。', { replace: true });
    await user.click(screen.getByTestId('announcement-audience-client'));
    const submit = screen.getByTestId('announcement-submit');
    expect(submit).toHaveTextContent('立即发送');
    await user.click(submit);

    // The toast, not the status of the sent one already in the list.
    expect(await toast('已发送')).toBeInTheDocument();
    expect(server.bodiesOf(api.notification.announcementAdd)).toEqual([
      { title: { 'zh-CN': '春节放假通知' }, body: { 'zh-CN': '2 月 17 日至 2 月 19 日客服暂停。' }, audience: ['client'], marketing: false, send_time: null },
    ]);
    // The list is read again and shows it first.
    expect(await screen.findByTestId('announcement-33')).toHaveTextContent('春节放假通知');
  });

  it('changes a scheduled announcement, keeping its time', async () => {
    const user = newUser();
    server.on(api.notification.announcementUpdate, (body) => ({ code: '200', data: { ...reportsLaunch, title: body.title, body: body.body } }));
    showAnnouncements();
    await user.click(within(await screen.findByTestId('announcement-32')).getByTestId('announcement-edit'));
    expect(await screen.findByText('编辑公告', { selector: '.ant-drawer-title' })).toBeInTheDocument();
    expect(screen.getByTestId('announcement-title-en-US')).toHaveValue('Monthly reports are here');
    await fill(user, 'announcement-title-en-US', 'Monthly reports arrive', { replace: true });
    const submit = screen.getByTestId('announcement-submit');
    expect(submit).toHaveTextContent('保存');
    await user.click(submit);

    expect(await screen.findByText('已更新')).toBeInTheDocument();
    const [update] = server.bodiesOf(api.notification.announcementUpdate);
    expect(update).toMatchObject({ id: 32, title: { 'en-US': 'Monthly reports arrive' }, body: { 'en-US': 'Every merchant gets one on the 1st.' }, audience: ['studio'], marketing: true });
    expect(new Date(update!.send_time!).toISOString()).toBe('2099-06-01T16:00:00.000Z');
  });

  it('deletes a scheduled announcement after asking, and says when that fails', async () => {
    const user = newUser();
    server.on(api.notification.announcementDelete, (_body, call) => {
      if (call === 0) return { code: '500', msg: '数据库暂时不可用', data: null };
      announcements = [holidayHours];
      return { code: '200', data: null };
    });
    showAnnouncements();
    await user.click(within(await screen.findByTestId('announcement-32')).getByTestId('announcement-delete'));
    expect(await screen.findByText('定时公告会在任何人收到之前被删除。')).toBeInTheDocument();
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('删除失败，请重试：数据库暂时不可用')).toBeInTheDocument();
    expect(screen.getByTestId('announcement-32')).toBeInTheDocument();

    await user.click(within(screen.getByTestId('announcement-32')).getByTestId('announcement-delete'));
    await user.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText('已删除')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('announcement-32')).toBeNull());
    expect(server.bodiesOf(api.notification.announcementDelete)).toEqual([{ id: 32 }, { id: 32 }]);
  });
});
