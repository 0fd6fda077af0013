import { api, type DashboardRange } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export const dashboardTotalKey = (range: DashboardRange) => endpointKey(api.dashboard.total, { range });

/** POST /v1/dashboard/total: headline figures: revenue, payments, merchants, studios, agents, commission, materials, videos and plays. */
export function getDashboardTotal(range: DashboardRange, signal?: AbortSignal) {
  // The panel shows its own failure in place; a toast on top would say it twice.
  return call(api.dashboard.total, { range }, { toast: false, signal });
}

/** Keeps the last range's answer on screen while the next one loads, so the panel does not jump. */
export function useDashboardTotal(range: DashboardRange, enabled = true) {
  return useQuery({
    queryKey: dashboardTotalKey(range),
    queryFn: ({ signal }) => getDashboardTotal(range, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
