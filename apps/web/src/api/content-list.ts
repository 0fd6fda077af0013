import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { endpointKey } from '../lib/query-keys';

export type ContentListRequest = RequestOf<typeof api.content.list>;

/**
 * POST /v1/content/list (super, admin): every item of every type, filtered. Read by /content and
 * by the course builder of /learning (lessons are content items). Callers show failures.
 */
export function listContent(body: ContentListRequest, signal?: AbortSignal) {
  return call(api.content.list, body, { toast: false, signal });
}

export function useContentList(body: ContentListRequest, enabled = true) {
  return useQuery({
    queryKey: endpointKey(api.content.list, body),
    queryFn: ({ signal }) => listContent(body, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
