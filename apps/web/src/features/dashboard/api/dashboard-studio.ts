import { api, type DashboardRange } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export const dashboardStudioKey = (range: DashboardRange) => endpointKey(api.dashboard.studio, { range });

/** POST /v1/dashboard/studio: studios in scope, new ones, the top studios over the range and places per city. */
export function getDashboardStudio(range: DashboardRange, signal?: AbortSignal) {
  // The panel shows its own failure in place; a toast on top would say it twice.
  return call(api.dashboard.studio, { range }, { toast: false, signal });
}

/** Keeps the last range's answer on screen while the next one loads, so the panel does not jump. */
export function useDashboardStudio(range: DashboardRange, enabled = true) {
  return useQuery({
    queryKey: dashboardStudioKey(range),
    queryFn: ({ signal }) => getDashboardStudio(range, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
