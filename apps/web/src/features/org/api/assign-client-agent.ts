import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { orgReads } from './org-reads';

/** POST /v1/client/proxy `{client_id, agent_id}`: assigns a client to an agent; null removes it. */
export function assignClientAgent(body: RequestOf<typeof api.client.proxy>) {
  return call(api.client.proxy, body, { toast: false });
}

export function useAssignClientAgent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignClientAgent, onSuccess: () => invalidateEndpoints(queryClient, orgReads) });
}
