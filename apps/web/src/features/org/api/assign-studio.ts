import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { orgReads } from './org-reads';

/** POST /v1/studio/proxy `{studio_id, agent_id}`: assigns a studio to an agent; null removes it. */
export function assignStudio(body: RequestOf<typeof api.studio.proxy>) {
  return call(api.studio.proxy, body, { toast: false });
}

export function useAssignStudio() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignStudio, onSuccess: () => invalidateEndpoints(queryClient, orgReads) });
}
