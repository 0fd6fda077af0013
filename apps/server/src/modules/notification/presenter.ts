import {
  notificationLink,
  type Language,
  type NotificationItem,
  type NotificationKind,
  type NotificationSubjectType,
  type NotificationTab,
  type Role,
} from '@nearcast/contract';
import { pickLanguage, renderKind } from './render.js';
import type { AnnouncementRow, NotificationRow } from './repository.js';

/** An interactive notification as its reader sees it: in the center, the stream, a mail or a text. */
export function toItem(row: NotificationRow, language: Language, role: Role): NotificationItem {
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

/** An announcement as an item of the center's official tab. */
export function toAnnouncementItem(row: AnnouncementRow, readAt: string | Date | null, language: Language): NotificationItem {
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
