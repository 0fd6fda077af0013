import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const businessKey = ['verification', 'business'] as const;

/** POST /v1/verification/business (client): its settle-form details and its correction requests. */
export function businessDetails(signal?: AbortSignal) {
  return call(api.verification.business, {}, { toast: false, signal });
}

export function useBusinessDetails() {
  return useQuery({ queryKey: businessKey, queryFn: ({ signal }) => businessDetails(signal) });
}
