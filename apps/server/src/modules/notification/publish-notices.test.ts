import type { NotificationItem, NotificationListResponse } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { DIGEST_CRON, DIGEST_JOB, notificationJobs } from './jobs.js';

/**
 * Publish notices (docs/decisions/075): one per post, all its platforms together, however many
 * platforms it went out on and however often an event is handed over; a merchant who chose the
 * daily digest gets one notice a day listing its posts instead, sent as its settings say.
 */
let t: TestApp;
const tokens = new Map<string, string>();
const ids = new Map<string, number>();
const token = (name: string) => tokens.get(name)!;
const id = (name: string) => ids.get(name)!;

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['studio', 'client']) {
    tokens.set(name, await t.login(`${name}@example.com`));
    const [row] = await t.query<{ id: number }>(sql`select id from accounts where email = ${`${name}@example.com`}`);
    ids.set(name, row!.id);
  }
}, 120_000);
afterAll(() => t.close());

/** One platform's publication of a post, recorded as the publishing engine does and delivered to the center. */
async function published(postId: number, platform: 'tiktok' | 'instagram' | 'youtube', title: string, times = 1): Promise<void> {
  const eventId = await t.database.db.transaction((tx) =>
    t.app.services.events.record(tx, 'video.published', {
      actor_id: null,
      subject_id: postId,
      account_id: id('client'),
      payload: { post_id: postId, job_id: postId * 10 + platform.length, platform, title },
    }),
  );
  for (let i = 0; i < times; i += 1) {
    // A retry whose first delivery was lost: the delivery row is gone, the notice is not.
    if (i > 0) await t.query(sql`delete from event_deliveries where event_id = ${eventId} returning event_id`);
    await t.app.services.events.deliver({ event_id: eventId, subscriber: 'notification.center' });
  }
}

async function notices(name: string, postId: number, lang = 'en'): Promise<NotificationItem[]> {
  const listed = await t.call<NotificationListResponse>('/v1/notification/list', { tab: 'interactive', page_size: 100 }, { token: token(name), lang });
  return listed.data.list.filter((item) => item.kind === 'video_published' && item.subject?.id === postId);
}

async function mailsOf(accountId: number, kind: string): Promise<number> {
  const [row] = await t.query<{ n: number }>(
    sql`select count(*)::int as n from notification_deliveries d join notifications n on n.id = d.notification_id
         where n.account_id = ${accountId} and n.kind = ${kind} and d.channel = 'email'`,
  );
  return row!.n;
}

describe('publish notices', () => {
  it('a post to 3 platforms gives the merchant 1 notice naming all three, once however often events are handed over', async () => {
    const mailsBefore = await mailsOf(id('client'), 'video_published');
    await published(7001, 'tiktok', 'Taco Tuesday');
    await published(7001, 'instagram', 'Taco Tuesday', 2);
    await published(7001, 'youtube', 'Taco Tuesday');
    const mine = await notices('client', 7001);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.body).toBe('"Taco Tuesday" is published on TikTok, Instagram, and YouTube.');
    const es = await notices('client', 7001, 'es');
    expect(es[0]!.body).toContain('TikTok, Instagram y YouTube');
    // One mail for the post, not one per platform.
    expect((await mailsOf(id('client'), 'video_published')) - mailsBefore).toBe(1);
    // The studio's team hears of it once too.
    expect(await notices('studio', 7001)).toHaveLength(1);
    // Another post is another notice.
    await published(7002, 'tiktok', 'Fresh salsa');
    expect(await notices('client', 7002)).toHaveLength(1);
  });

  it('a merchant who chose the daily digest gets one notice a day listing its posts, and none per post', async () => {
    const saved = await t.call('/v1/account/update', { notifications: { publish_digest: true } }, { token: token('client') });
    expect(saved.code, saved.msg).toBe('200');
    const bad = await t.call('/v1/account/update', { notifications: { publish_digest: 'daily' } }, { token: token('client') });
    expect(bad.code).toBe('400');
    const mailsBefore = await mailsOf(id('client'), 'video_published');

    await published(7101, 'tiktok', 'Morning churros');
    await published(7101, 'youtube', 'Morning churros');
    await published(7102, 'instagram', 'Patio nights');
    expect(await notices('client', 7101)).toEqual([]);
    expect(await notices('client', 7102)).toEqual([]);
    expect(await mailsOf(id('client'), 'video_published')).toBe(mailsBefore);
    // The studio did not choose a digest: told at once.
    expect(await notices('studio', 7101)).toHaveLength(1);

    const job = notificationJobs(
      { announcements: t.app.services.announcements, delivery: t.app.services.notificationDelivery, reminders: t.app.services.planReminders },
      '0 15 * * *',
      t.app.log,
    ).find((definition) => definition.name === DIGEST_JOB)!;
    expect(job.schedule).toBe(DIGEST_CRON);
    await job.handler({} as never);
    const listed = await t.call<NotificationListResponse>('/v1/notification/list', { tab: 'interactive', page_size: 100 }, { token: token('client') });
    const digests = listed.data.list.filter((item) => item.kind === 'publish_digest');
    expect(digests).toHaveLength(1);
    expect(digests[0]!.body).toBe('2 published: Morning churros, Patio nights.');
    expect(await mailsOf(id('client'), 'publish_digest')).toBe(1);
    // Run again (a retry, the next tick): nothing new to gather, no second digest.
    await job.handler({} as never);
    const again = await t.call<NotificationListResponse>('/v1/notification/list', { tab: 'interactive', page_size: 100 }, { token: token('client') });
    expect(again.data.list.filter((item) => item.kind === 'publish_digest')).toHaveLength(1);
  });
});
