import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export type StudioListQuery = RequestOf<typeof api.studio.list>;

/** POST /v1/studio/list: the studios in the caller's scope. */
export function listStudios(query: StudioListQuery, signal?: AbortSignal) {
  return call(api.studio.list, query, { toast: false, signal });
}

export function useStudios(query: StudioListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: endpointKey(api.studio.list, query),
    queryFn: ({ signal }) => listStudios(query, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
