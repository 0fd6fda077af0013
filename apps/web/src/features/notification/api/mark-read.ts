import { api, type NotificationTab, type UnreadCounts } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { unreadCountsKey } from './unread-counts';

/** POST /v1/notification/read `{tab, ids}`: answers the unread counts after it. */
export function markRead(body: { tab: NotificationTab; ids: number[] }): Promise<UnreadCounts> {
  return call(api.notification.read, body, { toast: false });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (unread) => {
      queryClient.setQueryData(unreadCountsKey(), unread);
      return invalidateEndpoints(queryClient, [api.notification.list, api.notification.announcementList]);
    },
  });
}
