import { api, type RequestOf } from '@nearcast/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** POST /v1/account/sign (register) → `{token,user}`. */
export function sign(body: RequestOf<typeof api.account.sign>) {
  return call(api.account.sign, body, { toast: false });
}

export function useSign() {
  return useMutation({ mutationFn: sign });
}
