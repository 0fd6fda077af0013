import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/creative/plan/get: the merchant's daily plan (read by its studio, staff and operators; never by the merchant). */
export function getPlan(merchantId: number, signal?: AbortSignal) {
  return call(api.creative.planGet, { merchant_id: merchantId }, { toast: false, signal });
}

export function usePlan(merchantId: number | null) {
  return useQuery({
    queryKey: endpointKey(api.creative.planGet, { merchant_id: merchantId }),
    queryFn: ({ signal }) => getPlan(merchantId!, signal),
    enabled: merchantId !== null,
  });
}
