import { api, type VideoPost } from '@nearcast/contract';
import type { QueryClient } from '@tanstack/react-query';
import { endpointKey, invalidateEndpoints } from '../../../lib/query-keys';

/** What a change to a post or a connection can alter: its lists, its detail, the numbers and the accounts. */
export const videoReads = [api.video.list, api.video.get, api.video.stats, api.video.mine, api.video.connections];

/** A call that answers the post as it now stands: its drawer shows it at once, and every read refreshes. */
export function settlePost(queryClient: QueryClient, post: VideoPost): Promise<void> {
  queryClient.setQueryData(endpointKey(api.video.get, { id: post.id }), post);
  return invalidateEndpoints(queryClient, videoReads);
}
