import { and, count, desc, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { announcementReads, announcements, notificationDeliveries, notificationLanguages, notifications } from '../../db/schema/notification.js';

/** The SQL of the notification center. Callers pass the db or their transaction. */

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
export type AnnouncementRow = typeof announcements.$inferSelect;
export type NewAnnouncementRow = typeof announcements.$inferInsert;
export type DeliveryRow = typeof notificationDeliveries.$inferSelect;

// ---- interactive ------------------------------------------------------------------------------

/** Inserts the new ones; a row whose (recipient, cause) exists is skipped and not answered. */
export async function insertNotifications(ex: Executor, rows: NewNotificationRow[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return ex.insert(notifications).values(rows).onConflictDoNothing().returning();
}

/**
 * Adds a platform to a publish notice already made for the post (`params.platform` lists them,
 * comma-separated): one notice per post, however many platforms it went out on. A platform
 * listed already changes nothing, so a delivery made twice is harmless. Answers the row when
 * it changed.
 */
export async function addPlatform(ex: Executor, accountId: number, dedupeKey: string, platform: string): Promise<NotificationRow | undefined> {
  const [row] = await ex
    .update(notifications)
    .set({ params: sql`jsonb_set(${notifications.params}, '{platform}', to_jsonb(coalesce(${notifications.params}->>'platform' || ',', '') || ${platform}::text))` })
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.dedupeKey, dedupeKey),
        sql`not (${platform}::text = any(string_to_array(coalesce(${notifications.params}->>'platform', ''), ',')))`,
      ),
    )
    .returning();
  return row;
}

/** Publish notices held for their recipients' daily digests, oldest first, locked for this run. */
export async function heldForDigest(ex: Executor, limit: number): Promise<NotificationRow[]> {
  return ex.select().from(notifications).where(eq(notifications.heldForDigest, true)).orderBy(notifications.id).limit(limit).for('update', { skipLocked: true });
}

export async function releaseFromDigest(ex: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await ex.update(notifications).set({ heldForDigest: false }).where(inArray(notifications.id, ids));
}

export async function insertDeliveries(ex: Executor, rows: { notificationId: number; channel: 'email' | 'sms' }[]): Promise<void> {
  if (rows.length === 0) return;
  await ex.insert(notificationDeliveries).values(rows).onConflictDoNothing();
}

const inbox = (accountId: number, unreadOnly: boolean): SQL =>
  and(eq(notifications.accountId, accountId), eq(notifications.inCenter, true), unreadOnly ? isNull(notifications.readAt) : undefined)!;

export async function listInbox(ex: Executor, accountId: number, options: { unreadOnly: boolean; limit: number; offset: number }) {
  const where = inbox(accountId, options.unreadOnly);
  const [rows, [total]] = await Promise.all([
    ex.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(options.limit).offset(options.offset),
    ex.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findNotification(ex: Executor, id: number): Promise<NotificationRow | undefined> {
  const [row] = await ex.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return row;
}

export async function unreadInteractive(ex: Executor, accountId: number): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(notifications).where(inbox(accountId, true));
  return row?.n ?? 0;
}

/** Marks the caller's own ones read; ids of others' notifications match nothing. */
export async function markRead(ex: Executor, accountId: number, ids: number[] | 'all'): Promise<number> {
  const rows = await ex
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(inbox(accountId, true), ids === 'all' ? undefined : inArray(notifications.id, ids)))
    .returning({ id: notifications.id });
  return rows.length;
}

// ---- deliveries -------------------------------------------------------------------------------

/**
 * Pending deliveries with their notification, locked for this sender (others skip them), the
 * least tried and oldest first. The lock is held while the batch is sent, so two instances never send one row.
 */
export async function claimPendingDeliveries(ex: Executor, limit: number) {
  return ex
    .select({ delivery: notificationDeliveries, notification: notifications })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(eq(notificationDeliveries.status, 'pending'))
    // Fresh ones first: rows that failed before go behind them, so a stuck provider for a few
    // rows never holds up everyone else's mail.
    .orderBy(notificationDeliveries.attempts, notificationDeliveries.createdAt)
    .limit(limit)
    .for('update', { of: notificationDeliveries, skipLocked: true });
}

export async function updateDelivery(
  ex: Executor,
  key: { notificationId: number; channel: 'email' | 'sms' },
  values: Partial<Pick<DeliveryRow, 'status' | 'attempts' | 'lastError' | 'sentAt'>>,
): Promise<void> {
  await ex
    .update(notificationDeliveries)
    .set(values)
    .where(and(eq(notificationDeliveries.notificationId, key.notificationId), eq(notificationDeliveries.channel, key.channel)));
}

export async function deliveriesOf(ex: Executor, notificationIds: number[]): Promise<DeliveryRow[]> {
  if (notificationIds.length === 0) return [];
  return ex.select().from(notificationDeliveries).where(inArray(notificationDeliveries.notificationId, notificationIds));
}

// ---- languages --------------------------------------------------------------------------------

export async function languagesOf(ex: Executor, accountIds: number[]): Promise<Map<number, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await ex.select().from(notificationLanguages).where(inArray(notificationLanguages.accountId, accountIds));
  return new Map(rows.map((row) => [row.accountId, row.language]));
}

/** Writes only when the language changed, so the usual call is a no-op update. */
export async function rememberLanguage(ex: Executor, accountId: number, language: string): Promise<void> {
  await ex
    .insert(notificationLanguages)
    .values({ accountId, language })
    .onConflictDoUpdate({
      target: notificationLanguages.accountId,
      set: { language, updatedAt: sql`now()` },
      setWhere: sql`${notificationLanguages.language} <> excluded.language`,
    });
}

// ---- announcements ----------------------------------------------------------------------------

export interface Reader {
  accountId: number;
  role: string;
  marketing: boolean;
  /** Announcements sent before this are not shown (a new account does not inherit years of them). */
  since: Date;
}

const visibleTo = (reader: Reader): SQL =>
  and(
    isNotNull(announcements.sentAt),
    sql`${announcements.sentAt} >= ${reader.since.toISOString()}`,
    sql`${reader.role} = any(${announcements.audience})`,
    reader.marketing ? undefined : eq(announcements.marketing, false),
  )!;

const readBy = (accountId: number) =>
  sql`exists (select 1 from ${announcementReads} where ${announcementReads.announcementId} = ${announcements.id} and ${announcementReads.accountId} = ${accountId})`;

export async function listVisible(ex: Executor, reader: Reader, options: { unreadOnly: boolean; limit: number; offset: number }) {
  const where = and(visibleTo(reader), options.unreadOnly ? sql`not ${readBy(reader.accountId)}` : undefined);
  const [rows, [total]] = await Promise.all([
    ex
      .select({
        announcement: announcements,
        readAt: sql<string | null>`(select ${announcementReads.readAt} from ${announcementReads} where ${announcementReads.announcementId} = ${announcements.id} and ${announcementReads.accountId} = ${reader.accountId})`,
      })
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.sentAt), desc(announcements.id))
      .limit(options.limit)
      .offset(options.offset),
    ex.select({ n: count() }).from(announcements).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function unreadAnnouncements(ex: Executor, reader: Reader): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(announcements)
    .where(and(visibleTo(reader), sql`not ${readBy(reader.accountId)}`));
  return row?.n ?? 0;
}

/** Records receipts for the visible ones among `ids` (or all visible); answers how many were new. */
export async function markAnnouncementsRead(ex: Executor, reader: Reader, ids: number[] | 'all'): Promise<number> {
  const result = (await ex.execute(sql`
    insert into ${announcementReads} (announcement_id, account_id)
    select ${announcements.id}, ${reader.accountId} from ${announcements}
    where ${and(visibleTo(reader), ids === 'all' ? undefined : inArray(announcements.id, ids))}
    on conflict do nothing
    returning announcement_id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

export async function insertAnnouncement(ex: Executor, values: NewAnnouncementRow): Promise<AnnouncementRow> {
  const [row] = await ex.insert(announcements).values(values).returning();
  return row!;
}

export async function findAnnouncement(ex: Executor, id: number, lock = false): Promise<AnnouncementRow | undefined> {
  const query = ex.select().from(announcements).where(eq(announcements.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateAnnouncement(ex: Executor, id: number, values: Partial<NewAnnouncementRow>): Promise<AnnouncementRow | undefined> {
  const [row] = await ex
    .update(announcements)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(announcements.id, id))
    .returning();
  return row;
}

export async function deleteAnnouncement(ex: Executor, id: number): Promise<void> {
  await ex.delete(announcements).where(eq(announcements.id, id));
}

export async function listAnnouncements(ex: Executor, options: { status?: 'scheduled' | 'sent'; limit: number; offset: number }) {
  const where =
    options.status === 'sent' ? isNotNull(announcements.sentAt) : options.status === 'scheduled' ? isNull(announcements.sentAt) : undefined;
  const [rows, [total]] = await Promise.all([
    ex
      .select()
      .from(announcements)
      .where(where)
      // Scheduled ones first (sent_at null sorts first descending), then the latest sent.
      .orderBy(desc(announcements.sentAt), desc(announcements.sendAt), desc(announcements.id))
      .limit(options.limit)
      .offset(options.offset),
    ex.select({ n: count() }).from(announcements).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function readCounts(ex: Executor, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await ex
    .select({ id: announcementReads.announcementId, n: count() })
    .from(announcementReads)
    .where(inArray(announcementReads.announcementId, ids))
    .groupBy(announcementReads.announcementId);
  return new Map(rows.map((row) => [row.id, row.n]));
}

/** Marks due announcements sent and answers them; locked rows (another instance) are skipped. */
export async function claimDueAnnouncements(ex: Executor, now: Date): Promise<AnnouncementRow[]> {
  const due = await ex
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(isNull(announcements.sentAt), lte(announcements.sendAt, now)))
    .limit(100)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  return ex
    .update(announcements)
    .set({ sentAt: now, updatedAt: sql`now()` })
    .where(
      inArray(
        announcements.id,
        due.map((row) => row.id),
      ),
    )
    .returning();
}

/** Which of `ids` the reader can see (official tab). */
export async function visibleAnnouncementIds(ex: Executor, reader: Reader, ids: number[]): Promise<number[]> {
  const rows = await ex
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(visibleTo(reader), inArray(announcements.id, ids)));
  return rows.map((row) => row.id);
}

/** Which of `ids` are the account's own, shown in its center (interactive tab). */
export async function ownNotificationIds(ex: Executor, accountId: number, ids: number[]): Promise<number[]> {
  const rows = await ex
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.accountId, accountId), eq(notifications.inCenter, true), inArray(notifications.id, ids)));
  return rows.map((row) => row.id);
}

// ---- live push --------------------------------------------------------------------------------

/** NOTIFY inside the caller's transaction: listeners hear it when (and only if) it commits. */
export async function pgNotify(ex: Executor, channel: string, payload: string): Promise<void> {
  await ex.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export async function insertAnnouncementRead(ex: Executor, announcementId: number, accountId: number): Promise<void> {
  await ex.insert(announcementReads).values({ announcementId, accountId }).onConflictDoNothing();
}
