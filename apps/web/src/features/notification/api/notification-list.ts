import { api, type NotificationListResponse, type NotificationTab, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export type NotificationListRequest = RequestOf<typeof api.notification.list>;

export const NOTIFICATION_PAGE_SIZE = 20;

/** POST /v1/notification/list `{tab, unread_only, page, page_size}`: newest first. */
export function fetchNotifications(body: NotificationListRequest, signal?: AbortSignal): Promise<NotificationListResponse> {
  return call(api.notification.list, body, { signal });
}

/**
 * One tab of the center, page after page ("Show more"). Titles and bodies come rendered in the
 * request's language, so the language is part of the key: switching it fetches them again.
 */
export function useNotificationList(tab: NotificationTab, unreadOnly: boolean) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useInfiniteQuery({
    queryKey: endpointKey(api.notification.list, { tab, unread_only: unreadOnly }, language),
    queryFn: ({ pageParam, signal }) =>
      fetchNotifications({ tab, unread_only: unreadOnly, page: pageParam, page_size: NOTIFICATION_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}
