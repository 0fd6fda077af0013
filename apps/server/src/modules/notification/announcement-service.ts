import { ACCOUNT_TYPE, type Announcement, type api, type Language, type ParsedRequestOf, type Role } from '@nearcast/contract';
import type { Actor, Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../errors.js';
import { cardName } from '../account/presenter.js';
import type { AccountService } from '../account/service.js';
import type { AuditService } from '../audit/service.js';
import type { NotificationHub } from './hub.js';
import * as repo from './repository.js';
import type { AnnouncementRow } from './repository.js';

type Body<K extends keyof typeof api.notification> = ParsedRequestOf<(typeof api.notification)[K]>;

const ROLE_TYPES: Record<Role, number> = ACCOUNT_TYPE;

/** An announcement as the audit log keeps it, named by its English title (or the first one it has). */
function announcementView(row: AnnouncementRow) {
  return { title: row.title, body: row.body, audience: row.audience, marketing: row.marketing, send_at: row.sendAt.toISOString(), sent_at: row.sentAt?.toISOString() ?? null };
}
const titleOf = (row: AnnouncementRow): string => row.title['en-US'] ?? Object.values(row.title)[0] ?? `#${row.id}`;

/**
 * Announcements, written by staff to chosen roles: sent at once or scheduled, changed or
 * withdrawn while still scheduled; the hub announces each to open streams when it goes out.
 */
export class AnnouncementService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountService,
    private readonly hub: NotificationHub,
    private readonly audit: AuditService,
  ) {}

  async list(body: Body<'announcementList'>) {
    const page = await repo.listAnnouncements(this.db, { status: body.status, limit: body.page_size, offset: (body.page - 1) * body.page_size });
    return { list: await this.present(page.rows), total: page.total, page: body.page, page_size: body.page_size };
  }

  async get(id: number): Promise<Announcement> {
    const row = await repo.findAnnouncement(this.db, id);
    if (!row) throw notFound('notification.announcement_not_found');
    return (await this.present([row]))[0]!;
  }

  async add(caller: Caller, body: Body<'announcementAdd'>): Promise<Announcement> {
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
      await this.audit.record(tx, caller, { action: 'announcement.add', target: { id: saved.id, label: titleOf(saved) }, after: announcementView(saved) });
      return saved;
    });
    return (await this.present([row]))[0]!;
  }

  /** Only a scheduled one changes; a time now or past sends it at once. */
  async update(caller: Actor, body: Body<'announcementUpdate'>): Promise<Announcement> {
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
      await this.audit.record(tx, caller, { action: 'announcement.update', target: { id: body.id, label: titleOf(saved!) }, before: announcementView(current), after: announcementView(saved!) });
      return saved!;
    });
    return (await this.present([row]))[0]!;
  }

  /** Withdraws a scheduled one; a sent one stays (people have read it). */
  async delete(caller: Actor, id: number): Promise<null> {
    await this.db.transaction(async (tx) => {
      const current = await repo.findAnnouncement(tx, id, true);
      if (!current) throw notFound('notification.announcement_not_found');
      if (current.sentAt) throw conflict('notification.announcement_sent');
      await repo.deleteAnnouncement(tx, id);
      await this.audit.record(tx, caller, { action: 'announcement.delete', target: { id, label: titleOf(current) }, before: announcementView(current) });
    });
    return null;
  }

  /** Sends the scheduled announcements whose time has come; answers how many. */
  async sendDue(now: Date = new Date()): Promise<number> {
    return this.db.transaction(async (tx) => {
      const sent = await repo.claimDueAnnouncements(tx, now);
      for (const row of sent) await this.hub.publish(tx, { type: 'announcement', announcement_id: row.id });
      return sent.length;
    });
  }

  private async present(rows: AnnouncementRow[]): Promise<Announcement[]> {
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
}

function texts(body: Body<'announcementAdd'>) {
  const clean = (record: Partial<Record<Language, string | undefined>>) =>
    Object.fromEntries(Object.entries(record).filter(([, value]) => value)) as Partial<Record<Language, string>>;
  return { title: clean(body.title), body: clean(body.body) };
}
