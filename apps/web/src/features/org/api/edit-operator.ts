import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { orgReads } from './org-reads';

/**
 * POST /v1/operator/edit (partner): an employee's nickname, email, WeChat, a new password, or
 * its status. Disabling or a new password ends that employee's sessions. The form shows errors.
 */
export function editOperator(body: RequestOf<typeof api.operator.edit>) {
  return call(api.operator.edit, body, { toast: false });
}

export function useEditOperator() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editOperator, onSuccess: () => invalidateEndpoints(queryClient, orgReads) });
}
