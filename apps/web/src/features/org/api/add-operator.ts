import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { orgReads } from './org-reads';

/** POST /v1/operator/add (partner): a new employee under the signed-in agent. */
export function addOperator(body: RequestOf<typeof api.operator.add>) {
  return call(api.operator.add, body, { toast: false });
}

export function useAddOperator() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addOperator, onSuccess: () => invalidateEndpoints(queryClient, orgReads) });
}
