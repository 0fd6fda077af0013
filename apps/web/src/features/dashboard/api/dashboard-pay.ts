import { api, type DashboardRange } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export const dashboardPayKey = (range: DashboardRange) => endpointKey(api.dashboard.pay, { range });

/** POST /v1/dashboard/pay: payments, refunds and revenue over the range, and the daily trend. */
export function getDashboardPay(range: DashboardRange, signal?: AbortSignal) {
  // The panel shows its own failure in place; a toast on top would say it twice.
  return call(api.dashboard.pay, { range }, { toast: false, signal });
}

/** Keeps the last range's answer on screen while the next one loads, so the panel does not jump. */
export function useDashboardPay(range: DashboardRange, enabled = true) {
  return useQuery({
    queryKey: dashboardPayKey(range),
    queryFn: ({ signal }) => getDashboardPay(range, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
