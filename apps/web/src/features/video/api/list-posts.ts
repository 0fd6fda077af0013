import { api, type RequestOf, type VideoPost } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';
import { isMoving, POLL_MS } from '../lib/states';

export type PostsQuery = RequestOf<typeof api.video.list>;

/** POST /v1/video/list: posts in the caller's scope with each platform's job. */
export function listPosts(query: PostsQuery, signal?: AbortSignal) {
  return call(api.video.list, query, { toast: false, signal });
}

/** Polls while a post on screen is still on its way, so statuses change without a reload. */
export function usePosts(query: PostsQuery, enabled = true) {
  return useQuery({
    queryKey: endpointKey(api.video.list, query),
    queryFn: ({ signal }) => listPosts(query, signal),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: (current) => (current.state.data?.list.some((post: VideoPost) => isMoving(post)) ? POLL_MS : false),
  });
}
