import { ManualBankTransferRail } from './manual-bank-transfer.js';
import type { PayoutRail } from './payout-rail.js';

export type { PayoutRail, PayoutRequest, PayoutResult } from './payout-rail.js';
export { ManualBankTransferRail } from './manual-bank-transfer.js';

/** The manual bank transfer is the only rail today; a configured Stripe Connect rail would be chosen here. */
export function createPayoutRail(): PayoutRail {
  return new ManualBankTransferRail();
}
