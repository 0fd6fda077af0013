import { addDays, type api, LEARNING_ARMS, LEARNING_DIMENSIONS, type LearningBeliefs, type LearningDimension, type LearningSettings, type ParsedRequestOf, PLAN_DEFAULT_MIX, SCRIPT_LANGUAGES, type ScriptLanguage } from '@nearcast/contract';
import type { Caller } from '../../../access/caller.js';
import type { Db } from '../../../db/client.js';
import type { BriefService } from '../brief-service.js';
import type { Dimension, OutcomePort, PinsBans, SlotChoice } from './arms.js';
import { BELIEF_DRAWS, beliefsOf, type ArmBelief } from './beliefs.js';
import { chooseDay, DEFAULT_LEARNER, type LearnerSettings, type RecentChoice, type SlotDecision } from './learner.js';
import { LEARNING_WINDOW_DAYS } from './outcomes.js';
import * as repo from './repository.js';

type Api = (typeof api)['creative'];

/** How long one read of the beliefs serves, and how many merchants' are kept. */
const BELIEFS_TTL_MS = 60_000;
const BELIEFS_CACHED = 500;

/** The wire's names of the dimensions and the learner's. */
const INTERNAL: Record<LearningDimension, Dimension> = { hook_style: 'hook', look: 'look', length_band: 'length', posting_hour: 'hour' };

/**
 * The plan that learns (docs/decisions/085): the studio's pins and bans per merchant (staff and
 * the merchant's studio set them, its operator reads them), and the day's choices for the plan.
 */
export class LearningService {
  constructor(
    private readonly db: Db,
    private readonly briefs: Pick<BriefService, 'assertVisible' | 'briefOf'>,
    private readonly outcomes: OutcomePort,
    private readonly learner: LearnerSettings = DEFAULT_LEARNER,
    private readonly log?: { warn: (object: object, message: string) => void },
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(caller: Caller, merchantId: number): Promise<LearningSettings> {
    await this.briefs.assertVisible(caller, merchantId);
    return this.present(merchantId);
  }

  async set(caller: Caller, body: ParsedRequestOf<Api['learningSet']>): Promise<LearningSettings> {
    await this.briefs.assertVisible(caller, body.merchant_id);
    const pins = Object.fromEntries(Object.entries(body.pins).filter(([, arm]) => arm !== undefined)) as Record<string, string>;
    const bans = Object.fromEntries(Object.entries(body.bans).filter(([, arms]) => arms !== undefined && arms.length > 0)) as Record<string, string[]>;
    await repo.saveSettings(this.db, { merchantId: body.merchant_id, pins, bans, updatedById: caller.id });
    return this.present(body.merchant_id);
  }

  private async present(merchantId: number): Promise<LearningSettings> {
    const row = await repo.findSettings(this.db, merchantId);
    const beliefs = await this.beliefsCached(merchantId, row?.updatedAt.getTime() ?? 0);
    return {
      merchant_id: merchantId,
      pins: row?.pins ?? {},
      bans: row?.bans ?? {},
      arms: { hook_style: [...LEARNING_ARMS.hook_style], look: [...LEARNING_ARMS.look], length_band: [...LEARNING_ARMS.length_band], posting_hour: [...LEARNING_ARMS.posting_hour] },
      update_time: row?.updatedAt.toISOString() ?? null,
      beliefs,
    };
  }

  /**
   * The day's beliefs are a pure function of the results, the pins and bans and the day, and
   * cost some 70 k posterior draws: one read serves the panel's readers for a minute (a saved
   * change of pins or bans is a new key). New results show within that minute.
   */
  private readonly cache = new Map<string, { until: number; beliefs: Promise<LearningBeliefs> }>();

  private beliefsCached(merchantId: number, settingsAt: number): Promise<LearningBeliefs> {
    const at = this.now().getTime();
    const key = `${merchantId}:${new Date(at).toISOString().slice(0, 10)}:${settingsAt}`;
    const hit = this.cache.get(key);
    if (hit && hit.until > at) return hit.beliefs;
    if (this.cache.size >= BELIEFS_CACHED) for (const [old, entry] of this.cache) if (entry.until <= at || this.cache.size >= BELIEFS_CACHED) this.cache.delete(old);
    const beliefs = this.beliefs(merchantId);
    this.cache.set(key, { until: at + BELIEFS_TTL_MS, beliefs });
    // A read that failed is not kept: the next one tries again.
    beliefs.catch(() => this.cache.delete(key));
    return beliefs;
  }

  /**
   * What the learner believes today, per language it learns in: the plan's languages (its mix,
   * or the default mix while it has none) and any other language the merchant posted in, so
   * past results are never hidden. Pins and bans are applied as the planner applies them.
   */
  private async beliefs(merchantId: number): Promise<LearningBeliefs> {
    const day = this.now().toISOString().slice(0, 10);
    const [{ settings, off, recent, evidence }, mix] = await Promise.all([this.inputs(merchantId, day), repo.planMix(this.db, merchantId)]);
    const slots = mix ?? PLAN_DEFAULT_MIX;
    const languages = SCRIPT_LANGUAGES.filter((language) => slots[language] > 0 || evidence.own.some((outcome) => outcome.language === language));
    const beliefs = beliefsOf({ merchantId, day, languages, own: evidence.own, pool: evidence.pool, settings, off, recent }, this.learner);
    const wire = (belief: ArmBelief) => ({
      arm: belief.arm,
      state: belief.state,
      posts: belief.posts,
      pool_posts: belief.poolPosts,
      reward: { mean: belief.mean, low: belief.low, high: belief.high },
      ratio: { mean: Math.exp(belief.mean), low: Math.exp(belief.low), high: Math.exp(belief.high) },
      p_best: belief.pBest,
      exploring: belief.exploring,
      days_since_tried: belief.daysSinceTried,
    });
    return {
      day,
      draws: BELIEF_DRAWS,
      window_days: LEARNING_WINDOW_DAYS,
      languages: languages.map((language) => {
        const of = beliefs.get(language)!;
        return {
          language,
          slots: slots[language],
          posts: evidence.own.filter((outcome) => outcome.language === language).length,
          dimensions: { hook_style: of.hook.map(wire), look: of.look.map(wire), length_band: of.length.map(wire), posting_hour: of.hour.map(wire) },
        };
      }),
    };
  }

  /**
   * What the planner reads for a day: the studio's pins and bans with the plan's own (an opening
   * on the offer with no offer to open on is no choice at all, unless the studio pinned it), the
   * choices of the last plan days and the results. Results that cannot be read leave the day to
   * the priors and the floor: a plan still makes its videos.
   */
  private async inputs(merchantId: number, day: string): Promise<{ settings: PinsBans; off: Partial<Record<Dimension, string[]>>; recent: RecentChoice[]; evidence: Awaited<ReturnType<OutcomePort>> }> {
    const [settings, brief, recent] = await Promise.all([
      this.settingsOf(merchantId),
      this.briefs.briefOf(merchantId),
      repo.recentPlanChoices(this.db, merchantId, addDays(day, -this.learner.exploreDays)),
    ]);
    const off: Partial<Record<Dimension, string[]>> = {};
    if (!brief.offer.en && !brief.offer.es && !brief.offer.zh && settings.pins.hook !== 'offer_first') {
      settings.bans.hook = [...new Set([...(settings.bans.hook ?? []), 'offer_first'])];
      off.hook = ['offer_first'];
    }
    let evidence: Awaited<ReturnType<OutcomePort>> = { own: [], pool: [] };
    try {
      evidence = await this.outcomes(merchantId);
    } catch (error) {
      this.log?.warn({ err: error, merchant: merchantId }, 'the plan could not read its results; the day is chosen from the priors');
    }
    return {
      settings,
      off,
      recent: recent
        .filter((row) => row.day !== day)
        .map((row) => ({ day: row.day, choice: { hook: row.learning.hookStyle, look: row.learning.look, length: row.learning.lengthBand, hour: row.learning.hour } as SlotChoice })),
      evidence,
    };
  }

  /** The studio's pins and bans in the learner's terms (a stored arm the contract no longer knows is dropped). */
  async settingsOf(merchantId: number): Promise<PinsBans> {
    const row = await repo.findSettings(this.db, merchantId);
    const out: PinsBans = { pins: {}, bans: {} };
    for (const dimension of LEARNING_DIMENSIONS) {
      const known = LEARNING_ARMS[dimension];
      const pin = row?.pins[dimension];
      if (pin !== undefined && known.includes(pin)) out.pins[INTERNAL[dimension]] = pin;
      const bans = (row?.bans[dimension] ?? []).filter((arm) => known.includes(arm));
      if (bans.length > 0) out.bans[INTERNAL[dimension]] = bans;
    }
    return out;
  }

  /** Every slot of a merchant's day, chosen from its results, its category's and the pins and bans. */
  async chooseDay(merchantId: number, day: string, languages: readonly ScriptLanguage[]): Promise<SlotDecision[]> {
    const { settings, recent, evidence } = await this.inputs(merchantId, day);
    return chooseDay({ day, languages, own: evidence.own, pool: evidence.pool, settings, recent, seed: `learn:${merchantId}:${day}` }, this.learner);
  }
}
