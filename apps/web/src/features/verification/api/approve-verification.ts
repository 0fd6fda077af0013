import { api } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { verificationsKey } from './list-verifications';

/** POST /v1/verification/approve (super, admin): the payee may now be paid. */
export function approveVerification(id: number) {
  return call(api.verification.approve, { id });
}

export function useApproveVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveVerification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationsKey }),
  });
}
