import { api, type RequestOf } from '@nearcast/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** POST /v1/account/forget `{email,code,password,confirm_password}`: resets the password. */
export function forget(body: RequestOf<typeof api.account.forget>) {
  return call(api.account.forget, body, { toast: false });
}

export function useForget() {
  return useMutation({ mutationFn: forget });
}
