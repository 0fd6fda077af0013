import { z } from 'zod';
import { LANGUAGES, type Language } from './constants.js';
import { id, isoDateTime, isoTime, optionalText, pageOf, pageQuery } from './fields.js';
import { ROLES, type Role } from './roles.js';

/**
 * The notification center (spec §1 "notification center (official and interactive)", §2 Profile
 * notification settings, docs/decisions/038).
 *
 * - **official**: announcements staff write (title and body in up to three languages, an
 *   audience by role, optionally a time to send, a marketing flag). An announcement is one row;
 *   whoever is in its audience sees it once it is sent, and reading it records a receipt, so a
 *   list of sent announcements shows how many have read each. A marketing announcement reaches
 *   only accounts whose `marketing` setting is on.
 * - **interactive**: one row per event and recipient, made by subscribers of the event outbox
 *   (unique per event × recipient × kind, so an event delivered twice notifies once). The
 *   `system` setting decides whether they appear in the center; `email` and `sms` whether they
 *   are also mailed (in the recipient's language) or texted.
 *
 * Live push: `GET /api<NOTIFICATION_STREAM_PATH>` with the bearer token in `Authorization`
 * (read it with fetch streaming; EventSource cannot send headers) and optionally
 * `Accept-Language`. It answers `text/event-stream`:
 *   `event: unread` + `data: <UnreadCounts>` first and after every change (mark read too),
 *   `event: notification` + `data: <NotificationStreamItem>` when one arrives,
 *   and a `: ping` comment every NOTIFICATION_HEARTBEAT_MS so proxies keep it open.
 */
export const NOTIFICATION_STREAM_PATH = '/v1/notification/stream';
export const NOTIFICATION_HEARTBEAT_MS = 20_000;

export const NOTIFICATION_TABS = ['official', 'interactive'] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];

/**
 * What an interactive notification is about. Titles and bodies are rendered on the server in the
 * reader's language from message keys `notification.kind.<kind>.title|body` with `params`.
 */
export const NOTIFICATION_KINDS = [
  // A merchant got a studio or an operator (the merchant is told) …
  'assigned_studio',
  'assigned_operator',
  // … and the studio or operator is told of its new merchant.
  'client_assigned',
  'payment_received',
  'plan_expiring',
  'plan_expires_today',
  'settlement_paid',
  'settlement_rejected',
  'settlement_failed',
  'commission_available',
  'video_published',
  'video_failed',
  'approval_requested',
  'approval_given',
  'changes_requested',
  'connection_needs_reconnect',
  // A studio applicant first in a full city's line is offered a freed place, held for it.
  'waitlist_offer',
  // A merchant's report of last month is ready.
  'monthly_report',
  // A render failed its last attempt: its studio is told, to retry or fix it.
  'render_failed',
  // A merchant who chose a daily digest of its publish notices gets one of these a day instead.
  'publish_digest',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Who is told when a post goes live (the merchant and the team serving it): they choose how often. */
export const PUBLISH_NOTICE_ROLES: readonly Role[] = ['client', 'studio', 'operator'];

/** Roles an announcement can be addressed to (every signed-in role). */
export const ANNOUNCEMENT_ROLES = ROLES;

export const ANNOUNCEMENT_STATUSES = ['scheduled', 'sent'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 5000;
export const NOTIFICATION_READ_IDS_MAX = 100;

/** What a notification points at; the web turns it into a link (`notificationLink`). */
export const NOTIFICATION_SUBJECT_TYPES = [
  'account',
  'payment',
  'plan',
  'settlement',
  'finance',
  'video_post',
  'platform_connection',
  'announcement',
  'city_waitlist',
  'monthly_report',
  'creative_render',
] as const;
export type NotificationSubjectType = (typeof NOTIFICATION_SUBJECT_TYPES)[number];

export const notificationSubject = z.object({ type: z.enum(NOTIFICATION_SUBJECT_TYPES), id: z.number().int() });
export type NotificationSubject = z.infer<typeof notificationSubject>;

/**
 * The page a notification leads to, for a reader of `role`. Kept here so the server (links in
 * mail) and the web (the center) agree. A merchant cannot open /video or /clients: its video
 * news leads to its dashboard, which shows its published videos.
 */
export function notificationLink(subject: NotificationSubject | null, role?: Role): string | null {
  if (!subject) return null;
  const merchant = role === 'client';
  switch (subject.type) {
    case 'account':
      return merchant ? null : `/clients?id=${subject.id}`;
    case 'payment':
    case 'settlement':
    case 'finance':
      return '/finance';
    case 'plan':
      return '/plans';
    case 'video_post':
      return merchant ? `/dashboard?post=${subject.id}` : `/video?post=${subject.id}`;
    case 'platform_connection':
      return merchant ? '/dashboard' : '/video?tab=connections';
    case 'announcement':
      return `/notifications?tab=official&id=${subject.id}`;
    case 'city_waitlist':
      // The studio plans: the plan page opens its city picker on the held place.
      return '/plans?type=studio';
    case 'monthly_report':
      return `/reports?id=${subject.id}`;
    case 'creative_render':
      // The studio's review queue opens on the render; a merchant has no production line.
      return merchant ? null : `/video?render=${subject.id}`;
  }
}

/** One notification in the center, in the reader's language. */
export const notificationItem = z.object({
  id,
  tab: z.enum(NOTIFICATION_TABS),
  /** `announcement` for the official tab; an interactive kind otherwise. */
  kind: z.union([z.enum(NOTIFICATION_KINDS), z.literal('announcement')]),
  title: z.string(),
  body: z.string(),
  /** Values the title and body were rendered from (names, amounts in cents, platform …). */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  subject: notificationSubject.nullable(),
  /** Where to go from it (notificationLink(subject, reader's role)). */
  link: z.string().nullable(),
  marketing: z.boolean(),
  read: z.boolean(),
  read_time: isoTime.nullable(),
  create_time: isoTime,
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const unreadCounts = z.object({
  total: z.number().int(),
  official: z.number().int(),
  interactive: z.number().int(),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;

/** The `data` of an `event: notification` on the stream. */
export const notificationStreamItem = z.object({ item: notificationItem, unread: unreadCounts });
export type NotificationStreamItem = z.infer<typeof notificationStreamItem>;

const tab = z.enum(NOTIFICATION_TABS, { error: 'validation.invalid_option' });

export const notificationListRequest = z.strictObject({
  tab,
  unread_only: z.boolean({ error: 'validation.expected_boolean' }).default(false),
  ...pageQuery,
});
export const notificationListResponse = pageOf(notificationItem).extend({ unread: unreadCounts });
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

export const notificationReadRequest = z.strictObject({
  tab,
  ids: z
    .array(id, { error: 'validation.invalid' })
    .min(1, { error: 'notification.ids_required' })
    .max(NOTIFICATION_READ_IDS_MAX, { error: 'validation.too_big' }),
});
/** Marks every notification of one tab read, or of both without `tab`. */
export const notificationReadAllRequest = z.strictObject({ tab: tab.optional() });

// ---------------------------------------------------------------------------------------------
// Announcements (staff).

const localizedTitle = optionalText(ANNOUNCEMENT_TITLE_MAX);
const localizedBody = optionalText(ANNOUNCEMENT_BODY_MAX, { multiline: true });

/** Text per language; at least one language filled (checked on the request). */
export const localizedTexts = <T extends z.ZodType>(text: T) =>
  z.strictObject({ 'en-US': text.optional(), 'zh-CN': text.optional(), 'es-ES': text.optional() });

const audience = z
  .array(z.enum(ANNOUNCEMENT_ROLES, { error: 'validation.invalid_option' }), { error: 'notification.audience_required' })
  .min(1, { error: 'notification.audience_required' })
  .max(ANNOUNCEMENT_ROLES.length, { error: 'validation.too_big' })
  .transform((roles) => [...new Set(roles)]);

const announcementFields = {
  title: localizedTexts(localizedTitle),
  body: localizedTexts(localizedBody),
  audience,
  marketing: z.boolean({ error: 'validation.expected_boolean' }).default(false),
  /** Omitted or null: sent at once. A time in the past is sent at once too. */
  send_time: isoDateTime.nullable().optional(),
};

/** Each language given has both a title and a body, and at least one language is given. */
function checkLanguages(value: { title: Partial<Record<Language, string>>; body: Partial<Record<Language, string>> }, ctx: z.RefinementCtx) {
  let any = false;
  for (const language of LANGUAGES) {
    const title = value.title[language] ?? '';
    const body = value.body[language] ?? '';
    if (title && body) any = true;
    else if (title && !body) ctx.addIssue({ code: 'custom', path: ['body', language], message: 'notification.body_required' });
    else if (!title && body) ctx.addIssue({ code: 'custom', path: ['title', language], message: 'notification.title_required' });
  }
  if (!any) ctx.addIssue({ code: 'custom', path: ['title'], message: 'notification.language_required' });
}

export const announcementAddRequest = z.strictObject(announcementFields).superRefine(checkLanguages);
/** Only a scheduled (not yet sent) announcement can change. */
export const announcementUpdateRequest = z.strictObject({ id, ...announcementFields }).superRefine(checkLanguages);
export const announcementByIdRequest = z.strictObject({ id });
export const announcementListRequest = z.strictObject({
  status: z.enum(ANNOUNCEMENT_STATUSES, { error: 'validation.invalid_option' }).optional(),
  ...pageQuery,
});

/** An announcement as staff see it. */
export const announcement = z.object({
  id,
  title: z.partialRecord(z.enum(LANGUAGES), z.string()),
  body: z.partialRecord(z.enum(LANGUAGES), z.string()),
  audience: z.array(z.enum(ANNOUNCEMENT_ROLES)),
  marketing: z.boolean(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  /** When it goes (scheduled) or went (sent) out. */
  send_time: isoTime,
  /** Accounts that have read it. */
  read_count: z.number().int(),
  /** Accounts in its audience today (marketing ones: those who accept marketing). */
  audience_count: z.number().int(),
  author: z.string(),
  create_time: isoTime,
  update_time: isoTime,
});
export type Announcement = z.infer<typeof announcement>;
export const announcementListResponse = pageOf(announcement);
