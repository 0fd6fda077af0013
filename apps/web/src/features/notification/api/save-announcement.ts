import { api, type Announcement, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { NOTIFICATION_READS } from './notification-reads';

export type AnnouncementAdd = RequestOf<typeof api.notification.announcementAdd>;
export type AnnouncementUpdate = RequestOf<typeof api.notification.announcementUpdate>;

/**
 * POST /v1/notification/announcement/add, or /update `{id, …}` for a scheduled one. Errors are
 * shown by the form (fields under their inputs), so no toast here.
 */
export function saveAnnouncement(body: AnnouncementAdd | AnnouncementUpdate): Promise<Announcement> {
  return 'id' in body
    ? call(api.notification.announcementUpdate, body, { toast: false })
    : call(api.notification.announcementAdd, body, { toast: false });
}

export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAnnouncement,
    // The author may be in the audience: their own bell and center change too.
    onSuccess: () => invalidateEndpoints(queryClient, NOTIFICATION_READS),
  });
}
