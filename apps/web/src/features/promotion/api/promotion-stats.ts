import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export type PromotionStatsRequest = RequestOf<typeof api.promotion.stats>;

/** POST /v1/promotion/stats: a link's funnel per day (visits, scans, signups, paid, commission). */
export function usePromotionStats(body: PromotionStatsRequest) {
  return useQuery({
    queryKey: endpointKey(api.promotion.stats, body),
    queryFn: ({ signal }) => call(api.promotion.stats, body, { toast: false, signal }),
    placeholderData: keepPreviousData,
  });
}
