import { paymentsMode, type Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from './provider.js';
import { SandboxProvider } from './sandbox-provider.js';
import { StripeProvider } from './stripe-provider.js';
import { UnavailableProvider } from './unavailable-provider.js';

export type { CheckoutInput, CheckoutSession, PaymentProvider, RetrievedSession, SessionState } from './provider.js';
export { SandboxProvider, type SandboxDecision } from './sandbox-provider.js';
export { StripeProvider, type StripeOptions } from './stripe-provider.js';
export { UnavailableProvider } from './unavailable-provider.js';

/** Stripe when its keys are configured; the embedded sandbox where `paymentsMode` allows it; else none. */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  const mode = paymentsMode(config);
  if (mode === 'none') return new UnavailableProvider();
  if (mode === 'stripe' && config.STRIPE_SECRET_KEY) {
    if (!config.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
    return new StripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      host: config.STRIPE_API_HOST,
      port: config.STRIPE_API_PORT,
      protocol: config.STRIPE_API_PROTOCOL,
    });
  }
  return new SandboxProvider(db, config.PUBLIC_URL);
}
