// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, PAY_STATUS, type CurrentUser } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getStoredUser, getToken } from '../../../lib/storage';
import { FakeApi, renderPage, userOf, useFakeApi } from '../../../test/page';
import { fill } from '../../../test/antd';
import { SigninPage } from './signin-page';

const admin: CurrentUser = userOf('admin', { id: 3, email: 'ana@nearcast.example', name: 'Ana Admin' });
// A studio that signed up a moment ago has not bought its plan yet.
const newStudio: CurrentUser = userOf('studio', { id: 8, email: 'luz@example.com', username: 'Luz Studio', pay_status: PAY_STATUS.unpaid });

const server = new FakeApi();

function showSignin(url = '/signin') {
  return renderPage(<SigninPage />, { path: '/signin', url });
}

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'auth']);
});
beforeEach(() => {
  server.reset();
  setViewportWidth(1280);
});

describe('the sign-in page in Chinese', () => {
  it('opens on the login form, with the way home and to the privacy policy', () => {
    showSignin();
    expect(screen.getByTestId('page-title')).toHaveTextContent('欢迎回来');
    expect(screen.getByText('登录后查看您的视频、客户和收益。')).toBeInTheDocument();
    expect(screen.getByTestId('login-form')).toBeInTheDocument();
    expect(screen.queryByTestId('register-form')).toBeNull();
    expect(screen.getByText('返回首页').closest('a')).toHaveAttribute('href', '/');
    expect(screen.getByText('隐私政策').closest('a')).toHaveAttribute('href', '/privacy');
    // Nothing is read from the server before the visitor acts.
    expect(server.calls).toEqual([]);
  });

  it('signs in with what was typed, keeps the session and follows a safe redirect', async () => {
    const user = newUser();
    server.ok(api.account.login, { token: 'fresh-token', user: admin });
    const { router } = showSignin('/signin?redirect=%2Fannouncements%3Fstatus%3Dsent');
    await fill(user, 'login-email', 'ana@nearcast.example');
    await fill(user, 'login-password', 'Tacos-2024');
    await user.click(screen.getByTestId('login-remember'));
    await user.click(screen.getByTestId('login-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/announcements'));
    expect(router.state.location.search).toBe('?status=sent');
    expect(server.bodiesOf(api.account.login)).toEqual([{ email: 'ana@nearcast.example', password: 'Tacos-2024', remember: true }]);
    expect(getToken()).toBe('fresh-token');
    expect(getStoredUser()?.email).toBe('ana@nearcast.example');
  });

  it('refuses a redirect to another site and goes to the dashboard instead', async () => {
    const user = newUser();
    server.ok(api.account.login, { token: 'fresh-token', user: admin });
    const { router } = showSignin('/signin?redirect=%2F%2Fevil.example%2Fsteal');
    await fill(user, 'login-email', 'ana@nearcast.example');
    await fill(user, 'login-password', 'Tacos-2024');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('says in Chinese what is missing and sends nothing', async () => {
    const user = newUser();
    showSignin();
    await user.click(screen.getByTestId('login-submit'));
    // Both the email and the password say it.
    await waitFor(() => expect(screen.getAllByText('请填写所有必填项')).toHaveLength(2));
    expect(server.calls).toEqual([]);
  });

  it('waits on the server with a busy button, then shows its refusal and stays signed out', async () => {
    const user = newUser();
    server.hang(api.account.login);
    const { unmount } = showSignin();
    await fill(user, 'login-email', 'ana@nearcast.example');
    await fill(user, 'login-password', 'wrong-password1');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('login-submit')).toHaveClass('ant-btn-loading'));
    unmount();

    server.fail(api.account.login, '401', '邮箱或密码错误');
    const { router } = showSignin();
    await fill(user, 'login-email', 'ana@nearcast.example');
    await fill(user, 'login-password', 'wrong-password1');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('邮箱或密码错误')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(getToken()).toBeNull();
  });

  it('asks a two-factor account for its emailed code, then signs in with it', async () => {
    const user = newUser();
    server.sequence(api.account.login, [
      { code: '400', msg: '请输入我们刚发送到您邮箱的 6 位验证码', data: { fields: { code: 'auth.two_factor_required' } } },
      { code: '200', data: { token: 'fresh-token', user: admin } },
    ]);
    const { router } = showSignin();
    await fill(user, 'login-email', 'ana@nearcast.example');
    await fill(user, 'login-password', 'Tacos-2024');
    expect(screen.queryByTestId('login-code')).toBeNull();
    await user.click(screen.getByTestId('login-submit'));

    expect(await screen.findByText('请输入我们刚发送到您邮箱的 6 位验证码')).toBeInTheDocument();
    await fill(user, 'login-code', '123456');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(server.bodiesOf(api.account.login)).toEqual([
      { email: 'ana@nearcast.example', password: 'Tacos-2024', remember: false },
      { email: 'ana@nearcast.example', password: 'Tacos-2024', remember: false, code: '123456' },
    ]);
  });

  it('registers a studio that came through a promotion link, counting the visit, and sends it home to choose a plan', async () => {
    const user = newUser();
    server.ok(api.promotion.visit, null).ok(api.account.sign, { token: 'new-token', user: newStudio });
    const { router } = showSignin('/signin?mode=register&join=studio&ref=CARMEN42&src=qr');
    expect(screen.getByTestId('page-title')).toHaveTextContent('创建您的账号');
    expect(screen.getByText('您通过邀请码 CARMEN42 注册。')).toBeInTheDocument();
    await waitFor(() => expect(server.bodiesOf(api.promotion.visit)).toEqual([{ code: 'CARMEN42', source: 'qr' }]));
    // The studio side is chosen, as the link said.
    const join = screen.getByTestId('register-join-type');
    expect(join.querySelector('.ant-segmented-item-selected')).toHaveTextContent('AI 工作室');

    await fill(user, 'register-username', 'Luz Studio');
    await fill(user, 'register-email', 'luz@example.com');
    await fill(user, 'register-code', '654321');
    await fill(user, 'register-password', 'Tacos-2024');
    await fill(user, 'register-confirm-password', 'Tacos-2024');
    await user.click(screen.getByTestId('register-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.bodiesOf(api.account.sign)).toEqual([
      {
        username: 'Luz Studio',
        email: 'luz@example.com',
        password: 'Tacos-2024',
        confirm_password: 'Tacos-2024',
        code: '654321',
        join_type: 'studio',
        ref: 'CARMEN42',
        remember: false,
      },
    ]);
    expect(getToken()).toBe('new-token');
  });

  it('keeps the chosen form in the address', async () => {
    const user = newUser();
    const { router } = showSignin('/signin?redirect=%2Freports');
    await user.click(screen.getByTestId('signin-tab-register'));
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('创建您的账号'));
    expect(new URLSearchParams(router.state.location.search).get('mode')).toBe('register');
    // The redirect survives the switch, so signing up still lands where the visitor was going.
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/reports');

    await user.click(screen.getByTestId('signin-tab-login'));
    await user.click(await screen.findByTestId('login-forgot'));
    expect(await screen.findByTestId('forget-form')).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('重置密码');
    expect(new URLSearchParams(router.state.location.search).get('mode')).toBe('forget');
  });

  it('resets a password, says so, and returns to the login form with the address filled in', async () => {
    const user = newUser();
    server.ok(api.account.forget, null);
    const { router } = showSignin('/signin?mode=forget');
    expect(screen.getByTestId('page-title')).toHaveTextContent('重置密码');
    await fill(user, 'forget-email', 'carmen@example.com');
    await fill(user, 'forget-code', '112233');
    await fill(user, 'forget-password', 'Salsa-2025');
    await fill(user, 'forget-confirm-password', 'Salsa-2025');
    await user.click(screen.getByTestId('forget-submit'));

    expect(await screen.findByText('密码已重置，请使用新密码登录。')).toBeInTheDocument();
    expect(server.bodiesOf(api.account.forget)).toEqual([{ email: 'carmen@example.com', code: '112233', password: 'Salsa-2025', confirm_password: 'Salsa-2025' }]);
    const form = await screen.findByTestId('login-form');
    expect(within(form).getByTestId('login-email')).toHaveValue('carmen@example.com');
    expect(router.state.location.search).toBe('');
  });
});
