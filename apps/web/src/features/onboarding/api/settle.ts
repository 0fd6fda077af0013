import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { saveUser } from '../../../lib/storage';
import { currentUserKey } from '../../../api/account-detail';

/** POST /v1/account/area: the settle information; answers the current user, info now complete. */
export function settle(body: RequestOf<typeof api.account.area>) {
  // The form shows field errors under the fields and its own 'Submit failed' toast.
  return call(api.account.area, body, { toast: false });
}

/**
 * Saves the information and stores the refreshed user at once, so the route guard sees the
 * information complete before the next navigation asks the server again.
 */
export function useSettle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settle,
    onSuccess: (user) => {
      saveUser(user);
      queryClient.setQueryData(currentUserKey, user);
    },
  });
}
