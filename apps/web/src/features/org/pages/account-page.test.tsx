// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { FakeApi, pageOf, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { dialogOf, fill, pick, tableSpinner } from '../../../test/antd';
import { api } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AccountPage } from './account-page';
import { accountOf } from './test-fixtures';

// The signed-in super admin itself, a merchant who pays, and a disabled agent who pays nothing.
const me = accountOf(1, { role: 'super', name: 'Root Admin', email: 'root@example.com', pay_state: 'unpaid', pay_status: 0, expire_time: null });
const carmen = accountOf(2, {
  name: 'Carmen Ruiz',
  email: 'carmen@example.com',
  agent_name: 'West Coast Growth',
  sale_name: 'Dana',
  consumption_cents: 59_900,
});
const alex = accountOf(3, { role: 'partner', agent_type: 'main', name: 'Alex Chen', email: 'alex@example.com', status: 'disabled', pay_state: 'unpaid', pay_status: 0 });

const server = new FakeApi();
const path = '/account';

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'org']);
});
beforeEach(() => {
  setViewportWidth(1280);
  server.reset().ok(api.account.list, pageOf([me, carmen, alex]));
  signInAs('super', { id: 1, email: 'root@example.com' });
});

describe('the account page, in Chinese', () => {
  it('lists every account with its role, standing and status, and no way for the admin to lock itself out', async () => {
    renderPage(<AccountPage />, { path });

    const merchant = await screen.findByTestId('row-carmen@example.com');
    expect(within(merchant).getByText('商家')).toBeInTheDocument();
    expect(within(merchant).getByText('已支付')).toBeInTheDocument();
    expect(within(merchant).getByTestId('account-status')).toHaveTextContent('正常');
    expect(merchant).toHaveTextContent('West Coast Growth');
    expect(merchant).toHaveTextContent('Dana');
    expect(merchant).toHaveTextContent('$599.00');
    expect(within(merchant).getByTestId('row-disable')).toHaveAttribute('aria-label', '禁用');

    // An agent pays nothing: no payment state, a dash that says so; disabled, it can be enabled.
    const agent = screen.getByTestId('row-alex@example.com');
    expect(within(agent).getByText('区域代理')).toBeInTheDocument();
    expect(within(agent).queryByText('未支付')).toBeNull();
    expect(within(agent).getAllByTitle('该角色无需此项').length).toBeGreaterThan(0);
    expect(within(agent).getByTestId('account-status')).toHaveTextContent('已禁用');
    expect(within(agent).getByTestId('row-enable')).toHaveAttribute('aria-label', '启用');

    const self = screen.getByTestId('row-root@example.com');
    expect(within(self).getByTestId('row-edit')).toBeInTheDocument();
    expect(within(self).queryByTestId('row-disable')).toBeNull();

    expect(screen.getByTestId('account-create')).toHaveTextContent('新建账号');
    expect(screen.getByText('共 3 条')).toBeInTheDocument();
    expect(server.bodiesOf(api.account.list)).toEqual([{ page: 1, page_size: 20 }]);
  });

  it('shows the list loading until it arrives', async () => {
    server.hang(api.account.list);
    const { container } = renderPage(<AccountPage />, { path });

    await waitFor(() => expect(server.bodiesOf(api.account.list)).toHaveLength(1));
    expect(container.querySelector('.nc-table__placeholder')).not.toBeNull();
    expect(tableSpinner(container)).not.toBeNull();
    expect(screen.queryByTestId('list-empty')).toBeNull();
    expect(screen.queryByTestId('row-carmen@example.com')).toBeNull();
  });

  it('says there are no accounts yet, and that a filter matched none', async () => {
    const user = newUser();
    server.ok(api.account.list, pageOf([]));
    renderPage(<AccountPage />, { path });
    expect(await screen.findByTestId('list-empty')).toHaveTextContent('暂无账号');

    // "Agent" in the role filter asks for partners by the list's own word.
    await pick(user, 'filter-role', '代理');
    await waitFor(() => expect(server.bodiesOf(api.account.list).at(-1)).toEqual({ role: 'agent', page: 1, page_size: 20 }));
    await pick(user, 'filter-status', '已禁用');
    await waitFor(() => expect(server.bodiesOf(api.account.list).at(-1)).toEqual({ role: 'agent', status: 'disabled', page: 1, page_size: 20 }));
    expect(await screen.findByText('没有符合筛选条件的结果')).toBeInTheDocument();
  });

  it('says why the list failed and reads it again on retry', async () => {
    const user = newUser();
    server.fail(api.account.list, '500', '数据库繁忙');
    renderPage(<AccountPage />, { path });

    const failed = await screen.findByTestId('list-error');
    expect(failed).toHaveTextContent('搜索失败，请重试');
    expect(failed).toHaveTextContent('数据库繁忙');
    server.ok(api.account.list, pageOf([carmen]));
    await user.click(screen.getByTestId('list-retry'));
    expect(await screen.findByTestId('row-carmen@example.com')).toBeInTheDocument();
  });

  it('disables an account only after saying it signs the account out everywhere', async () => {
    const user = newUser();
    server.ok(api.account.edit, { ...carmen, status: 'disabled' });
    renderPage(<AccountPage />, { path });

    await user.click(within(await screen.findByTestId('row-carmen@example.com')).getByTestId('row-disable'));
    const dialog = await dialogOf('confirm-ok');
    expect(dialog).toHaveTextContent('禁用 Carmen Ruiz？');
    expect(dialog).toHaveTextContent('该账号会立即在所有设备上退出登录，重新启用前无法登录。');
    expect(server.bodiesOf(api.account.edit)).toEqual([]);

    server.clearCalls();
    await user.click(within(dialog).getByTestId('confirm-ok'));
    expect(await screen.findByText('Carmen Ruiz 已禁用并退出登录')).toBeInTheDocument();
    expect(server.bodiesOf(api.account.edit)).toEqual([{ id: 2, status: 'disabled' }]);
    // The list is read again, so the row shows the new status.
    await waitFor(() => expect(server.bodiesOf(api.account.list)).toHaveLength(1));
  });

  it('enables a disabled account, and says so when the server refuses', async () => {
    const user = newUser();
    server.fail(api.account.edit, '500', '服务暂时不可用');
    renderPage(<AccountPage />, { path });

    await user.click(within(await screen.findByTestId('row-alex@example.com')).getByTestId('row-enable'));
    const dialog = await dialogOf('confirm-ok');
    expect(dialog).toHaveTextContent('启用 Alex Chen？');
    await user.click(within(dialog).getByTestId('confirm-ok'));

    expect(await screen.findByText(/设置失败/)).toBeInTheDocument();
    expect(screen.getByText(/服务暂时不可用/)).toBeInTheDocument();
    expect(server.bodiesOf(api.account.edit)).toEqual([{ id: 3, status: 'normal' }]);
  });

  it('creates an account of the role chosen, with everything left blank sent empty', async () => {
    const user = newUser();
    server.ok(api.account.add, accountOf(9, { role: 'studio', email: 'new@example.com' }));
    renderPage(<AccountPage />, { path });
    await screen.findByTestId('row-carmen@example.com');

    await user.click(screen.getByTestId('account-create'));
    const dialog = await dialogOf('account-submit');
    await fill(user, within(dialog).getByTestId('field-email'), 'new@example.com');
    await fill(user, within(dialog).getByTestId('field-password'), 'Secret123');
    await fill(user, within(dialog).getByTestId('field-username'), 'sunset');
    await pick(user, 'field-role', 'AI 工作室');
    await fill(user, within(dialog).getByTestId('field-sale-name'), 'Dana');
    await user.click(within(dialog).getByTestId('account-submit'));

    expect(await screen.findByText('账号 new@example.com 已创建')).toBeInTheDocument();
    expect(server.bodiesOf(api.account.add)).toEqual([
      {
        email: 'new@example.com',
        password: 'Secret123',
        username: 'sunset',
        name: '',
        role: 'studio',
        main_agent_id: null,
        phone: '',
        wechat: '',
        company_short_name: '',
        sale_name: 'Dana',
        sale_email: '',
        sale_uid: '',
      },
    ]);
  });

  it('refuses a malformed phone before sending, in the contract’s words', async () => {
    const user = newUser();
    renderPage(<AccountPage />, { path });
    await screen.findByTestId('row-carmen@example.com');

    await user.click(screen.getByTestId('account-create'));
    const dialog = await dialogOf('account-submit');
    await fill(user, within(dialog).getByTestId('field-email'), 'new@example.com');
    await fill(user, within(dialog).getByTestId('field-password'), 'Secret123');
    await fill(user, within(dialog).getByTestId('field-username'), 'sunset');
    await fill(user, within(dialog).getByTestId('field-phone'), '12345');
    await user.click(within(dialog).getByTestId('account-submit'));

    expect(await within(dialog).findByText('请输入 10 位美国电话号码')).toBeInTheDocument();
    expect(server.bodiesOf(api.account.add)).toEqual([]);
  });

  it('edits an account sending only what changed', async () => {
    const user = newUser();
    server.ok(api.account.edit, { ...carmen, company_short_name: 'Carmen’s Tacos' });
    renderPage(<AccountPage />, { path });

    await user.click(within(await screen.findByTestId('row-carmen@example.com')).getByTestId('row-edit'));
    const dialog = await dialogOf('edit-submit');
    expect(dialog).toHaveTextContent('编辑 Carmen Ruiz');
    expect(within(dialog).getByTestId('edit-name')).toHaveValue('Carmen Ruiz');
    await fill(user, within(dialog).getByTestId('edit-company'), 'Carmen’s Tacos');
    await user.click(within(dialog).getByTestId('edit-submit'));

    expect(await screen.findByText('账号已保存')).toBeInTheDocument();
    expect(server.bodiesOf(api.account.edit)).toEqual([{ id: 2, company_short_name: 'Carmen’s Tacos' }]);
  });

  it('opens an account’s detail from its row', async () => {
    const user = newUser();
    server.ok(api.account.get, carmen);
    renderPage(<AccountPage />, { path });

    await user.click(within(await screen.findByTestId('row-carmen@example.com')).getByTestId('row-view'));
    const drawer = await screen.findByTestId('detail-edit');
    expect(server.bodiesOf(api.account.get)).toEqual([{ id: 2 }]);
    expect(drawer.closest('.ant-drawer')).toHaveTextContent('Carmen Ruiz');
  });
});
