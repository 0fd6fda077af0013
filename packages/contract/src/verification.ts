import { z } from 'zod';
import { id, idOf, isoTime, keyword, optionalText, pageOf, pageQuery, plainString, requiredText } from './fields.js';
import { ROLES } from './roles.js';

/**
 * Verification (spec §2 /verification): a studio or an agent proves who gets paid before money
 * leaves (its payout details, reviewed by staff); a merchant reads the business details of its
 * settle form and asks staff to correct them.
 */
export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** A business is paid under its EIN, a person under an SSN or ITIN (both nine digits). */
export const TAX_KINDS = ['business', 'personal'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

export const CORRECTION_STATUSES = ['open', 'resolved'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

/** The documents staff can look at in a browser: photos and scans (decision 011's image formats). */
export const VERIFICATION_DOCUMENT_PURPOSE = 'image' as const;

const TAX_PATTERN: Record<TaxKind, RegExp> = {
  business: /^\d{2}-?\d{7}$/,
  personal: /^\d{3}-?\d{2}-?\d{4}$/,
};

/** The ABA check: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of ten. */
export function isRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** Digits typed with spaces or dashes, as people copy them from a cheque or a letter. */
const digits = (requiredKey: 'verification.routing_required' | 'verification.account_required') =>
  plainString({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .transform((value) => value.replace(/[\s-]/g, ''));

export const verificationSubmitRequest = z
  .strictObject({
    legal_name: requiredText('verification.legal_name_required', 200),
    tax_kind: z.enum(TAX_KINDS, { error: 'verification.tax_kind_invalid' }),
    tax_number: plainString({ error: 'verification.tax_required' }).trim().min(1, { error: 'verification.tax_required' }),
    holder_name: requiredText('verification.holder_required', 100),
    routing_number: digits('verification.routing_required').refine(isRoutingNumber, { error: 'verification.routing_invalid' }),
    account_number: digits('verification.account_required').refine((value) => /^\d{4,17}$/.test(value), {
      error: 'verification.account_invalid',
    }),
    /** A temporary upload of the caller's (`/v1/base/oss/temp`); optional on a resubmission that keeps the document. */
    document_upload_id: idOf('verification.document_required').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.tax_number && !TAX_PATTERN[value.tax_kind]?.test(value.tax_number)) {
      ctx.addIssue({
        code: 'custom',
        path: ['tax_number'],
        message: value.tax_kind === 'personal' ? 'verification.tax_personal_format' : 'verification.tax_business_format',
      });
    }
  });

const document = z.object({
  mime: z.string(),
  /** A signed, expiring link to the file. */
  url: z.string(),
  url_expires_at: isoTime,
});

/** Payout details as anyone sees them after submission: numbers by their last four digits only. */
export const payoutVerification = z.object({
  id,
  status: z.enum(VERIFICATION_STATUSES),
  legal_name: z.string(),
  tax_kind: z.enum(TAX_KINDS),
  tax_last4: z.string(),
  holder_name: z.string(),
  routing_last4: z.string(),
  account_last4: z.string(),
  document: document.nullable(),
  /** Why staff rejected it; the applicant reads it on its page. */
  reject_reason: z.string().nullable(),
  submit_time: isoTime,
  review_time: isoTime.nullable(),
});
export type PayoutVerification = z.infer<typeof payoutVerification>;

export const myVerificationResponse = z.object({ verification: payoutVerification.nullable() });

/** A row of the staff review queue: the verification and whose it is. */
export const verificationReviewRow = payoutVerification.extend({
  account_id: id,
  account_email: z.string(),
  account_name: z.string(),
  role: z.enum(ROLES),
  company_short_name: z.string(),
});
export type VerificationReviewRow = z.infer<typeof verificationReviewRow>;

export const verificationListRequest = z.strictObject({
  ...pageQuery,
  status: z.enum(VERIFICATION_STATUSES, { error: 'validation.invalid_option' }).optional(),
  keyword: keyword().optional(),
});
export const verificationListResponse = pageOf(verificationReviewRow);

export const verificationByIdRequest = z.strictObject({ id });
export const verificationRejectRequest = z.strictObject({
  id,
  reason: requiredText('verification.reason_required', 500),
});

/** The merchant's business details as its settle form stored them (spec §5). */
export const businessDetails = z.object({
  name: z.string(),
  phone: z.string(),
  company_short_name: z.string(),
  company_full_name: z.string(),
  tax_number: z.string(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  county: z.string(),
  address: z.string(),
  zip_code: z.string(),
  wechat: z.string(),
});
export type BusinessDetails = z.infer<typeof businessDetails>;

export const correction = z.object({
  id,
  message: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  /** What staff answered when they resolved it. */
  note: z.string(),
  create_time: isoTime,
  resolve_time: isoTime.nullable(),
});
export type Correction = z.infer<typeof correction>;

export const businessResponse = z.object({
  /** Null until the settle form is complete. */
  details: businessDetails.nullable(),
  corrections: z.array(correction),
});

export const correctionAddRequest = z.strictObject({
  message: plainString({ error: 'verification.correction_required', multiline: true })
    .trim()
    .min(1, { error: 'verification.correction_required' })
    .max(1000, { error: 'validation.too_long' }),
});

export const correctionReviewRow = correction.extend({
  account_id: id,
  account_email: z.string(),
  account_name: z.string(),
  company_short_name: z.string(),
});
export type CorrectionReviewRow = z.infer<typeof correctionReviewRow>;

export const correctionListRequest = z.strictObject({
  ...pageQuery,
  status: z.enum(CORRECTION_STATUSES, { error: 'validation.invalid_option' }).optional(),
});
export const correctionListResponse = pageOf(correctionReviewRow);

export const correctionResolveRequest = z.strictObject({ id, note: optionalText(500, { multiline: true }).default('') });
