import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export type AgentListQuery = RequestOf<typeof api.proxy.list>;

/** POST /v1/proxy/list: the agents in the caller's scope (staff: all; a partner: its tree). */
export function listAgents(query: AgentListQuery, signal?: AbortSignal) {
  return call(api.proxy.list, query, { toast: false, signal });
}

export function useAgents(query: AgentListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: endpointKey(api.proxy.list, query),
    queryFn: ({ signal }) => listAgents(query, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
