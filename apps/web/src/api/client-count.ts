import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { endpointKey } from '../lib/query-keys';

export const clientCountKey = endpointKey(api.client.count);

/** POST /v1/client/count: the clients in the caller's scope by payment state, and new this month. */
export function getClientCount(signal?: AbortSignal) {
  return call(api.client.count, {}, { toast: false, signal });
}

export function useClientCount() {
  return useQuery({ queryKey: clientCountKey, queryFn: ({ signal }) => getClientCount(signal) });
}
