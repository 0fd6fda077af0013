import { api } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { NOTIFICATION_READS } from './notification-reads';

/** POST /v1/notification/announcement/delete `{id}` (a scheduled one, before it goes out). */
export function deleteAnnouncement(id: number): Promise<unknown> {
  return call(api.notification.announcementDelete, { id }, { toast: false });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: () => invalidateEndpoints(queryClient, NOTIFICATION_READS),
  });
}
