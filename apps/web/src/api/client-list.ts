import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { endpointKey } from '../lib/query-keys';

export type ClientListQuery = RequestOf<typeof api.client.list>;

/** POST /v1/client/list: the clients in the caller's scope; the export reads it page by page. */
export function listClients(query: ClientListQuery, signal?: AbortSignal) {
  return call(api.client.list, query, { toast: false, signal });
}

export function useClients(query: ClientListQuery) {
  return useQuery({
    queryKey: endpointKey(api.client.list, query),
    queryFn: ({ signal }) => listClients(query, signal),
    placeholderData: keepPreviousData,
  });
}
