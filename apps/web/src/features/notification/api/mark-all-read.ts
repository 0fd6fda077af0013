import { api, type NotificationTab, type UnreadCounts } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { unreadCountsKey } from './unread-counts';

/** POST /v1/notification/read/all `{tab?}`: every notification of the tab (or both) read. */
export function markAllRead(tab?: NotificationTab): Promise<UnreadCounts> {
  return call(api.notification.readAll, tab ? { tab } : {}, { toast: false });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: (unread) => {
      queryClient.setQueryData(unreadCountsKey(), unread);
      return invalidateEndpoints(queryClient, [api.notification.list, api.notification.announcementList]);
    },
  });
}
