import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const agentCountKey = ['stats', 'agents'] as const;

/** POST /v1/proxy/count: agents, studios, clients and sales in the caller's tree. */
export function getAgentCount(signal?: AbortSignal) {
  return call(api.proxy.count, {}, { signal });
}

export function useAgentCount() {
  return useQuery({ queryKey: agentCountKey, queryFn: ({ signal }) => getAgentCount(signal) });
}
