import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';
import { POLL_MS } from '../lib/processing';

/** POST /v1/footage/get: one material, with fresh signed URLs for its preview. */
export function getFootage(id: number, signal?: AbortSignal) {
  return call(api.footage.get, { id }, { toast: false, signal });
}

export function useFootage(id: number | null) {
  return useQuery({
    queryKey: endpointKey(api.footage.get, { id }),
    queryFn: ({ signal }) => getFootage(id!, signal),
    enabled: id !== null,
    refetchInterval: (current) => (current.state.data?.status === 'processing' ? POLL_MS : false),
  });
}
