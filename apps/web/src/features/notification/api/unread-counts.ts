import { api, type UnreadCounts } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/notification/unread: unread counts per tab, for the bell and the center's tabs. */
export function fetchUnreadCounts(signal?: AbortSignal): Promise<UnreadCounts> {
  // The bell is on every page: a failure shows as no badge, not as a toast over the page.
  return call(api.notification.unread, {}, { signal, toast: false });
}

export const unreadCountsKey = () => endpointKey(api.notification.unread);

/**
 * The live stream keeps this fresh (it sends the counts on every change), so the query itself
 * never polls; it refetches on focus and reconnect like every other query.
 */
export function useUnreadCounts(enabled = true) {
  return useQuery({
    queryKey: unreadCountsKey(),
    queryFn: ({ signal }) => fetchUnreadCounts(signal),
    enabled,
    staleTime: 60_000,
  });
}
