import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { orgReads } from './org-reads';

/**
 * POST /v1/proxy/add: staff add a main agent or a sub-agent under a main one; a main agent
 * adds sub-agents under itself (the server ignores the type it sends).
 */
export function addAgent(body: RequestOf<typeof api.proxy.add>) {
  return call(api.proxy.add, body, { toast: false });
}

export function useAddAgent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addAgent, onSuccess: () => invalidateEndpoints(queryClient, orgReads) });
}
