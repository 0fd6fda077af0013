import { calendarDay, instantOfWallClock } from '@nearcast/contract';

/**
 * Today's date (YYYY-MM-DD) where the merchant is. A plan's day is the merchant's day: "run today"
 * at 11 pm in Los Angeles is already tomorrow in UTC. A zone the browser does not know (or none
 * given) falls back to the browser's own day.
 */
export function todayIn(timeZone: string | null | undefined, now: Date = new Date()): string {
  if (timeZone) {
    try {
      return calendarDay(now, timeZone);
    } catch {
      // An unknown zone: the browser's day below.
    }
  }
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A run hour as a clock time, e.g. 7 → "07:00". */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/**
 * The board day a render is listed under: its plan day, or for a render asked for by hand the
 * merchant's day it was asked on (the list's `date` filter reads it so).
 */
export function boardDateOf(render: { plan_date: string | null; create_time: string }, timeZone: string | null | undefined): string {
  return render.plan_date ?? todayIn(timeZone, new Date(render.create_time));
}

/**
 * A wall-clock time picked in the merchant's zone (day YYYY-MM-DD, time HH:mm) as an ISO
 * instant: the studio schedules in the merchant's time whatever zone its own browser is in.
 * An unknown zone reads the time as the browser's.
 */
export function zonedToIso(day: string, time: string, timeZone: string | null | undefined): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  if (!timeZone) return new Date(year, month - 1, date, hour, minute).toISOString();
  try {
    return new Date(instantOfWallClock(day, hour * 60 + minute, timeZone)).toISOString();
  } catch {
    return new Date(year, month - 1, date, hour, minute).toISOString();
  }
}
