import { z } from 'zod';
import { id, isoTime, pageOf, pageQuery } from './fields.js';

/**
 * A city's waitlist for studio places (spec §9: 100 studio places per city). When a city is full,
 * a studio applicant may join its line; when a place frees, the first in line is offered it and
 * holds it through checkout for WAITLIST_HOLD_HOURS; an offer left unused passes to the next.
 *
 * - `waiting`: in line, at `position` (1 is next);
 * - `offered`: a place is held for the applicant until `hold_until`;
 * - `purchased`: the applicant bought a studio plan (here or in another city);
 * - `lapsed`: the hold ran out unused; `left`: the applicant left; `removed`: staff took it out.
 */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'purchased', 'lapsed', 'left', 'removed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
/** The statuses of an entry still in line (one per applicant at a time). */
export const WAITLIST_OPEN_STATUSES = ['waiting', 'offered'] as const satisfies readonly WaitlistStatus[];

/** How long an offered place is held for its applicant. */
export const WAITLIST_HOLD_HOURS = 48;

export const waitlistEntry = z.object({
  id,
  city_id: id,
  city_name: z.string(),
  /** The city's state, so a plan page can open its city picker on this city. */
  state_id: z.number().int().nullable(),
  state_name: z.string().nullable(),
  account_id: id,
  /** The applicant as staff see it in the list (company or name, then email). */
  party_name: z.string(),
  email: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  /** Place in line among those waiting (1 is next); null once offered or ended. */
  position: z.number().int().nullable(),
  /** How many are waiting in this city, the applicant included. */
  waiting: z.number().int(),
  joined_at: isoTime,
  offered_at: isoTime.nullable(),
  hold_until: isoTime.nullable(),
  ended_at: isoTime.nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntry>;

export const waitlistJoinRequest = z.strictObject({ city_id: id });

/**
 * Staff see every city's line (optionally one city, or only open entries); an applicant sees
 * only its own entries.
 */
export const waitlistListRequest = z.strictObject({
  ...pageQuery,
  city_id: id.optional(),
  status: z.enum(WAITLIST_STATUSES, { error: 'validation.invalid_option' }).optional(),
  /** Only entries still in line (waiting or offered), in line order. */
  open: z.boolean().optional(),
});
export const waitlistListResponse = pageOf(waitlistEntry);

export const waitlistLeaveRequest = z.strictObject({ id });

/** Staff move a waiting entry to another place in its city's line (1 is first). */
export const waitlistMoveRequest = z.strictObject({
  id,
  position: z
    .number({ error: 'validation.expected_number' })
    .int({ error: 'validation.expected_number' })
    .min(1, { error: 'validation.too_small' })
    .max(10_000, { error: 'validation.too_big' }),
});
