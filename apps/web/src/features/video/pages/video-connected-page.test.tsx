// @vitest-environment happy-dom
import { newUser, setLanguage } from '../../../test/dom';
import { api, VIDEO_OAUTH_CALLBACK_PATH, type VideoConnection } from '@nearcast/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { FakeApi, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { VideoConnectedPage } from './video-connected-page';

/** What the server answers once it has exchanged the platform's code: the merchant's account, connected. */
const connected: VideoConnection = {
  id: 31,
  merchant_id: 7,
  platform: 'bilibili',
  state: 'connected',
  sandbox: false,
  mode: 'api',
  account_name: 'Carmen’s Tacos',
  connected_at: '2026-12-01T08:00:00.000Z',
  expires_at: '2027-06-01T08:00:00.000Z',
  last_error: null,
};

const server = new FakeApi();

function openReturn(search: string) {
  return renderPage(<VideoConnectedPage />, { path: VIDEO_OAUTH_CALLBACK_PATH, url: `${VIDEO_OAUTH_CALLBACK_PATH}${search}` });
}

const stateOf = () => screen.getByTestId('video-connected-state');

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'video']);
});
beforeEach(() => {
  server.reset();
  signInAs('studio');
});

describe('the page a platform’s sign-in returns to, in Chinese', () => {
  it('says it is finishing while the server exchanges the code', async () => {
    server.hang(api.video.connectCallback);
    openReturn('?code=abc&state=s1');
    expect(screen.getByTestId('page-title')).toHaveTextContent('连接账号');
    expect(stateOf()).toHaveAttribute('data-state', 'finishing');
    expect(stateOf()).toHaveTextContent('正在完成连接…');
    await waitFor(() => expect(server.bodiesOf(api.video.connectCallback)).toEqual([{ state: 's1', code: 'abc' }]));
  });

  it('hands the code and state over once, says which account is connected, and returns to the merchant’s accounts', async () => {
    server.ok(api.video.connectCallback, connected);
    const { router } = openReturn('?code=abc&state=s1');
    // The platform is named as the video pages name it, the merchant's account after it.
    expect(await screen.findByText('哔哩哔哩已连接：Carmen’s Tacos。')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/video'));
    expect(router.state.location.search).toBe('?tab=connections&merchant=7');
    // Replaced, not pushed: the browser's back button does not replay a used state.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(server.bodiesOf(api.video.connectCallback)).toEqual([{ state: 's1', code: 'abc' }]);
    expect(server.unanswered).toEqual([]);
  });

  it('passes the platform’s refusal on, in the platform’s own words, and shows the server’s reason with the way back', async () => {
    const reason = i18n.t('messages:video.oauth_denied', { reason: 'User denied access' });
    server.fail(api.video.connectCallback, '400', reason);
    const { router } = openReturn('?error=access_denied&error_description=User+denied+access&state=s2');
    await waitFor(() => expect(stateOf()).toHaveAttribute('data-state', 'failed'));
    expect(stateOf()).toHaveTextContent('账号未连接');
    expect(screen.getByTestId('video-connected-reason')).toHaveTextContent('平台未授予访问权限：User denied access');
    // The description is the more useful of the two, and no code is sent that the platform never gave.
    expect(server.bodiesOf(api.video.connectCallback)).toEqual([{ state: 's2', error: 'User denied access' }]);

    await newUser().click(screen.getByRole('button', { name: '返回账号' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/video'));
    expect(router.state.location.search).toBe('?tab=connections');
  });

  it('cuts a platform’s overlong error to what the contract accepts', async () => {
    server.fail(api.video.connectCallback, '400', i18n.t('messages:video.oauth_failed'));
    openReturn(`?error=${'x'.repeat(800)}&state=s3`);
    await waitFor(() => expect(stateOf()).toHaveAttribute('data-state', 'failed'));
    const [body] = server.bodiesOf(api.video.connectCallback);
    expect(body?.error).toHaveLength(500);
    expect(api.video.connectCallback.request.safeParse(body).success).toBe(true);
  });

  it('says a used or expired authorization failed, in the server’s words', async () => {
    server.fail(api.video.connectCallback, '400', i18n.t('messages:video.oauth_state_invalid'));
    openReturn('?code=abc&state=used');
    await waitFor(() => expect(stateOf()).toHaveAttribute('data-state', 'failed'));
    expect(screen.getByTestId('video-connected-reason')).toHaveTextContent('此授权未知或已使用，请重新连接');
    expect(screen.queryByText(/已连接：/)).toBeNull();
  });

  it('shows a server failure as a failed connection, not an endless wait', async () => {
    server.fail(api.video.connectCallback, '500', '服务器错误');
    openReturn('?code=abc&state=s4');
    await waitFor(() => expect(stateOf()).toHaveAttribute('data-state', 'failed'));
    expect(screen.getByTestId('video-connected-reason')).toHaveTextContent('服务器错误');
    expect(screen.getByRole('button', { name: '返回账号' })).toBeInTheDocument();
  });

  it('opened without a platform’s answer, says what the page is for and asks the server nothing', () => {
    openReturn('');
    expect(stateOf()).toHaveAttribute('data-state', 'failed');
    expect(screen.getByTestId('video-connected-reason')).toHaveTextContent('此页面用于平台登录后的返回；打开时没有平台的回应。');
    // A query that ran would have called fetch while mounting, before this line.
    expect(server.calls).toEqual([]);
  });
});
