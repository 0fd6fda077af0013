import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { videoReads } from './video-reads';

/** POST /v1/video/add: a new post (its jobs are queued unless it waits for its time or its approval). */
export function addPost(body: RequestOf<typeof api.video.add>) {
  return call(api.video.add, body, { toast: false });
}
/** POST /v1/video/update: changes to a post not yet released; also submits a draft. */
export function updatePost(body: RequestOf<typeof api.video.update>) {
  return call(api.video.update, body);
}
/** POST /v1/video/cancel */
export function cancelPost(id: number) {
  return call(api.video.cancel, { id });
}
/** POST /v1/video/job/retry: a failed job again, or an unknown one checked. */
export function retryJob(id: number) {
  return call(api.video.retry, { id });
}
/** POST /v1/video/job/link: the link of a post made by hand on an assisted platform. */
export function linkJob(body: RequestOf<typeof api.video.jobLink>) {
  return call(api.video.jobLink, body, { toast: false });
}

function useVideoMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateEndpoints(queryClient, videoReads) });
}

export const useAddPost = () => useVideoMutation(addPost);
export const useUpdatePost = () => useVideoMutation(updatePost);
export const useCancelPost = () => useVideoMutation(cancelPost);
export const useRetryJob = () => useVideoMutation(retryJob);
export const useLinkJob = () => useVideoMutation(linkJob);
