import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/creative/brief/get: the merchant's brief (prefilled from its sign-up form until someone saves it). */
export function getBrief(merchantId: number, signal?: AbortSignal) {
  return call(api.creative.briefGet, { merchant_id: merchantId }, { toast: false, signal });
}

export function useBrief(merchantId: number | null) {
  return useQuery({
    queryKey: endpointKey(api.creative.briefGet, { merchant_id: merchantId }),
    queryFn: ({ signal }) => getBrief(merchantId!, signal),
    enabled: merchantId !== null,
  });
}
