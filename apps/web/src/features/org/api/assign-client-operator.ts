import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { orgReads } from './org-reads';

/** POST /v1/client/operator `{client_id, operator_id}`: assigns a client to an operator; null removes it. */
export function assignClientOperator(body: RequestOf<typeof api.client.operator>) {
  return call(api.client.operator, body, { toast: false });
}

export function useAssignClientOperator() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignClientOperator, onSuccess: () => invalidateEndpoints(queryClient, orgReads) });
}
