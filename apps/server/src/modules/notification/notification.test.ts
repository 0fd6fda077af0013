import type { Announcement, NotificationItem, NotificationListResponse, UnreadCounts } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { holdingPeriodPasses, merchantPays } from '../../test/settlement-fixtures.js';
import type { EventType } from '../events/catalogue.js';
import type { NewEvent } from '../events/service.js';

/**
 * The notification center through the API: events become notifications once, in the reader's
 * language; the profile's switches decide the center and the mail; announcements reach their
 * audience and count their readers; plan reminders come once per plan end.
 */
let t: TestApp;
const tokens = new Map<string, string>();
const ids = new Map<string, number>();
const token = (name: string) => tokens.get(name)!;
const id = (name: string) => ids.get(name)!;

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['super', 'admin', 'studio', 'operator', 'client', 'agent']) {
    tokens.set(name, await t.login(`${name}@example.com`));
    const [row] = await t.query<{ id: number }>(sql`select id from accounts where email = ${`${name}@example.com`}`);
    ids.set(name, row!.id);
  }
}, 120_000);
afterAll(() => t.close());

/** Records an event as its module would, then delivers it to the notification subscriber. */
async function deliver<T extends EventType>(type: T, event: NewEvent<T>, times = 1): Promise<number> {
  const eventId = await t.database.db.transaction((tx) => t.app.services.events.record(tx, type, event));
  for (let i = 0; i < times; i += 1) await t.app.services.events.deliver({ event_id: eventId, subscriber: 'notification.center' });
  return eventId;
}

const list = (name: string, tab: 'official' | 'interactive', lang = 'en') =>
  t.call<NotificationListResponse>('/v1/notification/list', { tab }, { token: token(name), lang });
const unread = async (name: string) => (await t.call<UnreadCounts>('/v1/notification/unread', {}, { token: token(name) })).data;
const rowsOf = (accountId: number, kind: string) =>
  t.query<{ id: number; in_center: boolean }>(sql`select id, in_center from notifications where account_id = ${accountId} and kind = ${kind}`);

describe('interactive notifications from events', () => {
  it('an event delivered twice notifies once, in the reader language', async () => {
    const before = await unread('client');
    const eventId = await deliver(
      'payment.completed',
      {
        actor_id: null,
        subject_id: 9001,
        account_id: id('client'),
        payload: { order_id: 9001, payment_id: 9001, amount_cents: 70_000, package_type: 'business', periods: 1, provider: 'sandbox', renewal: false, shares: [] },
      },
      2,
    );
    expect(await t.query(sql`select id from notifications where event_id = ${eventId}`)).toHaveLength(1);
    expect((await unread('client')).interactive).toBe(before.interactive + 1);

    const zh = await list('client', 'interactive', 'zh');
    const item = zh.data.list.find((n) => n.kind === 'payment_received')!;
    expect(item.title).toBe('已收到付款');
    expect(item.body).toContain('700.00');
    expect(item.link).toBe('/finance');
    const es = await list('client', 'interactive', 'es');
    expect(es.data.list.find((n) => n.id === item.id)!.title).toBe('Pago recibido');
  });

  it('a merchant assigned to a studio: both sides are told, each about the other', async () => {
    await deliver('client.assigned', {
      actor_id: id('admin'),
      subject_id: id('client'),
      account_id: id('client'),
      payload: { role: 'studio', from_id: null, to_id: id('studio') },
    });
    const merchant = (await list('client', 'interactive')).data.list.find((n) => n.kind === 'assigned_studio')!;
    expect(merchant.body).toContain('Sunset');
    const studio = (await list('studio', 'interactive')).data.list.find((n) => n.kind === 'client_assigned')!;
    expect(studio.body).toMatch(/Carmen/);
    expect(studio.link).toBe(`/clients?id=${id('client')}`);
  });

  it('video events reach the merchant, its studio and its operator as scoped when they happened', async () => {
    await deliver('video.failed', {
      actor_id: null,
      subject_id: 77,
      account_id: id('client'),
      payload: { post_id: 77, job_id: 5, platform: 'tiktok', title: 'Taco Tuesday', reason: 'Video too short' },
    });
    for (const name of ['client', 'studio', 'operator']) {
      const item = (await list(name, 'interactive')).data.list.find((n) => n.kind === 'video_failed');
      expect(item?.body, name).toBe('"Taco Tuesday" could not be published on TikTok: Video too short');
      // A merchant cannot open /video: it opens the post on its dashboard.
      expect(item?.link, name).toBe(name === 'client' ? '/dashboard?post=77' : '/video?post=77');
    }
    expect((await list('agent', 'interactive')).data.list.some((n) => n.kind === 'video_failed')).toBe(false);
  });

  it('mark read answers fresh counts; another reader\'s id is not found and changes nothing', async () => {
    const mine = (await list('client', 'interactive')).data.list[0]!;
    const studios = (await list('studio', 'interactive')).data.list[0]!;
    const refused = await t.call('/v1/notification/read', { tab: 'interactive', ids: [studios.id] }, { token: token('client') });
    expect(refused.code).toBe('404');
    expect((await list('studio', 'interactive')).data.list[0]!.read).toBe(false);

    const before = await unread('client');
    const read = await t.call<UnreadCounts>('/v1/notification/read', { tab: 'interactive', ids: [mine.id] }, { token: token('client') });
    expect(read.data.interactive).toBe(before.interactive - 1);
    const all = await t.call<UnreadCounts>('/v1/notification/read/all', { tab: 'interactive' }, { token: token('client') });
    expect(all.data.interactive).toBe(0);
  });
});

describe('from the real modules', () => {
  it('a paid plan tells the merchant, and the released commission tells the studio, from the events those modules record', async () => {
    await merchantPays(t, token('client'));
    await holdingPeriodPasses(t);
    // Deliver what payment and finance recorded, as the queue would.
    const events = await t.query<{ id: number }>(
      sql`select id from events where type in ('payment.completed', 'commission.available') and not exists (select 1 from notifications n where n.event_id = events.id) order by id`,
    );
    expect(events.length).toBeGreaterThanOrEqual(2);
    for (const event of events) await t.app.services.events.deliver({ event_id: event.id, subscriber: 'notification.center' });
    const studio = (await list('studio', 'interactive')).data.list.find((n) => n.kind === 'commission_available')!;
    expect(studio.body).toMatch(/^You earned \$[\d,.]+ in commission from Carmen’s Tacos\.$/);
    expect(studio.link).toBe('/finance');
    const [commission] = await t.query<{ amount_cents: number }>(
      sql`select amount_cents from commissions where beneficiary_id = ${id('studio')} order by id desc limit 1`,
    );
    expect(studio.params.amount_cents).toBe(commission!.amount_cents);
  });
});

describe('the profile switches', () => {
  it('system off keeps it out of the center; email on mails it in the reader language; email off mails nothing', async () => {
    // The merchant reads its center in Spanish once: mail goes out in Spanish from then on.
    await list('client', 'interactive', 'es');
    const update = (notifications: object) => t.call('/v1/account/update', { notifications }, { token: token('client') });
    expect((await update({ system: false, email: true, sms: false })).code).toBe('200');
    // What earlier tests left to send goes first.
    await t.app.services.notificationDelivery.sendPending();
    const mailBefore = t.mailer.outbox.length;
    await deliver('settlement.decided', {
      actor_id: id('admin'),
      subject_id: 31,
      account_id: id('client'),
      payload: { settlement_id: 31, status: 'cancelled', gross_cents: 12_345, fee_cents: 0, amount_cents: 12_345, payout_rail: 'manual_bank_transfer', payout_reference: null, reason: 'Falta el IBAN' },
    });
    const [row] = await rowsOf(id('client'), 'settlement_rejected');
    expect(row!.in_center).toBe(false);
    expect((await list('client', 'interactive', 'es')).data.list.some((n) => n.kind === 'settlement_rejected')).toBe(false);
    expect(await t.app.services.notificationDelivery.sendPending()).toBe(1);
    const mail = t.mailer.outbox.slice(mailBefore);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: 'client@example.com', subject: 'Liquidación rechazada' });
    expect(mail[0]!.text).toContain('Falta el IBAN');
    // Sending again sends nothing more.
    expect(await t.app.services.notificationDelivery.sendPending()).toBe(0);

    expect((await update({ system: true, email: false })).code).toBe('200');
    await deliver('settlement.decided', {
      actor_id: id('admin'),
      subject_id: 32,
      account_id: id('client'),
      payload: { settlement_id: 32, status: 'paid', gross_cents: 5_000, fee_cents: 0, amount_cents: 5_000, payout_rail: 'manual_bank_transfer', payout_reference: 'T-32', reason: null },
    });
    expect(await t.app.services.notificationDelivery.sendPending()).toBe(0);
    expect(t.mailer.outbox.length).toBe(mailBefore + 1);
    expect((await list('client', 'interactive')).data.list.some((n) => n.kind === 'settlement_paid')).toBe(true);
  });
});

describe('plan reminders', () => {
  it('a plan ending in 7 days and one ending today are each told once, however often the job runs', async () => {
    const now = new Date('2031-03-10T12:00:00Z');
    await t.query(sql`update accounts set pay_status = 1, expire_at = ${'2031-03-17T09:00:00Z'} where id = ${id('client')}`);
    await t.query(sql`update accounts set pay_status = 1, expire_at = ${'2031-03-10T20:00:00Z'} where id = ${id('studio')}`);
    const made = await t.app.services.planReminders.remindPlans(now);
    expect(made).toBeGreaterThanOrEqual(2);
    expect(await t.app.services.planReminders.remindPlans(now)).toBe(0);
    expect(await rowsOf(id('client'), 'plan_expiring')).toHaveLength(1);
    expect(await rowsOf(id('studio'), 'plan_expires_today')).toHaveLength(1);
    const item = (await list('client', 'interactive')).data.list.find((n) => n.kind === 'plan_expiring')!;
    expect(item.body).toContain('2031/03/17');
  });
});

describe('announcements', () => {
  const add = (body: object, name = 'admin') => t.call<Announcement>('/v1/notification/announcement/add', body, { token: token(name) });

  it('reaches its audience by role in each reader language, and counts who read it', async () => {
    const sent = await add({
      title: { 'en-US': 'New templates', 'es-ES': 'Nuevas plantillas', 'zh-CN': '新模板' },
      body: { 'en-US': 'Holiday templates are live.', 'es-ES': 'Ya están las plantillas navideñas.', 'zh-CN': '节日模板已上线。' },
      audience: ['studio', 'operator'],
    });
    expect(sent.code).toBe('200');
    expect(sent.data).toMatchObject({ status: 'sent', read_count: 0 });
    expect(sent.data.audience_count).toBeGreaterThanOrEqual(2);

    const studio = await list('studio', 'official', 'es');
    const item = studio.data.list.find((n) => n.id === sent.data.id) as NotificationItem;
    expect(item).toMatchObject({ title: 'Nuevas plantillas', read: false, tab: 'official' });
    expect((await list('studio', 'official', 'zh')).data.list.find((n) => n.id === sent.data.id)!.title).toBe('新模板');
    expect((await list('client', 'official')).data.list.some((n) => n.id === sent.data.id)).toBe(false);
    // A merchant cannot mark it read: it is not theirs to see.
    expect((await t.call('/v1/notification/read', { tab: 'official', ids: [sent.data.id] }, { token: token('client') })).code).toBe('404');

    const before = await unread('studio');
    const read = await t.call<UnreadCounts>('/v1/notification/read', { tab: 'official', ids: [sent.data.id] }, { token: token('studio') });
    expect(read.data.official).toBe(before.official - 1);
    const got = await t.call<Announcement>('/v1/notification/announcement/get', { id: sent.data.id }, { token: token('super') });
    expect(got.data.read_count).toBe(1);
  });

  it('a scheduled one waits for its time, can change until then, and not after', async () => {
    const later = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = await add({ title: { 'en-US': 'Maintenance' }, body: { 'en-US': 'Tonight 2am.' }, audience: ['client'], send_time: later });
    expect(scheduled.data.status).toBe('scheduled');
    expect((await list('client', 'official')).data.list.some((n) => n.id === scheduled.data.id)).toBe(false);
    const edited = await t.call<Announcement>(
      '/v1/notification/announcement/update',
      { id: scheduled.data.id, title: { 'en-US': 'Maintenance tonight' }, body: { 'en-US': 'From 2am to 3am.' }, audience: ['client'], send_time: later },
      { token: token('admin') },
    );
    expect(edited.data.title['en-US']).toBe('Maintenance tonight');

    expect(await t.app.services.announcements.sendDue(new Date(Date.now() + 2 * 3600_000))).toBe(1);
    expect((await list('client', 'official')).data.list.find((n) => n.id === scheduled.data.id)?.title).toBe('Maintenance tonight');
    const late = await t.call('/v1/notification/announcement/update', { id: scheduled.data.id, title: { 'en-US': 'x' }, body: { 'en-US': 'y' }, audience: ['client'] }, { token: token('admin') });
    expect(late.code).toBe('409');
    expect((await t.call('/v1/notification/announcement/delete', { id: scheduled.data.id }, { token: token('admin') })).code).toBe('409');
  });

  it('a marketing one reaches only those who accept marketing', async () => {
    const promo = await add({ title: { 'en-US': 'Black Friday' }, body: { 'en-US': '20% off add-ons.' }, audience: ['client'], marketing: true });
    expect((await list('client', 'official')).data.list.some((n) => n.id === promo.data.id)).toBe(false);
    await t.call('/v1/account/update', { notifications: { marketing: true } }, { token: token('client') });
    tokens.set('client', await t.login('client@example.com'));
    expect((await list('client', 'official')).data.list.some((n) => n.id === promo.data.id)).toBe(true);
  });

  it('refuses a text without its pair and an empty audience, in the caller language, adding nothing', async () => {
    const [before] = await t.query<{ n: number }>(sql`select count(*)::int as n from announcements`);
    const half = await t.call('/v1/notification/announcement/add', { title: { 'es-ES': 'Hola' }, body: {}, audience: ['client'] }, { token: token('admin'), lang: 'es' });
    expect(half.code).toBe('400');
    expect(half.msg).toBe('Añade también un texto en este idioma');
    const nobody = await add({ title: { 'en-US': 'x' }, body: { 'en-US': 'y' }, audience: [] });
    expect(nobody.code).toBe('400');
    const past = await add({ title: { 'en-US': 'x' }, body: { 'en-US': 'y' }, audience: ['client'], send_time: 'tomorrow' });
    expect(past.code).toBe('400');
    expect(await t.query(sql`select count(*)::int as n from announcements`)).toEqual([before]);
  });
});
