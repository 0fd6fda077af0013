import { api, type DashboardRange } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export const dashboardProfitKey = (range: DashboardRange) => endpointKey(api.dashboard.profit, { range });

/** POST /v1/dashboard/profit: commissions and the platform's profit over the range, and their daily trend. */
export function getDashboardProfit(range: DashboardRange, signal?: AbortSignal) {
  // The panel shows its own failure in place; a toast on top would say it twice.
  return call(api.dashboard.profit, { range }, { toast: false, signal });
}

/** Keeps the last range's answer on screen while the next one loads, so the panel does not jump. */
export function useDashboardProfit(range: DashboardRange, enabled = true) {
  return useQuery({
    queryKey: dashboardProfitKey(range),
    queryFn: ({ signal }) => getDashboardProfit(range, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
