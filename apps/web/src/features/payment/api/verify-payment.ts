import { api, type ResponseOf } from '@nearcast/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export type Verification = ResponseOf<typeof api.payment.callback>;

/** How often and how many times a payment the provider still calls pending is asked again. */
export const PENDING_POLL_MS = 2_000;
export const PENDING_POLLS = 5;

/** POST /v1/payment/stripe/callback: the provider's verdict on a session; fulfils a payment. */
export function verifyPayment(sessionId: string, signal?: AbortSignal) {
  return call(api.payment.callback, { session_id: sessionId }, { toast: false, signal });
}

const verifyKey = (sessionId: string | null) => endpointKey(api.payment.callback, sessionId);

/**
 * The verdict on `sessionId`, asked again while the provider says "pending", a few times:
 * card payments usually settle within seconds of the redirect back. `asks` counts the answers
 * so far, so the page can give up on a payment still pending after the last one.
 */
export function useVerifyPayment(sessionId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: verifyKey(sessionId),
    queryFn: ({ signal }) => verifyPayment(sessionId!, signal),
    enabled: sessionId !== null,
    staleTime: Infinity,
    refetchInterval: (current) =>
      current.state.data?.status === 'pending' && current.state.dataUpdateCount < PENDING_POLLS ? PENDING_POLL_MS : false,
  });
  const asks = queryClient.getQueryState(verifyKey(sessionId))?.dataUpdateCount ?? 0;
  return { query, asks };
}
