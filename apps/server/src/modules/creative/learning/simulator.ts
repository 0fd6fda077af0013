import type { ScriptLanguage } from '@nearcast/contract';
import { seededRandom } from '../seeded.js';
import { ARMS, DIMENSIONS, NO_PINS, type Dimension, type Outcome, type PinsBans, type SlotChoice } from './arms.js';
import { chooseDay, DEFAULT_LEARNER, type LearnerSettings } from './learner.js';
import { normal } from './normal-gamma.js';

/**
 * A fake platform for bench:learning and the learner's tests: audiences with hidden preferences
 * per category and language (one arm per dimension clearly best, the others spread around
 * ordinary), plays log-normal around each shop's own size and each platform's reach, visits
 * following plays with noise. The learner's plan and a random plan run the same days side by
 * side on the same draws of luck, so the difference is the choices alone.
 */

export const SIM_CATEGORIES = ['taqueria', 'cafe', 'salon', 'gym'] as const;
const PLATFORMS: Record<string, number> = { tiktok: 1, instagram: 0.6, youtube: 0.35 };
/** How much better the best arm of a dimension is than an ordinary one (log of plays). */
const BEST_LIFT: Record<Dimension, number> = { hook: 0.45, look: 0.3, length: 0.3, hour: 0.3 };
/** The spread of the other arms around ordinary, kept at least `GAP` below the best. */
const SPREAD = 0.15;
const GAP = 0.2;
/** Post-to-post luck in plays (log): a video can do twice or half as well for no visible reason. */
const LUCK = 0.6;

export interface SimulationOptions {
  seed: number;
  merchants?: number;
  days?: number;
  /** The day's slots by language (the default plan mix: en, es, zh, en, es). */
  languages?: readonly ScriptLanguage[];
  learner?: LearnerSettings;
  /** Pins and bans per merchant index (none by default). */
  settings?: (merchant: number) => PinsBans;
}

export interface Preference {
  effects: Record<Dimension, Record<string, number>>;
  best: SlotChoice;
}

export interface WeekRow {
  week: number;
  /** Share of the week's slot-choices (slots × dimensions) on the audience's best arm. */
  bestShare: { learner: number; random: number };
  bestShareBy: Record<Dimension, { learner: number; random: number }>;
  plays: { learner: number; random: number };
  visits: { learner: number; random: number };
}

export interface SimulationResult {
  seed: number;
  weeks: WeekRow[];
  totals: { plays: { learner: number; random: number }; visits: { learner: number; random: number } };
  preferences: Map<string, Preference>;
  /** The learner's choices per merchant index, day by day (slot order). */
  choices: { day: number; choice: SlotChoice }[][];
}

/** The hidden preferences of one category's viewers in one language. */
export function plantPreference(random: () => number): Preference {
  const effects = {} as Record<Dimension, Record<string, number>>;
  const best = {} as Record<Dimension, string>;
  for (const dimension of DIMENSIONS) {
    const arms = ARMS[dimension];
    const top = arms[Math.floor(random() * arms.length)]!;
    effects[dimension] = {};
    for (const arm of arms) {
      effects[dimension][arm] = arm === top ? BEST_LIFT[dimension] : Math.min(BEST_LIFT[dimension] - GAP, normal(random) * SPREAD);
    }
    best[dimension] = top;
  }
  return { effects, best: best as unknown as SlotChoice };
}

function poisson(mean: number, random: () => number): number {
  // Large means: a normal approximation; small ones: Knuth's product of uniforms.
  if (mean > 50) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal(random)));
  const limit = Math.exp(-mean);
  let k = 0;
  let product = random();
  while (product > limit) {
    k += 1;
    product *= random();
  }
  return k;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function simulate(options: SimulationOptions): SimulationResult {
  const merchants = options.merchants ?? 20;
  const days = options.days ?? 60;
  const languages = options.languages ?? (['en', 'es', 'zh', 'en', 'es'] as const);
  const learner = options.learner ?? DEFAULT_LEARNER;
  const world = seededRandom(`bench-learning:${options.seed}`);
  const preferences = new Map<string, Preference>();
  for (const category of SIM_CATEGORIES) for (const language of new Set(languages)) preferences.set(`${category}:${language}`, plantPreference(world));
  // The brief's own example, planted by hand: Spanish viewers of a taqueria favour question hooks and short videos.
  const taqueria = preferences.get('taqueria:es');
  if (taqueria) {
    for (const [dimension, arm] of [['hook', 'question'], ['length', 'short']] as const) {
      const was = taqueria.best[dimension];
      taqueria.effects[dimension][was] = taqueria.effects[dimension][arm]!;
      taqueria.effects[dimension][arm] = BEST_LIFT[dimension];
      (taqueria.best as unknown as Record<Dimension, string>)[dimension] = arm;
    }
  }
  const shops = Array.from({ length: merchants }, (_, index) => ({
    id: index + 1,
    category: SIM_CATEGORIES[index % SIM_CATEGORIES.length]!,
    // Shops differ ten-fold in reach: the reward's normalisation is what makes them comparable.
    size: 300 * Math.exp(normal(world) * 0.8),
    visitRate: 0.01 * Math.exp(normal(world) * 0.3),
  }));
  const outcomes = new Map<number, Outcome[]>(shops.map((shop) => [shop.id, []]));
  const choices: SimulationResult['choices'] = shops.map(() => []);
  const weeks = new Map<number, WeekRow>();
  const start = '2026-01-05';
  for (let d = 0; d < days; d++) {
    const day = addDays(start, d);
    const week = Math.floor(d / 7) + 1;
    const row = weeks.get(week) ?? emptyWeek(week);
    weeks.set(week, row);
    const made: { shop: number; outcome: Outcome }[] = [];
    for (const shop of shops) {
      const pool = shops.filter((other) => other.id !== shop.id && other.category === shop.category).flatMap((other) => outcomes.get(other.id)!);
      const settings = options.settings?.(shop.id - 1) ?? NO_PINS;
      const planned = chooseDay({ day, languages, own: outcomes.get(shop.id)!, pool, settings, seed: `sim:${options.seed}:${shop.id}:${day}` }, learner);
      const pick = seededRandom(`random-plan:${options.seed}:${shop.id}:${day}`);
      planned.forEach((decision) => {
        const preference = preferences.get(`${shop.category}:${decision.language}`)!;
        const randomChoice = Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, ARMS[dimension][Math.floor(pick() * ARMS[dimension].length)]!])) as unknown as SlotChoice;
        // The same luck for both plans: the slot's platform, noise and visit draws.
        const luck = seededRandom(`luck:${options.seed}:${shop.id}:${day}:${decision.slot}`);
        const platform = Object.keys(PLATFORMS)[Math.floor(luck() * 3)]!;
        const noise = normal(luck) * LUCK;
        const engagementNoise = normal(luck) * 0.3;
        const visitNoise = normal(luck) * 0.4;
        const visitSeed = luck();
        const result = (choice: SlotChoice) => {
          const lift = DIMENSIONS.reduce((sum, dimension) => sum + preference.effects[dimension][choice[dimension]]!, 0);
          const plays = Math.round(shop.size * PLATFORMS[platform]! * Math.exp(lift + noise));
          const visits = poisson(plays * shop.visitRate * Math.exp(visitNoise), seededRandom(`visits:${visitSeed}`));
          const engagement = 0.04 * Math.exp(0.5 * preference.effects.hook[choice.hook]! + engagementNoise);
          return { plays, visits, engagement };
        };
        const mine = result(decision.choice);
        choices[shop.id - 1]!.push({ day: d, choice: decision.choice });
        const theirs = result(randomChoice);
        row.plays.learner += mine.plays;
        row.plays.random += theirs.plays;
        row.visits.learner += mine.visits;
        row.visits.random += theirs.visits;
        for (const dimension of DIMENSIONS) {
          row.bestShareBy[dimension].learner += decision.choice[dimension] === preference.best[dimension] ? 1 : 0;
          row.bestShareBy[dimension].random += randomChoice[dimension] === preference.best[dimension] ? 1 : 0;
        }
        row.bestShare.learner += 1;
        const posted = new Date(Date.parse(`${day}T00:00:00Z`) + 12 * 3_600_000);
        made.push({
          shop: shop.id,
          outcome: {
            merchantId: shop.id,
            language: decision.language,
            platform,
            hook: decision.choice.hook,
            look: decision.choice.look,
            length: decision.choice.length,
            hour: Number(decision.choice.hour.slice(0, 2)) + Number(decision.choice.hour.slice(3)) / 60,
            plays24h: mine.plays,
            engagement: mine.engagement,
            visits: mine.visits,
            postedAt: posted,
          },
        });
      });
    }
    // Plays at 24 h: the day's results are known by the next day's plan.
    for (const { shop, outcome } of made) outcomes.get(shop)!.push(outcome);
  }
  const rows = [...weeks.values()].map(finishWeek);
  const totals = {
    plays: { learner: sum(rows.map((r) => r.plays.learner)), random: sum(rows.map((r) => r.plays.random)) },
    visits: { learner: sum(rows.map((r) => r.visits.learner)), random: sum(rows.map((r) => r.visits.random)) },
  };
  return { seed: options.seed, weeks: rows, totals, preferences, choices };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function emptyWeek(week: number): WeekRow {
  return {
    week,
    bestShare: { learner: 0, random: 0 },
    bestShareBy: Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, { learner: 0, random: 0 }])) as WeekRow['bestShareBy'],
    plays: { learner: 0, random: 0 },
    visits: { learner: 0, random: 0 },
  };
}

/** Counts into shares: `bestShare.learner` held the week's slot count until now. */
function finishWeek(row: WeekRow): WeekRow {
  const slots = row.bestShare.learner;
  const by = Object.fromEntries(
    DIMENSIONS.map((dimension) => [dimension, { learner: row.bestShareBy[dimension].learner / slots, random: row.bestShareBy[dimension].random / slots }]),
  ) as WeekRow['bestShareBy'];
  return {
    ...row,
    bestShareBy: by,
    bestShare: { learner: sum(DIMENSIONS.map((d) => by[d].learner)) / DIMENSIONS.length, random: sum(DIMENSIONS.map((d) => by[d].random)) / DIMENSIONS.length },
  };
}
