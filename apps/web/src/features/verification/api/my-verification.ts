import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const myVerificationKey = ['verification', 'mine'] as const;

/** POST /v1/verification/mine (studio, partner): the caller's payout details, numbers by their last four digits. */
export function myVerification(signal?: AbortSignal) {
  // The page shows a failed load in place, with a retry.
  return call(api.verification.mine, {}, { toast: false, signal });
}

export function useMyVerification() {
  return useQuery({ queryKey: myVerificationKey, queryFn: ({ signal }) => myVerification(signal) });
}
