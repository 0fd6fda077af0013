// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, type ContentItem, type ContentSummary } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeApi, pageOf, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { fill, pick, tableSpinner } from '../../../test/antd';
import { ContentPage } from './content-page';

const author = { id: 3, name: 'Ana Admin' };

const article: ContentSummary = {
  id: 12,
  type: 'article',
  title: 'Five hooks that sell tacos',
  excerpt: 'Open with a question.',
  cover_upload_id: null,
  cover_url: null,
  tags: ['hooks', 'food'],
  language: 'zh-CN',
  status: 'published',
  live: null,
  link: '',
  video_upload_id: null,
  author,
  create_time: '2026-11-01T08:00:00.000Z',
  update_time: '2026-11-02T08:00:00.000Z',
  publish_time: '2026-11-02T08:00:00.000Z',
};

const live: ContentSummary = {
  ...article,
  id: 13,
  type: 'live',
  title: 'Ask us anything',
  excerpt: '',
  tags: [],
  language: 'es-ES',
  status: 'draft',
  live: {
    start_time: '2026-12-10T18:00:00.000Z',
    time_zone: 'America/Los_Angeles',
    duration_minutes: 60,
    end_time: '2026-12-10T19:00:00.000Z',
    link: 'https://meet.example.com/ama',
    time_status: 'upcoming',
  },
  publish_time: null,
};

const articleItem: ContentItem = {
  ...article,
  body_html: '<p>Ask them a question.</p>',
  video_url: null,
  translations: [],
  public_url: 'https://nearcast.example.com/item/12',
};

const server = new FakeApi();

function answerAll() {
  server
    .reset()
    .ok(api.content.list, pageOf([article, live]))
    .ok(api.content.facets, { authors: [author], tags: ['food', 'hooks'] })
    .ok(api.content.get, articleItem);
}

const rowOf = (id: number) => screen.findByTestId(`content-row-${id}`);

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'content']);
});
beforeEach(() => {
  setViewportWidth(1280);
  signInAs('admin');
  answerAll();
});

describe('the content list', () => {
  it('shows every item with its type, status, language and author, and asks for the first page', async () => {
    renderPage(<ContentPage />, { path: '/content' });
    const row = await rowOf(12);
    expect(row).toHaveTextContent('Five hooks that sell tacos');
    expect(row).toHaveTextContent('文章');
    expect(within(row).getByTestId('content-status')).toHaveTextContent('已发布');
    expect(row).toHaveTextContent('简体中文');
    expect(row).toHaveTextContent('hooks, food');
    expect(row).toHaveTextContent('Ana Admin');
    expect(within(row).getByTestId('row-toggle')).toHaveTextContent('下线');
    // Only a published item has a public page to look at.
    expect(within(row).getByRole('link', { name: '查看 Five hooks that sell tacos 的公开页面' })).toHaveAttribute('href', '/item/12');

    const draft = await rowOf(13);
    expect(draft).toHaveTextContent('直播活动');
    expect(draft).toHaveTextContent('即将开始');
    expect(within(draft).getByTestId('content-status')).toHaveTextContent('草稿');
    expect(within(draft).getByTestId('row-toggle')).toHaveTextContent('发布');
    expect(within(draft).queryByRole('link')).toBeNull();

    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(server.bodiesOf(api.content.list)).toEqual([{ page: 1, page_size: 20 }]);
  });

  it('shows the table loading while the list is on its way', async () => {
    server.hang(api.content.list);
    renderPage(<ContentPage />, { path: '/content' });
    const table = await screen.findByTestId('content-table');
    // The table's own spinner over an empty body, not the empty state.
    expect(tableSpinner(table)).not.toBeNull();
    expect(table.querySelector('.nc-table__placeholder')).not.toBeNull();
    expect(screen.queryByTestId('list-empty')).toBeNull();
    expect(screen.queryByTestId('content-row-12')).toBeNull();
  });

  it('says what would fill an empty list', async () => {
    server.ok(api.content.list, pageOf([]));
    renderPage(<ContentPage />, { path: '/content' });
    const empty = await screen.findByTestId('list-empty');
    expect(empty).toHaveTextContent('还没有内容');
    expect(empty).toHaveTextContent('点击“新建”撰写文章、预告直播或制作落地页。');
  });

  it('shows a failed list with the server’s reason and reads it again on retry', async () => {
    server.sequence(api.content.list, [
      { code: '500', msg: '服务器繁忙', data: null },
      { code: '200', data: pageOf([article]) },
    ]);
    renderPage(<ContentPage />, { path: '/content' });
    const failed = await screen.findByTestId('list-error');
    expect(failed).toHaveTextContent('搜索失败，请重试');
    expect(failed).toHaveTextContent('服务器繁忙');
    await newUser().click(within(failed).getByTestId('list-retry'));
    expect(await rowOf(12)).toBeInTheDocument();
    expect(server.bodiesOf(api.content.list)).toHaveLength(2);
  });

  it('filters by type and keyword, and says when nothing matches', async () => {
    const user = newUser();
    server.on(api.content.list, (body) => ({ code: '200', data: pageOf(body.keyword ? [] : [live]) }));
    renderPage(<ContentPage />, { path: '/content' });
    await rowOf(13);
    server.clearCalls();

    await pick(user, within(screen.getByTestId('filter-type')).getByRole('combobox'), '直播活动');
    await waitFor(() => expect(server.bodiesOf(api.content.list)).toEqual([{ page: 1, page_size: 20, type: 'live' }]));

    await user.type(screen.getByPlaceholderText('搜索标题和摘要'), 'nothing{Enter}');
    await waitFor(() => expect(server.bodiesOf(api.content.list).at(-1)).toEqual({ page: 1, page_size: 20, type: 'live', keyword: 'nothing' }));
    expect(await screen.findByText('没有符合筛选条件的结果')).toBeInTheDocument();
  });

  it('publishes a draft from its row and reads the list again, and says when taking one offline failed', async () => {
    const user = newUser();
    server.ok(api.content.publish, { ...articleItem, ...live, body_html: '', status: 'published' }).fail(api.content.unpublish, '500', '服务器繁忙');
    renderPage(<ContentPage />, { path: '/content' });
    const draft = await rowOf(13);
    server.clearCalls();
    await user.click(within(draft).getByTestId('row-toggle'));
    expect(await screen.findByText('发布成功')).toBeInTheDocument();
    expect(server.bodiesOf(api.content.publish)).toEqual([{ id: 13 }]);
    await waitFor(() => expect(server.bodiesOf(api.content.list)).toHaveLength(1));

    await user.click(within(screen.getByTestId('content-row-12')).getByTestId('row-toggle'));
    expect(await screen.findByText(/操作失败，请重试/)).toBeInTheDocument();
    expect(server.bodiesOf(api.content.unpublish)).toEqual([{ id: 12 }]);
  });

  it('deletes a live event through the live path once confirmed', async () => {
    const user = newUser();
    server.ok(api.live.delete, null);
    renderPage(<ContentPage />, { path: '/content' });
    await user.click(within(await rowOf(13)).getByTestId('row-delete'));
    expect(await screen.findByText('确定要删除此内容吗？')).toBeInTheDocument();
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(server.bodiesOf(api.live.delete)).toEqual([{ id: 13 }]);
    expect(server.bodiesOf(api.content.delete)).toEqual([]);
  });
});

describe('the content editor', () => {
  it('opens a new item of the type chosen from the create menu', async () => {
    const user = newUser();
    const { router } = renderPage(<ContentPage />, { path: '/content' });
    await rowOf(12);
    await user.click(screen.getByTestId('content-create'));
    await user.click(await screen.findByTestId('create-live'));
    expect(router.state.location.search).toBe('?new=live');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('新建直播活动');
    expect(screen.getByTestId('content-duration')).toHaveValue('60');
  });

  it('shows the editor loading, then says an item that is gone no longer exists', async () => {
    server.hang(api.content.get);
    const { unmount } = renderPage(<ContentPage />, { path: '/content', url: '/content?edit=99' });
    expect(await screen.findByTestId('page-title')).toHaveTextContent('加载中…');
    unmount();
    server.fail(api.content.get, '404', '内容不存在');
    renderPage(<ContentPage />, { path: '/content', url: '/content?edit=99' });
    const failed = await screen.findByTestId('content-load-failed');
    expect(failed).toHaveTextContent('此内容已不存在');
    expect(failed).toHaveTextContent('内容不存在');
  });

  it('opens a row’s editor at its own address, saves only the changed title, and goes back to the list', async () => {
    const user = newUser();
    server.on(api.content.update, (body) => ({ code: '200', data: { ...articleItem, title: body.title ?? articleItem.title } }));
    const { router } = renderPage(<ContentPage />, { path: '/content' });
    await user.click(within(await rowOf(12)).getByTestId('row-edit'));
    expect(router.state.location.search).toBe('?edit=12');
    const title = await screen.findByTestId('content-title');
    expect(title).toHaveValue('Five hooks that sell tacos');
    expect(screen.getByTestId('content-author')).toHaveTextContent('Ana Admin');
    expect(server.bodiesOf(api.content.get)).toEqual([{ id: 12 }]);

    await fill(user, title, 'Six hooks', { replace: true });
    await user.click(screen.getByTestId('content-update'));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    // An update sends what changed, never the status or the untouched fields.
    expect(server.bodiesOf(api.content.update)).toEqual([{ id: 12, title: 'Six hooks' }]);

    await user.click(screen.getByTestId('content-back'));
    expect(router.state.location.search).toBe('');
    expect(await rowOf(12)).toBeInTheDocument();
  });
});
