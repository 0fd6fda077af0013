import {
  ACCOUNT_TYPE,
  notificationLink,
  roleOf,
  type Announcement,
  type api,
  type Language,
  type NotificationItem,
  type NotificationKind,
  type NotificationSubject,
  type NotificationSubjectType,
  type NotificationTab,
  type ParsedRequestOf,
  type Role,
  type UnreadCounts,
} from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../access/caller.js';
import type { Mailer } from '../../adapters/mail/index.js';
import { SmsError, toE164, type SmsSender } from '../../adapters/sms/index.js';
import type { Db, Executor } from '../../db/client.js';
import { conflict, notFound } from '../../errors.js';
import type { JobDefinition, JobQueue } from '../../jobs/queue.js';
import type { AccountService } from '../account/service.js';
import type { NotificationHub } from './hub.js';
import { isLanguage, message, pickLanguage, renderKind, type Params } from './render.js';
import * as repo from './repository.js';
import type { AnnouncementRow, NotificationRow, Reader } from './repository.js';
import { cardName } from '../account/presenter.js';
import type { AuditService } from '../audit/service.js';

type Body<K extends keyof typeof api.notification> = ParsedRequestOf<(typeof api.notification)[K]>;

export const SEND_JOB = 'notification.send';
export const SWEEP_JOB = 'notification.sweep';
export const REMINDER_JOB = 'notification.plan-reminders';

/** How far back a reader sees announcements sent before it registered. */
const ANNOUNCEMENT_LOOKBACK_MS = 30 * 24 * 3600 * 1000;
const SEND_BATCH = 20;
/** A text or mail that keeps failing for a passing reason gives up after this many tries. */
const MAX_ATTEMPTS = 5;
const DAY_MS = 24 * 3600 * 1000;

/** One notification to make: who, what, and the cause that makes it unique for that person. */
export interface Notice {
  accountId: number;
  kind: NotificationKind;
  /** Unique per recipient: `event:<id>:<kind>` for events, `<kind>:<day>` for reminders. */
  cause: string;
  params: Params;
  subject: NotificationSubject | null;
  eventId?: number;
}

const ROLE_TYPES: Record<Role, number> = ACCOUNT_TYPE;

/** An announcement as the audit log keeps it, named by its English title (or the first one it has). */
function announcementView(row: AnnouncementRow) {
  return { title: row.title, body: row.body, audience: row.audience, marketing: row.marketing, send_at: row.sendAt.toISOString(), sent_at: row.sentAt?.toISOString() ?? null };
}
const titleOf = (row: AnnouncementRow): string => row.title['en-US'] ?? Object.values(row.title)[0] ?? `#${row.id}`;

export class NotificationService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountService,
    private readonly mailer: Mailer,
    private readonly sms: SmsSender,
    readonly hub: NotificationHub,
    private readonly jobs: JobQueue,
    private readonly publicUrl: string,
    private readonly audit: AuditService,
  ) {}

  // ---- making notifications -------------------------------------------------------------------

  /**
   * Makes the notifications in the caller's transaction (an event's delivery, a reminder run):
   * one per cause and recipient whatever the retries; the recipient's settings at this moment
   * decide whether it shows in the center (`system`) and whether mail and SMS go out. The
   * stream hears of it when the transaction commits.
   */
  async notify(tx: Executor, notices: Notice[]): Promise<NotificationRow[]> {
    if (notices.length === 0) return [];
    const targets = new Map((await this.accounts.notificationTargets(notices.map((n) => n.accountId), tx)).map((t) => [t.id, t]));
    const rows = notices.flatMap((notice) => {
      const target = targets.get(notice.accountId);
      if (!target || target.status !== 'normal') return [];
      return [
        {
          accountId: notice.accountId,
          kind: notice.kind,
          dedupeKey: notice.cause,
          params: notice.params,
          subjectType: notice.subject?.type ?? null,
          subjectId: notice.subject?.id ?? null,
          eventId: notice.eventId ?? null,
          inCenter: target.notifications.system,
        },
      ];
    });
    const inserted = await repo.insertNotifications(tx, rows);
    const deliveries = inserted.flatMap((row) => {
      const target = targets.get(row.accountId)!;
      const channels: ('email' | 'sms')[] = [];
      if (target.notifications.email && target.email) channels.push('email');
      if (target.notifications.sms && toE164(target.phone)) channels.push('sms');
      return channels.map((channel) => ({ notificationId: row.id, channel }));
    });
    await repo.insertDeliveries(tx, deliveries);
    // Without a running queue (scripts, tests) the sweep job or sendPending() picks them up.
    if (deliveries.length > 0 && this.jobs.running) await this.jobs.sendWithin(tx, SEND_JOB, [{}]);
    for (const row of inserted) {
      if (row.inCenter) await this.hub.publish(tx, { type: 'notification', account_id: row.accountId, notification_id: row.id });
    }
    return inserted;
  }

  // ---- the center -----------------------------------------------------------------------------

  private reader(caller: Caller): Reader {
    return {
      accountId: caller.id,
      role: caller.role,
      marketing: caller.account.notifications.marketing,
      since: new Date(caller.account.createdAt.getTime() - ANNOUNCEMENT_LOOKBACK_MS),
    };
  }

  /** Mail and SMS go out in the language the person last read the center in. */
  async rememberLanguage(caller: Caller, language: Language): Promise<void> {
    await repo.rememberLanguage(this.db, caller.id, language);
  }

  async unread(caller: Caller, ex: Executor = this.db): Promise<UnreadCounts> {
    const [official, interactive] = await Promise.all([repo.unreadAnnouncements(ex, this.reader(caller)), repo.unreadInteractive(ex, caller.id)]);
    return { total: official + interactive, official, interactive };
  }

  /** The language an account last read the center in: what its mail is written in (en-US when never). */
  async languageOf(accountId: number): Promise<Language> {
    const stored = (await repo.languagesOf(this.db, [accountId])).get(accountId) ?? 'en-US';
    return isLanguage(stored) ? stored : 'en-US';
  }

  async list(caller: Caller, language: Language, body: Body<'list'>) {
    const paging = { unreadOnly: body.unread_only, limit: body.page_size, offset: (body.page - 1) * body.page_size };
    let list: NotificationItem[];
    let total: number;
    if (body.tab === 'official') {
      const page = await repo.listVisible(this.db, this.reader(caller), paging);
      list = page.rows.map((row) => this.presentAnnouncementItem(row.announcement, row.readAt, language));
      total = page.total;
    } else {
      const page = await repo.listInbox(this.db, caller.id, paging);
      list = page.rows.map((row) => this.presentItem(row, language, caller.role));
      total = page.total;
    }
    return { list, total, page: body.page, page_size: body.page_size, unread: await this.unread(caller) };
  }

  /** Marks the caller's own notifications read; an id that is not one of them answers 404. */
  async read(caller: Caller, body: Body<'read'>): Promise<UnreadCounts> {
    const ids = [...new Set(body.ids)];
    await this.db.transaction(async (tx) => {
      const reader = this.reader(caller);
      // Someone else's id, or one the reader cannot see, is not found, like any out-of-scope id.
      const found =
        body.tab === 'official' ? await repo.visibleAnnouncementIds(tx, reader, ids) : await repo.ownNotificationIds(tx, caller.id, ids);
      if (found.length !== ids.length) throw notFound();
      if (body.tab === 'official') await repo.markAnnouncementsRead(tx, reader, ids);
      else await repo.markRead(tx, caller.id, ids);
      await this.hub.publish(tx, { type: 'read', account_id: caller.id });
    });
    return this.unread(caller);
  }

  async readAll(caller: Caller, body: Body<'readAll'>): Promise<UnreadCounts> {
    await this.db.transaction(async (tx) => {
      if (body.tab !== 'interactive') await repo.markAnnouncementsRead(tx, this.reader(caller), 'all');
      if (body.tab !== 'official') await repo.markRead(tx, caller.id, 'all');
      await this.hub.publish(tx, { type: 'read', account_id: caller.id });
    });
    return this.unread(caller);
  }

  /** What the stream sends a reader for a hub message; null when it is not for this reader. */
  async itemFor(caller: Caller, language: Language, message: { type: 'notification'; notification_id: number } | { type: 'announcement'; announcement_id: number }) {
    if (message.type === 'notification') {
      const row = await repo.findNotification(this.db, message.notification_id);
      if (!row || row.accountId !== caller.id || !row.inCenter) return null;
      return this.presentItem(row, language, caller.role);
    }
    const row = await repo.findAnnouncement(this.db, message.announcement_id);
    if (!row || !row.sentAt || !row.audience.includes(caller.role) || (row.marketing && !caller.account.notifications.marketing)) return null;
    return this.presentAnnouncementItem(row, null, language);
  }

  private presentItem(row: NotificationRow, language: Language, role: Role): NotificationItem {
    const kind = row.kind as NotificationKind;
    const subject = row.subjectType && row.subjectId !== null ? { type: row.subjectType as NotificationSubjectType, id: row.subjectId } : null;
    return {
      id: row.id,
      tab: 'interactive',
      kind,
      ...renderKind(language, kind, row.params),
      params: row.params,
      subject,
      link: notificationLink(subject, role),
      marketing: false,
      read: row.readAt !== null,
      read_time: row.readAt?.toISOString() ?? null,
      create_time: row.createdAt.toISOString(),
    };
  }

  private presentAnnouncementItem(row: AnnouncementRow, readAt: string | Date | null, language: Language): NotificationItem {
    const subject = { type: 'announcement' as const, id: row.id };
    return {
      id: row.id,
      tab: 'official' as NotificationTab,
      kind: 'announcement',
      title: pickLanguage(row.title, language),
      body: pickLanguage(row.body, language),
      params: {},
      subject,
      link: notificationLink(subject),
      marketing: row.marketing,
      read: readAt !== null,
      read_time: readAt === null ? null : new Date(readAt).toISOString(),
      create_time: (row.sentAt ?? row.sendAt).toISOString(),
    };
  }

  // ---- announcements (staff) --------------------------------------------------------------------

  async announcementList(body: Body<'announcementList'>) {
    const page = await repo.listAnnouncements(this.db, { status: body.status, limit: body.page_size, offset: (body.page - 1) * body.page_size });
    return { list: await this.presentAnnouncements(page.rows), total: page.total, page: body.page, page_size: body.page_size };
  }

  async announcementGet(id: number): Promise<Announcement> {
    const row = await repo.findAnnouncement(this.db, id);
    if (!row) throw notFound('notification.announcement_not_found');
    return (await this.presentAnnouncements([row]))[0]!;
  }

  async announcementAdd(caller: Caller, body: Body<'announcementAdd'>): Promise<Announcement> {
    const now = new Date();
    const sendAt = body.send_time ? new Date(body.send_time) : now;
    const row = await this.db.transaction(async (tx) => {
      const due = sendAt.getTime() <= now.getTime();
      const saved = await repo.insertAnnouncement(tx, {
        ...texts(body),
        audience: body.audience,
        marketing: body.marketing,
        sendAt,
        sentAt: due ? now : null,
        authorId: caller.id,
      });
      if (due) await this.hub.publish(tx, { type: 'announcement', announcement_id: saved.id });
      await this.audit.record(tx, { action: 'announcement.add', target: { id: saved.id, label: titleOf(saved) }, after: announcementView(saved) });
      return saved;
    });
    return (await this.presentAnnouncements([row]))[0]!;
  }

  /** Only a scheduled one changes; a time now or past sends it at once. */
  async announcementUpdate(body: Body<'announcementUpdate'>): Promise<Announcement> {
    const now = new Date();
    const row = await this.db.transaction(async (tx) => {
      const current = await repo.findAnnouncement(tx, body.id, true);
      if (!current) throw notFound('notification.announcement_not_found');
      if (current.sentAt) throw conflict('notification.announcement_sent');
      const sendAt = body.send_time ? new Date(body.send_time) : now;
      const due = sendAt.getTime() <= now.getTime();
      const saved = await repo.updateAnnouncement(tx, body.id, {
        ...texts(body),
        audience: body.audience,
        marketing: body.marketing,
        sendAt,
        sentAt: due ? now : null,
      });
      if (due) await this.hub.publish(tx, { type: 'announcement', announcement_id: body.id });
      await this.audit.record(tx, { action: 'announcement.update', target: { id: body.id, label: titleOf(saved!) }, before: announcementView(current), after: announcementView(saved!) });
      return saved!;
    });
    return (await this.presentAnnouncements([row]))[0]!;
  }

  /** Withdraws a scheduled one; a sent one stays (people have read it). */
  async announcementDelete(id: number): Promise<null> {
    await this.db.transaction(async (tx) => {
      const current = await repo.findAnnouncement(tx, id, true);
      if (!current) throw notFound('notification.announcement_not_found');
      if (current.sentAt) throw conflict('notification.announcement_sent');
      await repo.deleteAnnouncement(tx, id);
      await this.audit.record(tx, { action: 'announcement.delete', target: { id, label: titleOf(current) }, before: announcementView(current) });
    });
    return null;
  }

  /** Sends the scheduled announcements whose time has come; answers how many. */
  async sendDueAnnouncements(now: Date = new Date()): Promise<number> {
    return this.db.transaction(async (tx) => {
      const sent = await repo.claimDueAnnouncements(tx, now);
      for (const row of sent) await this.hub.publish(tx, { type: 'announcement', announcement_id: row.id });
      return sent.length;
    });
  }

  private async presentAnnouncements(rows: AnnouncementRow[]): Promise<Announcement[]> {
    const ids = rows.map((row) => row.id);
    const [reads, authors] = await Promise.all([
      repo.readCounts(this.db, ids),
      this.accounts.cardsOf(rows.map((row) => row.authorId).filter((id): id is number => id !== null)),
    ]);
    const audienceCounts = await Promise.all(
      rows.map((row) => this.accounts.countOfTypes(row.audience.map((role) => ROLE_TYPES[role as Role]).filter((t) => t !== undefined), row.marketing)),
    );
    return rows.map((row, index) => {
      const author = row.authorId === null ? undefined : authors.get(row.authorId);
      return {
        id: row.id,
        title: row.title,
        body: row.body,
        audience: row.audience as Role[],
        marketing: row.marketing,
        status: row.sentAt ? 'sent' : 'scheduled',
        send_time: (row.sentAt ?? row.sendAt).toISOString(),
        read_count: reads.get(row.id) ?? 0,
        audience_count: audienceCounts[index]!,
        author: author ? cardName(author) : '',
        create_time: row.createdAt.toISOString(),
        update_time: row.updatedAt.toISOString(),
      };
    });
  }

  // ---- mail and SMS ---------------------------------------------------------------------------

  /**
   * Sends pending mail and texts in batches, each batch's rows locked while it goes out so no
   * other instance sends them too. A passing failure leaves the row pending for the next run (up
   * to MAX_ATTEMPTS); a permanent one (a refused number) marks it failed. Answers how many went.
   */
  async sendPending(): Promise<number> {
    let sent = 0;
    // A row that failed for a passing reason waits for the next run rather than being retried
    // at once within this one.
    const tried = new Set<string>();
    for (;;) {
      const claimed = await this.db.transaction(async (tx) => {
        const batch = (await repo.claimPendingDeliveries(tx, SEND_BATCH)).filter(
          ({ delivery }) => !tried.has(`${delivery.notificationId}:${delivery.channel}`),
        );
        if (batch.length === 0) return 0;
        for (const { delivery } of batch) tried.add(`${delivery.notificationId}:${delivery.channel}`);
        const accountIds = batch.map((item) => item.notification.accountId);
        const [targets, languages] = await Promise.all([
          this.accounts.notificationTargets(accountIds, tx).then((list) => new Map(list.map((t) => [t.id, t]))),
          repo.languagesOf(tx, accountIds),
        ]);
        for (const { delivery, notification } of batch) {
          const key = { notificationId: delivery.notificationId, channel: delivery.channel };
          const target = targets.get(notification.accountId);
          // Settings may have changed since: a channel switched off since sends nothing.
          if (!target || target.status !== 'normal' || !target.notifications[delivery.channel]) {
            await repo.updateDelivery(tx, key, { status: 'failed', lastError: 'channel turned off' });
            continue;
          }
          const stored = languages.get(notification.accountId) ?? 'en-US';
          const language: Language = isLanguage(stored) ? stored : 'en-US';
          const item = this.presentItem(notification, language, roleOf(target.accountType));
          try {
            if (delivery.channel === 'email') {
              const link = item.link ? `${this.publicUrl}${item.link}` : null;
              await this.mailer.send({
                to: target.email,
                subject: item.title,
                text: [item.body, link, '', message(language, 'notification.email.footer')].filter((line) => line !== null).join('\n'),
              });
            } else {
              const to = toE164(target.phone);
              if (!to) throw new SmsError('no phone number', false);
              await this.sms.send({ to, body: `Nearcast: ${item.title}. ${item.body}` });
            }
            await repo.updateDelivery(tx, key, { status: 'sent', sentAt: new Date(), attempts: delivery.attempts + 1, lastError: null });
            sent += 1;
          } catch (error) {
            const attempts = delivery.attempts + 1;
            const permanent = error instanceof SmsError && !error.retryable;
            await repo.updateDelivery(tx, key, {
              status: permanent || attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
              attempts,
              lastError: (error as Error).message.slice(0, 500),
            });
          }
        }
        return batch.length;
      });
      if (claimed === 0) return sent;
    }
  }

  // ---- plan reminders -------------------------------------------------------------------------

  /**
   * Plans ending in 7 days and plans ending today, by UTC day. Run daily (and safe to run more
   * often: the cause names the expiry day, so one person gets one of each per plan end).
   */
  async remindPlans(now: Date = new Date()): Promise<number> {
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const notices: Notice[] = [];
    const windows: [NotificationKind, Date, Date][] = [
      ['plan_expires_today', today, new Date(today.getTime() + DAY_MS)],
      ['plan_expiring', new Date(today.getTime() + 7 * DAY_MS), new Date(today.getTime() + 8 * DAY_MS)],
    ];
    for (const [kind, from, to] of windows) {
      // Today's window starts now: a plan that ended this morning is no longer "ending today".
      const start = kind === 'plan_expires_today' ? now : from;
      for (const plan of await this.accounts.paidPlansExpiringBetween(start, to)) {
        const day = plan.expireAt.toISOString().slice(0, 10);
        notices.push({ accountId: plan.id, kind, cause: `${kind}:${day}`, params: { date: day }, subject: { type: 'plan', id: plan.id } });
      }
    }
    let made = 0;
    for (let i = 0; i < notices.length; i += 500) {
      const chunk = notices.slice(i, i + 500);
      made += (await this.db.transaction((tx) => this.notify(tx, chunk))).length;
    }
    return made;
  }

  jobDefinitions(reminderCron: string, log: FastifyBaseLogger): JobDefinition<never>[] {
    const send: JobDefinition<object> = {
      name: SEND_JOB,
      retryLimit: 3,
      retryDelaySeconds: 30,
      retryBackoff: true,
      handler: async () => {
        await this.sendPending();
      },
    };
    const sweep: JobDefinition<object> = {
      name: SWEEP_JOB,
      schedule: '* * * * *',
      policy: 'stately',
      retryLimit: 2,
      retryDelaySeconds: 10,
      handler: async () => {
        const announced = await this.sendDueAnnouncements();
        const sent = await this.sendPending();
        if (announced + sent > 0) log.info({ announced, sent }, 'notifications sent');
      },
    };
    const reminders: JobDefinition<object> = {
      name: REMINDER_JOB,
      schedule: reminderCron,
      retryLimit: 2,
      retryDelaySeconds: 60,
      handler: async () => {
        const made = await this.remindPlans();
        if (made > 0) log.info({ made }, 'plan reminders made');
      },
    };
    return [send, sweep, reminders] as JobDefinition<never>[];
  }
}

function texts(body: Body<'announcementAdd'>) {
  const clean = (record: Partial<Record<Language, string | undefined>>) =>
    Object.fromEntries(Object.entries(record).filter(([, value]) => value)) as Partial<Record<Language, string>>;
  return { title: clean(body.title), body: clean(body.body) };
}
