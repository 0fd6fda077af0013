import type { PromotionStats } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { isBot, PROMOTION_SUBSCRIBER, VISITORS_PER_ADDRESS } from './service.js';

/**
 * A promotion link's funnel: distinct visitors per day (bots and repeats once or not at all, no
 * address kept), scans of its QR code, the signups it brought, their first payments and the
 * commission its owner earned — read back through /v1/promotion/stats within each role's scope.
 */
let t: TestApp;
let studioToken: string;
let studioCode: string;
let studioId: number;

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const visit = (code: string, userAgent: string | null, source?: 'link' | 'qr') =>
  t.call('/v1/promotion/visit', source ? { code, source } : { code }, { headers: { 'user-agent': userAgent ?? '' } });
const stats = async (token: string, body: object = {}) => t.call<PromotionStats>('/v1/promotion/stats', body, { token });

/** Hands every event the attribution has not heard yet to it, as the queue would. */
async function deliverAll(): Promise<void> {
  const owed = await t.query<{ id: number }>(sql`
    select e.id::int as id from events e
     where e.type in ('account.registered', 'payment.completed', 'payment.refunded')
       and not exists (select 1 from event_deliveries d where d.event_id = e.id and d.subscriber = ${PROMOTION_SUBSCRIBER})
     order by e.id`);
  for (const event of owed) await t.app.services.events.deliver({ event_id: event.id, subscriber: PROMOTION_SUBSCRIBER });
}

beforeAll(async () => {
  t = await createTestApp();
  studioToken = await t.login('studio@example.com');
  const [studio] = await t.query<{ id: number; referral_code: string }>(sql`select id, referral_code from accounts where email = 'studio@example.com'`);
  studioId = studio!.id;
  studioCode = studio!.referral_code;
});
afterAll(() => t?.close());

describe('visits', () => {
  it('counts a visitor once a day, a scan as a scan, and neither a bot nor an unknown code', async () => {
    for (const _ of [1, 2, 3]) expect((await visit(studioCode, BROWSER)).code).toBe('200');
    expect((await visit(studioCode.toLowerCase(), PHONE, 'qr')).code).toBe('200');
    expect((await visit(studioCode, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).code).toBe('200');
    expect((await visit(studioCode, 'facebookexternalhit/1.1')).code).toBe('200');
    expect((await visit(studioCode, null)).code).toBe('200');
    // An unknown code answers the same: nothing to probe codes with.
    expect((await visit('NOSUCHCODE', BROWSER)).code).toBe('200');

    const today = (await stats(studioToken, { days: 7 })).data;
    expect(today.code).toBe(studioCode);
    expect(today.days).toHaveLength(7);
    expect(today.days.at(-1)).toMatchObject({ day: new Date().toISOString().slice(0, 10), visits: 2, scans: 1 });
    expect(today.totals).toMatchObject({ visits: 2, scans: 1 });
  });

  it('keeps no address: a visitor is a hash under a salt that is dropped after its day', async () => {
    const rows = await t.query<{ visitor: string }>(sql`select visitor from promotion_visits`);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.visitor).not.toContain('127.0.0.1');
    await t.query(sql`insert into promotion_salts (day, salt) values ('2020-01-01', 'old')`);
    expect(await t.app.services.promotion.dropOldSalts()).toBe(1);
    expect(await t.query(sql`select day from promotion_salts`)).toHaveLength(1);
  });

  it('takes at most a few browsers a day from one address, however many names it gives', async () => {
    const agent = await t.login('agent@example.com');
    const [row] = await t.query<{ referral_code: string }>(sql`select referral_code from accounts where email = 'agent@example.com'`);
    for (let index = 0; index < VISITORS_PER_ADDRESS + 4; index += 1) await visit(row!.referral_code, `${BROWSER} Build/${index}`);
    expect((await stats(agent, { days: 7 })).data.totals.visits).toBe(VISITORS_PER_ADDRESS);
    await t.query(sql`delete from promotion_visits where owner_id <> ${studioId}`);
  });

  it('tells people from programs by their user agent', () => {
    expect(isBot(BROWSER)).toBe(false);
    expect(isBot(PHONE)).toBe(false);
    for (const agent of [undefined, '', 'curl/8.5.0', 'python-requests/2.31', 'Slackbot-LinkExpanding 1.0', 'Twitterbot/1.0', 'bingbot/2.0']) expect(isBot(agent), agent).toBe(true);
  });

  it('refuses a malformed visit with a clear error', async () => {
    expect((await t.call('/v1/promotion/visit', { code: '' })).code).toBe('400');
    expect((await t.call('/v1/promotion/visit', { code: studioCode, source: 'email' })).code).toBe('400');
  });
});

describe('signups, payments and commission', () => {
  it('follows a merchant from the link to its first payment and the studio share it produced', async () => {
    const email = 'linked-shop@example.com';
    await t.call('/v1/base/send', { email, scene: 'register' });
    const code = /\b(\d{6})\b/.exec(t.mailer.lastTo(email)!.text)![1];
    const signed = await t.call<{ token: string }>('/v1/account/sign', {
      username: 'linkedshop', email, password: 'Linked-pass-1', confirm_password: 'Linked-pass-1', code, join_type: 'business', ref: studioCode,
    });
    expect(signed.code).toBe('200');
    await deliverAll();
    expect((await stats(studioToken)).data.totals).toMatchObject({ signups: 1, paid: 0, commission_cents: 0 });

    const [pkg] = await t.query<{ id: number }>(sql`select id from packages where type = 'business' order by id limit 1`);
    const checkout = await t.call<{ session_id: string; amount_cents: number }>('/v1/payment/stripe', { package_id: pkg!.id }, { token: signed.data.token });
    await t.app.inject({ method: 'POST', url: `/sandbox/checkout/${checkout.data.session_id}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect((await t.call<{ status: string }>('/v1/payment/stripe/callback', { session_id: checkout.data.session_id }, { token: signed.data.token })).data.status).toBe('paid');
    await deliverAll();

    // What the ledger gave the studio for this payment is what the funnel says it earned.
    const [share] = await t.query<{ cents: number }>(sql`
      select coalesce(sum(c.amount_cents), 0)::int as cents from commissions c
        join payments p on p.id = c.payment_id join accounts a on a.id = p.account_id
       where a.email = ${email} and c.beneficiary_id = ${studioId}`);
    expect(share!.cents).toBeGreaterThan(0);
    const after = (await stats(studioToken)).data;
    expect(after.totals).toMatchObject({ signups: 1, paid: 1, commission_cents: share!.cents });
    expect(after.days.at(-1)).toMatchObject({ signups: 1, paid: 1, commission_cents: share!.cents });

    // A second payment adds commission, not a second conversion; delivering again changes nothing.
    await deliverAll();
    expect((await stats(studioToken)).data.totals.paid).toBe(1);
  });
});

describe('scope', () => {
  it('shows staff anyone’s funnel, and the others only their own', async () => {
    const admin = await t.login('admin@example.com');
    const forStaff = await stats(admin, { account_id: studioId });
    expect(forStaff.data).toMatchObject({ account_id: studioId, code: studioCode });
    expect(forStaff.data.totals.visits).toBe(2);

    const agent = await t.login('agent@example.com');
    expect((await stats(agent, { account_id: studioId })).code).toBe('404');
    expect((await stats(agent)).data.totals.visits).toBe(0);
    expect((await stats(await t.login('client@example.com'))).code).toBe('403');
    expect((await stats(admin, { account_id: 99_999_999 })).code).toBe('404');
    expect((await stats(admin, { days: 10 })).code).toBe('400');
  });
});
