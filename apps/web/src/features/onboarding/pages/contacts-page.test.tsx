// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, type ResponseOf } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeApi, pageOf, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { ContactsPage } from './contacts-page';

type Contact = ResponseOf<typeof api.contact.list>['list'][number];

// A merchant who is signed in when asking for a call.
const carmen: Contact = {
  id: 8,
  mobile: '3105550142',
  wechat_id: 'carmen_tacos',
  name: 'Carmen',
  message: 'Call after 3pm please',
  account_id: 21,
  account_email: 'carmen@example.com',
  create_time: '2026-11-20T18:30:00.000Z',
};
// A visitor who left only a number and a WeChat ID.
const visitor: Contact = { ...carmen, id: 7, mobile: '2135550199', wechat_id: 'wx_anon', name: '', message: '', account_id: null, account_email: null };

const server = new FakeApi();

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'onboarding']);
});
beforeEach(() => {
  setViewportWidth(1280);
  signInAs('admin');
  server.reset().ok(api.contact.list, pageOf([carmen, visitor]));
});

const show = () => renderPage(<ContactsPage />, { path: '/contacts' });

describe('the call-back requests', () => {
  it('lists each request with a number one tap from a call, and says who left it', async () => {
    show();
    const row = await screen.findByTestId('contact-row-8');
    expect(row).toHaveTextContent('Carmen');
    expect(row).toHaveTextContent('carmen_tacos');
    expect(row).toHaveTextContent('Call after 3pm please');
    expect(row).toHaveTextContent('carmen@example.com');
    expect(within(row).getByRole('link')).toHaveAttribute('href', 'tel:+13105550142');
    expect(within(row).getByRole('link')).toHaveTextContent('(310) 555-0142');

    const anonymous = screen.getByTestId('contact-row-7');
    expect(anonymous).toHaveTextContent('未留姓名');
    expect(anonymous).toHaveTextContent('访客');
    expect(anonymous).toHaveTextContent('(213) 555-0199');
    expect(server.bodiesOf(api.contact.list)).toEqual([{ page: 1, page_size: 20 }]);
  });

  it('is busy while the requests are read', async () => {
    server.hang(api.contact.list);
    show();
    expect(await screen.findByTestId('contacts-table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByTestId('contacts-empty')).toBeNull();
  });

  it('says where requests come from when there are none', async () => {
    server.ok(api.contact.list, pageOf([]));
    show();
    const empty = await screen.findByTestId('contacts-empty');
    expect(empty).toHaveTextContent('暂无回电请求');
    expect(empty).toHaveTextContent('在加入页面提交的请求会显示在这里。');
  });

  it('shows a failed read with the server’s reason and reads again on retry', async () => {
    server.sequence(api.contact.list, [
      { code: '500', msg: '服务器繁忙', data: null },
      { code: '200', data: pageOf([carmen]) },
    ]);
    show();
    const failed = await screen.findByTestId('contacts-error');
    expect(failed).toHaveTextContent('加载失败，请重试');
    expect(failed).toHaveTextContent('服务器繁忙');
    await newUser().click(within(failed).getByTestId('contacts-retry'));
    expect(await screen.findByTestId('contact-row-8')).toBeInTheDocument();
    expect(screen.queryByTestId('contacts-error')).toBeNull();
  });

  it('searches by name, number or WeChat ID, says when nothing matches, and shows everything once the box is cleared', async () => {
    const user = newUser();
    server.on(api.contact.list, (body) => ({ code: '200', data: pageOf(body.keyword ? [] : [carmen, visitor]) }));
    show();
    await screen.findByTestId('contact-row-8');
    const box = screen.getByPlaceholderText('姓名、电话或微信号');
    await user.type(box, '  555-0000 {Enter}');
    await waitFor(() => expect(server.bodiesOf(api.contact.list).at(-1)).toEqual({ page: 1, page_size: 20, keyword: '555-0000' }));
    const empty = await screen.findByTestId('contacts-empty');
    expect(empty).toHaveTextContent('没有匹配的请求');
    expect(empty).toHaveTextContent('请尝试其他姓名、号码或微信号。');

    await user.clear(box);
    await waitFor(() => expect(server.bodiesOf(api.contact.list).at(-1)).toEqual({ page: 1, page_size: 20 }));
    expect(await screen.findByTestId('contact-row-8')).toBeInTheDocument();
  });

  it('pages through a long list, and starts again from the first page on a new search', async () => {
    const user = newUser();
    server.on(api.contact.list, (body) => ({ code: '200', data: pageOf(body.page === 2 ? [visitor] : [carmen], { total: 25, page: body.page }) }));
    show();
    await screen.findByTestId('contact-row-8');
    expect(screen.getByText('共 25 条')).toBeInTheDocument();
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByTestId('contact-row-7')).toBeInTheDocument();
    expect(server.bodiesOf(api.contact.list).at(-1)).toEqual({ page: 2, page_size: 20 });

    await user.type(screen.getByPlaceholderText('姓名、电话或微信号'), 'Carmen{Enter}');
    await waitFor(() => expect(server.bodiesOf(api.contact.list).at(-1)).toEqual({ page: 1, page_size: 20, keyword: 'Carmen' }));
  });

  it('shows each request as a card with its number on a phone', async () => {
    setViewportWidth(375);
    show();
    const card = await screen.findByTestId('contact-row-8');
    expect(card.tagName).toBe('ARTICLE');
    expect(within(card).getByRole('link')).toHaveAttribute('href', 'tel:+13105550142');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
