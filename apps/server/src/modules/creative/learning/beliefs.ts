import type { LearningArmState, ScriptLanguage } from '@nearcast/contract';
import { seededRandom } from '../seeded.js';
import { allowedArms, ARMS, DIMENSIONS, type Dimension, type Outcome, type PinsBans } from './arms.js';
import { armStatsOf, dayIndex, languageEvidence, DEFAULT_LEARNER, lastTried, staleArm, type LearnerSettings, type RecentChoice } from './learner.js';
import { sampleMean, VAGUE, type NormalGamma } from './normal-gamma.js';

/**
 * What the learner believes of each arm (docs/decisions/085), read from the very posteriors
 * `chooseDay` draws from: the posterior mean, an 80 % credible interval and the chance of being
 * the best allowed arm, both from seeded draws of `sampleMean`. The seed is the merchant and the
 * day, so one day's answer is the same on every read (and in a test), and each arm draws from
 * its own stream so a ban never moves another arm's figures.
 */

/**
 * Draws per arm: the chance of being best to within about ±1.5 percentage points (one standard
 * error), which the panel shows as a whole percent. Twice as many doubled the time of a read
 * (some 70 k posterior draws for three languages) for a figure no reader would see move.
 */
export const BELIEF_DRAWS = 1_000;
/** The credible interval's tails: 10 % each side. */
const TAIL = 0.1;

export interface ArmBelief {
  arm: string;
  state: LearningArmState;
  posts: number;
  poolPosts: number;
  mean: number;
  low: number;
  high: number;
  pBest: number;
  exploring: boolean;
  daysSinceTried: number | null;
}

export interface BeliefRequest {
  merchantId: number;
  day: string;
  languages: readonly ScriptLanguage[];
  own: readonly Outcome[];
  pool: readonly Outcome[];
  /** The pins and bans as the planner applies them (the implicit ones included). */
  settings: PinsBans;
  /** Bans the plan adds by itself (shown as `off`, not as the studio's bans). */
  off?: Partial<Record<Dimension, readonly string[]>>;
  recent?: readonly RecentChoice[];
  draws?: number;
}

const keyOf = (posterior: NormalGamma) => `${posterior.m}|${posterior.kappa}|${posterior.alpha}|${posterior.beta}`;

/** The value at quantile `q` of sorted `values` (linear between neighbours). */
function quantile(sorted: Float64Array, q: number): number {
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

/** Every arm's belief for each dimension in each language. */
export function beliefsOf(request: BeliefRequest, learner: LearnerSettings = DEFAULT_LEARNER): Map<ScriptLanguage, Record<Dimension, ArmBelief[]>> {
  const draws = request.draws ?? BELIEF_DRAWS;
  const today = dayIndex(request.day);
  const seed = `beliefs:${request.merchantId}:${request.day}`;
  const floors = new Map<Dimension, { arm: string } | null>();
  const tried = new Map<Dimension, Map<string, number>>();
  for (const dimension of DIMENSIONS) {
    const allowed = allowedArms(dimension, request.settings);
    const last = lastTried(dimension, request.own, request.recent ?? []);
    tried.set(dimension, last);
    const pinned = request.settings.pins[dimension];
    // As the planner: a pin is never explored, and a lone allowed arm has nothing to explore against.
    const floor = (pinned === undefined || !allowed.includes(pinned)) && allowed.length > 1 ? staleArm(allowed, last, today, learner.exploreDays, `learn:${request.merchantId}:${request.day}:stale:${dimension}`) : null;
    floors.set(dimension, floor);
  }
  /** `draws` draws of a posterior's mean, in the order drawn (the chance pairs them draw by draw). */
  const drawn = (posterior: NormalGamma, stream: string): Float64Array => {
    const random = seededRandom(stream);
    const values = new Float64Array(draws);
    for (let i = 0; i < draws; i++) values[i] = sampleMean(posterior, random);
    return values;
  };
  const sharedDraws = new Map<string, Float64Array>();
  const shared = (posterior: NormalGamma): Float64Array => {
    const key = keyOf(posterior);
    const values = sharedDraws.get(key) ?? drawn(posterior, `${seed}:posterior:${key}`);
    sharedDraws.set(key, values);
    return values;
  };
  const out = new Map<ScriptLanguage, Record<Dimension, ArmBelief[]>>();
  for (const language of request.languages) {
    const byDimension = {} as Record<Dimension, ArmBelief[]>;
    const evidence = languageEvidence(language, request.own, request.pool, learner);
    for (const dimension of DIMENSIONS) {
      const stats = armStatsOf(dimension, evidence, learner);
      const allowed = allowedArms(dimension, request.settings);
      const pin = request.settings.pins[dimension];
      const pinned = pin !== undefined && allowed.includes(pin) ? pin : undefined;
      const off = new Set(request.off?.[dimension] ?? []);
      const stateOf = (arm: string): LearningArmState => {
        if (arm === pinned) return 'pinned';
        if (!allowed.includes(arm)) return off.has(arm) ? 'off' : 'banned';
        return pinned !== undefined ? 'held' : 'in_draw';
      };
      const arms = ARMS[dimension];
      const posteriors = arms.map((arm) => stats.get(arm)?.posterior ?? VAGUE);
      const competing = arms.map((arm) => stateOf(arm) === 'in_draw');
      const rivals = posteriors.filter((_, a) => competing[a]);
      // Arms that all share one posterior (a language with no results yet) are equally likely
      // best by symmetry: no draws for the chance, and one draw set per posterior for the interval.
      const even = rivals.every((posterior) => keyOf(posterior) === keyOf(rivals[0]!));
      const samples = arms.map((arm, a) => (even ? shared(posteriors[a]!) : drawn(posteriors[a]!, `${seed}:${language}:${dimension}:${arm}`)));
      const wins = new Array<number>(arms.length).fill(0);
      if (pinned === undefined && even) {
        for (let a = 0; a < arms.length; a++) if (competing[a]) wins[a] = draws / rivals.length;
      } else if (pinned === undefined) {
        for (let i = 0; i < draws; i++) {
          let best = -1;
          for (let a = 0; a < arms.length; a++) if (competing[a] && (best < 0 || samples[a]![i]! > samples[best]![i]!)) best = a;
          if (best >= 0) wins[best]! += 1;
        }
      }
      const last = tried.get(dimension)!;
      byDimension[dimension] = arms.map((arm, a) => {
        const stat = stats.get(arm);
        // Sorted only now, after the chance paired the draws (a shared set sorts once).
        const sorted = samples[a]!.sort();
        const at = last.get(arm);
        const state = stateOf(arm);
        return {
          arm,
          state,
          posts: stat?.ownPosts ?? 0,
          poolPosts: stat?.poolPosts ?? 0,
          mean: (stat?.posterior ?? VAGUE).m,
          low: quantile(sorted, TAIL),
          high: quantile(sorted, 1 - TAIL),
          pBest: state === 'pinned' ? 1 : wins[a]! / draws,
          exploring: floors.get(dimension)?.arm === arm,
          daysSinceTried: at === undefined ? null : today - at,
        };
      });
    }
    out.set(language, byDimension);
  }
  return out;
}
