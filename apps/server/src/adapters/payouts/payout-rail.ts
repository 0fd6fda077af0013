import type { PayoutRailKind } from '@nearcast/contract';

/** One settlement to pay out: the party, the amount it receives, and what staff typed. */
export interface PayoutRequest {
  settlementId: number;
  accountId: number;
  /** What the party receives (the settlement's net amount), in cents. */
  amountCents: number;
  /** The reference staff entered: the bank transfer's number on the manual rail. */
  reference: string;
  /**
   * The same for every attempt at one settlement, so a rail that talks to the outside (Stripe
   * Connect's transfers take an idempotency key) never pays a retried approval twice.
   */
  idempotencyKey: string;
}

export type PayoutResult = { state: 'paid'; reference: string } | { state: 'failed' };

/**
 * How approved settlements leave the platform. The settlement service decides and books; a rail
 * only moves the money and answers with the reference to keep. The manual bank transfer is the
 * default; Stripe Connect (a transfer to the party's connected account) can implement this later
 * without the settlement rules changing.
 *
 * The service calls a rail outside any transaction and may call it again after a crash, always
 * with the same idempotency key (decision 045). A rail answers `failed` only when it is sure no
 * money left; a call whose outcome it cannot tell (a timeout, a dropped connection) must throw,
 * and should give up well within ten minutes (the service's lease on the payout).
 */
export interface PayoutRail {
  readonly kind: PayoutRailKind;
  pay(request: PayoutRequest): Promise<PayoutResult>;
  /**
   * What the rail did under an idempotency key: the payout it made (or refused), or null when it
   * has none, meaning no call with that key took effect and paying is safe. Throws when the
   * rail cannot answer. A Stripe Connect rail would tag each transfer with the key
   * (`transfer_group`) and list transfers by it.
   */
  lookup(idempotencyKey: string): Promise<PayoutResult | null>;
}
