import type Stripe from 'stripe';
import { once } from '../../lib/once.js';
import type { CheckoutInput, CheckoutSession, PaymentProvider, RetrievedSession } from './provider.js';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** The API's host, port and protocol; set only to point the SDK at a local fake in tests. */
  host?: string | undefined;
  port?: number | undefined;
  protocol?: 'http' | 'https' | undefined;
}

/** Stripe's SDK, loaded when the first Stripe call is made: a sandbox or test process never needs it. */
const stripeSdk = once(async () => (await import('stripe')).default);

/** Stripe Checkout: a hosted page per order, verified by retrieving the session. */
export class StripeProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  private readonly client: () => Promise<Stripe>;

  constructor(private readonly options: StripeOptions) {
    this.client = once(async () => {
      const Sdk = await stripeSdk();
      return new Sdk(options.secretKey, {
        maxNetworkRetries: 1,
        timeout: 20_000,
        ...(options.host ? { host: options.host } : {}),
        ...(options.port ? { port: options.port } : {}),
        ...(options.protocol ? { protocol: options.protocol } : {}),
      });
    });
  }

  async createCheckout(input: CheckoutInput): Promise<CheckoutSession> {
    const stripe = await this.client();
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      client_reference_id: String(input.orderId),
      metadata: { order_id: String(input.orderId) },
      // Copied onto the charge, so a `charge.refunded` webhook names its order without a lookup.
      payment_intent_data: { metadata: { order_id: String(input.orderId) } },
      customer_email: input.customerEmail,
      line_items: [
        { quantity: 1, price_data: { currency: 'usd', unit_amount: input.amountCents, product_data: { name: input.description } } },
      ],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: Math.floor(input.expiresAt.getTime() / 1000),
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { sessionId: session.id, url: session.url };
  }

  async retrieve(sessionId: string): Promise<RetrievedSession> {
    const stripe = await this.client();
    try {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      return describe(session);
    } catch (error) {
      if (error instanceof (await stripeSdk()).errors.StripeInvalidRequestError) return { state: 'unknown', orderId: null, amountCents: null };
      throw error;
    }
  }

  /**
   * Refunds part or all of a checkout's payment. `idempotencyKey` is ours (one per refund row),
   * so a retried request never refunds twice at Stripe.
   */
  async refund(sessionId: string, amountCents: number, idempotencyKey: string): Promise<{ ref: string; state: 'completed' | 'pending' | 'failed' }> {
    const stripe = await this.client();
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!paymentIntent) throw new Error(`Stripe session ${sessionId} has no payment to refund`);
    const refund = await stripe.refunds.create({ payment_intent: paymentIntent, amount: amountCents, metadata: { order_id: session.metadata?.order_id ?? '' } }, { idempotencyKey });
    const state = refund.status === 'succeeded' ? 'completed' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
    return { ref: refund.id, state };
  }

  /** The order a charge paid for: its metadata when it carries it, else the checkout session of its payment. */
  async orderIdOfCharge(charge: Stripe.Charge): Promise<number | null> {
    const fromMetadata = Number(charge.metadata?.order_id ?? NaN);
    if (Number.isInteger(fromMetadata) && fromMetadata > 0) return fromMetadata;
    const paymentIntent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (!paymentIntent) return null;
    const stripe = await this.client();
    const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
    const session = sessions.data[0];
    return session ? describe(session).orderId : null;
  }

  /** Checks the signature over the raw body; throws on a bad one. */
  async verifyEvent(rawBody: string, signature: string): Promise<Stripe.Event> {
    const stripe = await this.client();
    return stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret);
  }
}

export function describe(session: Stripe.Checkout.Session): RetrievedSession {
  const orderId = Number(session.metadata?.order_id ?? session.client_reference_id ?? NaN);
  const state =
    session.payment_status === 'paid' || session.payment_status === 'no_payment_required'
      ? 'paid'
      : session.status === 'expired'
        ? 'cancelled'
        : 'open';
  return { state, orderId: Number.isInteger(orderId) ? orderId : null, amountCents: session.amount_total ?? null };
}
