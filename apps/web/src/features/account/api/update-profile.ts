import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type CallOptions } from '../../../lib/api-client';
import { saveUser } from '../../../lib/storage';
import { currentUserKey } from '../../../api/account-detail';

/** POST /v1/account/update: profile fields, two-factor and notification settings; answers the user. */
export function updateProfile(body: RequestOf<typeof api.account.update>, options?: CallOptions) {
  return call(api.account.update, body, options);
}

/** Saves and refreshes the stored user, so the header and the dashboard show the change at once. */
export function useUpdateProfile(options?: CallOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof api.account.update>) => updateProfile(body, options),
    onSuccess: (user) => {
      saveUser(user);
      queryClient.setQueryData(currentUserKey, user);
    },
  });
}
