import { api, type InsightRange } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/creative/insights/get: what worked per choice, for one merchant or (null) every merchant in scope. */
export function getInsights(merchantId: number | null, range: InsightRange, signal?: AbortSignal) {
  return call(api.creative.insightsGet, { ...(merchantId === null ? {} : { merchant_id: merchantId }), range }, { toast: false, signal });
}

export function useInsights(merchantId: number | null, range: InsightRange) {
  return useQuery({
    queryKey: endpointKey(api.creative.insightsGet, { merchant_id: merchantId, range }),
    queryFn: ({ signal }) => getInsights(merchantId, range, signal),
    placeholderData: keepPreviousData,
  });
}
