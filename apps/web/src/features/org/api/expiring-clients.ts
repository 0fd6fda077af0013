import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export type ExpiringRequest = RequestOf<typeof api.client.pay>;

export const expiringClientsKey = (body: ExpiringRequest) => endpointKey(api.client.pay, body);

/** POST /v1/client/pay: paid merchants whose plan ends within `days`, soonest first. */
export function getExpiringClients(body: ExpiringRequest, signal?: AbortSignal) {
  return call(api.client.pay, body, { signal });
}

export function useExpiringClients(body: ExpiringRequest) {
  return useQuery({
    queryKey: expiringClientsKey(body),
    queryFn: ({ signal }) => getExpiringClients(body, signal),
    placeholderData: keepPreviousData,
  });
}
