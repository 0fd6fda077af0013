import { hourOfDay } from '@nearcast/contract';
import type { LengthBand } from './types.js';

/**
 * The facts of an outcome derived once, when the post goes out (docs/decisions/084): its length
 * band and the hour in the merchant's own day, so every read groups by a stored column.
 */

/** `short` under 15 s, `medium` 15–30 s, `long` over 30 s. */
export function lengthBandOf(seconds: number | null): LengthBand | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds <= 0) return null;
  if (seconds < 15) return 'short';
  return seconds <= 30 ? 'medium' : 'long';
}

/** The hour (0–23) of `at` on the merchant's clock; UTC's when the zone is unknown. */
export function localHour(at: Date, timeZone: string): number {
  try {
    return hourOfDay(at, timeZone);
  } catch {
    return at.getUTCHours();
  }
}

/** (likes + comments + shares) / plays, counting a metric the platform does not give as none. */
export function engagementOf(row: { plays: number | null; likes: number | null; comments: number | null; shares: number | null }): number | null {
  if (!row.plays || row.plays <= 0) return null;
  return ((row.likes ?? 0) + (row.comments ?? 0) + (row.shares ?? 0)) / row.plays;
}
