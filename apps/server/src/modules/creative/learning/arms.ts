import { HOOK_STYLES, PLAN_LENGTH_BANDS, PLAN_POSTING_HOURS, type HookStyle, type PlanLengthBand, type PlanPostingHour, type ScriptLanguage } from '@nearcast/contract';
import { LOOKS } from '../renderer/looks.js';

/**
 * What the daily plan learns to choose for each slot (docs/decisions/085): four dimensions, each
 * a small set of arms. A choice is a string per dimension so that one sampler serves them all.
 */
export const DIMENSIONS = ['hook', 'look', 'length', 'hour'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/**
 * How long a video runs, as the plan can make it: the script's beats cut to three (short), four
 * (medium) or kept as written, up to six (long). A band of what the plan asked for, not of the
 * seconds measured, so that what is learned is what the plan can choose again.
 */
export const LENGTH_BANDS = PLAN_LENGTH_BANDS;
export type LengthBand = PlanLengthBand;
/** The beats a script keeps in each band (null: as written). */
export const BAND_BEATS: Record<LengthBand, number | null> = { short: 3, medium: 4, long: null };

/**
 * The posting hours a slot may ask for, in the merchant's time, as `HH:MM`: the draft flow's own
 * hours (draft-service.ts POSTING_HOURS), around meals and after work.
 */
export const POSTING_HOUR_ARMS = PLAN_POSTING_HOURS;
export type PostingHourArm = PlanPostingHour;

export const ARMS: Record<Dimension, readonly string[]> = {
  hook: HOOK_STYLES,
  look: LOOKS.map((look) => look.id),
  length: LENGTH_BANDS,
  hour: POSTING_HOUR_ARMS,
};

/** A slot's four choices. */
export interface SlotChoice {
  hook: HookStyle;
  look: string;
  length: LengthBand;
  hour: PostingHourArm;
}

/** `HH:MM` as fractional hours (18:30 → 18.5). */
export function hourOfArm(arm: string): number {
  const [h, m] = arm.split(':').map(Number) as [number, number];
  return h + m / 60;
}

/** Each posting-hour arm's fractional hour, parsed once: every outcome read asks for its arm. */
const ARM_HOURS = POSTING_HOUR_ARMS.map((arm) => ({ arm, hour: hourOfArm(arm) }));

/** The arm nearest a posting hour (a post's local hour, fractional or whole; the earlier arm on a tie). */
export function armOfHour(hour: number): PostingHourArm {
  let best = ARM_HOURS[0]!;
  for (const candidate of ARM_HOURS) if (Math.abs(candidate.hour - hour) < Math.abs(best.hour - hour)) best = candidate;
  return best.arm;
}

/** The band a script of `beats` beats falls in as the plan makes them. */
export function bandOfBeats(beats: number): LengthBand {
  return beats <= 3 ? 'short' : beats === 4 ? 'medium' : 'long';
}

/**
 * One post's result with the choices that made it: what the learner reads (the insights read
 * `postOutcomes`, or the simulator's fake platform). `engagement` is a rate (likes, comments and
 * shares over plays).
 */
export interface Outcome {
  merchantId: number;
  language: ScriptLanguage;
  platform: string;
  hook: string | null;
  look: string | null;
  length: LengthBand | null;
  /** The posting hour in the merchant's time (fractional hours allowed). */
  hour: number | null;
  plays24h: number;
  engagement: number;
  visits: number;
  postedAt: Date;
}

/** The outcomes the learner reads for a merchant: its own and its pool's (same category and language). */
export type OutcomePort = (merchantId: number) => Promise<{ own: Outcome[]; pool: Outcome[] }>;

/** The arm an outcome was posted with in a dimension, or null when it did not record one. */
export function armOf(outcome: Outcome, dimension: Dimension): string | null {
  switch (dimension) {
    case 'hook':
      return outcome.hook;
    case 'look':
      return outcome.look;
    case 'length':
      return outcome.length;
    case 'hour':
      return outcome.hour === null ? null : armOfHour(outcome.hour);
  }
}

/** The studio's say per merchant: a pinned arm is always taken; a banned arm never. */
export interface PinsBans {
  pins: Partial<Record<Dimension, string>>;
  bans: Partial<Record<Dimension, string[]>>;
}
export const NO_PINS: PinsBans = { pins: {}, bans: {} };

/** The arms a dimension may take under the studio's bans (all of them if a ban would leave none). */
export function allowedArms(dimension: Dimension, settings: PinsBans): string[] {
  const banned = new Set(settings.bans[dimension] ?? []);
  const left = ARMS[dimension].filter((arm) => !banned.has(arm));
  return left.length > 0 ? left : [...ARMS[dimension]];
}
