import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/settlement/preview: what an application would be now (period, fee, amount to receive). */
export function useSettlementPreview(enabled: boolean) {
  return useQuery({
    queryKey: endpointKey(api.settlement.preview, {}),
    queryFn: ({ signal }) => call(api.settlement.preview, {}, { toast: false, signal }),
    enabled,
  });
}
