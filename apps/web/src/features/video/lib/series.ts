import type { VideoStats } from '@nearcast/contract';
import type { PlaysPoint } from '../components/plays-chart';

/**
 * The stats answer's per-platform daily series as chart rows: one row per day any platform has
 * a number, each platform's plays that day, null (a gap) where it has none.
 */
export function toPlaysPoints(platforms: VideoStats['platforms']): PlaysPoint[] {
  const days = new Map<string, Record<string, number | null>>();
  for (const platform of platforms) {
    for (const point of platform.series) {
      const row = days.get(point.date) ?? {};
      row[platform.platform] = point.plays;
      days.set(point.date, row);
    }
  }
  const names = platforms.map((platform) => platform.platform);
  return [...days.keys()]
    .sort()
    .map((day) => ({ day, values: Object.fromEntries(names.map((name) => [name, days.get(day)![name] ?? null])) }));
}
