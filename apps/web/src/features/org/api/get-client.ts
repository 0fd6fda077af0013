import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/client/get `{id}`: one client in the caller's scope, with its plan and recent payments. */
export function getClient(id: number, signal?: AbortSignal) {
  return call(api.client.get, { id }, { toast: false, signal });
}

export function useClient(id: number | null) {
  return useQuery({
    queryKey: endpointKey(api.client.get, { id: id ?? 0 }),
    queryFn: ({ signal }) => getClient(id!, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}
