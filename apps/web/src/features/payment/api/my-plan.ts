import { api, type ResponseOf } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** The viewer's id is in the key: a sign-out and sign-in as someone else must not reuse it. */
export const myPlanKey = (viewer: number | null) => endpointKey(api.payment.plan, viewer);

/**
 * POST /v1/payment/plan: the plan the signed-in client or studio last paid for. No toast: the
 * plan chooser still works without it, it only loses the "your plan" mark.
 */
export function getMyPlan(signal?: AbortSignal) {
  return call(api.payment.plan, {}, { toast: false, signal });
}

export function useMyPlan(viewer: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: myPlanKey(viewer),
    queryFn: ({ signal }) => getMyPlan(signal),
    enabled: (options.enabled ?? true) && viewer !== null,
  });
}

export type MyPlan = NonNullable<ResponseOf<typeof api.payment.plan>['plan']>;
