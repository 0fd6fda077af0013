import { api, type ResponseOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { endpointKey } from '../lib/query-keys';

export type PickedClient = ResponseOf<typeof api.client.all>['list'][number];

/**
 * POST /v1/client/all: the merchants in the caller's scope matching a keyword, as id, name (by
 * the party-name rule) and email only, for a picker; the full rows of /v1/client/list are for
 * the clients page.
 */
export function useClientPicker(keyword: string | undefined) {
  return useQuery({
    queryKey: endpointKey(api.client.all, { keyword }),
    queryFn: ({ signal }) => call(api.client.all, { keyword }, { toast: false, signal }),
    placeholderData: keepPreviousData,
  });
}
