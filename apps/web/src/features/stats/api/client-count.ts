import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const clientCountKey = ['stats', 'clients'] as const;

/** POST /v1/client/count: the caller's merchants by payment state, and new this month. */
export function getClientCount(signal?: AbortSignal) {
  return call(api.client.count, {}, { signal });
}

export function useClientCount() {
  return useQuery({ queryKey: clientCountKey, queryFn: ({ signal }) => getClientCount(signal) });
}
