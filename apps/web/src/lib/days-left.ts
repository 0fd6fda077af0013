import { daysLeft } from '@nearcast/contract';

/** The zone the browser shows dates in (dayjs and Intl format in it). */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Days left of a plan as this viewer counts them: the contract's one rule, read in the zone the
 * page shows the end date in, so "ends 2025/11/29 · 3 days left" agree in every list.
 */
export function daysLeftHere(expiresAt: string | null | undefined, now: Date = new Date(), timeZone: string = viewerTimeZone()): number | null {
  return daysLeft(expiresAt, now, timeZone);
}
