import { api } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { devicesQueryKey } from './devices';

/** POST /v1/account/devices/revoke `{id}`: signs a device out. */
export function revokeDevice(id: number) {
  return call(api.account.revokeDevice, { id });
}

export function useRevokeDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}
