import { api, type RequestOf } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export type FootageStorageQuery = RequestOf<typeof api.footage.storage>;

/** POST /v1/footage/storage: bytes stored against the plan's quota, and the limits per type. */
export function getFootageStorage(query: FootageStorageQuery, signal?: AbortSignal) {
  return call(api.footage.storage, query, { toast: false, signal });
}

export function useFootageStorage(query: FootageStorageQuery, enabled = true) {
  return useQuery({
    queryKey: endpointKey(api.footage.storage, query),
    queryFn: ({ signal }) => getFootageStorage(query, signal),
    enabled,
  });
}
