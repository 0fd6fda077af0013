import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { orgReads } from './org-reads';

/** POST /v1/proxy/switch (staff): makes an agent a sub-agent of a main agent, or main again. */
export function switchAgent(body: RequestOf<typeof api.proxy.switch>) {
  return call(api.proxy.switch, body, { toast: false });
}

export function useSwitchAgent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: switchAgent, onSuccess: () => invalidateEndpoints(queryClient, orgReads) });
}
