// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, type PricePackage } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeApi, pageOf, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { fill, pick, tableSpinner } from '../../../test/antd';
import { PricingPage } from './pricing-page';

const growth: PricePackage = {
  id: 3,
  name: 'Local Growth',
  tag: 'Popular',
  type: 'business',
  base_price_cents: 129_900,
  actual_price_cents: 99_900,
  discount_cents: 10_000,
  monthly_credits: 1_500,
  button_color: '#7c5cff',
  check_color: '#22d3ee',
  gradient_start: '#7c5cff',
  gradient_end: '#22d3ee',
  learning_course: '',
  features: ['About 150 videos a month'],
  status: 'enabled',
  sort_order: 0,
  create_time: '2026-10-05T08:00:00.000Z',
  payable_cents: 89_900,
  first_purchase: true,
  texts: {
    en: { name: 'Local Growth', tag: 'Popular', features: ['About 150 videos a month'] },
    zh: { name: '本地增长', tag: '最受欢迎', features: [] },
    es: { name: '', tag: '', features: [] },
  },
};
const studio: PricePackage = {
  ...growth,
  id: 4,
  name: 'Studio Membership',
  tag: '',
  type: 'studio',
  base_price_cents: 29_900,
  actual_price_cents: 29_900,
  discount_cents: 0,
  monthly_credits: 0,
  status: 'disabled',
  payable_cents: 29_900,
  texts: { en: { name: 'Studio Membership', tag: '', features: [] }, zh: { name: '', tag: '', features: [] }, es: { name: '', tag: '', features: [] } },
};

const server = new FakeApi();
const show = () => renderPage(<PricingPage />, { path: '/pricing' });

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'pricing']);
  setViewportWidth(1280);
});
beforeEach(() => {
  // The package form is drawn with the page (hidden until opened) and lists the courses.
  server.reset().ok(api.learn.courseList, pageOf([], { page_size: 100 }));
  signInAs('super');
});

describe('the pricing page, in Chinese', () => {
  it('lists every package, enabled or not, with its prices in dollars', async () => {
    server.ok(api.price.list, pageOf([growth, studio]));
    show();
    const row = await screen.findByTestId('price-row-Local Growth');
    expect(within(row).getByTestId('price-name-cell')).toHaveTextContent('Local Growth');
    expect(within(row).getByTestId('price-tag-cell')).toHaveTextContent('Popular');
    expect(row).toHaveTextContent('商家套餐');
    expect(within(row).getByTestId('price-base-cell')).toHaveTextContent('$1,299.00');
    expect(within(row).getByTestId('price-actual-cell')).toHaveTextContent('$999.00');
    expect(within(row).getByTestId('price-discount-cell')).toHaveTextContent('$100.00');
    expect(row).toHaveTextContent('1,500');
    expect(row).toHaveTextContent('2026/10/05');
    expect(within(row).getByTestId('price-status-label')).toHaveTextContent('已启用');
    // A disabled package is listed too, greyed, and a zero discount is a dash.
    const off = screen.getByTestId('price-row-Studio Membership');
    expect(off).toHaveClass('pricing-row--off');
    expect(off).toHaveTextContent('工作室会员');
    expect(within(off).getByTestId('price-status-label')).toHaveTextContent('已停用');
    expect(within(off).queryByTestId('price-discount-cell')).toBeNull();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(server.bodiesOf(api.price.list)).toEqual([{ page: 1, page_size: 20 }]);
  });

  it('shows the table loading, then a failed list with the server’s reason and a retry', async () => {
    // The first answer waits until the test lets it fail: the loading state is on screen meanwhile.
    let fail: () => void = () => {};
    const failed = new Promise<void>((resolve) => (fail = resolve));
    server.on(api.price.list, async (_body, call) => {
      if (call > 0) return { code: '200', data: pageOf([growth]) };
      await failed;
      return { code: '500', msg: '服务器繁忙', data: null };
    });
    show();
    const table = await screen.findByTestId('price-table');
    expect(tableSpinner(table)).not.toBeNull();
    expect(screen.queryByTestId('price-empty')).toBeNull();

    fail();
    const error = await screen.findByTestId('price-error');
    expect(error).toHaveTextContent('加载失败，请重试');
    expect(error).toHaveTextContent('服务器繁忙');
    await newUser().click(within(error).getByTestId('price-retry'));
    expect(await screen.findByTestId('price-row-Local Growth')).toBeInTheDocument();
  });

  it('invites the first package when there is none', async () => {
    server.ok(api.price.list, pageOf([]));
    show();
    const empty = await screen.findByTestId('price-empty');
    expect(empty).toHaveTextContent('还没有套餐');
    expect(empty).toHaveTextContent('创建第一个套餐。启用后，商家和工作室即可在价格页购买。');
    expect(within(empty).getByRole('button')).toHaveTextContent('新建套餐');
  });

  it('filters by type and name, says when nothing matches, and clears the filters', async () => {
    const user = newUser();
    server.on(api.price.list, (body) => ({ code: '200', data: pageOf(body.keyword ? [] : [growth, studio].filter((pkg) => !body.type || pkg.type === body.type)) }));
    show();
    await screen.findByTestId('price-row-Local Growth');
    await pick(user, screen.getByRole('combobox', { name: '全部类型' }), '工作室会员');
    await waitFor(() => expect(screen.queryByTestId('price-row-Local Growth')).toBeNull());
    expect(screen.getByTestId('price-row-Studio Membership')).toBeInTheDocument();
    expect(server.bodiesOf(api.price.list).at(-1)).toEqual({ type: 'studio', page: 1, page_size: 20 });

    await fill(user, screen.getByPlaceholderText('按套餐名称搜索'), 'Nada');
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('price-empty')).toHaveTextContent('没有符合筛选条件的结果');
    expect(server.bodiesOf(api.price.list).at(-1)).toEqual({ type: 'studio', keyword: 'Nada', page: 1, page_size: 20 });

    await user.click(screen.getByTestId('price-filter-reset'));
    expect(await screen.findByTestId('price-row-Local Growth')).toBeInTheDocument();
    expect(server.bodiesOf(api.price.list).at(-1)).toEqual({ page: 1, page_size: 20 });
  });

  it('checks the prices before sending anything, then creates the package from the dollars typed, sent as cents', async () => {
    const user = newUser();
    server.ok(api.price.list, pageOf([])).on(api.price.add, () => ({ code: '200', data: { ...growth, id: 9, name: 'Street Starter' } }));
    show();
    await user.click(await screen.findByTestId('price-create'));
    await fill(user, 'price-name', 'Street Starter');
    await fill(user, 'price-base', '999');
    await fill(user, 'price-actual', '999.99');
    await user.click(screen.getByTestId('price-submit'));
    // The contract's own rule, in the interface language, under the field.
    expect(await screen.findByText('实际价格不能高于原价')).toBeInTheDocument();
    expect(server.bodiesOf(api.price.add)).toEqual([]);

    await fill(user, 'price-base', '1299', { replace: true });
    await fill(user, 'price-discount', '100');
    await fill(user, 'price-feature-0', 'About 150 videos a month');
    // What a first buyer and a returning one pay, in the interface's money style.
    expect(await screen.findByTestId('price-payable')).toHaveTextContent('首次购买 $899.99，之后每 30 天 $999.99。');
    await user.click(screen.getByTestId('price-submit'));
    expect(await screen.findByText('已创建：Street Starter')).toBeInTheDocument();
    expect(server.bodiesOf(api.price.add)).toEqual([
      expect.objectContaining({
        name: 'Street Starter',
        type: 'business',
        base_price_cents: 129_900,
        actual_price_cents: 99_999,
        discount_cents: 10_000,
        features: ['About 150 videos a month'],
        status: 'enabled',
      }),
    ]);
  });

  it('disables a package with its switch, and deletes one after a confirmation', async () => {
    const user = newUser();
    server
      .ok(api.price.list, pageOf([growth, studio]))
      .on(api.price.update, (body) => ({ code: '200', data: { ...growth, status: body.status ?? growth.status } }))
      .ok(api.price.delete, null);
    show();
    const row = await screen.findByTestId('price-row-Local Growth');
    await user.click(within(row).getByTestId('price-status-Local Growth'));
    expect(await screen.findByText('已停用：Local Growth 已从价格页隐藏')).toBeInTheDocument();
    expect(server.bodiesOf(api.price.update)).toEqual([{ id: 3, status: 'disabled' }]);

    await user.click(within(screen.getByTestId('price-row-Studio Membership')).getByTestId('price-delete'));
    expect(await screen.findByText('确定要删除吗？')).toBeInTheDocument();
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('已删除：Studio Membership')).toBeInTheDocument();
    expect(server.bodiesOf(api.price.delete)).toEqual([{ id: 4 }]);
  });
});
