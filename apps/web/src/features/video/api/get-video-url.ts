import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/base/video: a signed, expiring URL of a post's final video. */
export function getVideoUrl(id: number, signal?: AbortSignal) {
  return call(api.base.video, { id }, { toast: false, signal });
}

/** Refetched a minute before the signature runs out, so a player left open keeps a working source. */
export function useVideoUrl(id: number | null) {
  return useQuery({
    queryKey: endpointKey(api.base.video, { id }),
    queryFn: ({ signal }) => getVideoUrl(id!, signal),
    enabled: id !== null,
    staleTime: (query) => (query.state.data ? Math.max(0, dayjs(query.state.data.expires_at).diff(dayjs(), 'ms') - 60_000) : 0),
  });
}
