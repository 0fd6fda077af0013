import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const studioCountKey = ['stats', 'studios'] as const;

/** POST /v1/studio/count: the caller's studios by payment state, and new this month. */
export function getStudioCount(signal?: AbortSignal) {
  return call(api.studio.count, {}, { signal });
}

export function useStudioCount() {
  return useQuery({ queryKey: studioCountKey, queryFn: ({ signal }) => getStudioCount(signal) });
}
