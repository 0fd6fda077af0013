import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { orgKeys } from './keys';

/** POST /v1/proxy/count: agents, main and sub, their studios, clients and sales in scope. */
export function countAgents() {
  return call(api.proxy.count, {}, { toast: false });
}

export function useAgentCount() {
  return useQuery({ queryKey: orgKeys.agentCount, queryFn: countAgents });
}
