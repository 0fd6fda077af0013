import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export type SettlementQuery = RequestOf<typeof api.settlement.list>;

/** POST /v1/settlement/list: a party's own applications, or (staff) the queue. */
export function useSettlements(query: SettlementQuery) {
  return useQuery({
    queryKey: endpointKey(api.settlement.list, query),
    queryFn: ({ signal }) => call(api.settlement.list, query, { toast: false, signal }),
    placeholderData: keepPreviousData,
  });
}
