import type { ScriptLanguage } from '@nearcast/contract';
import { seededOrder, seededRandom } from '../seeded.js';
import { allowedArms, armOf, DIMENSIONS, type Dimension, type Outcome, type PinsBans, type SlotChoice } from './arms.js';
import { sampleMean, update, updateWeighted, VAGUE, type NormalGamma } from './normal-gamma.js';
import { DEFAULT_REWARD_WEIGHTS, relativePlaysOf, rewardsOf, type RewardWeights } from './reward.js';

/**
 * The daily plan's learner (docs/decisions/085): per merchant and video language, one Thompson
 * sampler per dimension (hook style, look, length band, posting hour) over the merchant's own
 * rewards, its prior pooled from merchants of the same category and language, a floor of
 * exploration, and the studio's pins and bans. Pure and seeded: the same inputs and seed choose
 * the same day, which is how the plan, its tests and the simulator (bench:learning) agree.
 */

export interface LearnerSettings {
  weights: RewardWeights;
  /** The most own-results a pool's evidence on an arm may be worth (pseudo-observations). */
  priorWeight: number;
  /** Each allowed arm is tried at least once in this many days (the exploration floor). */
  exploreDays: number;
  /** Own posts an arm needs before a reason quotes the shop's own numbers. */
  minEvidence: number;
  /**
   * The most slots of one day that may take the same arm, per dimension. A day's videos are
   * promised to look like different videos: a look that wins may open two of them, not five, so
   * the others take the next-best draws. A pin is the studio's own choice and is not capped.
   */
  perDay: Partial<Record<Dimension, number>>;
}

export const DEFAULT_LEARNER: LearnerSettings = { weights: DEFAULT_REWARD_WEIGHTS, priorWeight: 8, exploreDays: 14, minEvidence: 3, perDay: { look: 2 } };

/** A choice made but not yet measured (a draft of the last days): the floor counts it as tried. */
export interface RecentChoice {
  day: string;
  choice: SlotChoice;
}

export interface DayRequest {
  day: string;
  /** The day's slots, by their language (plan-service slotLanguages). */
  languages: readonly ScriptLanguage[];
  /** The merchant's outcomes (any language). */
  own: readonly Outcome[];
  /** Other merchants' outcomes of the same category (any language: each slot reads its own). */
  pool: readonly Outcome[];
  settings: PinsBans;
  recent?: readonly RecentChoice[];
  seed: string;
}

/** Why one dimension of a slot took its arm. */
export type Why =
  | { kind: 'pinned' }
  /** The floor: the arm was not tried in `days` days (null: never). */
  | { kind: 'exploring'; days: number | null }
  /** The shop's own results: `ratio`× the plays of `versus` (both with enough posts). */
  | { kind: 'evidence'; versus: string; ratio: number; posts: number }
  /** Too few own results: the category's shops in this language, `ratio`× their average. */
  | { kind: 'prior'; ratio: number; posts: number }
  /** Sampled among arms still close or unknown. */
  | { kind: 'learning' };

export interface SlotDecision {
  slot: number;
  language: ScriptLanguage;
  choice: SlotChoice;
  why: Record<Dimension, Why>;
}

export interface ArmStats {
  posterior: NormalGamma;
  ownPosts: number;
  ownPlays: number[];
  poolPosts: number;
  poolPlays: number[];
}

const DAY_MS = 86_400_000;
export const dayIndex = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);

/** One language's outcomes with their rewards and relative plays: what every dimension's stats read. */
export interface LanguageEvidence {
  own: readonly Outcome[];
  pool: readonly Outcome[];
  ownRewards: number[];
  poolRewards: number[];
  ownPlays: number[];
  poolPlays: number[];
}

/** The rewards of one language's outcomes, once for all four dimensions. */
export function languageEvidence(language: ScriptLanguage, own: readonly Outcome[], pool: readonly Outcome[], learner: LearnerSettings = DEFAULT_LEARNER): LanguageEvidence {
  const ownOf = own.filter((o) => o.language === language);
  const poolOf = pool.filter((o) => o.language === language);
  return { own: ownOf, pool: poolOf, ownRewards: rewardsOf(ownOf, learner.weights), poolRewards: rewardsOf(poolOf, learner.weights), ownPlays: relativePlaysOf(ownOf), poolPlays: relativePlaysOf(poolOf) };
}

/** Each allowed arm's posterior and evidence for one dimension in one language. */
export function armStats(
  dimension: Dimension,
  language: ScriptLanguage,
  own: readonly Outcome[],
  pool: readonly Outcome[],
  learner: LearnerSettings = DEFAULT_LEARNER,
): Map<string, ArmStats> {
  return armStatsOf(dimension, languageEvidence(language, own, pool, learner), learner);
}

/** Each arm's posterior and evidence for one dimension, from its language's evidence. */
export function armStatsOf(dimension: Dimension, evidence: LanguageEvidence, learner: LearnerSettings = DEFAULT_LEARNER): Map<string, ArmStats> {
  const { own: ownOf, pool: poolOf, ownRewards, poolRewards, ownPlays, poolPlays } = evidence;
  const stats = new Map<string, ArmStats>();
  const grouped = (list: readonly Outcome[], values: number[], plays: number[]) => {
    const byArm = new Map<string, { rewards: number[]; plays: number[] }>();
    list.forEach((outcome, index) => {
      const arm = armOf(outcome, dimension);
      if (arm === null) return;
      const entry = byArm.get(arm) ?? { rewards: [], plays: [] };
      entry.rewards.push(values[index]!);
      entry.plays.push(plays[index]!);
      byArm.set(arm, entry);
    });
    return byArm;
  };
  const ownBy = grouped(ownOf, ownRewards, ownPlays);
  const poolBy = grouped(poolOf, poolRewards, poolPlays);
  for (const arm of new Set([...ownBy.keys(), ...poolBy.keys()])) {
    const mine = ownBy.get(arm) ?? { rewards: [], plays: [] };
    const theirs = poolBy.get(arm) ?? { rewards: [], plays: [] };
    // The pool counts for at most `priorWeight` of the merchant's own posts however big it is.
    const weight = theirs.rewards.length === 0 ? 0 : Math.min(1, learner.priorWeight / theirs.rewards.length);
    const prior = updateWeighted(VAGUE, theirs.rewards, weight);
    stats.set(arm, { posterior: update(prior, mine.rewards), ownPosts: mine.rewards.length, ownPlays: mine.plays, poolPosts: theirs.rewards.length, poolPlays: theirs.plays });
  }
  return stats;
}

/** The day each arm of a dimension was last tried by the merchant (any language), from results and recent choices. */
export function lastTried(dimension: Dimension, own: readonly Outcome[], recent: readonly RecentChoice[]): Map<string, number> {
  const last = new Map<string, number>();
  const see = (arm: string | null, day: number) => {
    if (arm !== null && (last.get(arm) ?? -Infinity) < day) last.set(arm, day);
  };
  for (const outcome of own) see(armOf(outcome, dimension), Math.floor(outcome.postedAt.getTime() / DAY_MS));
  for (const choice of recent) see(choice.choice[dimension], dayIndex(choice.day));
  return last;
}

/**
 * The arm the floor makes the day try in a dimension, if any: an allowed arm not tried in
 * `exploreDays` days, never-tried first, then the longest untried (the seed breaks ties).
 */
export function staleArm(allowed: readonly string[], last: Map<string, number>, today: number, exploreDays: number, seed: string): { arm: string; days: number | null } | null {
  const stale = seededOrder(allowed, seed)
    .map((arm) => ({ arm, at: last.get(arm) }))
    .filter(({ at }) => at === undefined || today - at >= exploreDays)
    .sort((a, b) => (a.at ?? -Infinity) - (b.at ?? -Infinity));
  const first = stale[0];
  return first ? { arm: first.arm, days: first.at === undefined ? null : today - first.at } : null;
}

/** Chooses every slot of a merchant's day. */
export function chooseDay(request: DayRequest, learner: LearnerSettings = DEFAULT_LEARNER): SlotDecision[] {
  const today = dayIndex(request.day);
  const decisions = request.languages.map((language, slot) => ({ slot, language, choice: {} as Record<Dimension, string>, why: {} as Record<Dimension, Why> }));
  // A language's rewards are the same for every dimension: computed once.
  const evidence = new Map<ScriptLanguage, LanguageEvidence>();
  for (const dimension of DIMENSIONS) {
    const allowed = allowedArms(dimension, request.settings);
    const pinned = request.settings.pins[dimension];
    if (pinned !== undefined && allowed.includes(pinned)) {
      for (const decision of decisions) {
        decision.choice[dimension] = pinned;
        decision.why[dimension] = { kind: 'pinned' };
      }
      continue;
    }
    const floor = allowed.length > 1 ? staleArm(allowed, lastTried(dimension, request.own, request.recent ?? []), today, learner.exploreDays, `${request.seed}:stale:${dimension}`) : null;
    // The slot that explores: one of the day's, chosen by the seed so no language always pays for it.
    const exploringSlot = floor && decisions.length > 0 ? Math.floor(seededRandom(`${request.seed}:floor:${dimension}`)() * decisions.length) : -1;
    const statsByLanguage = new Map<ScriptLanguage, Map<string, ArmStats>>();
    const cap = learner.perDay[dimension] ?? Infinity;
    const taken = new Map<string, number>();
    const take = (arm: string) => taken.set(arm, (taken.get(arm) ?? 0) + 1);
    for (const decision of decisions) {
      if (decision.slot === exploringSlot && floor) {
        decision.choice[dimension] = floor.arm;
        decision.why[dimension] = { kind: 'exploring', days: floor.days };
        take(floor.arm);
        continue;
      }
      let stats = statsByLanguage.get(decision.language);
      if (!stats) {
        const of = evidence.get(decision.language) ?? languageEvidence(decision.language, request.own, request.pool, learner);
        evidence.set(decision.language, of);
        stats = armStatsOf(dimension, of, learner);
        statsByLanguage.set(decision.language, stats);
      }
      const random = seededRandom(`${request.seed}:${decision.slot}:${dimension}`);
      // Arms the day has used up are left out while any other is allowed.
      const open = allowed.filter((arm) => (taken.get(arm) ?? 0) < cap);
      const candidates = open.length > 0 ? open : allowed;
      let best = candidates[0]!;
      let bestDraw = -Infinity;
      for (const arm of allowed) {
        // Every allowed arm is drawn, in the same order, so a cap never shifts another arm's draw.
        const draw = sampleMean(stats.get(arm)?.posterior ?? VAGUE, random);
        if (candidates.includes(arm) && draw > bestDraw) [best, bestDraw] = [arm, draw];
      }
      take(best);
      decision.choice[dimension] = best;
      decision.why[dimension] = explain(best, allowed, stats, learner);
    }
  }
  return decisions.map((decision) => ({ ...decision, choice: decision.choice as unknown as SlotChoice }));
}

/** Why a sampled arm: the shop's own numbers when it has them, else its category's, else still learning. */
function explain(arm: string, allowed: readonly string[], stats: Map<string, ArmStats>, learner: LearnerSettings): Why {
  const chosen = stats.get(arm);
  if (!chosen) return { kind: 'learning' };
  if (chosen.ownPosts >= learner.minEvidence) {
    // Compared with the best other arm the shop has enough posts of: the claim is never flattering by choice of rival.
    const rivals = allowed
      .filter((other) => other !== arm && (stats.get(other)?.ownPosts ?? 0) >= learner.minEvidence)
      .map((other) => ({ other, plays: mean(stats.get(other)!.ownPlays) }))
      .sort((a, b) => b.plays - a.plays);
    const rival = rivals[0];
    if (rival) {
      const ratio = Math.exp(mean(chosen.ownPlays) - rival.plays);
      if (ratio >= 1.05) return { kind: 'evidence', versus: rival.other, ratio, posts: chosen.ownPosts };
    }
    return { kind: 'learning' };
  }
  if (chosen.poolPosts >= learner.minEvidence) {
    const others = [...stats.entries()].filter(([other]) => other !== arm).flatMap(([, s]) => s.poolPlays);
    const ratio = Math.exp(mean(chosen.poolPlays) - mean(others));
    if (ratio >= 1.05) return { kind: 'prior', ratio, posts: chosen.poolPosts };
  }
  return { kind: 'learning' };
}
