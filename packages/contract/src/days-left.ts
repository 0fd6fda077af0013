import { wallClockAt } from './zoned-time.js';

/**
 * Days left of a plan: how many calendar days from today to the day it ends, both read in one
 * time zone (0 = it ends today; an end already passed is 0 too). Counting calendar days rather
 * than 24-hour spans keeps the number in step with the end date shown beside it: a plan ending
 * on the 29th has 3 days left all through the 26th, whatever the hour of either. The web passes
 * the zone it shows dates in; the server, which knows no viewer, counts in UTC like the plan
 * reminders do. Null without a readable end.
 */
export function daysLeft(expiresAt: string | Date | null | undefined, now: Date, timeZone: string): number | null {
  if (expiresAt === null || expiresAt === undefined || expiresAt === '') return null;
  const end = expiresAt instanceof Date ? expiresAt.getTime() : Date.parse(expiresAt);
  if (Number.isNaN(end) || Number.isNaN(now.getTime())) return null;
  if (end <= now.getTime()) return 0;
  return Math.max(0, Math.round((dayNumber(end, timeZone) - dayNumber(now.getTime(), timeZone)) / DAY_MS));
}

const DAY_MS = 86_400_000;

/** The calendar day an instant falls on in `timeZone`, as midnight UTC of that day (ms). */
function dayNumber(at: number, timeZone: string): number {
  const clock = wallClockAt(at, timeZone);
  return Date.UTC(clock.year, clock.month - 1, clock.day);
}
