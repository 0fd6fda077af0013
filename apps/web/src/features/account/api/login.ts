import { api, type RequestOf } from '@nearcast/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** POST /v1/account/login `{email,password,remember}` → `{token,user}`. Errors are shown by the form. */
export function login(body: RequestOf<typeof api.account.login>) {
  return call(api.account.login, body, { toast: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
