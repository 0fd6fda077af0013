/**
 * Today's date (YYYY-MM-DD) where the merchant is. A plan's day is the merchant's day: "run today"
 * at 11 pm in Los Angeles is already tomorrow in UTC. A zone the browser does not know (or none
 * given) falls back to the browser's own day.
 */
export function todayIn(timeZone: string | null | undefined, now: Date = new Date()): string {
  if (timeZone) {
    try {
      const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
      const part = (type: string) => parts.find((item) => item.type === type)?.value;
      const [year, month, day] = [part('year'), part('month'), part('day')];
      if (year && month && day) return `${year}-${month}-${day}`;
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

/** The zone's offset from UTC at that instant, in minutes (Los Angeles in winter: -480). */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value ?? 0);
  return (Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute')) - Math.floor(instant / 60_000) * 60_000) / 60_000;
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
    const wall = Date.UTC(year, month - 1, date, hour, minute);
    let instant = wall - offsetMinutes(wall, timeZone) * 60_000;
    // Across a change of offset (summer time) the first guess can be an hour off: once more.
    instant = wall - offsetMinutes(instant, timeZone) * 60_000;
    return new Date(instant).toISOString();
  } catch {
    return new Date(year, month - 1, date, hour, minute).toISOString();
  }
}
