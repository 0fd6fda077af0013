import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { correctionsKey } from './list-corrections';

/** POST /v1/verification/correction/resolve (super, admin): with a note the merchant reads. */
export function resolveCorrection(body: RequestOf<typeof api.verification.resolve>) {
  return call(api.verification.resolve, body, { toast: false });
}

export function useResolveCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveCorrection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: correctionsKey }),
  });
}
