// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { FakeApi, pageOf, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { dialogOf, fill, tableSpinner } from '../../../test/antd';
import { api } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OperatorPage } from './operator-page';
import { operatorOf } from './test-fixtures';

// Ana signs in as "ana_ops" and serves three merchants; Ben, disabled, has no WeChat.
const ana = operatorOf(4, { name: 'Ana Lopez', nickname: 'ana_ops', email: 'ana@example.com', wechat: 'ana_wx_88', merchant_count: 3 });
const ben = operatorOf(5, { name: 'ben', nickname: 'ben', email: 'ben@example.com', status: 'disabled', login_time: null });

const server = new FakeApi();
const path = '/operator';

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'org']);
});
beforeEach(() => {
  setViewportWidth(1280);
  server.reset().ok(api.operator.list, pageOf([ana, ben]));
  signInAs('partner');
});

describe('the employees page of an agent, in Chinese', () => {
  it('lists the employees with the merchants each serves and their status', async () => {
    renderPage(<OperatorPage />, { path });

    const first = await screen.findByTestId('row-ana@example.com');
    // Named like every party, with the nickname it signs in with beneath when it differs.
    expect(first).toHaveTextContent('Ana Lopez');
    expect(first).toHaveTextContent('ana_ops');
    expect(first).toHaveTextContent('ana_wx_88');
    expect(within(first).getByTestId('account-status')).toHaveTextContent('正常');
    expect(within(first).getByTestId('row-toggle-status')).toHaveTextContent('禁用');
    expect(within(first).getByTestId('row-edit')).toHaveTextContent('编辑');
    expect([...first.querySelectorAll('td')].map((cell) => cell.textContent)).toContain('3');
    // The row opens under the name it shows, not the nickname beneath it.
    expect(within(first).getByTestId('row-open')).toHaveAccessibleName('打开Ana Lopez');

    const second = screen.getByTestId('row-ben@example.com');
    expect(second.querySelector('.org-cell-stack__sub')).toBeNull();
    expect(within(second).getByTestId('account-status')).toHaveTextContent('已禁用');
    expect(within(second).getByTestId('row-toggle-status')).toHaveTextContent('启用');
    expect(second.textContent).not.toMatch(/null|undefined/);

    expect(screen.getByText('您的员工以及每位员工服务的商户数量。')).toBeInTheDocument();
    expect(screen.getByTestId('operator-create')).toHaveTextContent('新建员工');
    expect(server.bodiesOf(api.operator.list)).toEqual([{ page: 1, page_size: 20 }]);
  });

  it('shows the list loading until it arrives', async () => {
    server.hang(api.operator.list);
    const { container } = renderPage(<OperatorPage />, { path });

    await waitFor(() => expect(server.bodiesOf(api.operator.list)).toHaveLength(1));
    expect(container.querySelector('.nc-table__placeholder')).not.toBeNull();
    expect(tableSpinner(container)).not.toBeNull();
    expect(screen.queryByTestId('list-empty')).toBeNull();
  });

  it('says what to do before the first employee, and that a search matched nobody', async () => {
    const user = newUser();
    server.ok(api.operator.list, pageOf([]));
    renderPage(<OperatorPage />, { path });

    const empty = await screen.findByTestId('list-empty');
    expect(empty).toHaveTextContent('暂无员工');
    expect(empty).toHaveTextContent('创建第一位员工后即可开始分配商户。');

    await fill(user, 'filter-keyword', 'zoe');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.bodiesOf(api.operator.list).at(-1)).toEqual({ keyword: 'zoe', page: 1, page_size: 20 }));
    expect(await screen.findByText('没有符合筛选条件的结果')).toBeInTheDocument();
  });

  it('says why the list failed and reads it again on retry', async () => {
    const user = newUser();
    server.fail(api.operator.list, '500', '数据库繁忙');
    renderPage(<OperatorPage />, { path });

    const failed = await screen.findByTestId('list-error');
    expect(failed).toHaveTextContent('搜索失败，请重试');
    expect(failed).toHaveTextContent('数据库繁忙');
    server.ok(api.operator.list, pageOf([ana]));
    await user.click(screen.getByTestId('list-retry'));
    expect(await screen.findByTestId('row-ana@example.com')).toBeInTheDocument();
  });

  it('creates an employee, refusing a form without its required fields first', async () => {
    const user = newUser();
    server.ok(api.operator.add, operatorOf(6, { nickname: 'zoe', email: 'zoe@example.com' }));
    renderPage(<OperatorPage />, { path });
    await screen.findByTestId('row-ana@example.com');

    await user.click(screen.getByTestId('operator-create'));
    const dialog = await dialogOf('operator-submit');
    expect(dialog).toHaveTextContent('员工使用此邮箱和密码登录，可以看到您分配给他的商户。');
    await user.click(within(dialog).getByTestId('operator-submit'));
    expect(await within(dialog).findByText('请输入昵称')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入新账号的邮箱')).toBeInTheDocument();
    expect(server.bodiesOf(api.operator.add)).toEqual([]);

    await fill(user, within(dialog).getByTestId('operator-nickname'), 'zoe');
    await fill(user, within(dialog).getByTestId('operator-email'), 'Zoe@Example.com');
    await fill(user, within(dialog).getByTestId('operator-password'), 'Secret123');
    await user.click(within(dialog).getByTestId('operator-submit'));

    expect(await screen.findByText('员工 zoe 已创建')).toBeInTheDocument();
    // The contract lowers the email's case before it is sent.
    expect(server.bodiesOf(api.operator.add)).toEqual([{ nickname: 'zoe', email: 'zoe@example.com', password: 'Secret123', wechat: '' }]);
  });

  it('edits an employee sending only what changed, and nothing when nothing did', async () => {
    const user = newUser();
    server.ok(api.operator.edit, { ...ana, wechat: 'ana_new_wx' });
    renderPage(<OperatorPage />, { path });

    await user.click(within(await screen.findByTestId('row-ana@example.com')).getByTestId('row-edit'));
    let dialog = await dialogOf('operator-edit-submit');
    expect(dialog).toHaveTextContent('编辑ana_ops');
    expect(within(dialog).getByTestId('operator-edit-email')).toHaveValue('ana@example.com');
    await user.click(within(dialog).getByTestId('operator-edit-submit'));
    await waitFor(() => expect(screen.queryByTestId('operator-edit-form')?.closest('.ant-modal-wrap')).toHaveStyle({ display: 'none' }));
    expect(server.bodiesOf(api.operator.edit)).toEqual([]);

    await user.click(within(screen.getByTestId('row-ana@example.com')).getByTestId('row-edit'));
    dialog = await dialogOf('operator-edit-submit');
    await fill(user, within(dialog).getByTestId('operator-edit-wechat'), 'ana_new_wx', { replace: true });
    await user.click(within(dialog).getByTestId('operator-edit-submit'));

    expect(await screen.findByText('ana_ops 已保存')).toBeInTheDocument();
    expect(server.bodiesOf(api.operator.edit)).toEqual([{ id: 4, wechat: 'ana_new_wx' }]);
  });

  it('disables an employee after a confirmation that its merchants stay', async () => {
    const user = newUser();
    server.ok(api.operator.edit, { ...ana, status: 'disabled' });
    renderPage(<OperatorPage />, { path });

    await user.click(within(await screen.findByTestId('row-ana@example.com')).getByTestId('row-toggle-status'));
    const dialog = await dialogOf('confirm-ok');
    expect(dialog).toHaveTextContent('禁用Ana Lopez？');
    expect(dialog).toHaveTextContent('分配给它的商家保持不变。');
    await user.click(within(dialog).getByTestId('confirm-ok'));

    expect(await screen.findByText('Ana Lopez 已禁用并退出登录')).toBeInTheDocument();
    expect(server.bodiesOf(api.operator.edit)).toEqual([{ id: 4, status: 'disabled' }]);
  });

  it('opens an employee from its row, and enables it from there', async () => {
    const user = newUser();
    server.ok(api.operator.edit, { ...ben, status: 'normal' });
    renderPage(<OperatorPage />, { path });

    await user.click(within(await screen.findByTestId('row-ben@example.com')).getByTestId('row-open'));
    expect(await screen.findByTestId('operator-detail-email')).toHaveTextContent('ben@example.com');
    expect(screen.getByTestId('operator-merchants')).toHaveTextContent('0');
    const toggle = screen.getByTestId('operator-toggle-status');
    expect(toggle).toHaveTextContent('启用');

    await user.click(toggle);
    const dialog = await dialogOf('confirm-ok');
    expect(dialog).toHaveTextContent('启用ben？');
    await user.click(within(dialog).getByTestId('confirm-ok'));
    expect(await screen.findByText('ben 已启用')).toBeInTheDocument();
    expect(server.bodiesOf(api.operator.edit)).toEqual([{ id: 5, status: 'normal' }]);
  });

  it('says when the server refuses to change an employee’s status', async () => {
    const user = newUser();
    server.fail(api.operator.edit, '500', '服务暂时不可用');
    renderPage(<OperatorPage />, { path });

    await user.click(within(await screen.findByTestId('row-ana@example.com')).getByTestId('row-toggle-status'));
    await user.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText(/设置失败/)).toBeInTheDocument();
    expect(screen.getByText(/服务暂时不可用/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('confirm-ok')).toBeNull());
  });
});
