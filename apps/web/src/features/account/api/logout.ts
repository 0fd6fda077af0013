import { api } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, call } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { clearSession } from '../../../lib/storage';

/** POST /v1/account/logout: revokes this device's session on the server. */
export function logout() {
  return call(api.account.logout, {}, { toast: false });
}

/**
 * Signs out: the stored session is cleared only once the server has revoked it, so a failed
 * call leaves the user signed in and says so ('Logout failed', spec §8).
 */
export function useLogout(redirectTo = '/signin') {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation('common');
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      clearSession();
      queryClient.clear();
      void navigate(redirectTo);
    },
    onError: (error) => {
      // A '403' means the session was already gone: the API client has cleared it and left.
      if (error instanceof ApiError && error.code === '403') return;
      notifyError(t('account.logout_failed'));
    },
  });
}
