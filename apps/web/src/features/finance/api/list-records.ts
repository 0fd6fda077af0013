import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export type RecordsQuery = RequestOf<typeof api.finance.records>;

/** POST /v1/finance/records: the Finance records in the caller's scope; the export reads it page by page. */
export function listRecords(query: RecordsQuery, signal?: AbortSignal) {
  return call(api.finance.records, query, { toast: false, signal });
}

export function useRecords(query: RecordsQuery) {
  return useQuery({
    queryKey: endpointKey(api.finance.records, query),
    queryFn: ({ signal }) => listRecords(query, signal),
    placeholderData: keepPreviousData,
  });
}
