import { z } from 'zod';
import { id, idOf, isoDate, isoTime, pageQuery } from './fields.js';
import { COMMISSION_ROLES, FINANCE_STATUSES } from './finance.js';
import { LANGUAGES } from './constants.js';

/**
 * The read side of finance: the Finance records of spec §3 (transaction id, amount, user,
 * receiver, type, status, remark, create time, process time), the balances of an earning party,
 * the platform's own accounts, and a payment's receipt. Money is integer cents (USD).
 */

/**
 * What a record is:
 * - `payment`: money a merchant (or a studio, for its membership) paid the platform;
 * - `commission`: one share of a payment earned by a studio, an agent, or kept by the platform;
 * - `refund`: money the platform gave back on a payment;
 * - `settlement`: an earning party's application to be paid out, and its decision.
 */
export const FINANCE_RECORD_TYPES = ['payment', 'commission', 'refund', 'settlement'] as const;
export type FinanceRecordType = (typeof FINANCE_RECORD_TYPES)[number];

/**
 * A list counts its matches only up to this many, so a filter matching millions of ledger rows
 * answers as fast as one matching ten; pages beyond it are empty (narrow the dates instead).
 */
export const FINANCE_RECORDS_COUNT_CAP = 10_000;

export const financeRecord = z.object({
  /** Unique across every type (the list's row key); `transaction_id` is what people read. */
  id: z.number().int(),
  /** `P-12` payment, `C-34` commission, `R-5` refund, `S-7` settlement. */
  transaction_id: z.string(),
  type: z.enum(FINANCE_RECORD_TYPES),
  status: z.enum(FINANCE_STATUSES),
  /** The record's amount: what was paid, earned (before reversals), refunded, or applied for. */
  amount_cents: z.number().int(),
  /** Who the money came from (the payer; the applicant of a settlement); null: the platform. */
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  /** Who the money went to; null: the platform (its revenue, or a share nobody could receive). */
  receiver_id: z.number().int().nullable(),
  receiver_name: z.string().nullable(),
  remark: z.string(),
  create_time: isoTime,
  process_time: isoTime.nullable(),
  /** The payment the record belongs to (payments, commissions, refunds): its receipt, its refunds. */
  payment_id: z.number().int().nullable(),
  /** Commissions: the rule version and rate that made it, the share's place, and what refunds took back. */
  rule_version: z.number().int().nullable(),
  rate_bps: z.number().int().nullable(),
  commission_role: z.enum(COMMISSION_ROLES).nullable(),
  reversed_cents: z.number().int().nullable(),
  /** Settlements: the platform fee (the amount to receive is `amount_cents - fee_cents`). */
  fee_cents: z.number().int().nullable(),
});
export type FinanceRecord = z.infer<typeof financeRecord>;

export const financeRecordsRequest = z.strictObject({
  ...pageQuery,
  type: z.enum(FINANCE_RECORD_TYPES, { error: 'validation.invalid_option' }).optional(),
  status: z.enum(FINANCE_STATUSES, { error: 'validation.invalid_option' }).optional(),
  /** Records where this account paid or received (staff, or within the caller's own scope). */
  party_id: id.optional(),
  /** Create time range, inclusive, as YYYY-MM-DD (UTC). */
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
});
export const financeRecordsResponse = z.object({
  list: z.array(financeRecord),
  /** Matches, counted up to FINANCE_RECORDS_COUNT_CAP. */
  total: z.number().int(),
  /** True when more than FINANCE_RECORDS_COUNT_CAP match (the total is the cap). */
  capped: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
});

/** An earning party's ledger balances. `available` may be negative while a clawback is owed. */
export const partyBalances = z.object({
  pending_cents: z.number().int(),
  available_cents: z.number().int(),
  /** Reserved by a settlement application still waiting for staff. */
  in_transit_cents: z.number().int(),
  paid_out_cents: z.number().int(),
});
export type PartyBalances = z.infer<typeof partyBalances>;

/** `/v1/finance/balance`: staff may name a party; a studio or an agent reads its own. */
export const balanceRequest = z.strictObject({ party_id: id.optional() });
export const balanceResponse = z.object({
  party_id: id,
  balances: partyBalances,
  /** A main agent's sub-agents, each with its own balances (empty for anyone else). */
  sub_agents: z.array(z.object({ id, name: z.string(), email: z.string(), balances: partyBalances })),
  /** The sub-agents' balances added up. */
  sub_agents_total: partyBalances,
});
export type BalanceResponse = z.infer<typeof balanceResponse>;

/** `/v1/finance/platform` (staff): the platform's own accounts and what it owes or received. */
export const platformSummaryResponse = z.object({
  revenue_cents: z.number().int(),
  fees_cents: z.number().int(),
  unallocated_cents: z.number().int(),
  /** Every payment received, less refunds given back. */
  received_cents: z.number().int(),
  refunded_cents: z.number().int(),
  /** What earning parties hold: pending, available, reserved by applications, and paid out. */
  owed: partyBalances,
});
export type PlatformSummary = z.infer<typeof platformSummaryResponse>;

/** `/v1/finance/receipt`: a payment's receipt as a PDF, in the language asked for (default: the request's). */
export const receiptRequest = z.strictObject({
  payment_id: idOf('finance.payment_required'),
  language: z.enum(LANGUAGES, { error: 'validation.invalid_option' }).optional(),
});
export const receiptResponse = z.object({
  file_name: z.string(),
  content_type: z.literal('application/pdf'),
  /** The PDF's bytes, base64: the call carries the session header, which a plain link could not. */
  content_base64: z.string(),
});
