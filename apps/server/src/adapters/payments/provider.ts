/** What the app asks of a payment provider: a hosted checkout, and the truth about it later. */
export interface CheckoutInput {
  orderId: number;
  description: string;
  amountCents: number;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface CheckoutSession {
  sessionId: string;
  url: string;
}

export type SessionState = 'paid' | 'open' | 'failed' | 'cancelled' | 'unknown';

export interface RetrievedSession {
  state: SessionState;
  /** The order the session was created for, as the provider recorded it. */
  orderId: number | null;
  amountCents: number | null;
}

export interface PaymentProvider {
  /** `none`: no checkout is live (production without a configured provider). */
  readonly kind: 'sandbox' | 'stripe' | 'none';
  createCheckout(input: CheckoutInput): Promise<CheckoutSession>;
  retrieve(sessionId: string): Promise<RetrievedSession>;
}
