import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey, invalidateEndpoints } from '../../../lib/query-keys';
import { orgReads } from './org-reads';

/**
 * POST /v1/account/edit (super): profile fields, sale fields, status and a new password.
 * Disabling or a new password ends that account's sessions at once.
 */
export function editAccount(body: RequestOf<typeof api.account.edit>) {
  return call(api.account.edit, body, { toast: false });
}

export function useEditAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editAccount,
    onSuccess: (account) => {
      queryClient.setQueryData(endpointKey(api.account.get, { id: account.id }), account);
      return invalidateEndpoints(queryClient, orgReads);
    },
  });
}
