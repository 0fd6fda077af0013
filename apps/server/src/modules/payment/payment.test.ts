import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
type Checkout = { order_id: number; session_id: string; url: string; amount_cents: number; provider: string };
type Verified = { status: string; order: { status: string; amount_cents: number }; user: { pay_status: number; expire_time: string | null } | null };

beforeAll(async () => {
  t = await createTestApp({ areas: true });
});
afterAll(() => t.close());

const packageOf = async (type: string) =>
  (await t.query<{ id: number; actual_price_cents: number; discount_cents: number }>(sql`
    select id, actual_price_cents, discount_cents from packages where type = ${type} order by id limit 1`))[0]!;

async function sandbox(session: string, decision: 'pay' | 'decline' | 'cancel') {
  return t.app.inject({ method: 'POST', url: `/sandbox/checkout/${session}/${decision}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
}

const accountOf = async (email: string) =>
  (await t.query<{ id: number; pay_status: number; expire_ms: number | null; first_discount_used: boolean; order_count: number; consumption_cents: number; city_id: number | null }>(sql`
    select id, pay_status, (extract(epoch from expire_at) * 1000)::float8 as expire_ms, first_discount_used, order_count,
           consumption_cents::int as consumption_cents, city_id
      from accounts where email = ${email}`))[0]!;

async function newBuyer(email: string, joinType: 'business' | 'studio' = 'business') {
  await t.call('/v1/base/send', { email, scene: 'register' });
  const code = /\b(\d{6})\b/.exec(t.mailer.lastTo(email)!.text)![1];
  const signed = await t.call<{ token: string }>('/v1/account/sign', {
    username: email.split('@')[0], email, password: 'Buyer-pass-1', confirm_password: 'Buyer-pass-1', code, join_type: joinType,
  });
  return signed.data.token;
}

describe('sandbox checkout', () => {
  it('takes a new shop owner from checkout to a paid plan, once, with the first-purchase discount', async () => {
    const token = await newBuyer('shop1@example.com');
    const pkg = await packageOf('business');
    const checkout = await t.call<Checkout>('/v1/payment/stripe', { package_id: pkg.id }, { token });
    expect(checkout.code).toBe('200');
    expect(checkout.data).toMatchObject({ provider: 'sandbox', amount_cents: pkg.actual_price_cents - pkg.discount_cents });
    expect(checkout.data.url).toBe(`http://localhost:3000/sandbox/checkout/${checkout.data.session_id}`);

    const page = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkout.data.session_id}` });
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain(`$${((pkg.actual_price_cents - pkg.discount_cents) / 100).toFixed(2)}`);
    // The app's language named in the address wins over the browser's own Accept-Language.
    const chinese = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkout.data.session_id}?lang=zh-CN`, headers: { 'accept-language': 'en-US' } });
    expect(chinese.body).toContain('测试模式');
    expect(chinese.body).not.toContain('TEST MODE');
    const spanish = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkout.data.session_id}`, headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    expect(spanish.body).toContain('MODO DE PRUEBA');

    const pending = await t.call<Verified>('/v1/payment/stripe/callback', { session_id: checkout.data.session_id }, { token });
    expect(pending.data.status).toBe('pending');

    const paid = await sandbox(checkout.data.session_id, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://localhost:3000/payment?session_id=${checkout.data.session_id}`);

    const verified = await t.call<Verified>('/v1/payment/stripe/callback', { session_id: checkout.data.session_id }, { token });
    expect(verified.data.status).toBe('paid');
    expect(verified.data.user?.pay_status).toBe(1);
    const days = (Date.parse(verified.data.user!.expire_time!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // Verifying again changes nothing.
    await t.call('/v1/payment/stripe/callback', { session_id: checkout.data.session_id }, { token });
    const buyer = await accountOf('shop1@example.com');
    expect(buyer).toMatchObject({ order_count: 1, first_discount_used: true, consumption_cents: pkg.actual_price_cents - pkg.discount_cents });
    expect(await t.query(sql`select count(*)::int as n from payments where account_id = ${buyer.id}`)).toEqual([{ n: 1 }]);

    // The discount was once: a renewal pays full price and extends from the current expiry.
    const renewal = await t.call<Checkout>('/v1/payment/stripe', { package_id: pkg.id }, { token });
    expect(renewal.data.amount_cents).toBe(pkg.actual_price_cents);
    await sandbox(renewal.data.session_id, 'pay');
    await t.call('/v1/payment/stripe/callback', { session_id: renewal.data.session_id }, { token });
    const renewed = await accountOf('shop1@example.com');
    expect((renewed.expire_ms! - buyer.expire_ms!) / 86_400_000).toBeCloseTo(30, 3);
    // The activity feed tells the first purchase from the renewal by the event alone.
    const told = await t.query<{ renewal: boolean }>(sql`
      select (payload->>'renewal')::boolean as renewal from events where type = 'payment.completed' and account_id = ${buyer.id} order by id`);
    expect(told).toEqual([{ renewal: false }, { renewal: true }]);
  });

  it("tells a buyer its own plan: none before buying, then the package it paid for", async () => {
    const token = await newBuyer('myplan@example.com');
    const before = await t.call<{ plan: unknown }>('/v1/payment/plan', {}, { token });
    expect(before).toMatchObject({ code: '200', data: { plan: null } });

    const pkg = await packageOf('business');
    const name = (await t.query<{ name: string }>(sql`select name from packages where id = ${pkg.id}`))[0]!.name;
    const checkout = await t.call<Checkout>('/v1/payment/stripe', { package_id: pkg.id }, { token });
    await sandbox(checkout.data.session_id, 'pay');
    await t.call('/v1/payment/stripe/callback', { session_id: checkout.data.session_id }, { token });

    const after = await t.call<{ plan: { package_id: number; package_name: string; package_type: string; paid_time: string } }>('/v1/payment/plan', {}, { token });
    expect(after.data.plan).toMatchObject({ package_id: pkg.id, package_name: name, package_type: 'business' });
    expect(Number.isNaN(Date.parse(after.data.plan.paid_time))).toBe(false);
    // Without a session there is no plan to tell.
    expect((await t.call('/v1/payment/plan', {})).code).toBe('403');
  });

  it('fulfils once when verification arrives many times at the same moment', async () => {
    const token = await newBuyer('shop2@example.com');
    const pkg = await packageOf('business');
    const checkout = await t.call<Checkout>('/v1/payment/stripe', { package_id: pkg.id }, { token });
    await sandbox(checkout.data.session_id, 'pay');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.call<Verified>('/v1/payment/stripe/callback', { session_id: checkout.data.session_id }, { token })),
    );
    expect(answers.map((answer) => answer.data.status)).toEqual(Array(6).fill('paid'));
    const buyer = await accountOf('shop2@example.com');
    expect(buyer.order_count).toBe(1);
    expect((buyer.expire_ms! - Date.now()) / 86_400_000).toBeLessThanOrEqual(30);
    expect(await t.query(sql`select count(*)::int as n from payments where account_id = ${buyer.id}`)).toEqual([{ n: 1 }]);
  });

  it('shows a declined card as failed and a cancelled checkout as cancelled, changing nothing', async () => {
    const token = await newBuyer('shop3@example.com');
    const pkg = await packageOf('business');
    const declined = await t.call<Checkout>('/v1/payment/stripe', { package_id: pkg.id }, { token });
    const redirect = await sandbox(declined.data.session_id, 'decline');
    expect(redirect.headers.location).toContain(`/payment?session_id=${declined.data.session_id}`);
    expect((await t.call<Verified>('/v1/payment/stripe/callback', { session_id: declined.data.session_id }, { token })).data.status).toBe('failed');
    // A decided session cannot be paid afterwards.
    await sandbox(declined.data.session_id, 'pay');
    expect((await t.call<Verified>('/v1/payment/stripe/callback', { session_id: declined.data.session_id }, { token })).data.status).toBe('failed');

    const cancelled = await t.call<Checkout>('/v1/payment/stripe', { package_id: pkg.id }, { token });
    expect((await sandbox(cancelled.data.session_id, 'cancel')).headers.location).toBe('http://localhost:3000/');
    expect((await t.call<Verified>('/v1/payment/stripe/callback', { session_id: cancelled.data.session_id }, { token })).data.status).toBe('cancelled');
    expect(await accountOf('shop3@example.com')).toMatchObject({ pay_status: 0, order_count: 0, first_discount_used: false });
  });

  it('answers an unknown or missing session with the spec messages', async () => {
    const token = await t.login('newclient@example.com');
    const missing = await t.call('/v1/payment/stripe/callback', {}, { token });
    expect(missing).toMatchObject({ code: '400', msg: 'No valid session_id detected' });
    const unknown = await t.call('/v1/payment/stripe/callback', { session_id: 'cs_sandbox_nope' }, { token });
    expect(unknown).toMatchObject({ code: '404', msg: 'We cannot verify your payment. Please try again or contact customer service.' });
  });

  it('does not let one buyer verify another buyer session', async () => {
    const owner = await newBuyer('shop4@example.com');
    const pkg = await packageOf('business');
    const checkout = await t.call<Checkout>('/v1/payment/stripe', { package_id: pkg.id }, { token: owner });
    const other = await t.login('newclient@example.com');
    expect((await t.call('/v1/payment/stripe/callback', { session_id: checkout.data.session_id }, { token: other })).code).toBe('404');
  });

  it('sells each package type only to its buyers', async () => {
    const client = await t.login('newclient@example.com');
    const studioPkg = await packageOf('studio');
    const wrong = await t.call('/v1/payment/stripe', { package_id: studioPkg.id, city_id: 1 }, { token: client });
    expect(wrong).toMatchObject({ code: '422', msg: 'This package is not for your account type' });
    const agent = await t.login('agent@example.com');
    expect((await t.call('/v1/payment/stripe', { package_id: studioPkg.id }, { token: agent })).code).toBe('403');
  });

  it('sells an add-on only beside a running plan', async () => {
    const addon = await packageOf('addon');
    const unpaid = await t.call('/v1/payment/stripe', { package_id: addon.id }, { token: await t.login('newclient@example.com') });
    expect(unpaid).toMatchObject({ code: '422', msg: 'An add-on extends a plan: choose a plan first' });
    const paid = await t.call('/v1/payment/stripe', { package_id: addon.id }, { token: await t.login('client@example.com') });
    expect(paid.code).toBe('200');
  });
});

describe('studio places', () => {
  let cityId: number;
  let cityName: string;

  beforeAll(async () => {
    const [city] = await t.query<{ id: number; name: string }>(sql`
      select c.id, c.name from areas c join areas s on s.id = c.parent_id where c.type = 'city' and s.code = 'NV' order by c.name limit 1`);
    cityId = city!.id;
    cityName = city!.name;
    // 98 paid studios already work there.
    await t.query(sql`
      insert into accounts (email, password_hash, referral_code, account_type, pay_status, city_id)
      select 'filler' || i || '@example.com', 'x', 'FILL' || lpad(i::text, 4, '0'), 1, 1, ${cityId} from generate_series(1, 98) i`);
  });

  it('asks a studio for its city and shows the places left', async () => {
    const token = await newBuyer('studio-a@example.com', 'studio');
    const pkg = await packageOf('studio');
    const noCity = await t.call('/v1/payment/stripe', { package_id: pkg.id }, { token });
    expect(noCity.data).toEqual({ fields: { city_id: 'Please choose the city of your studio' } });
    const places = await t.call('/v1/payment/places', { city_id: cityId }, { token });
    expect(places.data).toEqual({ city_id: cityId, city_name: cityName, limit: 100, taken: 98, left: 2, waiting: 0 });
  });

  it('gives the last place to exactly one of two racing studios, and refuses a full city before any money moves', async () => {
    const pkg = await packageOf('studio');
    const first = await newBuyer('studio-b@example.com', 'studio');
    expect((await t.call('/v1/payment/stripe', { package_id: pkg.id, city_id: cityId }, { token: first })).code).toBe('200');

    const racers = await Promise.all([newBuyer('studio-c@example.com', 'studio'), newBuyer('studio-d@example.com', 'studio')]);
    const answers = await Promise.all(racers.map((token) => t.call('/v1/payment/stripe', { package_id: pkg.id, city_id: cityId }, { token })));
    expect(answers.map((answer) => answer.code).sort()).toEqual(['200', '409']);
    expect(answers.find((answer) => answer.code === '409')?.msg).toBe(`No studio places are left in ${cityName}; please choose another city`);

    const late = await newBuyer('studio-e@example.com', 'studio');
    const refused = await t.call('/v1/payment/stripe', { package_id: pkg.id, city_id: cityId }, { token: late });
    expect(refused.code).toBe('409');
    expect(await t.query(sql`select count(*)::int as n from orders o join accounts a on a.id = o.account_id where a.email = 'studio-e@example.com'`)).toEqual([{ n: 0 }]);
  });

  it('places a paid studio in its city', async () => {
    const token = await t.login('studio-b@example.com', 'Buyer-pass-1');
    const [order] = await t.query<{ session_id: string }>(sql`
      select o.session_id from orders o join accounts a on a.id = o.account_id where a.email = 'studio-b@example.com'`);
    await sandbox(order!.session_id, 'pay');
    const verified = await t.call<Verified>('/v1/payment/stripe/callback', { session_id: order!.session_id }, { token });
    expect(verified.data.status).toBe('paid');
    expect((await accountOf('studio-b@example.com')).city_id).toBe(cityId);
    // The whole path is kept, so the settle form opens on that city.
    const [place] = await t.query<{ country: string; state: string; city: string; country_id: number | null }>(sql`
      select country, state, city, country_id from accounts where email = 'studio-b@example.com'`);
    expect(place).toMatchObject({ country: 'United States', city: cityName });
    expect(place!.country_id).not.toBeNull();
  });
});

describe('expiry', () => {
  it('marks lapsed plans expired, and a renewal then pays from now', async () => {
    await t.query(sql`update accounts set expire_at = now() - interval '1 day' where email = 'client@example.com'`);
    expect(await t.app.services.accounts.expireOverdue()).toBeGreaterThanOrEqual(1);
    expect((await accountOf('client@example.com')).pay_status).toBe(2);
    expect(await t.app.services.accounts.expireOverdue()).toBe(0);

    const token = await t.login('client@example.com');
    const pkg = await packageOf('business');
    const checkout = await t.call<Checkout>('/v1/payment/stripe', { package_id: pkg.id }, { token });
    await sandbox(checkout.data.session_id, 'pay');
    await t.call('/v1/payment/stripe/callback', { session_id: checkout.data.session_id }, { token });
    const renewed = await accountOf('client@example.com');
    expect(renewed.pay_status).toBe(1);
    expect((renewed.expire_ms! - Date.now()) / 86_400_000).toBeCloseTo(30, 1);
  });
});
