import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const devicesQueryKey = ['account', 'devices'] as const;

/** POST /v1/account/devices: this user's signed-in devices (sessions). */
export function getDevices() {
  return call(api.account.devices, {});
}

export function useDevices() {
  return useQuery({ queryKey: devicesQueryKey, queryFn: getDevices, staleTime: 0 });
}
