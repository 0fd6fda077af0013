import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './account.js';

/** Outside channels a notification may also go out on (the center itself is the row). */
export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * Interactive notifications: one row per cause and recipient. `dedupeKey` names the cause
 * (`event:<event id>:<kind>` or `plan_expiring:<day>`) and is unique with the recipient, so an
 * event delivered twice, or a daily job run twice, makes one row. `inCenter` is false when the
 * recipient's `system` setting was off at the time: the row still exists, so the mail or SMS it
 * caused is sent once, but the center does not show it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    dedupeKey: text().notNull(),
    params: jsonb().$type<Record<string, string | number | null>>().notNull().default({}),
    subjectType: text(),
    subjectId: integer(),
    eventId: bigint({ mode: 'number' }),
    inCenter: boolean().notNull().default(true),
    /** A publish notice kept for the recipient's daily digest (its choice): shown and sent only inside the digest. */
    heldForDigest: boolean().notNull().default(false),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_idx').on(t.accountId, t.dedupeKey),
    // The center's page, newest first, and its unread count, per recipient.
    index('notifications_inbox_idx').on(t.accountId, t.inCenter, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notifications_unread_idx').on(t.accountId).where(sql`${t.readAt} is null and ${t.inCenter}`),
  ],
);

/**
 * A notification's trip through an outside channel (the profile asked for it). Written with the
 * notification in the event's transaction; a job sends pending rows and marks them sent. A crash
 * between the provider accepting and the mark can send one twice (mail and SMS have no
 * idempotency key); everything else about it happens once.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    notificationId: integer()
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text({ enum: NOTIFICATION_CHANNELS }).notNull(),
    status: text({ enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.channel] }),
    index('notification_deliveries_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Official announcements: one row each, however many accounts its audience holds. Who sees one
 * is decided when reading (role in `audience`, marketing only for those who accept it), so
 * sending to 100,000 merchants writes nothing per merchant; reading writes a receipt.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: jsonb().$type<Partial<Record<'en-US' | 'zh-CN' | 'es-ES', string>>>().notNull(),
    body: jsonb().$type<Partial<Record<'en-US' | 'zh-CN' | 'es-ES', string>>>().notNull(),
    /** Role names (contract ROLES). */
    audience: text().array().notNull(),
    marketing: boolean().notNull().default(false),
    sendAt: timestamp({ withTimezone: true }).notNull(),
    /** Set by the job (or the request) that sends it; a sent announcement no longer changes. */
    sentAt: timestamp({ withTimezone: true }),
    authorId: integer().references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('announcements_sent_idx').on(t.sentAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('announcements_due_idx').on(t.sendAt).where(sql`${t.sentAt} is null`),
    check('announcements_audience_chk', sql`cardinality(${t.audience}) > 0`),
  ],
);

export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: integer()
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.accountId] }), index('announcement_reads_account_idx').on(t.accountId)],
);

/**
 * The language each account last read its notifications in (the Accept-Language of its center
 * and stream calls): mail and SMS go out in it. Accounts that never opened the center get en-US.
 */
export const notificationLanguages = pgTable('notification_languages', {
  accountId: integer()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  language: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
