import { api, type RequestOf } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/finance/balance: a studio's or an agent's balances (and a main agent's sub-agents'). */
export function useBalance(query: RequestOf<typeof api.finance.balance>, enabled = true) {
  return useQuery({
    queryKey: endpointKey(api.finance.balance, query),
    queryFn: ({ signal }) => call(api.finance.balance, query, { toast: false, signal }),
    enabled,
  });
}
