import { LEARNING_DIMENSIONS, type LearningArmBelief, type LearningDimension, type LearningLanguageBeliefs, type LearningSettings, type RequestOf, type api } from '@nearcast/contract';

/** The studio's pins and bans as the panel edits them, before they are saved. */
export interface LearningDraft {
  pins: Partial<Record<LearningDimension, string>>;
  bans: Partial<Record<LearningDimension, readonly string[]>>;
}

/**
 * Where one choice stands: pinned (every slot takes it), held (another choice is pinned, so
 * this one waits), banned (never taken), off (the plan leaves it out by itself: an opening on
 * the offer while the brief has none), exploring (the plan's floor tries it today: not tried
 * for two weeks), leading (the learner's own favourite: best in at least half its draws),
 * learning (in the draw), untried (in the draw, none of the merchant's posts yet).
 */
export type Standing = 'pinned' | 'held' | 'banned' | 'off' | 'exploring' | 'leading' | 'learning' | 'untried';

/** The chance of being best from which the panel calls a choice the learner's favourite. */
export const LEADING_CHANCE = 0.5;

export function draftOf(settings: Pick<LearningSettings, 'pins' | 'bans'>): LearningDraft {
  const draft: LearningDraft = { pins: {}, bans: {} };
  for (const dimension of LEARNING_DIMENSIONS) {
    const pin = settings.pins[dimension];
    if (pin !== undefined) draft.pins[dimension] = pin;
    const bans = settings.bans[dimension];
    if (bans && bans.length > 0) draft.bans[dimension] = [...bans];
  }
  return draft;
}

/** Pins a choice (it can no longer be banned), or lifts the pin it has. */
export function togglePin(draft: LearningDraft, dimension: LearningDimension, arm: string): LearningDraft {
  const pins = { ...draft.pins };
  const bans = { ...draft.bans };
  if (pins[dimension] === arm) delete pins[dimension];
  else {
    pins[dimension] = arm;
    const rest = (bans[dimension] ?? []).filter((banned) => banned !== arm);
    if (rest.length > 0) bans[dimension] = rest;
    else delete bans[dimension];
  }
  return { pins, bans };
}

/** Bans a choice (lifting its pin), or allows it again; banning the last allowed choice changes nothing. */
export function toggleBan(draft: LearningDraft, dimension: LearningDimension, arm: string, arms: readonly string[]): LearningDraft {
  const current = draft.bans[dimension] ?? [];
  if (!current.includes(arm) && isLastAllowed(draft, dimension, arm, arms)) return draft;
  const next = current.includes(arm) ? current.filter((banned) => banned !== arm) : [...current, arm];
  const pins = { ...draft.pins };
  if (pins[dimension] === arm) delete pins[dimension];
  const bans = { ...draft.bans };
  if (next.length > 0) bans[dimension] = next;
  else delete bans[dimension];
  return { pins, bans };
}

/** Banning every choice would leave the plan nothing to make (the contract refuses it too). */
export function isLastAllowed(draft: LearningDraft, dimension: LearningDimension, arm: string, arms: readonly string[]): boolean {
  const banned = draft.bans[dimension] ?? [];
  return arms.filter((candidate) => !banned.includes(candidate)).every((candidate) => candidate === arm);
}

export function sameDraft(a: LearningDraft, b: LearningDraft): boolean {
  return LEARNING_DIMENSIONS.every((dimension) => {
    const left = [...(a.bans[dimension] ?? [])].sort().join('|');
    const right = [...(b.bans[dimension] ?? [])].sort().join('|');
    return a.pins[dimension] === b.pins[dimension] && left === right;
  });
}

export function isEmptyDraft(draft: LearningDraft): boolean {
  return Object.keys(draft.pins).length === 0 && Object.keys(draft.bans).length === 0;
}

/** The body of learning/set: the whole of the pins and bans, in the arms' own order. */
export function bodyOf(merchantId: number, draft: LearningDraft, arms: LearningSettings['arms']): RequestOf<typeof api.creative.learningSet> {
  const bans: Partial<Record<LearningDimension, string[]>> = {};
  for (const dimension of LEARNING_DIMENSIONS) {
    const banned = draft.bans[dimension];
    if (banned && banned.length > 0) bans[dimension] = arms[dimension].filter((arm) => banned.includes(arm));
  }
  // The contract's enums type each dimension; the arms come from the server's own list of them.
  return { merchant_id: merchantId, pins: { ...draft.pins }, bans } as RequestOf<typeof api.creative.learningSet>;
}

/**
 * The language whose beliefs the panel opens on: the one the plan makes most videos in (the
 * first on a tie), else the first with posts.
 */
export function mainLanguage(languages: readonly LearningLanguageBeliefs[]): LearningLanguageBeliefs | undefined {
  return [...languages].sort((a, b) => b.slots - a.slots || b.posts - a.posts)[0];
}

/** One dimension's beliefs by arm. */
export function beliefsByArm(language: LearningLanguageBeliefs | undefined, dimension: LearningDimension): Map<string, LearningArmBelief> {
  return new Map((language?.dimensions[dimension] ?? []).map((belief) => [belief.arm, belief]));
}

/**
 * Where each choice of a dimension stands, given the draft (the pins and bans as edited), the
 * learner's beliefs (as saved) and the choices the plan leaves out by itself unless pinned.
 */
export function standingsOf(arms: readonly string[], draft: LearningDraft, dimension: LearningDimension, beliefs: Map<string, LearningArmBelief>, off: readonly string[] = []): Map<string, Standing> {
  const pinned = draft.pins[dimension];
  const banned = draft.bans[dimension] ?? [];
  const out = new Map<string, Standing>();
  for (const arm of arms) {
    const belief = beliefs.get(arm);
    if (pinned === arm) out.set(arm, 'pinned');
    else if (banned.includes(arm)) out.set(arm, 'banned');
    else if (pinned !== undefined) out.set(arm, 'held');
    else if (off.includes(arm)) out.set(arm, 'off');
    else if (belief?.exploring) out.set(arm, 'exploring');
    else if (belief && belief.state === 'in_draw' && belief.p_best >= LEADING_CHANCE) out.set(arm, 'leading');
    else if (belief && belief.posts === 0) out.set(arm, 'untried');
    else out.set(arm, 'learning');
  }
  return out;
}

/** The hook the plan never opens on while the brief has no offer in any language (docs/decisions/085). */
export function offWithout(offer: { en: string; es: string; zh: string } | undefined): Partial<Record<LearningDimension, readonly string[]>> {
  if (!offer || offer.en.trim() || offer.es.trim() || offer.zh.trim()) return {};
  return { hook_style: ['offer_first'] };
}
