import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export type MonthlyReportListRequest = RequestOf<typeof api.report.monthlyList>;

/**
 * POST /v1/report/monthly/list: a page of report summaries, newest month first — a merchant's
 * own, or those of every merchant the caller may read (or of one, with `merchant_id`).
 */
export function useMonthlyReports(body: MonthlyReportListRequest) {
  return useQuery({
    queryKey: endpointKey(api.report.monthlyList, body),
    // The page shows a failure in place, with a retry: no toast on top of it.
    queryFn: ({ signal }) => call(api.report.monthlyList, body, { toast: false, signal }),
    placeholderData: keepPreviousData,
  });
}
