import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/creative/learning/get: the studio's pins and bans on the merchant's plan, and every choice it learns among. */
export function getLearning(merchantId: number, signal?: AbortSignal) {
  return call(api.creative.learningGet, { merchant_id: merchantId }, { toast: false, signal });
}

export function learningKey(merchantId: number | null) {
  return endpointKey(api.creative.learningGet, { merchant_id: merchantId });
}

export function useLearning(merchantId: number | null) {
  return useQuery({
    queryKey: learningKey(merchantId),
    queryFn: ({ signal }) => getLearning(merchantId!, signal),
    enabled: merchantId !== null,
  });
}
