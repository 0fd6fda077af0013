import type { api, Language, NotificationItem, ParsedRequestOf, UnreadCounts } from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { NotificationHub } from './hub.js';
import { toAnnouncementItem, toItem } from './presenter.js';
import * as repo from './repository.js';
import type { Reader } from './repository.js';

type Body<K extends keyof typeof api.notification> = ParsedRequestOf<(typeof api.notification)[K]>;

/** How far back a reader sees announcements sent before it registered. */
const ANNOUNCEMENT_LOOKBACK_MS = 30 * 24 * 3600 * 1000;

/**
 * The notification center of every signed-in reader: its interactive notifications and the
 * announcements addressed to it, unread counts, marking read, and what the live stream sends it.
 */
export class CenterService {
  constructor(
    private readonly db: Db,
    private readonly hub: NotificationHub,
  ) {}

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

  async list(caller: Caller, language: Language, body: Body<'list'>) {
    const paging = { unreadOnly: body.unread_only, limit: body.page_size, offset: (body.page - 1) * body.page_size };
    let list: NotificationItem[];
    let total: number;
    if (body.tab === 'official') {
      const page = await repo.listVisible(this.db, this.reader(caller), paging);
      list = page.rows.map((row) => toAnnouncementItem(row.announcement, row.readAt, language));
      total = page.total;
    } else {
      const page = await repo.listInbox(this.db, caller.id, paging);
      list = page.rows.map((row) => toItem(row, language, caller.role));
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
      return toItem(row, language, caller.role);
    }
    const row = await repo.findAnnouncement(this.db, message.announcement_id);
    if (!row || !row.sentAt || !row.audience.includes(caller.role) || (row.marketing && !caller.account.notifications.marketing)) return null;
    return toAnnouncementItem(row, null, language);
  }
}
