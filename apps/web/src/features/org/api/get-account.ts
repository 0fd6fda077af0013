import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/account/get `{id}` (super): one account's full summary, for the detail drawer. */
export function getAccount(id: number, signal?: AbortSignal) {
  return call(api.account.get, { id }, { toast: false, signal });
}

export function useAccount(id: number | null) {
  return useQuery({
    queryKey: endpointKey(api.account.get, { id: id ?? 0 }),
    queryFn: ({ signal }) => getAccount(id!, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}
