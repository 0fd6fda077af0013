import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let superToken: string;
type Pkg = { id: number; name: string; type: string; status: string; payable_cents: number; first_purchase: boolean; actual_price_cents: number };
type Page = { list: Pkg[]; total: number };

beforeAll(async () => {
  t = await createTestApp();
  superToken = await t.login('super@example.com');
});
afterAll(() => t.close());

const valid = { name: 'Neighbourhood Pro', type: 'business', base_price_cents: 150_000, actual_price_cents: 120_000, discount_cents: 20_000, features: ['Daily videos'] };

describe('pricing packages', () => {
  it('seeds a merchant plan, a studio membership and an add-on', async () => {
    const list = await t.call<Page>('/v1/price/list', {});
    expect(list.data.list.map((pkg) => pkg.type).sort()).toEqual(['addon', 'business', 'studio']);
    const merchant = list.data.list.find((pkg) => pkg.type === 'business')!;
    expect(merchant.actual_price_cents).toBeGreaterThanOrEqual(90_000);
    expect(merchant.actual_price_cents).toBeLessThanOrEqual(110_000);
  });

  it('lets the super admin create, update, disable and delete a package', async () => {
    const created = await t.call<Pkg>('/v1/price/add', valid, { token: superToken });
    expect(created.code).toBe('200');
    expect(created.data).toMatchObject({ name: 'Neighbourhood Pro', status: 'enabled', payable_cents: 100_000, first_purchase: true });

    const updated = await t.call<Pkg>('/v1/price/update', { id: created.data.id, status: 'disabled', tag: 'Pilot' }, { token: superToken });
    expect(updated.data).toMatchObject({ status: 'disabled', name: 'Neighbourhood Pro' });

    // Disabled packages are hidden from everyone but the super admin.
    const publicList = await t.call<Page>('/v1/price/list', { page_size: 100 });
    expect(publicList.data.list.map((pkg) => pkg.id)).not.toContain(created.data.id);
    expect((await t.call('/v1/price/get', { id: created.data.id })).code).toBe('404');
    const superList = await t.call<Page>('/v1/price/list', { status: 'disabled' }, { token: superToken });
    expect(superList.data.list.map((pkg) => pkg.id)).toEqual([created.data.id]);

    expect((await t.call('/v1/price/delete', { id: created.data.id }, { token: superToken })).code).toBe('200');
    expect((await t.call('/v1/price/get', { id: created.data.id }, { token: superToken })).code).toBe('404');
  });

  it('asks for the package name and consistent prices', async () => {
    const missing = await t.call('/v1/price/add', { ...valid, name: ' ' }, { token: superToken });
    expect(missing).toMatchObject({ code: '400', msg: 'Please enter the package name' });
    const above = await t.call('/v1/price/add', { ...valid, actual_price_cents: 200_000 }, { token: superToken });
    expect(above.data).toEqual({ fields: { actual_price_cents: 'The actual price cannot be above the base price' } });
    const discount = await t.call('/v1/price/add', { ...valid, discount_cents: 130_000 }, { token: superToken });
    expect(discount.data).toEqual({ fields: { discount_cents: 'The discount cannot be above the actual price' } });
    const fractional = await t.call('/v1/price/add', { ...valid, base_price_cents: 10.5 }, { token: superToken });
    expect(fractional.code).toBe('400');
    const colour = await t.call('/v1/price/add', { ...valid, button_color: 'red' }, { token: superToken });
    expect(colour.data).toEqual({ fields: { button_color: 'Use a colour such as #7c5cff' } });
    const list = await t.call<Page>('/v1/price/list', { keyword: 'Neighbourhood' }, { token: superToken });
    expect(list.data.total).toBe(0);
  });

  it('checks an update against the stored prices', async () => {
    const created = await t.call<Pkg>('/v1/price/add', { ...valid, name: 'Checked' }, { token: superToken });
    const response = await t.call('/v1/price/update', { id: created.data.id, actual_price_cents: 160_000 }, { token: superToken });
    expect(response.data).toEqual({ fields: { actual_price_cents: 'The actual price cannot be above the base price' } });
  });

  it('changes only the fields an update sends', async () => {
    const full = {
      ...valid,
      name: 'Kept',
      tag: 'Pilot',
      monthly_credits: 40,
      button_color: '#ff5500',
      check_color: '#00aa44',
      gradient_start: '#111111',
      gradient_end: '#222222',
      learning_course: 'Basics',
      features: ['Daily videos', 'Weekly report'],
      sort_order: 7,
    };
    const created = await t.call<Pkg>('/v1/price/add', full, { token: superToken });
    // The status switch of the pricing screen sends nothing else.
    const switched = await t.call('/v1/price/update', { id: created.data.id, status: 'disabled' }, { token: superToken });
    expect(switched.code).toBe('200');
    const stored = await t.call('/v1/price/get', { id: created.data.id }, { token: superToken });
    expect(stored.data).toMatchObject({ ...full, status: 'disabled' });
  });

  it('keeps package management to the super admin', async () => {
    for (const email of ['admin@example.com', 'agent@example.com', 'client@example.com']) {
      const token = await t.login(email);
      expect((await t.call('/v1/price/add', valid, { token })).code, email).toBe('403');
    }
    expect((await t.call('/v1/price/add', valid)).code).toBe('403');
  });

  it('prices the first purchase only for a buyer who has not used the discount', async () => {
    const fresh = await t.login('newclient@example.com');
    const paid = await t.login('client@example.com');
    const pkg = (await t.call<Page>('/v1/price/list', { type: 'business' })).data.list[0]!;
    const forFresh = await t.call<Pkg>('/v1/price/get', { id: pkg.id }, { token: fresh });
    const forPaid = await t.call<Pkg>('/v1/price/get', { id: pkg.id }, { token: paid });
    expect(forFresh.data.first_purchase).toBe(true);
    expect(forPaid.data).toMatchObject({ first_purchase: false, payable_cents: pkg.actual_price_cents });
    expect(forFresh.data.payable_cents).toBeLessThan(forPaid.data.payable_cents);
  });
});
