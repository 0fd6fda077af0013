import { rejected } from '../../errors.js';
import type { CheckoutInput, CheckoutSession, PaymentProvider, RetrievedSession } from './provider.js';

/**
 * Production without Stripe keys and without PAYMENTS=sandbox: nothing can be bought, and a
 * checkout says so plainly instead of handing out the free sandbox.
 */
export class UnavailableProvider implements PaymentProvider {
  readonly kind = 'none' as const;

  async createCheckout(_input: CheckoutInput): Promise<CheckoutSession> {
    throw rejected('payment.unavailable');
  }

  async retrieve(_sessionId: string): Promise<RetrievedSession> {
    return { state: 'unknown', orderId: null, amountCents: null };
  }
}
