import { api, type CurrentUser } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, call, type CallOptions } from '../lib/api-client';
import { endpointKey } from '../lib/query-keys';
import { clearSession, saveUser } from '../lib/storage';

export const currentUserKey = endpointKey(api.account.detail);

/** POST /v1/account/detail with an empty body: the signed-in user (spec §7), as the guard asks for it. */
export function getCurrentUser(options?: CallOptions) {
  return call(api.account.detail, {}, options);
}

/**
 * The signed-in account as the server has it now, or null when the session is gone. Pages that
 * prefill from it (the settle form, the public join pages where the guard verifies nothing)
 * treat a dead session as a signed-out visitor rather than an error to navigate away from.
 */
export async function fetchSignedInUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    const user = await call(api.account.detail, {}, { toast: false, forbidden: 'reject', signal });
    saveUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.code === '403') {
      clearSession();
      return null;
    }
    throw error;
  }
}

export function useCurrentUser(enabled = true) {
  return useQuery({ queryKey: currentUserKey, queryFn: ({ signal }) => fetchSignedInUser(signal), enabled, retry: 1 });
}
