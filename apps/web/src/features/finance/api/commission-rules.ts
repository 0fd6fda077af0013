import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey, invalidateEndpoints } from '../../../lib/query-keys';

/** POST /v1/finance/rules (super): the current commission rule version and the older ones. */
export function useCommissionRules(enabled = true) {
  return useQuery({
    queryKey: endpointKey(api.finance.rules, {}),
    queryFn: ({ signal }) => call(api.finance.rules, {}, { toast: false, signal }),
    enabled,
  });
}

/** POST /v1/finance/rules/update (super): a new version, for payments from now on. */
export function useUpdateCommissionRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof api.finance.rulesUpdate>) => call(api.finance.rulesUpdate, body, { toast: false }),
    onSuccess: () => invalidateEndpoints(queryClient, [api.finance.rules]),
  });
}
