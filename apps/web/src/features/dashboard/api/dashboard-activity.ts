import { api } from '@nearcast/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export const ACTIVITY_PAGE_SIZE = 10;

export const dashboardActivityKey = endpointKey(api.dashboard.activity, { limit: ACTIVITY_PAGE_SIZE });

/** POST /v1/dashboard/activity: the events in the caller's scope, newest first, a page before `beforeId`. */
export function getDashboardActivity(beforeId: number | undefined, signal?: AbortSignal) {
  return call(api.dashboard.activity, { limit: ACTIVITY_PAGE_SIZE, ...(beforeId ? { before_id: beforeId } : {}) }, { toast: false, signal });
}

/** The feed, a page at a time: "show more" asks for what happened before the oldest one shown. */
export function useDashboardActivity() {
  return useInfiniteQuery({
    queryKey: dashboardActivityKey,
    queryFn: ({ pageParam, signal }) => getDashboardActivity(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before_id ?? undefined,
  });
}
