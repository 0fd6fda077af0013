import type { PayoutRail, PayoutRequest, PayoutResult } from './payout-rail.js';

/**
 * Staff send the bank transfer themselves (from the payout details the party verified) and
 * approve the settlement with the transfer's reference. Nothing leaves from here: the rail
 * records that the money went, under the reference staff give.
 */
export class ManualBankTransferRail implements PayoutRail {
  readonly kind = 'manual_bank_transfer' as const;

  pay(request: PayoutRequest): Promise<PayoutResult> {
    const reference = request.reference.trim();
    // The contract requires a reference already; an empty one here would leave a payout untraceable.
    if (!reference) return Promise.resolve({ state: 'failed' });
    return Promise.resolve({ state: 'paid', reference });
  }

  /**
   * Nothing was sent from here, so nothing is kept to look up: a payout resumed after a crash
   * pays again, which records the same reference staff gave and moves no money twice.
   */
  lookup(): Promise<PayoutResult | null> {
    return Promise.resolve(null);
  }
}
