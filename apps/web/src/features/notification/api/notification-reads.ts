import { api, type Endpoint } from '@nearcast/contract';

/** Every read a new or newly read notification changes: the bell, the center's tabs, read counts. */
export const NOTIFICATION_READS: readonly Endpoint[] = [
  api.notification.unread,
  api.notification.list,
  api.notification.announcementList,
  api.notification.announcementGet,
];
