import { INSIGHT_MIN_VIDEOS, INSIGHT_RANGE_DAYS, type InsightChoice, type Insights, type InsightsGetRequest, type InsightVideo } from '@nearcast/contract';
import type { Caller } from '../../../access/caller.js';
import type { Db } from '../../../db/client.js';
import { notFound } from '../../../errors.js';
import * as repo from './outcome-repository.js';
import { bestAndWorst, choiceFigures, figuresOf, type Figures, type LinkCounts } from './statistics.js';
import type { PostOutcome } from './types.js';

/** Each post's link visits and redemptions (the attribution module's read); absent posts have none. */
export type LinkCounter = (db: Db, postIds: readonly number[]) => Promise<Map<number, LinkCounts>>;

/** Best and worst videos shown. */
const SHOWN = 3;
/** Posts asked about per call of the link counter (each is a bound parameter). */
const LINK_CHUNK = 2_000;
/** The category's newest outcomes a prior pools: plenty for a median, few enough to read at once. */
const PRIOR_LIMIT = 5_000;

/**
 * What worked for a merchant, or across the merchants a caller works for (docs/decisions/084),
 * read from the post outcomes alone. A merchant with fewer than INSIGHT_MIN_VIDEOS measured
 * videos in the range is answered with its category's pooled figures (`category_prior`), its
 * own best and worst videos still its own. A merchant outside the caller's scope is the uniform
 * not-found of the scope rules.
 */
export class InsightsService {
  constructor(
    private readonly db: Db,
    private readonly links: LinkCounter | null,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(caller: Caller, body: InsightsGetRequest): Promise<Insights> {
    const range = body.range ?? '90d';
    const now = this.now();
    const since = new Date(now.getTime() - INSIGHT_RANGE_DAYS[range] * 86_400_000);
    // A merchant asking without naming itself means itself.
    const merchantId = body.merchant_id ?? (caller.role === 'client' ? caller.id : null);

    let source: Insights['source'] = 'merchants';
    let category: string | null = null;
    let pool: PostOutcome[];
    let own: PostOutcome[];
    if (merchantId !== null) {
      if (!(await repo.merchantInScope(this.db, caller, merchantId))) throw notFound();
      own = await repo.listOutcomes(this.db, { merchantIds: [merchantId], since }, now);
      category = await repo.categoryOf(this.db, merchantId);
      source = 'merchant';
      pool = own;
      if (measured(own) < INSIGHT_MIN_VIDEOS && category !== null) {
        source = 'category_prior';
        pool = await repo.listOutcomes(this.db, { category, since, limit: PRIOR_LIMIT }, now);
      }
    } else {
      pool = await repo.listOutcomes(this.db, { since }, now, repo.callerMerchants(caller));
      own = pool;
    }

    const postIds = [...new Set([...pool, ...own].map((o) => o.postId))];
    const links = await this.linkCounts(postIds);
    const { best, worst } = bestAndWorst(own, SHOWN);
    const names = await repo.merchantNames(this.db, [...best, ...worst].map((o) => o.merchantId));
    const video = (o: PostOutcome): InsightVideo => ({
      post_id: o.postId,
      platform: o.platform,
      merchant_id: o.merchantId,
      merchant_name: names.get(o.merchantId) ?? '',
      posted_at: o.postedAt.toISOString(),
      language: o.language,
      look: o.look,
      hook_style: o.hookStyle,
      template: o.template,
      length_band: o.lengthBand,
      opening_kind: o.openingKind,
      music: o.music,
      posting_hour: o.postingHour,
      plays_24h: o.plays24h,
      plays_7d: o.plays7d,
      plays: o.plays,
      engagement_rate: o.engagementRate,
      visits: links ? (links.get(o.postId)?.visits ?? 0) : null,
      redemptions: links ? (links.get(o.postId)?.redemptions ?? 0) : null,
    });

    return {
      source,
      merchant_id: merchantId,
      category,
      range,
      since: since.toISOString(),
      min_videos: INSIGHT_MIN_VIDEOS,
      own_measured: measured(own),
      links_counted: links !== null,
      sampled: pool.length >= (source === 'category_prior' ? PRIOR_LIMIT : repo.OUTCOME_READ_LIMIT),
      totals: wire(figuresOf(pool, links)),
      choices: choiceFigures(pool, links).map((row): InsightChoice => ({ dimension: row.dimension, value: row.value, ...wire(row) })),
      best: best.map(video),
      worst: worst.map(video),
    };
  }

  private async linkCounts(postIds: readonly number[]): Promise<Map<number, LinkCounts> | null> {
    if (!this.links) return null;
    const answer = new Map<number, LinkCounts>();
    for (let i = 0; i < postIds.length; i += LINK_CHUNK) {
      for (const [postId, counts] of await this.links(this.db, postIds.slice(i, i + LINK_CHUNK))) answer.set(postId, counts);
    }
    return answer;
  }
}

const measured = (outcomes: readonly PostOutcome[]) => outcomes.filter((o) => o.plays24h !== null).length;

const round = (value: number | null, places = 1) => (value === null ? null : Math.round(value * 10 ** places) / 10 ** places);

function wire(f: Figures) {
  return {
    posts: f.posts,
    videos: f.videos,
    measured: f.measured,
    median_plays_24h: round(f.medianPlays24h),
    median_plays_7d: round(f.medianPlays7d),
    typical_plays_24h: round(f.typicalPlays24h),
    interval: f.interval ? { low: round(f.interval.low)!, high: round(f.interval.high)! } : null,
    engagement_rate: round(f.engagementRate, 4),
    visits: f.visits,
    redemptions: f.redemptions,
  };
}
