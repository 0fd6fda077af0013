import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export type StatsQuery = RequestOf<typeof api.video.stats>;

/** POST /v1/video/stats: totals and per-platform daily series over all / 7d / 30d. */
export function getStats(query: StatsQuery, signal?: AbortSignal) {
  return call(api.video.stats, query, { toast: false, signal });
}

/** `version` (e.g. when a post's numbers were last taken) refetches as soon as new numbers exist. */
export function useVideoStats(query: StatsQuery, enabled = true, version?: string | null) {
  return useQuery({
    queryKey: endpointKey(api.video.stats, query, version ?? null),
    queryFn: ({ signal }) => getStats(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
