import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { NotificationListResponse, Settlement, VideoPost } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { givePlan } from '../../test/plans.js';
import { holdingPeriodPasses, merchantPays, payoutVerified } from '../../test/settlement-fixtures.js';
import { addPost, connectSandbox, videoWorld, type VideoWorld } from '../../test/video-fixtures.js';
import { NOTIFYING_EVENTS } from './subscriber.js';

/**
 * Every event the notification center reacts to, produced by the module that produces it in
 * production — never a hand-made event — and read back from the party's notification center.
 * A producer and the subscriber that disagree on a status or a field fail here.
 */
let t: TestApp;
let w: VideoWorld;
const covered = new Set<string>();

const token = (name: string) => w.tokens.get(name)!;
const id = (name: string) => w.ids.get(name)!;

/** Delivers what the modules recorded to the notification center, as the queue would; notes the types. */
async function deliverRecorded(): Promise<void> {
  const owed = await t.query<{ id: number; type: string }>(
    sql`select e.id::int as id, e.type from events e
         where not exists (select 1 from event_deliveries d where d.event_id = e.id and d.subscriber = 'notification.center')
         order by e.id`,
  );
  for (const event of owed) {
    if (!(NOTIFYING_EVENTS as string[]).includes(event.type)) continue;
    covered.add(event.type);
    await t.app.services.events.deliver({ event_id: event.id, subscriber: 'notification.center' });
  }
}

const center = async (name: string, lang = 'en') =>
  (await t.call<NotificationListResponse>('/v1/notification/list', { tab: 'interactive', page_size: 100 }, { token: token(name), lang })).data.list;

beforeAll(async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-notification-producers-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir, PUBLIC_URL: 'https://nearcast.example.com' } });
  w = await videoWorld(t);
  // newclient@ reads its own center below: notifications need an active plan (docs/decisions/053).
  await givePlan(t, 'newclient@example.com');
  // Whatever the world's making recorded is not what these tests look at.
  await deliverRecorded();
  covered.clear();
}, 120_000);
afterAll(() => t?.close());

describe('money', () => {
  it('a payment, a released commission, a rejected and a paid settlement reach their parties', async () => {
    await merchantPays(t, token('client'));
    await holdingPeriodPasses(t);
    await payoutVerified(t, token('studio'), token('admin'));

    const applied = await t.call<Settlement>('/v1/settlement/apply', {}, { token: token('studio') });
    expect(applied.code, applied.msg).toBe('200');
    const rejected = await t.call<Settlement>('/v1/settlement/reject', { id: applied.data.id, reason: 'The bank letter is unreadable' }, { token: token('admin') });
    expect(rejected.data.status).toBe('cancelled');

    const again = await t.call<Settlement>('/v1/settlement/apply', {}, { token: token('studio') });
    expect(again.code, again.msg).toBe('200');
    const paid = await t.call<Settlement>('/v1/settlement/approve', { id: again.data.id, payout_reference: 'ACH-7781' }, { token: token('admin') });
    expect(paid.data.status).toBe('paid');
    await deliverRecorded();

    const merchant = await center('client');
    expect(merchant.some((n) => n.kind === 'payment_received')).toBe(true);

    const studio = await center('studio');
    expect(studio.some((n) => n.kind === 'commission_available')).toBe(true);
    const rejection = studio.find((n) => n.kind === 'settlement_rejected');
    expect(rejection?.body).toContain('The bank letter is unreadable');
    expect(rejection?.link).toBe('/finance');
    expect(studio.some((n) => n.kind === 'settlement_paid')).toBe(true);

    // In the party's language too.
    const zh = (await center('studio', 'zh')).find((n) => n.kind === 'settlement_rejected');
    expect(zh?.title).toMatch(/[\u4e00-\u9fff]/);
  }, 60_000);
});

describe('people', () => {
  it('assigning a merchant an operator tells both', async () => {
    const assigned = await t.call('/v1/client/operator', { client_id: id('newclient'), operator_id: id('operator') }, { token: token('admin') });
    expect(assigned.code, assigned.msg).toBe('200');
    await deliverRecorded();
    expect((await center('newclient')).some((n) => n.kind === 'assigned_operator')).toBe(true);
    expect((await center('operator')).some((n) => n.kind === 'client_assigned')).toBe(true);
  });
});

describe('videos', () => {
  let post: VideoPost;

  beforeAll(async () => {
    await connectSandbox(t, token('studio'), id('client'));
  });

  it('an approval request tells the merchant; its answers tell the studio', async () => {
    post = await addPost(t, token('studio'), id('client'), { schedule_at: new Date(Date.now() + 3 * 3600_000).toISOString(), require_approval: true });
    const first = await t.call<{ token: string }>('/v1/video/review/link', { id: post.id }, { token: token('studio') });
    expect(first.code, first.msg).toBe('200');
    expect((await t.call('/v1/video/review/changes', { token: first.data.token, comment: 'Brighter, please' })).code).toBe('200');
    const second = await t.call<{ token: string }>('/v1/video/review/link', { id: post.id }, { token: token('studio') });
    expect((await t.call('/v1/video/review/approve', { token: second.data.token, comment: 'Perfect' })).code).toBe('200');
    await deliverRecorded();

    expect((await center('client')).some((n) => n.kind === 'approval_requested' && n.params.title === 'Taco Tuesday')).toBe(true);
    const studio = await center('studio');
    expect(studio.find((n) => n.kind === 'changes_requested')?.body).toContain('Brighter, please');
    expect(studio.some((n) => n.kind === 'approval_given')).toBe(true);
  });

  it('a failed publication reaches the merchant, its studio and its operator', async () => {
    // A post whose platform was disconnected before it was due fails there.
    const failing = await addPost(t, token('studio'), id('client'), { title: 'Brunch', schedule_at: new Date(Date.now() + 3600_000).toISOString() });
    const [connection] = await t.query<{ id: number }>(sql`select id from platform_connections where merchant_id = ${id('client')} and platform = 'sandbox'`);
    expect((await t.call('/v1/video/disconnect', { id: connection!.id }, { token: token('studio') })).code).toBe('200');
    await t.query(sql`update video_posts set scheduled_at = now() - interval '1 minute' where id = ${failing.id}`);
    expect(await t.app.services.video.releaseDue()).toBe(1);
    await deliverRecorded();
    for (const name of ['client', 'studio', 'operator']) {
      const items = await center(name);
      expect(items.some((n) => n.kind === 'video_failed' && n.params.title === 'Brunch'), name).toBe(true);
    }
  });
});

describe('places', () => {
  it('a place freed in a full city is offered to the first in its line, who is told by mail', async () => {
    // An applicant has no plan, so no notification center (docs/decisions/053): mail tells it.
    const [city] = await t.query<{ id: number }>(sql`
      with country as (insert into areas (name, type) values ('Testland', 'country') returning id),
           state as (insert into areas (name, type, parent_id) select 'Test State', 'state', id from country returning id)
      insert into areas (name, type, parent_id) select 'Full City', 'city', id from state returning id`);
    await t.query(sql`
      insert into accounts (email, password_hash, referral_code, account_type, pay_status, city_id)
      select 'full' || i || '@example.com', 'x', 'FULL' || lpad(i::text, 4, '0'), 1, 1, ${city!.id} from generate_series(1, 100) i`);
    const added = await t.call('/v1/account/add', { email: 'hopeful@example.com', password: 'Hopeful-pass-1', username: 'hopeful', role: 'studio' }, { token: token('super') });
    expect(added.code).toBe('200');
    const hopeful = await t.login('hopeful@example.com', 'Hopeful-pass-1');
    expect((await t.call('/v1/area/waitlist/join', { city_id: city!.id }, { token: hopeful })).code).toBe('200');
    await t.query(sql`update accounts set pay_status = 2 where email = 'full1@example.com'`);
    expect(await t.app.services.waitlist.offerDue()).toBe(1);
    await deliverRecorded();
    await t.app.services.notificationDelivery.sendPending();
    const mail = t.mailer.lastTo('hopeful@example.com');
    expect(mail?.subject).toBe('A studio place in Full City is yours');
    expect(mail?.text).toMatch(/held for you until \d{4}\/\d{2}\/\d{2} \d{2}:\d{2} UTC/);
    expect(mail?.text).toContain('https://nearcast.example.com/plans?type=studio');
  });
});

describe('reports', () => {
  it('a merchant’s monthly report, built by the report module, reaches the merchant by mail with its link', async () => {
    const month = new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 7);
    expect(await t.app.services.reports.build(id('client'), month)).not.toBeNull();
    await deliverRecorded();
    await t.app.services.notificationDelivery.sendPending();
    const notice = (await center('client')).find((item) => item.kind === 'monthly_report');
    expect(notice?.link).toMatch(/^\/reports\?id=\d+$/);
    const mail = t.mailer.lastTo('client@example.com');
    expect(mail?.subject).toMatch(/^Your \d{4}\/\d{2} report is ready$/);
    expect(mail?.text).toContain(`https://nearcast.example.com${notice!.link}`);
  });
});

describe('coverage', () => {
  it('every event type the notification center reacts to was produced by its real module', () => {
    // Two need a platform's scripted fake or clock, so their own tests check the centers: a grant
    // the platform ends (video/connection.test.ts) and a sandbox publication once the platform's
    // review has passed (video/publish-engine.test.ts). A render failed for good needs a render
    // engine and a failing renderer: creative/render-retry.test.ts checks the studio's center.
    expect([...covered, 'connection.needs_reconnect', 'video.published', 'creative.render_failed'].sort()).toEqual([...NOTIFYING_EVENTS].sort());
  });
});
