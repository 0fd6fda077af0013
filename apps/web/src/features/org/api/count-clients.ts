import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { orgKeys } from './keys';

/** POST /v1/client/count: clients in scope by payment state, and the new ones this month. */
export function countClients() {
  return call(api.client.count, {}, { toast: false });
}

export function useClientCount() {
  return useQuery({ queryKey: orgKeys.clientCount, queryFn: countClients });
}
