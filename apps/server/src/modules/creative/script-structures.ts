import { HOOK_STYLES, type HookStyle } from '@nearcast/contract';
import { type BeatKind } from './script-library/index.js';
import { briefIn } from './brief-language.js';
import { type ScriptRequest } from './script-writing.js';
import { seededRandom } from './seeded.js';



import { tidyValue } from './script-text-fill.js';
/**
 * The shape of a template script: the order of beats it follows (its "template"), and the
 * seeded choices that vary it from one script of a day to the next.
 */

// ---------------------------------------------------------------------------------------------
// Seeded variation

export function pick<T>(random: () => number, list: readonly T[]): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function shuffle<T>(random: () => number, list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

// ---------------------------------------------------------------------------------------------
// Structures: the order of beats a script follows (its "template")

export interface StructureStep {
  kind: BeatKind;
  optional: boolean;
}
export const need = (kind: BeatKind): StructureStep => ({ kind, optional: false });
export const maybe = (kind: BeatKind): StructureStep => ({ kind, optional: true });

export const SCRIPT_STRUCTURES = {
  /** What we make, how, what it is like to come, then the practical facts. */
  showcase: [need('signature'), need('craft'), need('experience'), maybe('offer'), maybe('hours'), maybe('visit')],
  /** The people first: who runs it and how they work. */
  story: [need('people'), need('craft'), need('signature'), maybe('local'), maybe('offer')],
  /** The neighbourhood angle: where it is and why locals go. */
  local_guide: [maybe('local'), need('signature'), need('experience'), need('proof'), maybe('visit'), maybe('hours')],
  /** Quick reasons, one after the other. */
  quick_list: [need('signature'), need('experience'), need('proof'), maybe('offer'), maybe('vibe')],
  /** The offer leads; only planned when the brief has one. */
  deal_first: [need('offer'), need('signature'), maybe('proof'), maybe('hours'), maybe('visit')],
  /** A day at the shop: the work, the team, the feeling. */
  day_in_the_life: [need('craft'), need('people'), need('experience'), maybe('local'), maybe('vibe')],
} as const satisfies Record<string, readonly StructureStep[]>;
export type ScriptStructure = keyof typeof SCRIPT_STRUCTURES;
export const SCRIPT_STRUCTURE_NAMES = Object.keys(SCRIPT_STRUCTURES) as ScriptStructure[];

/** How often an optional beat makes it in when the brief can fill it: the offer is what the merchant most wants said. */
export const INCLUDE_OPTIONAL: Record<BeatKind, number> = {
  signature: 0.7,
  craft: 0.6,
  experience: 0.6,
  people: 0.6,
  proof: 0.6,
  local: 0.7,
  offer: 0.85,
  hours: 0.55,
  visit: 0.6,
  vibe: 0.6,
};
/** Beats that stand without anything from the brief, used when a structure came out too short. */
export const FILLER_KINDS: readonly BeatKind[] = ['experience', 'proof', 'vibe', 'people', 'craft', 'signature'];

/** One script of a request: its hook style, its structure and the seed its words come from. */
export interface ScriptPlan {
  hookStyle: HookStyle;
  structure: ScriptStructure;
  seed: string;
}

/**
 * The hook styles and structures of one request's scripts: all different while there are enough
 * of them, in a seeded order so that different days open differently. Offer-led hooks and
 * structures are planned only when the brief has an offer (asked for explicitly they still work).
 */
export function planScripts(request: Pick<ScriptRequest, 'brief' | 'language' | 'count' | 'hookStyle' | 'seed'>): ScriptPlan[] {
  const random = seededRandom(`${request.seed}#plan`);
  const hasOffer = tidyValue(briefIn(request.brief, request.language).offer) !== '';
  const styles = request.hookStyle ? [request.hookStyle] : shuffle(random, HOOK_STYLES.filter((style) => style !== 'offer_first' || hasOffer));
  const structures = shuffle(
    random,
    SCRIPT_STRUCTURE_NAMES.filter((name) => name !== 'deal_first' || hasOffer),
  );
  return Array.from({ length: Math.max(0, request.count) }, (_, index) => ({
    hookStyle: styles[index % styles.length] as HookStyle,
    structure: structures[index % structures.length] as ScriptStructure,
    seed: `${request.seed}#${index}`,
  }));
}

