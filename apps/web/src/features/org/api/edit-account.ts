import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { orgKeys } from './keys';

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
      queryClient.setQueryData(orgKeys.account(account.id), account);
      return queryClient.invalidateQueries({ queryKey: orgKeys.all });
    },
  });
}
