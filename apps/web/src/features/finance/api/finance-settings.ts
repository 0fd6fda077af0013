import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey, invalidateEndpoints } from '../../../lib/query-keys';

/** POST /v1/finance/settings: the holding period, the settlement minimum and fee. */
export function useFinanceSettings(enabled = true) {
  return useQuery({
    queryKey: endpointKey(api.finance.settings, {}),
    queryFn: ({ signal }) => call(api.finance.settings, {}, { toast: false, signal }),
    enabled,
  });
}

/** POST /v1/finance/settings/update (super). */
export function useUpdateFinanceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof api.finance.settingsUpdate>) => call(api.finance.settingsUpdate, body, { toast: false }),
    onSuccess: () => invalidateEndpoints(queryClient, [api.finance.settings, api.settlement.preview]),
  });
}
