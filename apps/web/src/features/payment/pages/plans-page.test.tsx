// @vitest-environment happy-dom
import { newUser, setLanguage } from '../../../test/dom';
import { api, PAY_STATUS } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeApi, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { PlansPage } from './plans-page';
import { growthPlan, priceListOf, starterPlan, studioMembership, videoPack } from './test-fixtures';

const server = new FakeApi();
const show = (search = '') => renderPage(<PlansPage />, { path: '/plans', url: `/plans${search}` });

/** The enabled packages of one type, all on one page, as the chooser asks for them. */
const catalogue = (type: 'business' | 'studio' | 'addon') => ({ type, status: 'enabled', page_size: 100 });

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'payment']);
});
beforeEach(() => {
  server.reset().on(api.price.list, (body) => ({
    code: '200',
    data: priceListOf(body.type === 'studio' ? [studioMembership] : body.type === 'addon' ? [videoPack] : [growthPlan, starterPlan]),
  }));
});

describe('the plan chooser for a visitor, in Chinese', () => {
  it('asks how to join first, then lists that type’s packages priced in dollars', async () => {
    const user = newUser();
    const { router } = show();
    expect(screen.getByTestId('plans-hint')).toHaveTextContent('请选择加入方式，查看对应的套餐。');
    expect(screen.getByTestId('join-type-business')).toHaveTextContent('我是商家');
    expect(screen.getByTestId('join-type-studio')).toHaveAttribute('aria-checked', 'false');
    expect(server.calls).toEqual([]);

    await user.click(screen.getByTestId('join-type-business'));
    expect(router.state.location.search).toBe('?type=business');
    expect(screen.getByTestId('plans-heading')).toHaveTextContent('商家套餐');
    const card = await screen.findByTestId('plan-card-3');
    expect(card).toHaveTextContent('Local Growth');
    expect(card).toHaveTextContent('Popular');
    // The list price struck through, the price per 30 days, and the first purchase's price.
    expect(within(card).getByLabelText('原价 $1,299.00')).toHaveTextContent('$1,299.00');
    expect(within(card).getByTestId('plan-card-price-3')).toHaveTextContent('$999.00');
    expect(within(card).getByTestId('plan-card-first-3')).toHaveTextContent('首次购买： $899.00');
    expect(card).toHaveTextContent('每月 150 积分');
    expect(within(card).getByTestId('plan-choose-3')).toHaveAttribute('href', '/plans/3');
    // No discount left, no strike-through and no first price.
    const starter = screen.getByTestId('plan-card-2');
    expect(within(starter).getByTestId('plan-card-price-2')).toHaveTextContent('$499.00');
    expect(within(starter).queryByTestId('plan-card-first-2')).toBeNull();
    expect(starter.querySelector('s')).toBeNull();
    expect(server.bodiesOf(api.price.list)).toEqual([catalogue('business')]);
    // A visitor has no plan and no add-ons to extend one.
    expect(screen.queryByTestId('my-plan')).toBeNull();
    expect(screen.queryByTestId('plans-addons')).toBeNull();
  });

  it('opens on the type the address names', async () => {
    show('?type=studio');
    expect(screen.getByTestId('join-type-studio')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('plans-heading')).toHaveTextContent('工作室会员');
    expect(await screen.findByTestId('plan-card-5')).toHaveTextContent('$299.00');
    expect(server.bodiesOf(api.price.list)).toEqual([catalogue('studio')]);
  });

  it('shows placeholders while the packages are on their way', async () => {
    server.hang(api.price.list);
    show('?type=business');
    expect(await screen.findByTestId('plans-list-loading')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByTestId('plans-list')).toBeNull();
  });

  it('says when no package of the type is on sale', async () => {
    server.ok(api.price.list, priceListOf([]));
    show('?type=business');
    expect(await screen.findByTestId('plans-list-empty')).toHaveTextContent('该类型暂无在售套餐，请稍后再来看看。');
  });

  it('shows a failed list with the server’s reason and a retry', async () => {
    server.sequence(api.price.list, [
      { code: '500', msg: '服务器繁忙', data: null },
      { code: '200', data: priceListOf([growthPlan]) },
    ]);
    show('?type=business');
    const failed = await screen.findByTestId('plans-list-error');
    expect(failed).toHaveTextContent('加载失败，请重试');
    expect(failed).toHaveTextContent('服务器繁忙');
    await newUser().click(within(failed).getByTestId('plans-list-retry'));
    expect(await screen.findByTestId('plan-card-3')).toBeInTheDocument();
  });
});

describe('the plan chooser for a signed-in buyer, in Chinese', () => {
  it('shows a paying merchant its plan to renew, only merchant plans, and the add-ons', async () => {
    signInAs('client', { pay_status: PAY_STATUS.paid, expire_time: '2027-02-01T12:00:00.000Z' });
    server.ok(api.payment.plan, { plan: { package_id: 3, package_name: 'Local Growth', package_type: 'business', paid_time: '2026-12-01T10:00:00.000Z' } });
    // Whatever the address asks, a merchant sees only what it can buy.
    show('?type=studio');
    expect(screen.queryByTestId('join-type-studio')).toBeNull();
    expect(screen.getByTestId('plans-heading')).toHaveTextContent('商家套餐');
    const mine = await screen.findByTestId('my-plan');
    await waitFor(() => expect(within(mine).getByTestId('my-plan-name')).toHaveTextContent('您的套餐：Local Growth'));
    expect(within(mine).getByTestId('my-plan-expiry')).toHaveTextContent('有效期至 2027/02/01。');
    expect(within(mine).getByTestId('my-plan-renew')).toHaveAttribute('href', '/plans/3');
    // Its own package is marked and offered as a renewal.
    const current = await screen.findByTestId('plan-card-3');
    expect(within(current).getByTestId('plan-card-current-3')).toHaveTextContent('当前套餐');
    expect(within(current).getByTestId('plan-choose-3')).toHaveTextContent('续费');
    expect(within(screen.getByTestId('plan-card-2')).getByTestId('plan-choose-2')).toHaveTextContent('选择此套餐');
    const addons = screen.getByTestId('plans-addons');
    expect(addons).toHaveTextContent('增值包');
    expect(within(addons).getByTestId('plan-card-price-8')).toHaveTextContent('$49.00');
    expect(server.bodiesOf(api.price.list)).toEqual(expect.arrayContaining([catalogue('business'), catalogue('addon')]));
    expect(server.bodiesOf(api.price.list)).toHaveLength(2);
  });

  it('offers an unpaid studio its membership without add-ons or a plan of its own', async () => {
    signInAs('studio', { pay_status: PAY_STATUS.unpaid });
    show();
    expect(await screen.findByTestId('plan-card-5')).toBeInTheDocument();
    expect(screen.queryByTestId('join-type-business')).toBeNull();
    expect(screen.queryByTestId('my-plan')).toBeNull();
    expect(screen.queryByTestId('plans-addons')).toBeNull();
    expect(server.bodiesOf(api.price.list)).toEqual([catalogue('studio')]);
    expect(server.bodiesOf(api.payment.plan)).toEqual([]);
  });
});
