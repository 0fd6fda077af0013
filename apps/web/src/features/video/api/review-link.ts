import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { videoReads } from './video-reads';

/**
 * POST /v1/video/review/link: asks the merchant for its approval (the server tells it by
 * notification and mail) and answers a signed, expiring link it can also open without signing
 * in (shown once).
 */
export function createReviewLink(body: RequestOf<typeof api.video.reviewLink>) {
  return call(api.video.reviewLink, body);
}

/** The post's approval goes back to pending: its lists and its drawer say so. */
export function useCreateReviewLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createReviewLink, onSuccess: () => invalidateEndpoints(queryClient, videoReads) });
}
