import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let body: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp({ areas: true });
  const [path] = await t.query<{ country: number; state: number; city: number; county: number }>(sql`
    select co.id as country, s.id as state, c.id as city, cy.id as county
      from areas c join areas s on s.id = c.parent_id join areas co on co.id = s.parent_id join areas cy on cy.parent_id = c.id
     where c.name = 'Beverly Hills' and s.code = 'CA' limit 1`);
  body = {
    name: 'Ana Flores',
    phone: '(310) 555-0142',
    company_short_name: 'Flores Bakery',
    company_full_name: 'Flores Bakery LLC',
    tax_number: '12-3456789',
    country_id: path!.country,
    state_id: path!.state,
    city_id: path!.city,
    county_id: path!.county,
    address: '9500 Wilshire Blvd',
    zip_code: '90210',
    wechat: 'flores_bakery',
  };
});
afterAll(() => t.close());

describe('settle information', () => {
  it('refuses every invalid field with its message and changes nothing', async () => {
    await t.query(sql`update accounts set pay_status = 1 where email = 'newclient@example.com'`);
    const token = await t.login('newclient@example.com');
    const cases: [string, unknown, string][] = [
      ['name', '', 'Please enter your name'],
      ['phone', '', 'Please enter your phone number'],
      ['phone', '555-0142', 'Please enter a 10-digit US phone number'],
      ['company_short_name', '', 'Please enter the company short name'],
      ['company_full_name', '', 'Please enter the company full name'],
      ['tax_number', '', 'Please enter the tax number (EIN)'],
      ['tax_number', '123456789', 'The tax number looks like XX-XXXXXXX (9 digits)'],
      ['country_id', undefined, 'Please choose the country'],
      ['state_id', undefined, 'Please choose the state'],
      ['city_id', undefined, 'Please choose the city'],
      ['county_id', undefined, 'Please choose the county'],
      ['address', ' ', 'Please enter the detailed address'],
      ['zip_code', '', 'Please enter the ZIP code'],
      ['zip_code', '9021', 'Please enter a valid ZIP code, such as 90210'],
      ['wechat', '', 'Please enter your WeChat ID'],
      ['wechat', 'abc', 'WeChat ID must be 6 to 50 characters'],
      ['wechat', 'x'.repeat(51), 'WeChat ID must be 6 to 50 characters'],
    ];
    for (const [field, value, message] of cases) {
      const response = await t.call('/v1/account/area', { ...body, [field]: value }, { token });
      expect(response.data, `${field}=${String(value)}`).toEqual({ fields: { [field]: message } });
    }
    const mismatch = await t.call('/v1/account/area', { ...body, county_id: body.city_id }, { token });
    expect(mismatch.data).toEqual({ fields: { county_id: 'The country, state, city and county must belong together' } });
    expect(await t.query(sql`select info_status from accounts where email = 'newclient@example.com'`)).toEqual([{ info_status: 0 }]);
  });

  it('stores the information and marks it complete', async () => {
    const token = await t.login('newclient@example.com');
    const response = await t.call<Record<string, unknown>>('/v1/account/area', body, { token });
    expect(response.code).toBe('200');
    expect(response.data).toMatchObject({
      info_status: 1,
      phone: '3105550142',
      tax_number: '12-3456789',
      city: 'Beverly Hills',
      state: 'California',
      country: 'United States',
      zip_code: '90210',
    });
  });

  it('keeps a studio in the city where it took its place', async () => {
    // newstudio@ as if it had paid for a place in another city, then in Beverly Hills.
    const [other] = await t.query<{ id: number }>(sql`select id from areas where type = 'city' and id <> ${body.city_id as number} limit 1`);
    await t.query(sql`update accounts set pay_status = 1, city_id = ${other!.id} where email = 'newstudio@example.com'`);
    const token = await t.login('newstudio@example.com');
    const moved = await t.call('/v1/account/area', body, { token });
    expect(moved).toMatchObject({ code: '400', data: { fields: { city_id: 'A studio stays in the city where it took its place' } } });
    const [unchanged] = await t.query<{ info_status: number; city_id: number }>(sql`select info_status, city_id from accounts where email = 'newstudio@example.com'`);
    expect(unchanged).toEqual({ info_status: 0, city_id: other!.id });

    await t.query(sql`update accounts set city_id = ${body.city_id as number} where email = 'newstudio@example.com'`);
    expect((await t.call('/v1/account/area', body, { token })).code).toBe('200');
    await t.query(sql`update accounts set pay_status = 0, info_status = 0, city_id = null where email = 'newstudio@example.com'`);
  });

  it('is for paid clients and studios only', async () => {
    // Spec §4 sends only a paid account to the settle form; plan gating refuses the rest.
    const unpaid = await t.login('newstudio@example.com');
    expect(await t.call('/v1/account/area', body, { token: unpaid })).toMatchObject({ code: '402', msg: 'This needs an active plan. Choose a plan or renew yours to continue.' });
    const agent = await t.login('agent@example.com');
    expect((await t.call('/v1/account/area', body, { token: agent })).code).toBe('403');
  });
});

describe('contact form', () => {
  it('takes a call-back request from a visitor, with the spec rules', async () => {
    const missing = await t.call('/v1/contact/add', { mobile: '', wechat_id: '' });
    expect(missing.data).toEqual({ fields: { mobile: 'Please enter your phone number', wechat_id: 'Please enter your WeChat ID' } });
    const short = await t.call('/v1/contact/add', { mobile: '3105550100', wechat_id: 'abc' }, { lang: 'es' });
    expect(short.data).toEqual({ fields: { wechat_id: 'El ID de WeChat debe tener de 6 a 50 caracteres' } });
    const saved = await t.call<{ id: number; mobile: string }>('/v1/contact/add', { mobile: '310 555 0100', wechat_id: 'call_me_back', name: 'Luis' });
    expect(saved.data.mobile).toBe('3105550100');
  });

  it('lists requests for staff only, with the account that left one', async () => {
    const token = await t.login('newclient@example.com');
    await t.call('/v1/contact/add', { mobile: '3105550111', wechat_id: 'newclient_wx' }, { token });
    const admin = await t.login('admin@example.com');
    const list = await t.call<{ list: { wechat_id: string; account_email: string | null }[] }>('/v1/contact/list', {}, { token: admin });
    expect(list.data.list.map((row) => [row.wechat_id, row.account_email])).toEqual([
      ['newclient_wx', 'newclient@example.com'],
      ['call_me_back', null],
    ]);
    expect((await t.call('/v1/contact/list', {}, { token })).code).toBe('403');
  });
});
