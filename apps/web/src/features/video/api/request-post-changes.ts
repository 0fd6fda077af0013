import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settlePost } from './video-reads';

/** POST /v1/video/changes: the signed-in merchant asks for changes to its own post, saying what. */
export function requestPostChanges(body: RequestOf<typeof api.video.changes>) {
  return call(api.video.changes, body, { toast: false });
}

export function useRequestPostChanges() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestPostChanges, onSuccess: (post) => settlePost(queryClient, post) });
}
