import { INSIGHT_MIN_VIDEOS, INSIGHT_RANGE_DAYS, type InsightChoice, type InsightRange, type Insights, type InsightsGetRequest, type InsightVideo } from '@nearcast/contract';
import type { Caller } from '../../../access/caller.js';
import type { Db } from '../../../db/client.js';
import { notFound } from '../../../errors.js';
import * as figuresRepo from './figures-repository.js';
import { outcomesVersion } from './outcome-changes.js';
import * as repo from './outcome-repository.js';
import { figuresFromSums, type ChoiceFigures, type Figures, type LinkCounts } from './statistics.js';
import type { OutcomeFilter, PostOutcome } from './types.js';

/** Each post's link visits and redemptions (the attribution module's read); absent posts have none. */
export type LinkCounter = (db: Db, postIds: readonly number[]) => Promise<Map<number, LinkCounts>>;

/** Best and worst videos shown. */
const SHOWN = 3;
/** Posts asked about per call of the link counter (each is a bound parameter). */
const LINK_CHUNK = 2_000;
/** The category's newest outcomes a prior pools: plenty for a median, few enough to reduce at once. */
const PRIOR_LIMIT = 5_000;
/**
 * How long an answer is kept for the same merchant (or caller's merchants) and range. Plays come
 * from the collector's readings, hours apart, and this process drops an answer as soon as it
 * changes the merchant's outcomes; a change made by another process, a link visit, or a range
 * that moved on by a few seconds shows within this.
 */
const ANSWER_TTL_MS = 30_000;
/** Answers kept at most (one is tens of kilobytes: a thousand is tens of megabytes at worst). */
const ANSWERS_MAX = 1_000;
/** How long a category's prior is kept before it is reduced again. */
const PRIOR_TTL_MS = 60_000;
/** Priors kept at most (categories × ranges). */
const PRIOR_CACHE_MAX = 500;

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

  private readonly priors = new Map<string, { figures: PoolFigures; until: number }>();
  private readonly answers = new Map<string, { answer: Promise<Insights>; version: string; until: number }>();

  async get(caller: Caller, body: InsightsGetRequest): Promise<Insights> {
    const range = body.range ?? '90d';
    const now = this.now();
    const since = new Date(now.getTime() - INSIGHT_RANGE_DAYS[range] * 86_400_000);
    // A merchant asking without naming itself means itself.
    const merchantId = body.merchant_id ?? (caller.role === 'client' ? caller.id : null);

    // A merchant reading itself needs no look-up: its own scope is itself.
    const itself = caller.role === 'client' && merchantId === caller.id;
    if (merchantId !== null && !itself && !(await repo.merchantInScope(this.db, caller, merchantId))) throw notFound();
    // The scope was asked just now; what the merchants' outcomes say may be a few seconds old.
    const key = `${merchantId ?? `${caller.role}:${caller.id}`}\n${range}`;
    const version = outcomesVersion(merchantId);
    const kept = this.answers.get(key);
    if (kept && kept.until > now.getTime() && kept.version === version) return kept.answer;
    // Kept while it is made, too: callers asking at the same moment share one reduction.
    const answer = this.answer(caller, merchantId, range, since, now);
    if (this.answers.size >= ANSWERS_MAX) this.answers.clear();
    const entry = { answer, version, until: now.getTime() + ANSWER_TTL_MS };
    this.answers.set(key, entry);
    answer.catch(() => this.answers.get(key) === entry && this.answers.delete(key));
    return answer;
  }

  private async answer(caller: Caller, merchantId: number | null, range: InsightRange, since: Date, now: Date): Promise<Insights> {
    let source: Insights['source'] = 'merchants';
    let category: string | null = null;
    let own: OutcomeFilter;
    let scope: Scope | undefined;
    let figures: PoolFigures;
    let ownMeasured: number;
    if (merchantId !== null) {
      own = { merchantIds: [merchantId], since };
      [figures, category] = await Promise.all([this.figures(own, now), repo.categoryOf(this.db, merchantId)]);
      source = 'merchant';
      ownMeasured = figures.totals.measured;
      if (ownMeasured < INSIGHT_MIN_VIDEOS && category !== null) {
        source = 'category_prior';
        figures = await this.prior(category, range, since, now);
      }
    } else {
      own = { since };
      scope = repo.callerMerchants(caller);
      figures = await this.figures(own, now, scope);
      ownMeasured = figures.totals.measured;
    }

    const { best, worst } = await figuresRepo.bestAndWorstOutcomes(this.db, own, now, SHOWN, scope);
    const links = await this.linkCounts([...new Set([...best, ...worst].map((o) => o.postId))]);
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
      own_measured: ownMeasured,
      links_counted: links !== null,
      sampled: figures.totals.videos >= (source === 'category_prior' ? PRIOR_LIMIT : repo.OUTCOME_READ_LIMIT),
      totals: wire(figures.totals),
      choices: figures.choices.map((row): InsightChoice => ({ dimension: row.dimension, value: row.value, ...wire(row) })),
      best: best.map(video),
      worst: worst.map(video),
    };
  }

  /** A pool's figures, reduced by the database, its posts' link counts summed there too. */
  private async figures(filter: OutcomeFilter, now: Date, scope?: Scope): Promise<PoolFigures> {
    const links = this.links ? await this.linkCounts(await figuresRepo.poolPostIds(this.db, filter, now, scope)) : null;
    return figuresFromSums(await figuresRepo.choiceSums(this.db, filter, now, links, scope), links !== null);
  }

  /**
   * A category's prior, kept PRIOR_TTL_MS per category and range. Sound because it pools the
   * newest 5,000 outcomes of every merchant of the category: a minute's new posts or readings
   * move it by a hair, no merchant's own figures are in it (the best and worst are always read
   * fresh), and every merchant of the category reading its prior at once is one read, not one each.
   */
  private async prior(category: string, range: string, since: Date, now: Date): Promise<PoolFigures> {
    const key = `${category}\n${range}`;
    const kept = this.priors.get(key);
    if (kept && kept.until > now.getTime()) return kept.figures;
    const figures = await this.figures({ category, since, limit: PRIOR_LIMIT }, now);
    if (this.priors.size >= PRIOR_CACHE_MAX) this.priors.clear();
    this.priors.set(key, { figures, until: now.getTime() + PRIOR_TTL_MS });
    return figures;
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

type PoolFigures = { totals: Figures; choices: ChoiceFigures[] };
/** A caller's merchants, as the repository narrows a read to them. */
type Scope = ReturnType<typeof repo.callerMerchants>;

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
