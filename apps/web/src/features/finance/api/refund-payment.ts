import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { financeReads } from './finance-reads';

/** POST /v1/finance/refund (staff): gives back a payment in full or in part; commissions are reversed in proportion. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof api.finance.refund>) => call(api.finance.refund, body, { toast: false }),
    onSettled: () => invalidateEndpoints(queryClient, financeReads),
  });
}
