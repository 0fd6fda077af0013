import type { CommissionKind, CommissionRates, CommissionRole } from '@nearcast/contract';

/** Commission maths: pure, integer cents and basis points only. */

/** Who stands above the payer right now. */
export interface PayerNetwork {
  studioId: number | null;
  /** The payer's direct agent (a merchant's, or its studio's; a studio's recruiting agent). */
  agentId: number | null;
  /** The main agent above `agentId`: itself when `agentId` is a main agent. */
  mainAgentId: number | null;
}

export interface Share {
  role: CommissionRole;
  beneficiaryId: number | null;
  rateBps: number;
  amountCents: number;
}

const cut = (amountCents: number, bps: number) => Math.floor((amountCents * bps) / 10_000);

/**
 * Splits one payment into its shares under one rule version. Shares are rounded down and the
 * platform keeps the remainder, so the shares always add up to the payment exactly. A share with
 * nobody to receive it (no studio; no agent; a sub-agent without a main agent) goes to the
 * platform's unallocated account, kept apart from revenue so staff can see it.
 */
export function splitPayment(amountCents: number, kind: CommissionKind, rates: CommissionRates, network: PayerNetwork): Share[] {
  const shares: Share[] = [];
  let unallocatedBps = 0;
  const give = (role: CommissionRole, beneficiaryId: number | null, rateBps: number) => {
    if (rateBps === 0) return;
    if (beneficiaryId === null) unallocatedBps += rateBps;
    else shares.push({ role, beneficiaryId, rateBps, amountCents: cut(amountCents, rateBps) });
  };
  const agentRates = kind === 'merchant' ? rates.merchant : rates.membership;
  if (kind === 'merchant') give('studio', network.studioId, rates.merchant.studio);
  const isSub = network.agentId !== null && network.mainAgentId !== network.agentId;
  if (network.agentId === null) {
    give('agent', null, agentRates.agent);
  } else if (isSub) {
    give('sub_agent', network.agentId, agentRates.sub_agent);
    give('main_agent', network.mainAgentId, agentRates.main_agent);
  } else {
    give('agent', network.agentId, agentRates.agent);
  }
  if (unallocatedBps > 0) shares.push({ role: 'unallocated', beneficiaryId: null, rateBps: unallocatedBps, amountCents: cut(amountCents, unallocatedBps) });
  const given = shares.reduce((sum, share) => sum + share.amountCents, 0);
  const givenBps = shares.reduce((sum, share) => sum + share.rateBps, 0);
  shares.push({ role: 'platform', beneficiaryId: null, rateBps: Math.max(0, 10_000 - givenBps), amountCents: amountCents - given });
  return shares;
}

/**
 * Divides `total` cents in proportion to `weights`, in whole cents that add up to `total`
 * exactly (largest remainder). A refund of part of a payment takes back each share this way,
 * computed on the cumulative refunded amount, so successive partial refunds never drift and a
 * full refund takes back every share exactly.
 */
export function apportion(total: number, weights: number[]): number[] {
  // BigInt: total × weight may pass 2^53 for large payments, and a cent must never be lost.
  const sum = weights.reduce((a, b) => a + BigInt(b), 0n);
  if (sum === 0n) return weights.map(() => 0);
  const scaled = weights.map((weight) => BigInt(total) * BigInt(weight));
  const parts = scaled.map((value) => value / sum);
  let left = BigInt(total) - parts.reduce((a, b) => a + b, 0n);
  const order = scaled.map((value, index) => ({ index, remainder: value % sum })).sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left <= 0n) break;
    parts[index]! += 1n;
    left -= 1n;
  }
  return parts.map(Number);
}
