import { api } from '@nearcast/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/video/review/get (no sign-in): what the merchant reviews. */
export function getReview(token: string, signal?: AbortSignal) {
  return call(api.video.review, { token }, { toast: false, signal });
}
/** POST /v1/video/review/approve (no sign-in) */
export function approveReview(body: { token: string; comment?: string }) {
  return call(api.video.reviewApprove, body, { toast: false });
}
/** POST /v1/video/review/changes (no sign-in): a change asked for, with its comment. */
export function requestChanges(body: { token: string; comment: string }) {
  return call(api.video.reviewChanges, body, { toast: false });
}

export function useReview(token: string) {
  return useQuery({ queryKey: endpointKey(api.video.review, { token }), queryFn: ({ signal }) => getReview(token, signal), retry: false });
}

/** A decision answers the review as it now stands: the page shows it without another call. */
export function useReviewDecision(token: string) {
  const queryClient = useQueryClient();
  const onSuccess = (review: Awaited<ReturnType<typeof getReview>>) => queryClient.setQueryData(endpointKey(api.video.review, { token }), review);
  return {
    approve: useMutation({ mutationFn: approveReview, onSuccess }),
    changes: useMutation({ mutationFn: requestChanges, onSuccess }),
    refresh: () => queryClient.invalidateQueries({ queryKey: endpointKey(api.video.review, { token }) }),
  };
}
