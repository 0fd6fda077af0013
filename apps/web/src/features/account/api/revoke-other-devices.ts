import { api } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { devicesQueryKey } from './devices';

/** POST /v1/account/devices/revoke-others: signs out every device but this one. */
export function revokeOtherDevices() {
  return call(api.account.revokeOtherDevices, {});
}

export function useRevokeOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherDevices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}
