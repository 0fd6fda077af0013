import { api, type RequestOf } from '@nearcast/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type CheckoutRequest = RequestOf<typeof api.payment.stripe>;

/**
 * POST /v1/payment/stripe: an order and its payment session, `url` being the page to pay on.
 * The plan page shows a refusal (a full city, a package gone) beside the purchase button.
 */
export function createCheckout(body: CheckoutRequest) {
  return call(api.payment.stripe, body, { toast: false });
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
