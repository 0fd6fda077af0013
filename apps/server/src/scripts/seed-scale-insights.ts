import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../db/client.js';

/**
 * Post outcomes at the vision's size for the insights' benchmark (docs/decisions/084), in SQL:
 * one merchant with a year of its plan's posts (five a day on three platforms: about 5,500
 * outcomes, the largest per-merchant read the API answers) and, for the category prior, a pool of
 * other merchants of its category with a quarter's four posts each on two platforms (as seed:scale
 * publishes them). Plays are heavy-tailed and fixed per row (a rerun seeds the same); choices
 * cycle through real values. Skipped when the merchant already has outcomes.
 */
export async function seedScaleInsights(
  db: Db,
  options: { merchantId: number; poolMerchantIds: readonly number[]; category?: string },
): Promise<{ outcomes: number; pool: number } | null> {
  const category = options.category ?? 'restaurant';
  const [{ n } = { n: 0 }] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from creative_post_outcomes where merchant_id = ${options.merchantId}`);
  if (n > 0) return null;
  const columns = sql.raw(`post_id, platform, merchant_id, category, language, look, hook_style, template, duration_seconds, length_band, opening_kind, music,
    posted_at, posting_hour, plays_24h, plays_7d, plays, likes, comments, shares, last_reading_at`);
  // Post ids far above any real one: the outcomes are the table's alone.
  const rows = (postId: string, platform: string, merchant: string, postedAt: string, seed: string) => sql.raw(`
    select ${postId}, ${platform}, ${merchant}, '${category}',
      (array['en','en','es','es','zh'])[1 + ${seed} % 5],
      (array['street_pop','cafe_calm','headline','night_market','fresh_daily','bold_banner','editorial','neighbourhood','spotlight','classic'])[1 + ${seed} % 10],
      (array['question','bold_claim','behind_the_scenes','offer_first','local_pride','problem_solution'])[1 + (${seed} / 3) % 6],
      '${category}.' || (array['showcase','story','local_guide','quick_list','deal_first','day_in_the_life'])[1 + (${seed} / 7) % 6],
      (10 + (${seed} * 7) % 30)::float8,
      case when 10 + (${seed} * 7) % 30 < 15 then 'short' when 10 + (${seed} * 7) % 30 <= 30 then 'medium' else 'long' end,
      case when ${seed} % 3 = 2 then 'photo' else 'clip' end,
      (array['upbeat','warm','chill','sunny','bossa','funky'])[1 + (${seed} / 11) % 6],
      ${postedAt}, extract(hour from ${postedAt})::smallint,
      p24, p24 * 3, p24 * 4, p24 / 10, p24 / 50, p24 / 100, now()
    from (select floor(exp(3 + 5 * ((${seed} * 7919) % 10007) / 10007.0))::bigint as p24) plays`);
  await db.execute(sql`insert into creative_post_outcomes (${columns})
    select o.* from generate_series(0, 364) as d(day), generate_series(0, 4) as s(slot), unnest(array['tiktok','youtube','instagram']) as p(platform),
      lateral (${rows(
        `2000000000 - (d.day * 5 + s.slot)`,
        'p.platform',
        String(options.merchantId),
        `(now() - make_interval(days => d.day) - make_interval(hours => 3 * s.slot))`,
        '(d.day * 5 + s.slot)',
      )}) o`);
  if (options.poolMerchantIds.length) {
    const ids = `array[${options.poolMerchantIds.map(Number).join(',')}]::int[]`;
    await db.execute(sql`insert into creative_post_outcomes (${columns})
      select o.* from unnest(${sql.raw(ids)}) with ordinality as m(id, k), generate_series(0, 3) as v(n), unnest(array['tiktok','youtube']) as p(platform),
        lateral (${rows(`1900000000 - (m.k::int * 4 + v.n)`, 'p.platform', 'm.id', `(now() - make_interval(days => 5 + 22 * v.n + (m.k::int % 20)))`, '(m.k::int * 4 + v.n)')}) o`);
  }
  await db.execute(sql`analyze creative_post_outcomes`);
  const [{ total } = { total: 0 }] = await selectRows<{ total: number }>(db, sql`select count(*)::int as total from creative_post_outcomes`);
  return { outcomes: total, pool: options.poolMerchantIds.length };
}
