import { api, type RequestOf } from '@nearcast/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** POST /v1/video/review/link: a signed, expiring link the merchant opens without signing in (shown once). */
export function createReviewLink(body: RequestOf<typeof api.video.reviewLink>) {
  return call(api.video.reviewLink, body);
}

export function useCreateReviewLink() {
  return useMutation({ mutationFn: createReviewLink });
}
