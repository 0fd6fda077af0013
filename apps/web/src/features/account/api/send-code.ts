import { api, type RequestOf } from '@nearcast/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** POST /v1/base/send `{email, scene}`: mails a sign-up or reset code. */
export function sendCode(body: RequestOf<typeof api.base.send>) {
  return call(api.base.send, body, { toast: false });
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
