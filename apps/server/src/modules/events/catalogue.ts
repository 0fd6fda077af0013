import {
  COMMISSION_ROLES,
  CONTENT_TYPES,
  JOIN_TYPES,
  LANGUAGES,
  PACKAGE_TYPES,
  PAYMENT_PROVIDERS,
  PUBLISH_TARGETS,
  SETTLEMENT_STATUSES,
  VERIFICATION_STATUSES,
} from '@nearcast/contract';
import { z } from 'zod';

/**
 * Every domain event, with the facts it carries (design.md "Events"). A producer records one of
 * these types with exactly this payload, checked by the compiler and again inside its
 * transaction; a subscriber reads typed fields and never calls back into the producer for more.
 * Statuses are the real enums, so a reader that matches on them is checked against every value
 * a producer can write.
 *
 * `subject` is the kind of thing the event is about (its id goes beside it); `bulk` marks an
 * event recorded by the thousand by a periodic job, whose deliveries yield to everything else.
 */

const id = z.number().int();
const cents = z.number().int();
const platform = z.enum(PUBLISH_TARGETS);
const assignedRole = z.enum(['agent', 'studio', 'operator']);

/** A payment's commission share as posted: who earns it and how much. */
const share = z.object({ id, beneficiary_id: id.nullable(), role: z.enum(COMMISSION_ROLES), amount_cents: cents });

/** What one refund took back from one share. */
const reversal = z.object({ id, beneficiary_id: id.nullable(), role: z.enum(COMMISSION_ROLES), reversed_cents: cents });

const assignment = z.object({ role: assignedRole, from_id: id.nullable(), to_id: id.nullable() });
const connection = z.object({ connection_id: id, platform });
const publishing = z.object({
  post_id: id,
  job_id: id,
  platform,
  title: z.string(),
  url: z.string().optional(),
  private_only: z.boolean().optional(),
  /** The language of what the platform got (the post's outcome keeps it, docs/decisions/084). */
  language: z.enum(['en', 'es', 'zh']).optional(),
});
/** A reading's other counts beside its plays, null where the platform gives none (docs/decisions/084). */
const count = z.number().int().nonnegative().nullable().optional();

interface Entry<S extends z.ZodType> {
  subject: string;
  payload: S;
  bulk?: true;
}

const entry = <S extends z.ZodType>(subject: string, payload: S, options: { bulk?: true } = {}): Entry<S> => ({ subject, payload, ...options });

export const EVENT_CATALOGUE = {
  'account.registered': entry(
    'account',
    z.object({ account_type: z.number().int(), join_type: z.enum(JOIN_TYPES), referred_by_id: id.nullable() }),
  ),
  'account.created': entry('account', z.object({ account_type: z.number().int() })),
  'client.assigned': entry('account', assignment),
  'studio.assigned': entry('account', assignment),

  'payment.completed': entry(
    'order',
    z.object({
      order_id: id,
      payment_id: id,
      package_type: z.enum(PACKAGE_TYPES),
      amount_cents: cents,
      periods: z.number().int(),
      provider: z.enum(PAYMENT_PROVIDERS),
      /** Read by the activity feed: "renewed its plan" rather than "bought a plan". */
      renewal: z.boolean(),
      /** The commission shares posted with the payment, in the same transaction. */
      shares: z.array(share),
    }),
  ),
  'payment.refunded': entry(
    'payment',
    z.object({
      payment_id: id,
      order_id: id,
      refund_id: id,
      amount_cents: cents,
      full: z.boolean(),
      /** What this refund took back from each share (only the shares it touched). */
      reversals: z.array(reversal),
    }),
  ),
  'commission.available': entry(
    'commission',
    z.object({ commission_id: id, payment_id: id, payer_id: id, role: z.enum(COMMISSION_ROLES), amount_cents: cents }),
  ),

  'settlement.applied': entry('settlement', z.object({ settlement_id: id, gross_cents: cents, fee_cents: cents, amount_cents: cents })),
  'settlement.decided': entry(
    'settlement',
    z.object({
      settlement_id: id,
      /** `cancelled` is staff's rejection: the funds are available again. */
      status: z.enum(SETTLEMENT_STATUSES).exclude(['pending']),
      gross_cents: cents,
      fee_cents: cents,
      amount_cents: cents,
      payout_rail: z.string(),
      payout_reference: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),

  'verification.submitted': entry('payout_verification', z.object({ resubmitted: z.boolean() })),
  'verification.decided': entry(
    'payout_verification',
    z.object({ status: z.enum(VERIFICATION_STATUSES).exclude(['pending']), reason: z.string().nullable() }),
  ),
  'verification.correction_requested': entry('business_correction', z.object({})),
  'verification.correction_resolved': entry('business_correction', z.object({ note: z.string().nullable() })),

  'content.published': entry(
    'content',
    z.object({
      content_type: z.enum(CONTENT_TYPES),
      language: z.enum(LANGUAGES),
      title: z.string(),
      republished: z.boolean(),
      start_time: z.string().optional(),
    }),
  ),
  'course.published': entry(
    'course',
    z.object({ code: z.string(), language: z.enum(LANGUAGES), title: z.string(), open_roles: z.array(z.string()), republished: z.boolean() }),
  ),

  'video.scheduled': entry('video_post', z.object({ post_id: id, title: z.string() })),
  'video.uploading': entry('video_post', z.object({ post_id: id, job_id: id, platform })),
  'video.reviewing': entry('video_post', publishing),
  'video.published': entry('video_post', publishing),
  'video.approved': entry('video_post', publishing),
  'video.failed': entry('video_post', z.object({ post_id: id, job_id: id, platform, title: z.string(), reason: z.string().nullable() })),
  'video.plays': entry(
    'video_post',
    z.object({ post_id: id, job_id: id, platform, plays: z.number().int().nonnegative(), likes: count, comments: count, shares: count }),
    { bulk: true },
  ),
  'video.milestone': entry(
    'video_post',
    z.object({ post_id: id, job_id: id, platform, title: z.string(), metric: z.literal('plays'), value: z.number().int() }),
  ),
  'video.approval_requested': entry('video_post', z.object({ post_id: id, title: z.string() })),
  'video.approval_given': entry('video_post', z.object({ post_id: id, title: z.string(), comment: z.string().optional() })),
  'video.changes_requested': entry('video_post', z.object({ post_id: id, title: z.string(), comment: z.string().nullable() })),

  /** A freed studio place offered to the first applicant in its city's line, held until `hold_until`. */
  'waitlist.offered': entry('city_waitlist', z.object({ entry_id: id, city_id: id, city_name: z.string(), hold_until: z.string() })),

  /** A merchant's report of a month, built on the first of the next (its figures frozen then). */
  'report.monthly_ready': entry('monthly_report', z.object({ report_id: id, month: z.string(), videos: z.number().int(), plays: z.number().int() })),

  /**
   * A render failed its last attempt (docs/decisions/074): its studio is told, to retry or fix
   * it. `reason` is the stored message the render shows, read in each reader's language.
   */
  'creative.render_failed': entry('creative_render', z.object({ render_id: id, title: z.string(), reason: z.string().nullable() })),
  /** A draft became a post: the short link made for its render now counts for the post (docs/decisions/083). */
  'creative.draft_approved': entry('creative_render', z.object({ render_id: id, post_id: id, title: z.string() })),

  'connection.connected': entry('platform_connection', connection),
  'connection.disconnected': entry('platform_connection', connection),
  'connection.needs_reconnect': entry('platform_connection', connection),
} as const;

type Catalogue = typeof EVENT_CATALOGUE;

export type EventType = keyof Catalogue;

export const EVENT_TYPES = Object.keys(EVENT_CATALOGUE) as EventType[];

/** The payload of one event type, as its producer writes it and its readers read it. */
export type EventPayload<T extends EventType> = z.infer<Catalogue[T]['payload']>;

/** The kind of subject an event type is about. */
export const subjectOf = (type: EventType): string => EVENT_CATALOGUE[type].subject;

export const isEventType = (value: string): value is EventType => Object.hasOwn(EVENT_CATALOGUE, value);

/** Whether this type is recorded in bulk by a periodic job (its deliveries come after others). */
export const isBulk = (type: EventType): boolean => 'bulk' in EVENT_CATALOGUE[type];

/**
 * The payload checked against its type's schema. Throws a ZodError, which inside a producer's
 * transaction rolls its change back: an event that does not say what its readers rely on is a
 * bug of the producer, not something to store.
 */
export function parsePayload<T extends EventType>(type: T, payload: unknown): EventPayload<T> {
  return EVENT_CATALOGUE[type].payload.parse(payload) as EventPayload<T>;
}
