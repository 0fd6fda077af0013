import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settlePost } from './video-reads';

/** POST /v1/video/approve: the signed-in merchant approves its own post (a word for the studio optional). */
export function approvePost(body: RequestOf<typeof api.video.approve>) {
  return call(api.video.approve, body, { toast: false });
}

export function useApprovePost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approvePost, onSuccess: (post) => settlePost(queryClient, post) });
}
