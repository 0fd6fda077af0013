import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { orgReads } from './org-reads';

/** POST /v1/account/add (super): an account of any role. The form shows the errors. */
export function addAccount(body: RequestOf<typeof api.account.add>) {
  return call(api.account.add, body, { toast: false });
}

export function useAddAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addAccount, onSuccess: () => invalidateEndpoints(queryClient, orgReads) });
}
