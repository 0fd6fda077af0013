import type { SettlementBlocker } from '@nearcast/contract';

export interface SettlementAmounts {
  grossCents: number;
  feeCents: number;
  netCents: number;
}

/**
 * The platform fee on a gross amount, in integer cents: `feeBps` basis points, half a cent
 * rounded up (the usual commercial rounding), never more than the gross itself.
 */
export function feeOf(grossCents: number, feeBps: number): number {
  if (grossCents <= 0 || feeBps <= 0) return 0;
  return Math.min(grossCents, Math.floor((grossCents * feeBps + 5_000) / 10_000));
}

/**
 * What an application for the whole available balance would reserve, charge and pay. A negative
 * available balance (a clawback not yet netted) applies for nothing.
 */
export function amountsFor(availableCents: number, feeBps: number): SettlementAmounts {
  const grossCents = Math.max(0, availableCents);
  const feeCents = feeOf(grossCents, feeBps);
  return { grossCents, feeCents, netCents: grossCents - feeCents };
}

/** Why an application cannot be made: one already waits for staff, or the balance is under the minimum. */
export function blockerOf(input: { availableCents: number; minCents: number; hasPending: boolean }): SettlementBlocker | null {
  if (input.hasPending) return 'open_application';
  // A zero balance is always below the minimum, even a minimum of zero: there is nothing to pay.
  if (input.availableCents <= 0 || input.availableCents < input.minCents) return 'below_minimum';
  return null;
}

/** The dollars of an amount in cents, for messages ("$99.50"). */
export function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}
