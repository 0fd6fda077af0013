import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/proxy/get `{id}`: one agent in the caller's scope, with its studios, clients and sales. */
export function getAgent(id: number, signal?: AbortSignal) {
  return call(api.proxy.get, { id }, { toast: false, signal });
}

export function useAgent(id: number | null) {
  return useQuery({
    queryKey: endpointKey(api.proxy.get, { id: id ?? 0 }),
    queryFn: ({ signal }) => getAgent(id!, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}
