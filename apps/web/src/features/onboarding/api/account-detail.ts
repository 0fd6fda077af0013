import { api, type CurrentUser } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client';
import { clearSession, saveUser } from '../../../lib/storage';

export const onboardingAccountKey = ['onboarding', 'account'] as const;

/**
 * POST /v1/account/detail: the signed-in account as the server has it now. The onboarding pages
 * read it for the prefill and, on the public join pages (where the guard verifies nothing), to
 * know whether the visitor has paid and finished. A dead session there is not an error to
 * navigate away from: the page simply treats the visitor as signed out.
 */
export async function fetchAccount(signal?: AbortSignal): Promise<CurrentUser | null> {
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

export function useAccountDetail(enabled = true) {
  return useQuery({
    queryKey: onboardingAccountKey,
    queryFn: ({ signal }) => fetchAccount(signal),
    enabled,
    retry: 1,
  });
}
