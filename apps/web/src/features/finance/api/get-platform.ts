import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/finance/platform (staff): revenue, fees, the unallocated account, received and owed. */
export function usePlatformSummary(enabled = true) {
  return useQuery({
    queryKey: endpointKey(api.finance.platform, {}),
    queryFn: ({ signal }) => call(api.finance.platform, {}, { toast: false, signal }),
    enabled,
  });
}
