import { api, type RequestOf } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';
import { POLL_MS } from '../lib/processing';

export type FootageCountQuery = RequestOf<typeof api.footage.count>;

/** POST /v1/footage/count: the caller's materials by type and by status. */
export function getFootageCount(query: FootageCountQuery, signal?: AbortSignal) {
  return call(api.footage.count, query, { toast: false, signal });
}

/** Polls while something is processing, like the list, so the tiles follow it. */
export function useFootageCount(query: FootageCountQuery) {
  return useQuery({
    queryKey: endpointKey(api.footage.count, query),
    queryFn: ({ signal }) => getFootageCount(query, signal),
    refetchInterval: (current) => ((current.state.data?.processing ?? 0) > 0 ? POLL_MS : false),
  });
}
