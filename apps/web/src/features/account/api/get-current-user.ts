import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call, type CallOptions } from '../../../lib/api-client';

export const currentUserQueryKey = ['account', 'detail'] as const;

/** POST /v1/account/detail with an empty body: the signed-in user (spec §7). */
export function getCurrentUser(options?: CallOptions) {
  return call(api.account.detail, {}, options);
}

export function useCurrentUser() {
  return useQuery({ queryKey: currentUserQueryKey, queryFn: () => getCurrentUser() });
}
