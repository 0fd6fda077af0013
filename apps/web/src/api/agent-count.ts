import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { endpointKey } from '../lib/query-keys';

export const agentCountKey = endpointKey(api.proxy.count);

/** POST /v1/proxy/count: agents (main and sub), their studios, clients and sales in the caller's scope. */
export function getAgentCount(signal?: AbortSignal) {
  return call(api.proxy.count, {}, { toast: false, signal });
}

export function useAgentCount() {
  return useQuery({ queryKey: agentCountKey, queryFn: ({ signal }) => getAgentCount(signal) });
}
