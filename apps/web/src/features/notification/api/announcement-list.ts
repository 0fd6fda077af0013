import { api, type AnnouncementStatus, type RequestOf, type ResponseOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export type AnnouncementListRequest = RequestOf<typeof api.notification.announcementList>;
export type AnnouncementListResponse = ResponseOf<typeof api.notification.announcementList>;

/** POST /v1/notification/announcement/list (super, admin): scheduled and sent, with read counts. */
export function fetchAnnouncements(body: AnnouncementListRequest, signal?: AbortSignal): Promise<AnnouncementListResponse> {
  return call(api.notification.announcementList, body, { signal });
}

export function useAnnouncementList(status: AnnouncementStatus | undefined, page: number, pageSize: number) {
  const body: AnnouncementListRequest = { page, page_size: pageSize, ...(status ? { status } : {}) };
  return useQuery({
    queryKey: endpointKey(api.notification.announcementList, body),
    queryFn: ({ signal }) => fetchAnnouncements(body, signal),
    placeholderData: keepPreviousData,
  });
}
