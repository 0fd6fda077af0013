import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { endpointKey } from '../lib/query-keys';

export const studioCountKey = endpointKey(api.studio.count);

/** POST /v1/studio/count: the studios in the caller's scope by payment state, and new this month. */
export function getStudioCount(signal?: AbortSignal) {
  return call(api.studio.count, {}, { toast: false, signal });
}

export function useStudioCount() {
  return useQuery({ queryKey: studioCountKey, queryFn: ({ signal }) => getStudioCount(signal) });
}
