import { api, type RequestOf } from '@nearcast/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** POST /v1/account/psd `{current_password,new_password,confirm_password}`. */
export function changePassword(body: RequestOf<typeof api.account.psd>) {
  return call(api.account.psd, body, { toast: false });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
