import type { Order, PACKAGE_TYPES } from '@nearcast/contract';
import type { Executor } from '../../db/client.js';

/**
 * What finance needs of a payment, declared here and satisfied by the payment module (a port of
 * finance/module.ts): payment depends on finance (its fulfilment posts the commissions in its own
 * transaction), so finance names no payment code and the two never import each other.
 */

/** A payment as finance sees it: who paid what, through which provider, for which package. */
export interface PaymentFacts {
  id: number;
  orderId: number;
  accountId: number;
  amountCents: number;
  provider: 'sandbox' | 'stripe';
  providerRef: string;
  packageType: (typeof PACKAGE_TYPES)[number];
  periods: number;
  /** The package as sold, with the number of periods: the ledger's remark. */
  description: string;
  createdAt: Date;
}

/** What a provider said of a refund asked for. */
export type ProviderRefund = { ref: string | null; state: 'completed' | 'pending' | 'failed' };

/** What a receipt of one payment shows: the order as sold and the provider's reference. */
export interface ReceiptFacts {
  payment_id: number;
  account_id: number;
  amount_cents: number;
  provider: 'sandbox' | 'stripe';
  provider_ref: string;
  paid_time: string;
  order: Order;
}

export interface PaymentPort {
  factsOf(ex: Executor, paymentId: number): Promise<PaymentFacts | undefined>;
  /** Refunds at the payment's provider under an idempotency key (a retry is the same refund). */
  refundAtProvider(facts: PaymentFacts, amountCents: number, key: string): Promise<ProviderRefund>;
  receiptFacts(paymentId: number): Promise<ReceiptFacts | undefined>;
}
