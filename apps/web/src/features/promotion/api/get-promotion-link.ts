import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const promotionLinkKey = ['promotion', 'link'] as const;

/** POST /v1/promotion/link: the caller's referral link, who it signs up, and how many did. */
export function getPromotionLink(signal?: AbortSignal) {
  return call(api.promotion.link, {}, { signal });
}

export function usePromotionLink() {
  return useQuery({ queryKey: promotionLinkKey, queryFn: ({ signal }) => getPromotionLink(signal) });
}
