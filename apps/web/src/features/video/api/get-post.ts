import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';
import { isMoving, POLL_MS } from '../lib/states';

/** POST /v1/video/get: one post with its jobs and latest numbers. */
export function getPost(id: number, signal?: AbortSignal) {
  return call(api.video.get, { id }, { toast: false, signal });
}

export function usePost(id: number | null) {
  return useQuery({
    queryKey: endpointKey(api.video.get, { id }),
    queryFn: ({ signal }) => getPost(id!, signal),
    enabled: id !== null,
    refetchInterval: (current) => (current.state.data && isMoving(current.state.data) ? POLL_MS : false),
  });
}
