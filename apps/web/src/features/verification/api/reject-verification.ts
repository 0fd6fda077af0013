import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { verificationsKey } from './list-verifications';

/** POST /v1/verification/reject (super, admin): with the reason the applicant reads. */
export function rejectVerification(body: RequestOf<typeof api.verification.reject>) {
  // The reason field shows the server's refusal in place.
  return call(api.verification.reject, body, { toast: false });
}

export function useRejectVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectVerification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationsKey }),
  });
}
