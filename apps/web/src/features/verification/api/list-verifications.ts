import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type VerificationListRequest = RequestOf<typeof api.verification.list>;

export const verificationsKey = ['verification', 'review'] as const;

/** POST /v1/verification/list (super, admin): the review queue, oldest submission first. */
export function listVerifications(body: VerificationListRequest, signal?: AbortSignal) {
  return call(api.verification.list, body, { toast: false, signal });
}

export function useVerifications(body: VerificationListRequest) {
  return useQuery({
    queryKey: [...verificationsKey, body],
    queryFn: ({ signal }) => listVerifications(body, signal),
    placeholderData: keepPreviousData,
  });
}
