import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { businessKey } from './business-details';

/** POST /v1/verification/correction (client): asks staff to correct its business details. */
export function requestCorrection(body: RequestOf<typeof api.verification.correction>) {
  return call(api.verification.correction, body, { toast: false });
}

export function useRequestCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestCorrection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKey }),
  });
}
