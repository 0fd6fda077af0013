/**
 * Time on a calendar of a named zone (a merchant's `America/Los_Angeles`, a live event's zone):
 * the plan's days, the drafts' posting hours, a report's month, a plan's days left, a time picked
 * in the merchant's zone while the browser is in another. Intl knows every zone's rules at any
 * instant, so neither side needs a time-zone library; the server and the web read the same
 * functions, so a day or an hour is the same on both.
 *
 * An unknown zone throws a RangeError (Intl's own); callers with a fallback catch it.
 */

export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  /** 0–23. */
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** What a clock on the wall in `timeZone` shows at `at`. */
export function wallClockAt(at: Date | number, timeZone: string): WallClock {
  const parts = formatterFor(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value ?? 0);
  // Some ICU versions write midnight as 24 even in the h23 cycle.
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour') % 24, minute: part('minute'), second: part('second') };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The calendar day (YYYY-MM-DD) it is in `timeZone` at `at`. */
export function calendarDay(at: Date | number, timeZone: string): string {
  const clock = wallClockAt(at, timeZone);
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** The hour of the day (0–23) it is in `timeZone` at `at`. */
export function hourOfDay(at: Date | number, timeZone: string): number {
  return wallClockAt(at, timeZone).hour;
}

/** The zone's offset from UTC at `at`, in whole minutes (Los Angeles in winter: -480). */
export function zoneOffsetMinutes(at: Date | number, timeZone: string): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  const clock = wallClockAt(ms, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/**
 * The instant (ms) a wall-clock time of a day (`minutes` after midnight) is in `timeZone`. The
 * offset is read at a first guess and again at the instant it gives: they differ only across a
 * change of offset (summer time), and a wall time the change skips resolves to the offset after it.
 */
export function instantOfWallClock(day: string, minutes: number, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date, 0, minutes);
  const first = wall - zoneOffsetMinutes(wall, timeZone) * 60_000;
  return wall - zoneOffsetMinutes(first, timeZone) * 60_000;
}

/** The calendar day `days` after `day` (YYYY-MM-DD; negative goes back). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
