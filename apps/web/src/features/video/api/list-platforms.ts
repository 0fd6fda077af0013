import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/video/platforms: each platform's mode, whether it is live or the sandbox stands in. */
export function listPlatforms(signal?: AbortSignal) {
  return call(api.video.platforms, {}, { toast: false, signal });
}

export function useVideoPlatforms() {
  return useQuery({ queryKey: endpointKey(api.video.platforms), queryFn: ({ signal }) => listPlatforms(signal), staleTime: 5 * 60_000 });
}
