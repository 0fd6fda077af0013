import type { Outcome } from './arms.js';

/**
 * A post's reward (docs/decisions/085): a mix of its plays at 24 h, its engagement and its link
 * visits, each as a log ratio to the median of the same merchant's posts on the same platform in
 * the same language. A platform that gives every video ten times the plays, or a bigger shop,
 * then weighs the same as a small one: 0 is an ordinary post, +0.7 about twice as good.
 */
export interface RewardWeights {
  plays: number;
  engagement: number;
  visits: number;
}

export const DEFAULT_REWARD_WEIGHTS: RewardWeights = { plays: 0.5, engagement: 0.2, visits: 0.3 };

/** An engagement rate this small is noise: the floor keeps a post with none from reading as -∞. */
const ENGAGEMENT_FLOOR = 0.005;

/**
 * `plays:0.5,engagement:0.2,visits:0.3` (LEARNING_REWARD_WEIGHTS); a part left out weighs 0, an
 * empty text is the default mix. Throws on anything else so a typo fails at start, not quietly.
 */
export function parseRewardWeights(text: string | undefined): RewardWeights {
  if (!text || text.trim() === '') return { ...DEFAULT_REWARD_WEIGHTS };
  const weights: RewardWeights = { plays: 0, engagement: 0, visits: 0 };
  for (const part of text.split(',')) {
    const match = /^\s*(plays|engagement|visits)\s*[:=]\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (!match) throw new Error(`LEARNING_REWARD_WEIGHTS: "${part}" is not name:weight (plays, engagement, visits)`);
    weights[match[1] as keyof RewardWeights] = Number(match[2]);
  }
  if (weights.plays + weights.engagement + weights.visits <= 0) throw new Error('LEARNING_REWARD_WEIGHTS: the weights sum to 0');
  return weights;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const groupOf = (outcome: Outcome) => `${outcome.merchantId}|${outcome.platform}|${outcome.language}`;

/** Each outcome's reward, in the order given (the medians are taken over the outcomes given). */
export function rewardsOf(outcomes: readonly Outcome[], weights: RewardWeights = DEFAULT_REWARD_WEIGHTS): number[] {
  const groups = new Map<string, Outcome[]>();
  for (const outcome of outcomes) {
    const list = groups.get(groupOf(outcome)) ?? [];
    list.push(outcome);
    groups.set(groupOf(outcome), list);
  }
  const medians = new Map<string, { plays: number; engagement: number; visits: number }>();
  for (const [key, list] of groups) {
    medians.set(key, {
      plays: median(list.map((o) => Math.log1p(o.plays24h))),
      engagement: median(list.map((o) => Math.log(o.engagement + ENGAGEMENT_FLOOR))),
      visits: median(list.map((o) => Math.log1p(o.visits))),
    });
  }
  const total = weights.plays + weights.engagement + weights.visits;
  return outcomes.map((outcome) => {
    const m = medians.get(groupOf(outcome))!;
    const plays = Math.log1p(outcome.plays24h) - m.plays;
    const engagement = Math.log(outcome.engagement + ENGAGEMENT_FLOOR) - m.engagement;
    const visits = Math.log1p(outcome.visits) - m.visits;
    return (weights.plays * plays + weights.engagement * engagement + weights.visits * visits) / total;
  });
}

/** Each outcome's plays as a log ratio to its group's median (what the reasons quote as "N× the plays"). */
export function relativePlaysOf(outcomes: readonly Outcome[]): number[] {
  return rewardsOf(outcomes, { plays: 1, engagement: 0, visits: 0 });
}
