/**
 * A live event is announced in a time zone ("18:00 in Los Angeles"), and the contract wants the
 * start as an ISO time WITH its offset. The browser's own zone is not the event's, and dayjs'
 * timezone plugin would add a dependency for two conversions: the contract's zoned time (Intl
 * underneath) knows every zone's offset at any instant.
 */

import { instantOfWallClock, zoneOffsetMinutes } from '@nearcast/contract';

const pad = (value: number, width = 2) => String(Math.trunc(Math.abs(value))).padStart(width, '0');

const WALL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/;

/**
 * The wall-clock time `YYYY-MM-DDTHH:mm` in `timeZone` as ISO 8601 with that zone's offset
 * (`2026-12-01T18:00:00-08:00`), or null for text that is not such a time. A wall time that a
 * daylight-saving change skips resolves to the offset after the change.
 */
export function zonedIso(wall: string, timeZone: string): string | null {
  const match = WALL.exec(wall);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(asUtc)) return null;
  const offset = (asUtc - instantOfWallClock(`${y}-${pad(mo)}-${pad(d)}`, h * 60 + mi, timeZone)) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  return `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:00${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}

/** The instant `iso` as the wall-clock `YYYY-MM-DDTHH:mm` in `timeZone` (for editing it again). */
export function wallTimeIn(iso: string, timeZone: string): string | null {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  const local = new Date(ms + zoneOffsetMinutes(ms, timeZone) * 60_000);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/** The browser's own zone, the default for a new event. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every zone the runtime knows, for the picker; a short list where the runtime cannot say. */
export function timeZones(): string[] {
  const supported = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  try {
    if (supported) return supported('timeZone');
  } catch {
    // fall through
  }
  return ['UTC', 'America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'Europe/Madrid', 'Asia/Shanghai'];
}
