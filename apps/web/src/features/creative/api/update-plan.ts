import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/creative/plan/update */
export function updatePlan(body: RequestOf<typeof api.creative.planUpdate>) {
  return call(api.creative.planUpdate, body, { toast: false });
}

export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlan,
    onSuccess: (plan) => queryClient.setQueryData(endpointKey(api.creative.planGet, { merchant_id: plan.merchant_id }), plan),
  });
}
