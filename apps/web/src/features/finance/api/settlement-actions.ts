import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { financeReads } from './finance-reads';

/** POST /v1/settlement/apply: applies for the whole available balance (reserved at once). */
export function useApplySettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.settlement.apply, {}, { toast: false }),
    onSettled: () => invalidateEndpoints(queryClient, financeReads),
  });
}

export type SettlementDecision =
  | { kind: 'approve'; body: RequestOf<typeof api.settlement.approve> }
  | { kind: 'reject'; body: RequestOf<typeof api.settlement.reject> }
  | { kind: 'fail'; body: RequestOf<typeof api.settlement.fail> };

/** POST /v1/settlement/approve | reject | fail (staff): paid with a reference, or cancelled / failed with a reason. */
export function useDecideSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: SettlementDecision) =>
      decision.kind === 'approve'
        ? call(api.settlement.approve, decision.body, { toast: false })
        : call(decision.kind === 'reject' ? api.settlement.reject : api.settlement.fail, decision.body, { toast: false }),
    onSettled: () => invalidateEndpoints(queryClient, financeReads),
  });
}
