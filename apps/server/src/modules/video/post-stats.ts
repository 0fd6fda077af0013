import type { VideoMetrics, VideoRange, VideoStats } from '@nearcast/contract';
import type { Db } from '../../db/client.js';
import * as statsRepo from './stats-repository.js';
import { numbersByPlatform } from './stats-series.js';

/** How far back the "all" range draws its daily series. */
const ALL_SERIES_DAYS = 90;
const DAY_MS = 86_400_000;
const NO_METRICS: VideoMetrics = { plays: null, likes: null, comments: null, shares: null, collections: null };

/**
 * The statistics of the posts in a scope over a range: the videos published on each platform and
 * their numbers, summed over the platforms.
 */
export async function statsOf(db: Db, scope: statsRepo.StatsScope, range: VideoRange, now: Date): Promise<VideoStats> {
  const days = range === '7d' ? 7 : range === '30d' ? 30 : null;
  // A range is whole UTC days, today the last; its growth is what its chart shows, from the
  // totals before its first day to today's. "All" charts the last 90 days and grows from nothing.
  const firstDay = new Date(now.getTime() - ((days ?? ALL_SERIES_DAYS) - 1) * DAY_MS).toISOString().slice(0, 10);
  const lastDay = now.toISOString().slice(0, 10);
  const [published, totals] = await Promise.all([
    statsRepo.publishedByPlatform(db, scope, days === null ? null : firstDay),
    statsRepo.dayTotals(db, scope, firstDay, lastDay),
  ]);
  const numbers = numbersByPlatform(totals, firstDay, lastDay, days === null);
  const platforms = published.map((row) => ({
    platform: row.platform,
    sandbox: row.sandbox,
    videos: row.videos,
    metrics: numbers.get(row.platform)?.growth ?? { ...NO_METRICS },
    series: numbers.get(row.platform)?.series ?? [],
  }));
  return {
    range,
    videos: platforms.reduce((sum, row) => sum + row.videos, 0),
    totals: sumMetrics(platforms.map((row) => row.metrics)),
    platforms,
  };
}

/** Sums metric by metric; a metric no item gives stays null rather than becoming 0. */
export function sumMetrics(items: readonly VideoMetrics[]): VideoMetrics {
  const total: VideoMetrics = { ...NO_METRICS };
  for (const item of items) {
    for (const key of Object.keys(total) as (keyof VideoMetrics)[]) {
      const value = item[key];
      if (value !== null) total[key] = (total[key] ?? 0) + value;
    }
  }
  return total;
}
