import { api, type DashboardRange } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export const dashboardClientKey = (range: DashboardRange) => endpointKey(api.dashboard.client, { range });

/** POST /v1/dashboard/client: merchants in scope: new, paid, renewed, expired, and renewals due within 30 days. */
export function getDashboardClient(range: DashboardRange, signal?: AbortSignal) {
  // The panel shows its own failure in place; a toast on top would say it twice.
  return call(api.dashboard.client, { range }, { toast: false, signal });
}

/** Keeps the last range's answer on screen while the next one loads, so the panel does not jump. */
export function useDashboardClient(range: DashboardRange, enabled = true) {
  return useQuery({
    queryKey: dashboardClientKey(range),
    queryFn: ({ signal }) => getDashboardClient(range, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
