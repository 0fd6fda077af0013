// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { FakeApi, pageOf, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { dialogOf, fill, pick, tableSpinner } from '../../../test/antd';
import { api } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ClientsPage } from './clients-page';
import { accountOf, agentOf } from './test-fixtures';

// Carmen has an agent and a studio but no operator; Luz has nobody yet and has not paid.
const carmen = accountOf(1, {
  name: 'Carmen Ruiz',
  email: 'carmen@example.com',
  company_short_name: 'Carmen’s Tacos',
  agent_id: 5,
  agent_name: 'West Coast Growth',
  studio_id: 9,
  studio_name: 'Sunset Studio',
  order_count: 3,
  consumption_cents: 123_450,
  phone: '3105550142',
});
const luz = accountOf(2, { name: 'Luz Bakery', email: 'luz@example.com', pay_status: 0, pay_state: 'unpaid', info_status: 0, expire_time: null });
const counts = { total: 42, paid: 30, unpaid: 10, expired: 2, new_this_month: 4 };

const server = new FakeApi();
const row = (email: string) => screen.getByTestId(`row-${email}`);
/** Opens a row's assignment menu and returns it. */
async function openAssignMenu(user: ReturnType<typeof newUser>, email: string) {
  await user.click(within(await screen.findByTestId(`row-${email}`)).getByTestId('row-assign-menu'));
  const menu = await waitFor(() => {
    const open = document.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden)');
    expect(open).not.toBeNull();
    return open!;
  });
  return menu;
}
/** The menu's entries, by their test ids, in order. */
const entries = (menu: HTMLElement) => [...menu.querySelectorAll('[data-testid^="action-"]')].map((item) => item.getAttribute('data-testid'));

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'org', 'material']);
});
beforeEach(() => {
  setViewportWidth(1280);
  server.reset().ok(api.client.list, pageOf([carmen, luz])).ok(api.client.count, counts);
});

describe('the clients page for staff, in Chinese', () => {
  it('lists the merchants of the network with who serves each, and counts them by payment state', async () => {
    signInAs('super');
    renderPage(<ClientsPage />, { path: '/clients' });

    const first = await screen.findByTestId('row-carmen@example.com');
    expect(first).toHaveTextContent('Carmen Ruiz');
    expect(first).toHaveTextContent('Carmen’s Tacos');
    expect(within(first).getByText('已支付')).toBeInTheDocument();
    expect(within(first).getByText('已完善')).toBeInTheDocument();
    expect(first).toHaveTextContent('West Coast Growth');
    expect(first).toHaveTextContent('Sunset Studio');
    expect(first).toHaveTextContent('$1,234.50');
    expect(first).toHaveTextContent('(310) 555-0142');

    // Nobody assigned yet reads as a dash, never as "null".
    const second = row('luz@example.com');
    expect(within(second).getByText('未支付')).toBeInTheDocument();
    expect(within(second).getByText('未完善')).toBeInTheDocument();
    expect(second.textContent).not.toMatch(/null|undefined/);
    expect(within(second).getAllByText('—').length).toBeGreaterThanOrEqual(3);

    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(screen.getByTestId('tile-clients-total-value')).toHaveTextContent('42');
    expect(screen.getByTestId('tile-clients-paid-value')).toHaveTextContent('30');
    expect(screen.getByTestId('tile-clients-expired-value')).toHaveTextContent('2');
    expect(screen.getByTestId('tile-clients-new-value')).toHaveTextContent('4');
    expect(screen.getByText('您网络中的商户、他们的套餐以及服务人员。')).toBeInTheDocument();
    // Staff filter by agent and studio, and assign; the materials are the studio's business.
    expect(screen.getByTestId('filter-agent')).toBeInTheDocument();
    expect(screen.getByTestId('filter-studio')).toBeInTheDocument();
    expect(within(first).getByTestId('row-assign-menu')).toHaveTextContent('分配');
    expect(screen.queryByTestId('row-materials')).toBeNull();
    expect(server.bodiesOf(api.client.list)).toEqual([{ page: 1, page_size: 20 }]);
  });

  it('shows the tiles and the list loading until the first answers arrive', async () => {
    server.hang(api.client.list).hang(api.client.count);
    signInAs('admin');
    const { container } = renderPage(<ClientsPage />, { path: '/clients' });

    await waitFor(() => expect(server.bodiesOf(api.client.list)).toHaveLength(1));
    expect(within(screen.getByTestId('client-tiles')).queryByTestId('tile-clients-total-value')).toBeNull();
    expect(container.querySelector('.nc-table__placeholder')).not.toBeNull();
    expect(tableSpinner(container)).not.toBeNull();
    expect(screen.queryByTestId('row-carmen@example.com')).toBeNull();
    expect(screen.queryByTestId('list-empty')).toBeNull();
  });

  it('asks the server for the keyword and payment state chosen, and says when nothing matches rather than that there are no clients', async () => {
    const user = newUser();
    server.on(api.client.list, (body) => ({ code: '200', data: pageOf(body.keyword ? [] : [carmen, luz]) }));
    signInAs('super');
    renderPage(<ClientsPage />, { path: '/clients' });
    await screen.findByTestId('row-carmen@example.com');

    await pick(user, 'filter-pay-state', '已过期');
    await waitFor(() => expect(server.bodiesOf(api.client.list).at(-1)).toEqual({ pay_state: 'expired', page: 1, page_size: 20 }));
    await fill(user, 'filter-keyword', '  nadie ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.bodiesOf(api.client.list).at(-1)).toEqual({ keyword: 'nadie', pay_state: 'expired', page: 1, page_size: 20 }));
    expect(await screen.findByText('没有符合筛选条件的结果')).toBeInTheDocument();
    expect(screen.getByText('可以清除某个筛选条件，或换个关键词再试。')).toBeInTheDocument();

    // Reset asks for everything again.
    await user.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(server.bodiesOf(api.client.list).at(-1)).toEqual({ page: 1, page_size: 20 }));
    expect(await screen.findByTestId('row-luz@example.com')).toBeInTheDocument();
  });

  it('says a network without merchants has no clients yet', async () => {
    server.ok(api.client.list, pageOf([])).ok(api.client.count, { total: 0, paid: 0, unpaid: 0, expired: 0, new_this_month: 0 });
    signInAs('super');
    renderPage(<ClientsPage />, { path: '/clients' });

    expect(await screen.findByText('暂无客户')).toBeInTheDocument();
    expect(screen.queryByText('没有符合筛选条件的结果')).toBeNull();
    expect(screen.getByTestId('tile-clients-total-value')).toHaveTextContent('0');
  });

  it('shows why the list failed, with a retry that reads it again, and a dash for counts that failed', async () => {
    const user = newUser();
    server.fail(api.client.list, '500', '服务暂时不可用').fail(api.client.count, '500', '服务暂时不可用');
    signInAs('super');
    renderPage(<ClientsPage />, { path: '/clients' });

    const failed = await screen.findByTestId('list-error');
    expect(failed).toHaveTextContent('搜索失败，请重试');
    expect(failed).toHaveTextContent('服务暂时不可用');
    await waitFor(() => expect(screen.getByTestId('tile-clients-total-value')).toHaveTextContent('—'));

    server.ok(api.client.list, pageOf([carmen]));
    await user.click(screen.getByTestId('list-retry'));
    expect(await screen.findByTestId('row-carmen@example.com')).toBeInTheDocument();
    expect(screen.queryByTestId('list-error')).toBeNull();
  });

  it('offers to change or remove what a client has, and removes its studio after a confirmation', async () => {
    const user = newUser();
    server.ok(api.client.studioSet, { ...carmen, studio_id: null, studio_name: null });
    signInAs('super');
    renderPage(<ClientsPage />, { path: '/clients' });

    const menu = await openAssignMenu(user, 'carmen@example.com');
    expect(entries(menu)).toEqual(['action-assign-agent', 'action-remove-agent', 'action-assign-studio', 'action-remove-studio', 'action-assign-operator']);
    expect(within(menu).getByTestId('action-assign-agent')).toHaveTextContent('更换代理');
    expect(within(menu).getByTestId('action-assign-studio')).toHaveTextContent('更换工作室');
    expect(within(menu).getByTestId('action-assign-operator')).toHaveTextContent('分配运营人员');
    await user.click(within(menu).getByTestId('action-remove-studio'));
    const dialog = await dialogOf('confirm-ok');
    expect(dialog).toHaveTextContent('将 Carmen Ruiz 从工作室 Sunset Studio 移除？');
    expect(dialog).toHaveTextContent('客户的套餐和数据都会保留，之后可随时重新分配。');
    server.clearCalls();

    await user.click(within(dialog).getByTestId('confirm-ok'));
    expect(await screen.findByText('已移除')).toBeInTheDocument();
    expect(server.bodiesOf(api.client.studioSet)).toEqual([{ client_id: 1, studio_id: null }]);
    await waitFor(() => expect(server.bodiesOf(api.client.list)).toHaveLength(1));
  });

  it('assigns a client to the agent picked, saying first what will happen, and keeps the dialog open when refused', async () => {
    const user = newUser();
    const sofia = agentOf(7, { name: 'Sofia Reyes', email: 'sofia@example.com', company_short_name: 'Bay Partners' });
    server.ok(api.proxy.list, pageOf([sofia])).fail(api.client.proxy, '409', '该代理已停用');
    signInAs('super');
    renderPage(<ClientsPage />, { path: '/clients' });

    const menu = await openAssignMenu(user, 'luz@example.com');
    // Luz has nobody: every entry assigns, none removes.
    expect(entries(menu)).toEqual(['action-assign-agent', 'action-assign-studio', 'action-assign-operator']);
    await user.click(within(menu).getByTestId('action-assign-agent'));

    const dialog = await dialogOf('confirm-ok');
    expect(dialog).toHaveTextContent('将 Luz Bakery 分配给代理');
    expect(dialog).toHaveTextContent('Luz Bakery 尚未分配。');
    expect(within(dialog).getByTestId('confirm-ok')).toBeDisabled();

    await pick(user, 'assign-agent-picker', 'Sofia Reyes');
    expect(await within(dialog).findByTestId('assign-summary')).toHaveTextContent('Luz Bakery 将分配给 Sofia Reyes。');

    // Refused: the reason, and the dialog stays for another try.
    await user.click(within(dialog).getByTestId('confirm-ok'));
    expect(await screen.findByText(/分配失败，请重试/)).toBeInTheDocument();
    expect(screen.getByText(/该代理已停用/)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByTestId('confirm-ok')).toBeEnabled());

    server.ok(api.client.proxy, { ...luz, agent_id: 7, agent_name: 'Sofia Reyes' });
    await user.click(within(dialog).getByTestId('confirm-ok'));
    expect(await screen.findByText('已分配')).toBeInTheDocument();
    expect(server.bodiesOf(api.client.proxy)).toEqual([
      { client_id: 2, agent_id: 7 },
      { client_id: 2, agent_id: 7 },
    ]);
    await waitFor(() => expect(screen.queryByTestId('confirm-ok')).toBeNull());
  });
});

describe('the clients page for a sub-agent', () => {
  it('lets it assign but take a client only from its operator', async () => {
    const user = newUser();
    server.ok(api.client.list, pageOf([{ ...carmen, operator_id: 4, operator_name: 'Ana Ops' }]));
    signInAs('partner', { agent_type: 'sub' });
    renderPage(<ClientsPage />, { path: '/clients' });

    const menu = await openAssignMenu(user, 'carmen@example.com');
    expect(entries(menu)).toEqual(['action-assign-agent', 'action-assign-studio', 'action-assign-operator', 'action-remove-operator']);
    expect(screen.getByTestId('filter-agent')).toBeInTheDocument();
  });
});

describe('the clients page for a studio, in Chinese', () => {
  it('lists the studio’s merchants with their materials at hand, and opens one with its materials instead of assignments', async () => {
    const user = newUser();
    server.ok(api.client.get, { ...carmen, plan: { package_id: 3, package_name: 'Growth', periods: 1, paid_time: '2026-11-01T08:00:00.000Z' }, payments: [] });
    signInAs('studio');
    renderPage(<ClientsPage />, { path: '/clients' });

    const first = await screen.findByTestId('row-carmen@example.com');
    expect(screen.getByText('您的工作室服务的商户。')).toBeInTheDocument();
    const materials = within(first).getByTestId('row-materials');
    expect(materials).toHaveTextContent('素材');
    expect(materials).toHaveAttribute('aria-label', 'Carmen Ruiz 的素材');
    expect(screen.queryByTestId('row-assign-menu')).toBeNull();
    // No network to filter by; the payment-state and keyword filters stay.
    expect(screen.queryByTestId('filter-agent')).toBeNull();
    expect(screen.queryByTestId('filter-studio')).toBeNull();
    expect(screen.getByTestId('filter-pay-state')).toBeInTheDocument();

    const open = within(first).getByTestId('row-open');
    expect(open).toHaveAttribute('aria-label', '打开Carmen Ruiz');
    await user.click(open);
    expect(await screen.findByTestId('client-plan-name')).toHaveTextContent('Growth');
    expect(server.bodiesOf(api.client.get)).toEqual([{ id: 1 }]);
    expect(screen.getByTestId('detail-materials')).toBeInTheDocument();
    expect(screen.queryByTestId('detail-assign-menu')).toBeNull();
  });

  it('tells an operator the list is the merchants assigned to it', async () => {
    signInAs('operator');
    renderPage(<ClientsPage />, { path: '/clients' });
    await screen.findByTestId('row-carmen@example.com');
    expect(screen.getByText('分配给您的商户。')).toBeInTheDocument();
    expect(screen.getAllByTestId('row-materials')).toHaveLength(2);
    expect(screen.queryByTestId('row-assign-menu')).toBeNull();
  });
});
