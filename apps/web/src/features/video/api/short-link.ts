import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/attribution/link/get: a post's short link (its QR code), its counted visits and redemptions. */
export function getShortLink(postId: number, signal?: AbortSignal) {
  return call(api.attribution.linkGet, { post_id: postId }, { toast: false, signal });
}

export function useShortLink(postId: number) {
  return useQuery({ queryKey: endpointKey(api.attribution.linkGet, { post_id: postId }), queryFn: ({ signal }) => getShortLink(postId, signal) });
}

/**
 * POST /v1/attribution/redemption/add: a customer redeemed. The key is the confirmation's own,
 * so a retry of one confirmation (a lost answer) records it once.
 */
export function addRedemption({ body, idempotencyKey }: { body: RequestOf<typeof api.attribution.redemptionAdd>; idempotencyKey: string }) {
  return call(api.attribution.redemptionAdd, body, { idempotencyKey });
}

export function useAddRedemption(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRedemption,
    onSettled: () => queryClient.invalidateQueries({ queryKey: endpointKey(api.attribution.linkGet, { post_id: postId }) }),
  });
}

/** A fresh key (randomUUID needs a secure context, hence the fallback). */
export function newRedemptionKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
