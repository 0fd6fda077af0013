import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.js';
import { creativeRenders } from '../../db/schema/creative.js';

/**
 * A render's number among its merchant's videos of one day in one language (1 for the first),
 * for its download's file name. A render's day is its plan day, else the day it was asked for
 * in the merchant's zone; renders are numbered in the order they were asked for, whatever became
 * of them, so a number never changes once given.
 */
export async function numberInDay(
  ex: Executor,
  render: { id: number; merchantId: number; language: string },
  day: string,
  zone: string,
): Promise<number> {
  const r = creativeRenders;
  const [row] = await selectRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from ${r}
        where ${r.merchantId} = ${render.merchantId} and ${r.language} = ${render.language} and ${r.id} <= ${render.id}
          -- A plan's renders are made the day before their day at the earliest: the window keeps
          -- the merchant's index on its creation time useful.
          and ${r.createdAt} >= ${day}::date - interval '3 days' and ${r.createdAt} < ${day}::date + interval '3 days'
          and coalesce(${r.planDate}, (${r.createdAt} at time zone ${zone})::date) = ${day}::date`,
  );
  return Math.max(1, row?.n ?? 1);
}
