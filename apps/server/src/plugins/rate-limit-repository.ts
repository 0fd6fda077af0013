import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../db/client.js';

/** The SQL of per-caller rate limits (plugins/caller-rate-limit.ts). */

/**
 * Counts one request against `key`'s fixed window of `windowMs` from `now`: a window that has
 * run out starts again at this request. One statement, so concurrent requests on any instance
 * each count once. Rows are one per account and endpoint, so their number stays bounded.
 */
export async function hit(ex: Executor, key: string, windowMs: number, now: Date): Promise<{ windowStart: Date; hits: number }> {
  const expired = new Date(now.getTime() - windowMs);
  const [row] = await selectRows<{ window_start: Date | string; hits: number }>(
    ex,
    sql`insert into rate_limit_hits as h (key, window_start, hits) values (${key}, ${now}, 1)
        on conflict (key) do update set
          window_start = case when h.window_start <= ${expired} then excluded.window_start else h.window_start end,
          hits = case when h.window_start <= ${expired} then 1 else h.hits + 1 end
        returning window_start, hits`,
  );
  return { windowStart: new Date(row!.window_start), hits: Number(row!.hits) };
}
