import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export type AccountListQuery = RequestOf<typeof api.account.list>;

/** POST /v1/account/list (super): every account, filtered. The page shows its own error state. */
export function listAccounts(query: AccountListQuery, signal?: AbortSignal) {
  return call(api.account.list, query, { toast: false, signal });
}

export function useAccounts(query: AccountListQuery) {
  return useQuery({
    queryKey: endpointKey(api.account.list, query),
    queryFn: ({ signal }) => listAccounts(query, signal),
    placeholderData: keepPreviousData,
  });
}
