import type { WaitlistEntry } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * A full city's line of studio applicants: who may join, in what order places go, that an offered
 * place is sold to its holder and no one else, and that two freed places go to two applicants.
 */
let t: TestApp;
let superToken: string;
let adminToken: string;
let full: { id: number; name: string };
let open: { id: number; name: string };
type Page = { list: WaitlistEntry[]; total: number };
type Places = { left: number; taken: number; waiting: number };

const PASSWORD = 'Applicant-1';
const tokens = new Map<string, string>();

/** A studio that signed up and has not bought a plan: an applicant for a place. */
async function applicant(name: string): Promise<string> {
  const added = await t.call('/v1/account/add', { email: `${name}@example.com`, password: PASSWORD, username: name, role: 'studio' }, { token: superToken });
  expect(added.code).toBe('200');
  const token = await t.login(`${name}@example.com`, PASSWORD);
  tokens.set(name, token);
  return token;
}

const join = (name: string, cityId = full.id) => t.call<WaitlistEntry>('/v1/area/waitlist/join', { city_id: cityId }, { token: tokens.get(name)! });
const mine = async (name: string) => (await t.call<Page>('/v1/area/waitlist/list', { open: true }, { token: tokens.get(name)! })).data.list;
const places = async (name: string) => (await t.call<Places>('/v1/payment/places', { city_id: full.id }, { token: tokens.get(name)! })).data;
const studioPackage = async () => (await t.query<{ id: number }>(sql`select id from packages where type = 'studio' order by id limit 1`))[0]!.id;
const checkout = async (name: string) => t.call('/v1/payment/stripe', { package_id: await studioPackage(), city_id: full.id }, { token: tokens.get(name)! });
/** A paid studio of the city lapses: its place is free again. */
const freePlace = (email: string) => t.query(sql`update accounts set pay_status = 2 where email = ${email}`);

beforeAll(async () => {
  t = await createTestApp({ areas: true });
  superToken = await t.login('super@example.com');
  adminToken = await t.login('admin@example.com');
  const cities = await t.query<{ id: number; name: string }>(sql`
    select c.id, c.name from areas c join areas s on s.id = c.parent_id where c.type = 'city' and s.code = 'NV' order by c.name limit 2`);
  full = cities[0]!;
  open = cities[1]!;
  // Every one of the city's 100 studio places is paid for.
  await t.query(sql`
    insert into accounts (email, password_hash, referral_code, account_type, pay_status, city_id)
    select 'placed' || i || '@example.com', 'x', 'PLCD' || lpad(i::text, 4, '0'), 1, 1, ${full.id} from generate_series(1, 100) i`);
  for (const name of ['ana', 'ben', 'cara', 'dev', 'eve']) await applicant(name);
});
afterAll(() => t?.close());

describe('joining a full city', () => {
  it('refuses a city with places left, a studio that has a plan, and a shop owner', async () => {
    expect(await join('ana', open.id)).toMatchObject({ code: '409', msg: `${open.name} has places left: you can buy one now` });
    const placed = await t.call('/v1/area/waitlist/join', { city_id: full.id }, { token: await t.login('studio@example.com') });
    expect(placed).toMatchObject({ code: '422' });
    expect((await t.call('/v1/area/waitlist/join', { city_id: full.id }, { token: await t.login('client@example.com') })).code).toBe('403');
    expect((await join('ana', 999_999)).code).toBe('404');
    expect(await t.query(sql`select count(*)::int as n from city_waitlist`)).toEqual([{ n: 0 }]);
  });

  it('lines applicants up in the order they join, one line each', async () => {
    expect(await places('ana')).toMatchObject({ left: 0, taken: 100, waiting: 0 });
    const first = await join('ana');
    expect(first.code).toBe('200');
    expect(first.data).toMatchObject({ city_id: full.id, city_name: full.name, state_name: 'Nevada', status: 'waiting', position: 1, waiting: 1 });
    expect((await join('ben')).data).toMatchObject({ position: 2, waiting: 2 });
    expect((await join('cara')).data).toMatchObject({ position: 3, waiting: 3 });
    const again = await join('ana');
    expect(again).toMatchObject({ code: '409', msg: `You are already in line for ${full.name}` });
    expect((await join('ana', open.id)).code).toBe('409');
    expect(await places('ben')).toMatchObject({ left: 0, waiting: 3 });
  });

  it('lets an applicant read only its own entry, and staff read the whole line', async () => {
    const own = await mine('ben');
    expect(own.map((entry) => [entry.party_name, entry.position])).toEqual([['ben', 2]]);
    const line = await t.call<Page>('/v1/area/waitlist/list', { city_id: full.id, open: true }, { token: adminToken });
    expect(line.data.list.map((entry) => entry.email)).toEqual(['ana@example.com', 'ben@example.com', 'cara@example.com']);
    expect((await t.call('/v1/area/waitlist/list', {}, { token: await t.login('agent@example.com') })).code).toBe('403');
    // Another applicant's entry is not found, as if it did not exist.
    expect((await t.call('/v1/area/waitlist/leave', { id: own[0]!.id }, { token: tokens.get('dev')! })).code).toBe('404');
  });
});

describe('staff order the line', () => {
  it('moves an applicant up, with an audit entry, and only staff may', async () => {
    const cara = (await mine('cara'))[0]!;
    expect((await t.call('/v1/area/waitlist/move', { id: cara.id, position: 1 }, { token: tokens.get('cara')! })).code).toBe('403');
    const moved = await t.call<WaitlistEntry>('/v1/area/waitlist/move', { id: cara.id, position: 1 }, { token: adminToken });
    expect(moved.data.position).toBe(1);
    expect((await mine('ana'))[0]!.position).toBe(2);
    expect((await mine('ben'))[0]!.position).toBe(3);
    const [audit] = await t.query<{ action: string; before: unknown; after: unknown }>(sql`
      select action, before, after from audit_log where action = 'waitlist.move' order by seq desc limit 1`);
    expect(audit).toMatchObject({ before: { position: 3 }, after: { position: 1 } });
    // Past the end means last; back to where it was.
    expect((await t.call<WaitlistEntry>('/v1/area/waitlist/move', { id: cara.id, position: 99 }, { token: adminToken })).data.position).toBe(3);
    expect((await t.call('/v1/area/waitlist/move', { id: cara.id, position: 0 }, { token: adminToken })).code).toBe('400');
  });
});

describe('freed places', () => {
  it('gives two freed places to the first two in line, once, however many passes run at once', async () => {
    await freePlace('placed1@example.com');
    await freePlace('placed2@example.com');
    const passes = await Promise.all([t.app.services.waitlist.offerDue(), t.app.services.waitlist.offerDue(), t.app.services.waitlist.offerDue()]);
    expect(passes.reduce((sum, n) => sum + n, 0)).toBe(2);
    expect((await mine('ana'))[0]).toMatchObject({ status: 'offered', position: null });
    expect((await mine('ben'))[0]).toMatchObject({ status: 'offered' });
    expect((await mine('cara'))[0]).toMatchObject({ status: 'waiting', position: 1 });
    const offers = await t.query<{ account_id: number; payload: { hold_until: string } }>(sql`
      select account_id, payload from events where type = 'waitlist.offered' order by id`);
    expect(offers).toHaveLength(2);
    const hours = (Date.parse(offers[0]!.payload.hold_until) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect(await t.app.services.waitlist.offerDue()).toBe(0);
  });

  it('sells an offered place to its holder and to no one else', async () => {
    expect(await places('ana')).toMatchObject({ left: 1 });
    expect(await places('cara')).toMatchObject({ left: 0 });
    await applicant('finn');
    // Someone outside the line, and the next in it, find the city full while the offers stand.
    expect((await checkout('finn')).code).toBe('409');
    expect((await checkout('cara')).code).toBe('409');
    expect((await checkout('ana')).code).toBe('200');
  });

  it('ends the line for an applicant once it has paid, and its place counts as paid', async () => {
    const [order] = await t.query<{ session_id: string }>(sql`
      select o.session_id from orders o join accounts a on a.id = o.account_id where a.email = 'ana@example.com'`);
    const paid = await t.app.inject({ method: 'POST', url: `/sandbox/checkout/${order!.session_id}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(paid.statusCode).toBe(303);
    await t.call('/v1/payment/stripe/callback', { session_id: order!.session_id }, { token: tokens.get('ana')! });
    await t.app.services.events.deliver({ event_id: await lastEventId('payment.completed'), subscriber: 'waitlist.purchases' });
    const history = await t.call<Page>('/v1/area/waitlist/list', {}, { token: tokens.get('ana')! });
    expect(history.data.list[0]).toMatchObject({ status: 'purchased' });
    // Ana's place is paid for, Ben still holds his: nothing is free for the line.
    expect(await t.app.services.waitlist.offerDue()).toBe(0);
  });

  it('passes an offer left unused to the next in line', async () => {
    await t.query(sql`update city_waitlist set hold_until = now() - interval '1 minute' where status = 'offered'`);
    expect(await t.app.services.waitlist.offerDue()).toBe(1);
    expect((await mine('ben'))).toEqual([]);
    const ben = await t.call<Page>('/v1/area/waitlist/list', {}, { token: tokens.get('ben')! });
    expect(ben.data.list[0]).toMatchObject({ status: 'lapsed' });
    expect((await mine('cara'))[0]).toMatchObject({ status: 'offered' });
  });

  it('gives a place its holder leaves to the next, and staff removal is audited', async () => {
    await join('dev');
    await join('eve');
    const cara = (await mine('cara'))[0]!;
    expect((await t.call<WaitlistEntry>('/v1/area/waitlist/leave', { id: cara.id }, { token: tokens.get('cara')! })).data.status).toBe('left');
    expect((await mine('dev'))[0]).toMatchObject({ status: 'offered' });
    expect((await t.call('/v1/area/waitlist/leave', { id: cara.id }, { token: tokens.get('cara')! })).code).toBe('409');

    const eve = (await mine('eve'))[0]!;
    expect((await t.call<WaitlistEntry>('/v1/area/waitlist/leave', { id: eve.id }, { token: adminToken })).data.status).toBe('removed');
    const [audit] = await t.query<{ action: string }>(sql`select action from audit_log where action = 'waitlist.remove'`);
    expect(audit).toBeTruthy();
    // Out of line, Eve may join again, at the back.
    expect((await join('eve')).data).toMatchObject({ status: 'waiting', position: 1 });
  });
});

async function lastEventId(type: string): Promise<number> {
  const [row] = await t.query<{ id: number }>(sql`select id::int as id from events where type = ${type} order by id desc limit 1`);
  return row!.id;
}
