// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, type ContentItem } from '@nearcast/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeApi, useFakeApi } from '../../../test/page';
import { ItemPage } from './item-page';

/** A published English article with a published Chinese translation. */
const article: ContentItem = {
  id: 12,
  type: 'article',
  title: 'Taco Tuesday, explained',
  excerpt: 'Why one cheap day fills the week.',
  cover_upload_id: 5,
  cover_url: '/files/cover-12.jpg?sig=abc',
  tags: ['tacos', 'la'],
  language: 'en-US',
  status: 'published',
  live: null,
  link: '',
  video_upload_id: null,
  author: { id: 2, name: 'Nearcast Team' },
  create_time: '2026-11-20T12:00:00.000Z',
  update_time: '2026-11-27T12:00:00.000Z',
  // Noon UTC: the same day in every time zone the test may run in.
  publish_time: '2026-11-28T12:00:00.000Z',
  body_html: '<p>Start with <strong>one street</strong>.</p>',
  video_url: null,
  translations: [{ id: 14, language: 'zh-CN', title: '塔可星期二详解', status: 'published' }],
  public_url: 'https://nearcast.example.com/item/12',
};
const chinese: ContentItem = { ...article, id: 14, title: '塔可星期二详解', language: 'zh-CN', excerpt: '', translations: [{ id: 12, language: 'en-US', title: article.title, status: 'published' }], public_url: 'https://nearcast.example.com/item/14' };

const server = new FakeApi();
const answerItems = (...items: ContentItem[]) =>
  server.on(api.content.publicGet, ({ id }) => {
    const item = items.find((one) => one.id === id);
    return item ? { code: '200', data: item } : { code: '404', msg: '内容不存在', data: null };
  });

/**
 * The item page as the app draws it: outside the antd shell, with no query client and no antd
 * theme, so a page that came to need either fails here.
 */
function openItem(id: string | number) {
  const router = createMemoryRouter(
    [
      { path: '/item/:id', element: <ItemPage /> },
      { path: '*', element: <p data-testid="page-elsewhere" /> },
    ],
    { initialEntries: [`/item/${id}`] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'item']);
});
beforeEach(() => {
  server.reset();
  setViewportWidth(375);
  document.title = 'Nearcast';
});

describe('the public item page on a phone, in Chinese', () => {
  it('shows a placeholder while the item is read, with the way to the plans already there', async () => {
    server.hang(api.content.publicGet);
    openItem(12);
    expect(screen.getByTestId('item-loading')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('link', { name: '查看套餐' })).toHaveAttribute('href', '/plans');
    await waitFor(() => expect(server.bodiesOf(api.content.publicGet)).toEqual([{ id: 12 }]));
  });

  it('reads an article: its kind and tags, title, excerpt, author and day, cover and body, and names the tab after it', async () => {
    answerItems(article);
    openItem(12);
    const page = await screen.findByTestId('item-page');
    expect(page).toHaveAttribute('data-type', 'article');
    expect(page).toHaveAttribute('lang', 'en-US');
    expect(within(page).getByTestId('page-title')).toHaveTextContent('Taco Tuesday, explained');
    expect(page.querySelector('.item-kicker')).toHaveTextContent('文章 · #tacos #la');
    expect(page).toHaveTextContent('Why one cheap day fills the week.');
    expect(page.querySelector('.item-meta')).toHaveTextContent('作者：Nearcast Team · 2026/11/28');
    expect(within(page).getByTestId('item-cover')).toHaveAttribute('src', '/files/cover-12.jpg?sig=abc');
    expect(within(page).getByTestId('item-body').innerHTML).toBe('<p>Start with <strong>one street</strong>.</p>');
    // The tab is named in an effect after the page is drawn: on a loaded machine, a moment later.
    await waitFor(() => expect(document.title).toBe('Taco Tuesday, explained · Nearcast'));
    // An article has no call to action of its own, nor a live event or a video.
    expect(within(page).queryByTestId('item-cta')).toBeNull();
    expect(within(page).queryByTestId('item-live')).toBeNull();
    expect(within(page).queryByTestId('item-video')).toBeNull();
  });

  it('offers the reader’s own language when the item has it, and opens it', async () => {
    answerItems(article, chinese);
    const { router } = openItem(12);
    const offer = await screen.findByTestId('item-offer');
    expect(offer).toHaveTextContent('也有您的语言版本： 塔可星期二详解');
    expect(offer).toHaveAttribute('lang', 'zh-CN');
    const translations = screen.getByTestId('item-translations');
    expect(within(translations).getByTestId('item-translation-zh-CN')).toHaveTextContent('简体中文');
    expect(within(translations).getByTestId('item-translation-zh-CN')).toHaveAttribute('hreflang', 'zh-CN');

    await newUser().click(within(offer).getByTestId('item-offer-link'));
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('塔可星期二详解'));
    expect(router.state.location.pathname).toBe('/item/14');
    expect(server.bodiesOf(api.content.publicGet)).toEqual([{ id: 12 }, { id: 14 }]);
    // Already in the reader's language: nothing more to offer, the English one is listed among the others.
    expect(screen.queryByTestId('item-offer')).toBeNull();
    expect(screen.getByTestId('item-translation-en-US')).toHaveAttribute('href', '/item/12');
  });

  it('sends a landing page’s reader to the plans by default, and to its own address when it has one', async () => {
    answerItems({ ...article, id: 20, type: 'landing', translations: [] }, { ...article, id: 21, type: 'landing', link: 'https://partners.example.com/join', translations: [] });
    const { unmount } = openItem(20);
    const cta = await screen.findByTestId('item-cta');
    expect(cta).toHaveTextContent('选择套餐，让附近的顾客找到您。');
    expect(within(cta).getByTestId('item-cta-link')).toHaveAttribute('href', '/plans');
    expect(within(cta).getByTestId('item-cta-link')).toHaveTextContent('查看套餐');
    expect(screen.getByTestId('item-page').querySelector('.item-kicker')).toHaveTextContent('加入我们');
    unmount();

    openItem(21);
    const outside = within(await screen.findByTestId('item-cta')).getByTestId('item-cta-link');
    expect(outside).toHaveAttribute('href', 'https://partners.example.com/join');
    expect(outside).toHaveAttribute('rel', 'noopener');
  });

  it('shows a live event’s box and a video lesson’s player', async () => {
    answerItems({
      ...article,
      type: 'live',
      video_url: '/files/replay-12.mp4?sig=abc',
      live: { start_time: '2026-11-28T23:00:00.000Z', time_zone: 'America/Los_Angeles', duration_minutes: 60, end_time: '2026-11-29T00:00:00.000Z', link: 'https://live.example.com/tacos', time_status: 'ended' },
    });
    openItem(12);
    const page = await screen.findByTestId('item-page');
    expect(page.querySelector('.item-kicker')).toHaveTextContent('直播活动');
    expect(within(page).getByTestId('item-live')).toHaveTextContent('本场直播已结束');
    expect(within(page).getByTestId('item-video')).toHaveAttribute('src', '/files/replay-12.mp4?sig=abc');
  });

  it('shows a draft, withdrawn or unknown item as the not-found page, with the way home', async () => {
    answerItems(article);
    openItem(99);
    const missing = await screen.findByTestId('status-404');
    expect(within(missing).getByTestId('page-title')).toHaveTextContent('页面不存在');
    expect(missing).toHaveTextContent('链接可能已失效，或页面已被移动。');
    expect(within(missing).getByTestId('go-home')).toHaveAttribute('href', '/');
    expect(screen.queryByTestId('item-failed')).toBeNull();
  });

  it('shows an address that is no item’s as not found without asking the server', () => {
    openItem('abc');
    expect(screen.getByTestId('status-404')).toBeInTheDocument();
    // A read that went out would have called fetch while mounting, before this line.
    expect(server.calls).toEqual([]);
  });

  it('shows a failed read with the server’s reason and a retry that reads it again', async () => {
    server.sequence(api.content.publicGet, [
      { code: '500', msg: '服务器错误', data: null },
      { code: '200', data: article },
    ]);
    openItem(12);
    const failed = await screen.findByTestId('item-failed');
    expect(failed).toHaveTextContent('加载失败，请重试');
    expect(failed).toHaveTextContent('服务器错误');
    await newUser().click(within(failed).getByTestId('item-retry'));
    expect(await screen.findByTestId('item-page')).toBeInTheDocument();
    expect(server.bodiesOf(api.content.publicGet)).toEqual([{ id: 12 }, { id: 12 }]);
  });

  it('draws nothing with antd, so a phone gets it without the shell', async () => {
    answerItems(article);
    const { container } = openItem(12);
    await screen.findByTestId('item-page');
    expect(container.querySelector('[class*="ant-"]')).toBeNull();
    expect(document.querySelector('style[data-css-hash], [data-rc-order]')).toBeNull();
  });
});
