import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../../db/client.js';
import { outcomeWhere, OUTCOME_READ_LIMIT } from './outcome-repository.js';
import { engagementOf } from './derive.js';
import { TOTAL, type ChoiceDimension, type ChoiceSums, type LinkCounts } from './statistics.js';
import type { LengthBand, OpeningKind, OutcomeFilter, PostOutcome } from './types.js';
import { intArrayLiteral } from '../../../db/array-literal.js';

/**
 * The insights' figures reduced where the outcomes are (docs/decisions/084): one statement
 * groups a merchant's year (or a category's prior) by every choice at once and answers a row per
 * choice value with its counts, medians (percentile_cont) and the mean and sample variance of
 * ln(1 + plays by 24 hours). The request then carries a few dozen rows, not thousands of
 * outcomes, and statistics.ts turns the sums into the same figures it makes from rows.
 */

/**
 * The outcomes a read takes, newest first and at most the filter's limit, as `listOutcomes`
 * reads them: a post past 24 hours (7 days) with no reading by then had 0 plays.
 */
function pool(filter: OutcomeFilter, now: Date, scope?: SQL): SQL {
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  return sql`select post_id, platform, merchant_id, render_id, category, language, look, hook_style, template, length_band, duration_seconds,
      opening_kind, music, posted_at, posting_hour, plays, likes, comments, shares,
      case when plays_24h is null and posted_at <= ${dayAgo}::timestamptz then 0 else plays_24h end as p24,
      case when plays_7d is null and posted_at <= ${weekAgo}::timestamptz then 0 else plays_7d end as p7
    from creative_post_outcomes
    where ${outcomeWhere(filter, scope)}
    order by posted_at desc, post_id desc
    limit ${filter.limit ?? OUTCOME_READ_LIMIT}`;
}

/** Each choice dimension and the column it is grouped by. */
const DIMENSION_COLUMNS: readonly (readonly [ChoiceDimension, string])[] = [
  ['look', 'look'],
  ['hook_style', 'hook_style'],
  ['template', 'template'],
  ['language', 'language'],
  ['length_band', 'length_band'],
  ['opening_kind', 'opening_kind'],
  ['music', 'music'],
  ['posting_hour', 'posting_hour'],
  ['platform', 'platform'],
];

/** Integers as an array literal (ids and counts only: never text from outside). */

/** The distinct posts of the outcomes a filter reads (the link counts are asked for them). */
export async function poolPostIds(ex: Executor, filter: OutcomeFilter, now: Date, scope?: SQL): Promise<number[]> {
  const [row] = await selectRows<{ ids: string | number[] | null }>(ex, sql`select array_agg(distinct post_id) as ids from (${pool(filter, now, scope)}) p`);
  return parseIntArray(row?.ids ?? null);
}

/** node-postgres parses an int[] to numbers; PGlite may answer its text form. */
function parseIntArray(value: string | number[] | null): number[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.map(Number);
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map(Number) : [];
}

/**
 * Every choice value's sums and the totals' (dimension TOTAL), over the outcomes a filter reads.
 * `links` are the counts of the pool's posts that have any; a post counts once per value however
 * many of its platforms share it. Choice values that are null or empty are left out, as
 * statistics.ts leaves them out.
 */
export async function choiceSums(ex: Executor, filter: OutcomeFilter, now: Date, links: ReadonlyMap<number, LinkCounts> | null, scope?: SQL): Promise<ChoiceSums[]> {
  const linked = links ? [...links].filter(([, c]) => c.visits > 0 || c.redemptions > 0) : [];
  const dimensionOf = sql.raw(`case ${DIMENSION_COLUMNS.map(([name, column]) => `when grouping(${column}) = 0 then '${name}'`).join(' ')} else '${TOTAL}' end`);
  const valueOf = sql.raw(`case ${DIMENSION_COLUMNS.map(([, column]) => `when grouping(${column}) = 0 then ${column}::text`).join(' ')} else '${TOTAL}' end`);
  // Only the posts with a link count are joined, each once per choice value it was made with.
  const linkSums = linked.length
    ? sql`select c.dimension, c.value, sum(c.visits)::float8 as visits, sum(c.redemptions)::float8 as redemptions
        from (select distinct v.dimension, v.value, p.post_id, l.visits, l.redemptions
          from pool p
          join unnest(${intArrayLiteral(linked.map(([id]) => id))}, ${intArrayLiteral(linked.map(([, c]) => c.visits))}, ${intArrayLiteral(linked.map(([, c]) => c.redemptions))})
            as l(post_id, visits, redemptions) on l.post_id = p.post_id
          cross join lateral (values ${sql.raw([`('${TOTAL}', '${TOTAL}')`, ...DIMENSION_COLUMNS.map(([name, column]) => `('${name}', p.${column}::text)`)].join(', '))}) as v(dimension, value)) c
        group by c.dimension, c.value`
    : sql`select null::text as dimension, null::text as value, 0::float8 as visits, 0::float8 as redemptions where false`;
  // One pass per grouping set over the pool's few thousand rows, rather than a row per choice and outcome.
  const rows = await selectRows<Record<string, unknown>>(
    ex,
    sql`with pool as (${pool(filter, now, scope)}),
      sums as (
        select ${dimensionOf} as dimension, ${valueOf} as value,
          count(distinct post_id)::int as posts,
          count(*)::int as videos,
          count(p24)::int as measured,
          percentile_cont(0.5) within group (order by p24) as median_24h,
          percentile_cont(0.5) within group (order by p7) as median_7d,
          avg(ln(1 + greatest(p24, 0)::float8)) as log_mean,
          var_samp(ln(1 + greatest(p24, 0)::float8)) as log_variance,
          coalesce(sum(plays) filter (where plays > 0), 0)::float8 as played,
          coalesce(sum(coalesce(likes, 0) + coalesce(comments, 0) + coalesce(shares, 0)) filter (where plays > 0), 0)::float8 as engaged
        from pool
        group by grouping sets ((), ${sql.raw(DIMENSION_COLUMNS.map(([, column]) => `(${column})`).join(', '))})
      ),
      link_sums as (${linkSums})
      select s.*, coalesce(l.visits, 0) as visits, coalesce(l.redemptions, 0) as redemptions
      from sums s left join link_sums l on l.dimension = s.dimension and l.value = s.value
      where s.value is not null and s.value <> ''`,
  );
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return rows.map((row) => ({
    dimension: row.dimension as ChoiceSums['dimension'],
    value: String(row.value),
    posts: Number(row.posts),
    videos: Number(row.videos),
    measured: Number(row.measured),
    medianPlays24h: number(row.median_24h),
    medianPlays7d: number(row.median_7d),
    logMean: number(row.log_mean),
    logVariance: number(row.log_variance),
    played: Number(row.played),
    engaged: Number(row.engaged),
    visits: Number(row.visits),
    redemptions: Number(row.redemptions),
  }));
}

/**
 * The best and worst measured videos by plays by 24 hours (7 days, then the newest reading, then
 * the newer post break ties): `count` of each, the worst never repeating the best, as
 * statistics.ts's `bestAndWorst` ranks rows.
 */
export async function bestAndWorstOutcomes(ex: Executor, filter: OutcomeFilter, now: Date, count: number, scope?: SQL): Promise<{ best: PostOutcome[]; worst: PostOutcome[] }> {
  const ranked = (direction: SQL, limit: number) =>
    selectRows<Record<string, unknown>>(
      ex,
      sql`select * from (${pool(filter, now, scope)}) p where p24 is not null
        order by p24 ${direction}, coalesce(p7, 0) ${direction}, coalesce(plays, 0) ${direction}, posted_at ${direction}, post_id ${direction}
        limit ${limit}`,
    );
  const best = (await ranked(sql.raw('desc'), count)).map(outcomeOf);
  const taken = new Set(best.map((o) => `${o.postId}\n${o.platform}`));
  // The worst, from the bottom up; a set smaller than twice `count` overlaps the best.
  const worst = (await ranked(sql.raw('asc'), 2 * count))
    .map(outcomeOf)
    .filter((o) => !taken.has(`${o.postId}\n${o.platform}`))
    .slice(0, count);
  return { best, worst };
}

function outcomeOf(row: Record<string, unknown>): PostOutcome {
  const n = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  const s = (value: unknown) => (value === null || value === undefined ? null : String(value));
  const plays = n(row.plays);
  const likes = n(row.likes);
  const comments = n(row.comments);
  const shares = n(row.shares);
  return {
    postId: Number(row.post_id),
    platform: String(row.platform),
    merchantId: Number(row.merchant_id),
    renderId: n(row.render_id),
    category: s(row.category),
    language: s(row.language),
    look: s(row.look),
    hookStyle: s(row.hook_style),
    template: s(row.template),
    lengthBand: s(row.length_band) as LengthBand | null,
    durationSeconds: n(row.duration_seconds),
    openingKind: s(row.opening_kind) as OpeningKind | null,
    music: s(row.music),
    postedAt: row.posted_at instanceof Date ? row.posted_at : new Date(String(row.posted_at)),
    postingHour: n(row.posting_hour),
    plays24h: n(row.p24),
    plays7d: n(row.p7),
    plays,
    likes,
    comments,
    shares,
    engagementRate: engagementOf({ plays, likes, comments, shares }),
  };
}
