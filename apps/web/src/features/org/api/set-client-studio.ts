import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { orgReads } from './org-reads';

/** POST /v1/client/studio/set `{client_id, studio_id}`: assigns a client to a studio; null removes it. */
export function setClientStudio(body: RequestOf<typeof api.client.studioSet>) {
  return call(api.client.studioSet, body, { toast: false });
}

export function useSetClientStudio() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setClientStudio, onSuccess: () => invalidateEndpoints(queryClient, orgReads) });
}
