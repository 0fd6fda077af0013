import { z } from 'zod';
import { id, idOf, integer, isoTime, optionalText } from './fields.js';

/**
 * Finance: the ledger's vocabulary shared by server and web. Money is integer cents (USD);
 * rates are basis points (1 % = 100 bps), so commission maths stays in integers.
 */

/**
 * What a ledger account is for. A party (merchant, studio, agent) has one account per purpose it
 * uses; the platform's accounts have no owner.
 * - `payments`: money a payer paid in (its balance goes negative as it pays: it is where money
 *   entered the ledger from outside); `refunds`: money given back to it.
 * - `pending` / `available`: a studio's or an agent's earnings during and after the holding period.
 * - `in_transit`: earnings reserved by a settlement application, not yet decided.
 * - `paid_out`: what has left the platform to the party.
 * - `revenue`, `fees`, `unallocated`: the platform's share, its settlement fees, and shares of
 *   payments whose merchant has no studio (or whose studio has no agent).
 */
export const LEDGER_PURPOSES = ['payments', 'refunds', 'pending', 'available', 'in_transit', 'paid_out', 'revenue', 'fees', 'unallocated'] as const;
export type LedgerPurpose = (typeof LEDGER_PURPOSES)[number];
/** Purposes owned by the platform (no owner account). */
export const PLATFORM_PURPOSES = ['revenue', 'fees', 'unallocated'] as const satisfies readonly LedgerPurpose[];
/** Purposes of an earning party (studio, agent). */
export const EARNER_PURPOSES = ['pending', 'available', 'in_transit', 'paid_out'] as const satisfies readonly LedgerPurpose[];

/** What caused a ledger transaction. */
export const LEDGER_TX_KINDS = ['payment', 'release', 'refund', 'settlement_apply', 'settlement_paid', 'settlement_release', 'adjustment'] as const;
export type LedgerTxKind = (typeof LEDGER_TX_KINDS)[number];

/** Finance statuses (spec §4): completed, pending, failed, and also paid and cancelled. */
export const FINANCE_STATUSES = ['completed', 'pending', 'failed', 'paid', 'cancelled'] as const;
export type FinanceStatus = (typeof FINANCE_STATUSES)[number];

/**
 * Who a commission goes to, by its place in the payer's network:
 * - `studio`: the merchant's studio;
 * - `agent`: the direct agent when it is a main agent (the whole agent share);
 * - `sub_agent` / `main_agent`: the direct agent when it is a sub-agent, and its main agent;
 * - `unallocated`: a share with nobody to receive it, kept by the platform;
 * - `platform`: the rest.
 */
export const COMMISSION_ROLES = ['studio', 'agent', 'sub_agent', 'main_agent', 'unallocated', 'platform'] as const;
export type CommissionRole = (typeof COMMISSION_ROLES)[number];
/** Where an earning stands: pending in the holding period, available, or reversed in full by refunds. */
export const COMMISSION_STATUSES = ['pending', 'available', 'reversed'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** Which rule a payment falls under: a merchant's plan or add-on, or a studio's membership. */
export const COMMISSION_KINDS = ['merchant', 'membership'] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];

const bps = integer(0, 10_000);

/**
 * Rates of one rule version, in basis points of the payment. The platform keeps what is left.
 * `merchant`: a merchant's plan or add-on; `membership`: a studio's own payment, shared by the
 * agent who recruited it. When the direct agent is a sub-agent, `sub_agent` + `main_agent`
 * apply instead of `agent`.
 */
export const commissionRates = z
  .strictObject({
    merchant: z.strictObject({ studio: bps, agent: bps, sub_agent: bps, main_agent: bps }),
    membership: z.strictObject({ agent: bps, sub_agent: bps, main_agent: bps }),
  })
  .superRefine((rates, ctx) => {
    const over = (path: string[], total: number) => {
      if (total > 10_000) ctx.addIssue({ code: 'custom', path, message: 'finance.rates_over_total' });
    };
    over(['merchant'], rates.merchant.studio + Math.max(rates.merchant.agent, rates.merchant.sub_agent + rates.merchant.main_agent));
    over(['membership'], Math.max(rates.membership.agent, rates.membership.sub_agent + rates.membership.main_agent));
  });
export type CommissionRates = z.infer<typeof commissionRates>;

/** The defaults (decision 021): 70 / 10 (7 + 3); membership 20 (15 + 5). */
export const DEFAULT_COMMISSION_RATES: CommissionRates = {
  merchant: { studio: 7000, agent: 1000, sub_agent: 700, main_agent: 300 },
  membership: { agent: 2000, sub_agent: 1500, main_agent: 500 },
};

export const commissionRule = z.object({
  version: z.number().int(),
  rates: commissionRates,
  note: z.string(),
  created_by: z.number().int().nullable(),
  create_time: isoTime,
});
export type CommissionRule = z.infer<typeof commissionRule>;

/** `/v1/finance/rules`: the current version first, then the older ones (newest first). */
export const commissionRulesResponse = z.object({ current: commissionRule, history: z.array(commissionRule) });
/** `/v1/finance/rules/update`: a new version; it applies to payments from now on, never to the past. */
export const commissionRuleUpdateRequest = z.strictObject({ rates: commissionRates, note: optionalText(500) });

/** Finance settings (super): holding period, settlement minimum and fee. */
export const financeSettings = z.object({
  holding_days: z.number().int(),
  settlement_min_cents: z.number().int(),
  settlement_fee_bps: z.number().int(),
  update_time: isoTime,
});
export type FinanceSettings = z.infer<typeof financeSettings>;
export const DEFAULT_FINANCE_SETTINGS = { holding_days: 14, settlement_min_cents: 10_000, settlement_fee_bps: 200 } as const;
export const financeSettingsUpdateRequest = z.strictObject({
  holding_days: integer(0, 365).optional(),
  settlement_min_cents: integer(0, 100_000_000).optional(),
  settlement_fee_bps: integer(0, 5_000).optional(),
});

/** A refund of a payment (staff): the whole remaining amount when `amount_cents` is left out. */
export const refundRequest = z.strictObject({
  payment_id: idOf('finance.payment_required'),
  amount_cents: integer(1, 100_000_000).optional(),
  reason: optionalText(500, { multiline: true }),
});
export const REFUND_STATUSES = ['pending', 'completed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const refund = z.object({
  id,
  payment_id: id,
  amount_cents: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  provider_ref: z.string().nullable(),
  /** True when this refund gave back everything that was still paid (plan days were taken back). */
  full: z.boolean(),
  create_time: isoTime,
  process_time: isoTime.nullable(),
});
export type Refund = z.infer<typeof refund>;
export const refundResponse = z.object({ refund, refunded_cents: z.number().int(), remaining_cents: z.number().int() });

/** A payment id on its own (refund history of one payment). */
export const paymentRefundsRequest = z.strictObject({ payment_id: idOf('finance.payment_required') });
export const paymentRefundsResponse = z.object({ list: z.array(refund) });

