import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { currentLanguage } from '../lib/i18n';
import { endpointKey } from '../lib/query-keys';

export type PriceListRequest = RequestOf<typeof api.price.list>;

/**
 * `viewer` (the signed-in user's id, or null) is part of the key: the answer is priced for the
 * caller (a first-purchase discount), so a sign-in must not reuse a visitor's prices.
 */
export const priceListKey = (body: PriceListRequest, viewer: number | null) =>
  // The language too: names, tags and features come in it (decision 020).
  endpointKey(api.price.list, body, viewer, currentLanguage());

/**
 * POST /v1/price/list: packages filtered by type, status and name, priced for the caller (the
 * super admin sees disabled ones too). No toast: the plan grid and the pricing table show
 * their own failed state with a retry.
 */
export function listPrices(body: PriceListRequest, signal?: AbortSignal) {
  return call(api.price.list, body, { toast: false, signal });
}

export function usePriceList(body: PriceListRequest, viewer: number | null, options: { enabled?: boolean; keepPrevious?: boolean } = {}) {
  return useQuery({
    queryKey: priceListKey(body, viewer),
    queryFn: ({ signal }) => listPrices(body, signal),
    enabled: options.enabled ?? true,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}
