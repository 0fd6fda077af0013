import { z } from 'zod';
import { id, isoDate, isoTime, pageOf, pageQuery, plainString } from './fields.js';
import { ROLES } from './roles.js';

/**
 * The staff audit log: every staff action that changes data, recorded with who, when, from where,
 * what, and the values before and after; append-only and hash-chained (decision 059).
 */

/** What staff can do that the log records, `target.verb`. */
export const AUDIT_ACTIONS = [
  'account.create',
  'account.edit',
  'agent.add',
  'agent.switch',
  'studio.assign',
  'client.assign_agent',
  'client.set_studio',
  'client.assign_operator',
  'area.add',
  'area.delete',
  'zone.add',
  'zone.delete',
  'waitlist.move',
  'waitlist.remove',
  'price.add',
  'price.update',
  'price.delete',
  'payment.refund',
  'settlement.approve',
  'settlement.reject',
  'settlement.fail',
  'verification.approve',
  'verification.reject',
  'verification.resolve',
  'commission_rules.update',
  'finance_settings.update',
  'content.add',
  'content.update',
  'content.publish',
  'content.unpublish',
  'content.delete',
  'live.add',
  'live.update',
  'live.delete',
  'course.add',
  'course.update',
  'course.publish',
  'course.unpublish',
  'course.delete',
  'announcement.add',
  'announcement.update',
  'announcement.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action changed: the first part of its name. */
export const AUDIT_TARGETS = [...new Set(AUDIT_ACTIONS.map((action) => action.split('.')[0]!))] as readonly string[];

export const auditEntry = z.object({
  /** The entry's place in the chain, from 1 without gaps. */
  seq: z.number().int(),
  at: isoTime,
  actor_id: z.number().int().nullable(),
  actor_role: z.enum(ROLES).nullable(),
  actor_email: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target_type: z.string(),
  target_id: z.string(),
  target_label: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListRequest = z.strictObject({
  ...pageQuery,
  action: z.enum(AUDIT_ACTIONS, { error: 'validation.invalid_option' }).optional(),
  /** Who did it. */
  actor_id: id.optional(),
  /** What it was done to: a target type, and optionally one of them by id. */
  target_type: z.enum(AUDIT_TARGETS, { error: 'validation.invalid_option' }).optional(),
  target_id: plainString().max(64, { error: 'validation.too_long' }).optional(),
  /** Days, inclusive, as YYYY-MM-DD (UTC). */
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
});
export type AuditListRequest = z.infer<typeof auditListRequest>;
export const auditListResponse = pageOf(auditEntry);

/** The chain check: whether every entry still holds, and where it first does not. */
export const auditVerifyResponse = z.object({
  ok: z.boolean(),
  /** How many entries were checked (all of them). */
  checked: z.number().int(),
  /** The first entry where the chain no longer holds, and why: a missing entry, a broken link, changed content. */
  broken_at: z.number().int().nullable(),
  reason: z.enum(['gap', 'link', 'content']).nullable(),
  /** The last entry's hash: written down elsewhere, it also shows whether entries were cut off the end. */
  head: z.string().nullable(),
});
export type AuditVerifyResponse = z.infer<typeof auditVerifyResponse>;
