import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type CorrectionListRequest = RequestOf<typeof api.verification.corrections>;

export const correctionsKey = ['verification', 'corrections'] as const;

/** POST /v1/verification/corrections (super, admin): merchants' correction requests, oldest first. */
export function listCorrections(body: CorrectionListRequest, signal?: AbortSignal) {
  return call(api.verification.corrections, body, { toast: false, signal });
}

export function useCorrections(body: CorrectionListRequest) {
  return useQuery({
    queryKey: [...correctionsKey, body],
    queryFn: ({ signal }) => listCorrections(body, signal),
    placeholderData: keepPreviousData,
  });
}
