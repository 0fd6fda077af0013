import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { myVerificationKey } from './my-verification';

/** POST /v1/verification/submit (studio, partner): new or changed payout details, back to review. */
export function submitVerification(body: RequestOf<typeof api.verification.submit>) {
  // The form shows field errors under the fields and its own toast.
  return call(api.verification.submit, body, { toast: false });
}

export function useSubmitVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitVerification,
    onSuccess: (verification) => queryClient.setQueryData(myVerificationKey, { verification }),
  });
}
