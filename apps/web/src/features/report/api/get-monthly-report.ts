import { api, type Language } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';
import { linkFreshFor } from '../lib/report-view';

/** POST /v1/report/monthly/get: one whole report, with a signed link to its PDF in `language`. */
export function getMonthlyReport(id: number, language: Language, signal?: AbortSignal) {
  return call(api.report.monthlyGet, { id, language }, { toast: false, signal });
}

/**
 * One report, its PDF in the interface language (another language is another key, so switching
 * languages fetches that PDF's link). The PDF link is signed and expires: the report is read
 * again a minute before it does, so a page left open keeps a download that works.
 */
export function useMonthlyReport(id: number | null, language: Language) {
  return useQuery({
    queryKey: endpointKey(api.report.monthlyGet, { id, language }),
    queryFn: ({ signal }) => getMonthlyReport(id!, language, signal),
    enabled: id !== null,
    staleTime: (query) => (query.state.data ? linkFreshFor(query.state.data.pdf.expires_at, Date.now()) : 0),
    refetchInterval: (query) => {
      const fresh = query.state.data ? linkFreshFor(query.state.data.pdf.expires_at, Date.now()) : 0;
      // An expiry already past (a clock that runs ahead) must not become a loop of reads.
      return fresh > 0 ? Math.max(fresh, 30_000) : false;
    },
  });
}
