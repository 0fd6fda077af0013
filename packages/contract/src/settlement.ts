import { z } from 'zod';
import { id, idOf, isoDate, isoTime, pageOf, pageQuery, plainString, requiredText } from './fields.js';

/**
 * Settlements: a studio or an agent applies to be paid its available balance; staff decide.
 * Money is integer cents (USD); the fee rate is in basis points (2 % = 200 bps).
 */

/**
 * Where an application stands (spec §4 finance statuses): `pending` until staff decide, then
 * `paid`, `cancelled` (rejected, the funds back in the available balance) or `failed` (the
 * payout did not go through, the funds back as well). An approved payout still on its way to
 * the party stays `pending` until the payout rail has paid it (decision 044).
 */
export const SETTLEMENT_STATUSES = ['pending', 'paid', 'cancelled', 'failed'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/** Where the party's payout details stand with staff; a settlement is paid only when `approved`. */
export const PAYEE_VERIFICATION_STATES = ['none', 'pending', 'approved', 'rejected'] as const;
export type PayeeVerificationState = (typeof PAYEE_VERIFICATION_STATES)[number];

/** How a settlement leaves the platform: by hand as a bank transfer today; Stripe Connect could be another. */
export const PAYOUT_RAILS = ['manual_bank_transfer'] as const;
export type PayoutRailKind = (typeof PAYOUT_RAILS)[number];

/** Why an application cannot be made right now. */
export const SETTLEMENT_BLOCKERS = ['below_minimum', 'open_application'] as const;
export type SettlementBlocker = (typeof SETTLEMENT_BLOCKERS)[number];

export const settlement = z.object({
  id,
  party_id: id,
  party_name: z.string(),
  party_email: z.string(),
  party_role: z.enum(['studio', 'partner']),
  status: z.enum(SETTLEMENT_STATUSES),
  period_start: isoTime,
  period_end: isoTime,
  /** What was reserved from the available balance. */
  gross_cents: z.number().int(),
  fee_bps: z.number().int(),
  /** The platform fee. */
  fee_cents: z.number().int(),
  /** The amount to receive: gross less the fee. */
  amount_cents: z.number().int(),
  payout_rail: z.enum(PAYOUT_RAILS),
  payout_reference: z.string().nullable(),
  /** Why staff cancelled it or marked it failed. */
  reason: z.string().nullable(),
  /** The party's payout verification now: staff can pay only when it is `approved`. */
  verification: z.enum(PAYEE_VERIFICATION_STATES),
  /** The application time (spec §3 "apply time") and the decision time. */
  apply_time: isoTime,
  process_time: isoTime.nullable(),
  decided_by: z.number().int().nullable(),
});
export type Settlement = z.infer<typeof settlement>;

/**
 * What an application would be now, for the apply form: the whole available balance (already
 * net of any clawback), the period it covers, the fee and the amount to receive.
 */
export const settlementPreview = z.object({
  /** The available balance; negative while a clawback is still to be netted. */
  available_cents: z.number().int(),
  min_cents: z.number().int(),
  fee_bps: z.number().int(),
  gross_cents: z.number().int(),
  fee_cents: z.number().int(),
  amount_cents: z.number().int(),
  period_start: isoTime,
  period_end: isoTime,
  can_apply: z.boolean(),
  blocker: z.enum(SETTLEMENT_BLOCKERS).nullable(),
  verification: z.enum(PAYEE_VERIFICATION_STATES),
});
export type SettlementPreview = z.infer<typeof settlementPreview>;

export const settlementListRequest = z.strictObject({
  ...pageQuery,
  status: z.enum(SETTLEMENT_STATUSES, { error: 'validation.invalid_option' }).optional(),
  /** Staff only: one party's applications (a studio or agent always sees only its own). */
  party_id: id.optional(),
  /** Application time range, inclusive, as YYYY-MM-DD (UTC). */
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
});
export const settlementListResponse = pageOf(settlement);

export const settlementByIdRequest = z.strictObject({ id: idOf('settlement.not_found') });

export const settlementApproveRequest = z.strictObject({
  id: idOf('settlement.not_found'),
  /** The bank transfer's reference (manual rail), so the payout can be traced. */
  payout_reference: requiredText('settlement.reference_required', 120),
});

export const settlementDecisionRequest = z.strictObject({
  id: idOf('settlement.not_found'),
  reason: plainString({ error: 'settlement.reason_required', multiline: true })
    .trim()
    .min(1, { error: 'settlement.reason_required' })
    .max(500, { error: 'validation.too_long' }),
});
