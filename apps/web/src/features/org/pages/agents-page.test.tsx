// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { FakeApi, pageOf, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { dialogOf, fill, pick } from '../../../test/antd';
import { api } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AgentsPage } from './agents-page';
import { agentOf, studioOf } from './test-fixtures';

// A main agent with a business name and a sub-agent under it, known by its person's name only.
const west = agentOf(5, {
  name: 'Alex Chen',
  email: 'alex@example.com',
  company_short_name: 'West Coast Growth',
  agent_no: 'AG-0005',
  subordinate_count: 3,
  studio_count: 2,
  client_count: 17,
  sales_cents: 4_560_000,
});
const sofia = agentOf(6, { name: 'Sofia Reyes', email: 'sofia@example.com', agent_type: 'sub', main_agent_id: 5, main_agent_name: 'Alex Chen', agent_no: null });
const counts = { total: 12, main: 4, sub: 8, studios: 30, clients: 210, new_this_month: 2, sales_cents: 9_876_500 };

const server = new FakeApi();
const path = '/agents';

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'org', 'promotion']);
});
beforeEach(() => {
  setViewportWidth(1280);
  server.reset().ok(api.proxy.list, pageOf([west, sofia])).ok(api.proxy.count, counts);
});

describe('the agents page for staff, in Chinese', () => {
  it('lists the agents with their type, their tree and their sales, under the network’s counts', async () => {
    signInAs('super');
    renderPage(<AgentsPage />, { path });

    const main = await screen.findByTestId('row-alex@example.com');
    expect(main).toHaveTextContent('West Coast Growth');
    expect(main).toHaveTextContent('Alex Chen');
    expect(main).toHaveTextContent('AG-0005');
    expect(within(main).getByText('主代理')).toBeInTheDocument();
    expect(main).toHaveTextContent('$45,600.00');
    expect(within(main).getByTestId('row-switch-sub')).toHaveTextContent('切换为子代理');

    // A sub-agent names its main agent, and is made main again rather than switched.
    const sub = screen.getByTestId('row-sofia@example.com');
    expect(within(sub).getByText('子代理')).toBeInTheDocument();
    expect(sub).toHaveTextContent('隶属 Alex Chen');
    expect(within(sub).getByTestId('row-make-main')).toHaveTextContent('设为主代理');
    expect(sub.textContent).not.toMatch(/null|undefined/);

    expect(screen.getByTestId('tile-agents-total-value')).toHaveTextContent('12');
    expect(screen.getByTestId('tile-agents-sub-value')).toHaveTextContent('8');
    expect(screen.getByTestId('tile-agents-sales-value')).toHaveTextContent('$98,765.00');
    expect(screen.getByTestId('agent-add')).toHaveTextContent('新增代理');
    expect(screen.getByText('区域代理及其子代理、工作室、客户和销售额。')).toBeInTheDocument();
    expect(server.bodiesOf(api.proxy.list)).toEqual([{ page: 1, page_size: 20 }]);
  });

  it('shows the counts and the list loading until they arrive', async () => {
    server.hang(api.proxy.list).hang(api.proxy.count);
    signInAs('admin');
    const { container } = renderPage(<AgentsPage />, { path });

    await waitFor(() => expect(server.bodiesOf(api.proxy.list)).toHaveLength(1));
    expect(screen.getByTestId('tile-agents-total')).toBeInTheDocument();
    expect(screen.queryByTestId('tile-agents-total-value')).toBeNull();
    expect(container.querySelector('.nc-table__placeholder')).not.toBeNull();
    expect(screen.queryByTestId('list-empty')).toBeNull();
  });

  it('invites staff to add the first agent when there is none', async () => {
    server.ok(api.proxy.list, pageOf([]));
    signInAs('super');
    renderPage(<AgentsPage />, { path });

    const empty = await screen.findByTestId('list-empty');
    expect(empty).toHaveTextContent('暂无代理');
    expect(empty).toHaveTextContent('点击上方按钮添加第一个代理。');
  });

  it('says why the list failed and reads it again on retry', async () => {
    const user = newUser();
    server.fail(api.proxy.list, '500', '数据库繁忙');
    signInAs('super');
    renderPage(<AgentsPage />, { path });

    const failed = await screen.findByTestId('list-error');
    expect(failed).toHaveTextContent('搜索失败，请重试');
    expect(failed).toHaveTextContent('数据库繁忙');
    server.ok(api.proxy.list, pageOf([west]));
    await user.click(screen.getByTestId('list-retry'));
    expect(await screen.findByTestId('row-alex@example.com')).toBeInTheDocument();
  });

  it('asks for one type of agent when the filter picks it', async () => {
    const user = newUser();
    signInAs('super');
    renderPage(<AgentsPage />, { path });
    await screen.findByTestId('row-alex@example.com');

    await pick(user, 'filter-agent-type', '子代理');
    await waitFor(() => expect(server.bodiesOf(api.proxy.list).at(-1)).toEqual({ agent_type: 'sub', page: 1, page_size: 20 }));
  });

  it('switches a main agent under another main agent, and makes a sub-agent main again, each after a confirmation', async () => {
    const user = newUser();
    const north = agentOf(8, { name: 'Nora Park', email: 'nora@example.com' });
    server
      .on(api.proxy.list, (body) => ({ code: '200', data: pageOf(body.agent_type === 'main' ? [west, north] : [west, sofia]) }))
      .on(api.proxy.switch, (body) => ({ code: '200', data: { ...(body.id === 5 ? west : sofia), agent_type: body.agent_type, main_agent_id: body.main_agent_id } }));
    signInAs('super');
    renderPage(<AgentsPage />, { path });

    await user.click(within(await screen.findByTestId('row-alex@example.com')).getByTestId('row-switch-sub'));
    let dialog = await dialogOf('confirm-ok');
    expect(dialog).toHaveTextContent('将 Alex Chen 切换为子代理');
    await pick(user, 'switch-main-agent', 'Nora Park');
    // The agent being switched is not offered as its own main agent.
    expect(document.querySelector('.ant-select-item-option[title="Alex Chen"]')).toBeNull();
    expect(server.bodiesOf(api.proxy.list).some((body) => body.agent_type === 'main')).toBe(true);
    expect(within(dialog).getByTestId('assign-summary')).toHaveTextContent('Alex Chen 将成为 Nora Park 的子代理，其工作室和客户保持不变。');

    await user.click(within(dialog).getByTestId('confirm-ok'));
    expect(await screen.findByText('Alex Chen 已成为子代理')).toBeInTheDocument();
    expect(server.bodiesOf(api.proxy.switch)).toEqual([{ id: 5, agent_type: 'sub', main_agent_id: 8 }]);
    await waitFor(() => expect(screen.queryByTestId('confirm-ok')).toBeNull());

    // The way back needs no main agent, only a confirmation.
    await user.click(within(screen.getByTestId('row-sofia@example.com')).getByTestId('row-make-main'));
    dialog = await dialogOf('confirm-ok');
    expect(dialog).toHaveTextContent('将 Sofia Reyes 设为主代理？');
    expect(dialog).toHaveTextContent('它将离开原主代理的团队，独立管理自己的工作室和子代理。');
    await user.click(within(dialog).getByTestId('confirm-ok'));
    expect(await screen.findByText('Sofia Reyes 已成为主代理')).toBeInTheDocument();
    expect(server.bodiesOf(api.proxy.switch)[1]).toEqual({ id: 6, agent_type: 'main', main_agent_id: null });
  });

  it('creates an agent from the form: the contract’s words first, a sub-agent’s main agent, and a taken email under its field', async () => {
    const user = newUser();
    server.fail(api.proxy.add, '409', '该邮箱已被注册');
    signInAs('super');
    renderPage(<AgentsPage />, { path });
    await screen.findByTestId('row-alex@example.com');

    await user.click(screen.getByTestId('agent-add'));
    const dialog = await dialogOf('agent-submit');
    // Nothing filled in: the contract's own words, and nothing sent.
    await user.click(within(dialog).getByTestId('agent-submit'));
    expect(await within(dialog).findByText('请输入新账号的邮箱')).toBeInTheDocument();
    expect(within(dialog).getByText('请为新账号设置密码')).toBeInTheDocument();

    // A sub-agent needs its main agent before anything is sent.
    const type = within(dialog).getByTestId('field-agent-type');
    await user.click(within(type).getByText('子代理'));
    await fill(user, within(dialog).getByTestId('field-email'), 'nora@example.com');
    await fill(user, within(dialog).getByTestId('field-password'), 'Secret123');
    await fill(user, within(dialog).getByTestId('field-username'), 'nora');
    await fill(user, within(dialog).getByTestId('field-company'), 'North Bay');
    await user.click(within(dialog).getByTestId('agent-submit'));
    expect(await within(dialog).findByText('请选择该二级代理的上级代理')).toBeInTheDocument();
    expect(server.bodiesOf(api.proxy.add)).toEqual([]);

    await user.click(within(type).getByText('主代理'));
    await user.click(within(dialog).getByTestId('agent-submit'));
    expect(await within(dialog).findByText('该邮箱已被注册')).toBeInTheDocument();

    server.ok(api.proxy.add, agentOf(9, { email: 'nora@example.com' }));
    await user.click(within(dialog).getByTestId('agent-submit'));
    expect(await screen.findByText('代理 nora@example.com 已创建')).toBeInTheDocument();
    expect(server.bodiesOf(api.proxy.add)).toHaveLength(2);
    expect(server.bodiesOf(api.proxy.add)[1]).toEqual({
      email: 'nora@example.com',
      password: 'Secret123',
      username: 'nora',
      name: '',
      company_short_name: 'North Bay',
      phone: '',
      wechat: '',
      agent_type: 'main',
      main_agent_id: null,
    });
  });

  it('opens the studios tab from the address, with no way to add an agent there', async () => {
    const user = newUser();
    server
      .ok(api.studio.list, pageOf([studioOf(11, { name: 'Sunset Studio', email: 'sunset@example.com' })]))
      .ok(api.studio.count, { total: 1, paid: 1, unpaid: 0, expired: 0, new_this_month: 0 })
      .ok(api.studio.top, { list: [] });
    signInAs('super');
    const { router } = renderPage(<AgentsPage />, { path, url: '/agents?tab=studios' });

    expect(await screen.findByTestId('row-sunset@example.com')).toBeInTheDocument();
    expect(screen.queryByTestId('agent-add')).toBeNull();
    // The agents' list is not read until its tab opens (the studios' agent filter reads its own page).
    expect(screen.queryByTestId('agents-table')).toBeNull();
    expect(server.bodiesOf(api.proxy.list).filter((body) => body.page_size === 20)).toEqual([]);

    await user.click(screen.getByTestId('tab-agents'));
    expect(await screen.findByTestId('row-alex@example.com')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=agents');
    expect(screen.getByTestId('agent-add')).toBeInTheDocument();
  });
});

describe('the agents page for a regional agent, in Chinese', () => {
  it('adds agents only as its own sub-agents, and switches nobody', async () => {
    const user = newUser();
    server.ok(api.proxy.add, agentOf(9, { email: 'kai@example.com', agent_type: 'sub' }));
    signInAs('partner');
    renderPage(<AgentsPage />, { path });

    const main = await screen.findByTestId('row-alex@example.com');
    expect(screen.getByText('您的团队：您和您的子代理，以及旗下工作室、客户和销售额。')).toBeInTheDocument();
    expect(within(main).queryByTestId('row-switch-sub')).toBeNull();
    expect(screen.queryByTestId('row-make-main')).toBeNull();

    await user.click(screen.getByTestId('agent-add'));
    const dialog = await dialogOf('agent-submit');
    expect(screen.getByTestId('agent-add')).toHaveTextContent('新增子代理');
    expect(dialog).toHaveTextContent('新代理将作为您的子代理加入您的团队。');
    expect(within(dialog).queryByTestId('field-agent-type')).toBeNull();
    await fill(user, within(dialog).getByTestId('field-email'), 'kai@example.com');
    await fill(user, within(dialog).getByTestId('field-password'), 'Secret123');
    await fill(user, within(dialog).getByTestId('field-username'), 'kai');
    await user.click(within(dialog).getByTestId('agent-submit'));

    expect(await screen.findByText('代理 kai@example.com 已创建')).toBeInTheDocument();
    expect(server.bodiesOf(api.proxy.add)).toEqual([
      expect.objectContaining({ email: 'kai@example.com', agent_type: 'sub', main_agent_id: null }),
    ]);
  });

  it('gives a sub-agent no way to add agents, and no invitation in an empty list', async () => {
    server.ok(api.proxy.list, pageOf([]));
    signInAs('partner', { agent_type: 'sub' });
    renderPage(<AgentsPage />, { path });

    const empty = await screen.findByTestId('list-empty');
    expect(empty).toHaveTextContent('暂无代理');
    expect(empty).not.toHaveTextContent('点击上方按钮添加第一个代理。');
    expect(screen.queryByTestId('agent-add')).toBeNull();
  });
});
