import { LEARNING_DIMENSIONS, type Insights, type LearningDimension, type LearningSettings, type RequestOf, type api } from '@nearcast/contract';

/** The studio's pins and bans as the panel edits them, before they are saved. */
export interface LearningDraft {
  pins: Partial<Record<LearningDimension, string>>;
  bans: Partial<Record<LearningDimension, readonly string[]>>;
}

/**
 * Where one choice stands: pinned (every slot takes it), held (another choice is pinned, so
 * this one waits), banned (never taken), off (the plan leaves it out by itself: an opening on
 * the offer while the brief has none), leading (the best typical plays among the allowed ones
 * with enough videos to say), learning (in the draw), untried (in the draw, no result yet).
 */
export type Standing = 'pinned' | 'held' | 'banned' | 'off' | 'leading' | 'learning' | 'untried';

/** One choice's results from the insights, where the insights measure the same choice. */
export interface Evidence {
  videos: number;
  typical: number | null;
  /** True when there are enough videos for an interval (the insights' "surer" figure). */
  sure: boolean;
}

/** The dimensions whose insights values are the learner's own arms (length and hour are measured otherwise). */
export const EVIDENCED: readonly LearningDimension[] = ['hook_style', 'look'];

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

/** Each evidenced dimension's results per choice, from the merchant's insights. */
export function evidenceOf(insights: Insights | undefined): Partial<Record<LearningDimension, Map<string, Evidence>>> {
  const out: Partial<Record<LearningDimension, Map<string, Evidence>>> = {};
  if (!insights) return out;
  for (const dimension of EVIDENCED) {
    const map = new Map<string, Evidence>();
    for (const row of insights.choices) {
      if (row.dimension === dimension) map.set(row.value, { videos: row.videos, typical: row.typical_plays_24h, sure: row.interval !== null });
    }
    out[dimension] = map;
  }
  return out;
}

/**
 * Where each choice of a dimension stands, given the draft, the results (when the dimension has
 * them) and the choices the plan leaves out by itself unless pinned (`off`).
 */
export function standingsOf(dimension: LearningDimension, arms: readonly string[], draft: LearningDraft, evidence: Map<string, Evidence> | undefined, off: readonly string[] = []): Map<string, Standing> {
  const pinned = draft.pins[dimension];
  const banned = draft.bans[dimension] ?? [];
  let leader: string | null = null;
  let best = -Infinity;
  if (pinned === undefined && evidence) {
    for (const arm of arms) {
      const figures = evidence.get(arm);
      if (banned.includes(arm) || off.includes(arm) || !figures?.sure || figures.typical === null) continue;
      if (figures.typical > best) {
        best = figures.typical;
        leader = arm;
      }
    }
  }
  const out = new Map<string, Standing>();
  for (const arm of arms) {
    if (pinned === arm) out.set(arm, 'pinned');
    else if (banned.includes(arm)) out.set(arm, 'banned');
    else if (pinned !== undefined) out.set(arm, 'held');
    else if (off.includes(arm)) out.set(arm, 'off');
    else if (arm === leader) out.set(arm, 'leading');
    else if (evidence && (evidence.get(arm)?.videos ?? 0) === 0) out.set(arm, 'untried');
    else out.set(arm, 'learning');
  }
  return out;
}

/** The hook the plan never opens on while the brief has no offer in any language (docs/decisions/085). */
export function offWithout(offer: { en: string; es: string; zh: string } | undefined): Partial<Record<LearningDimension, readonly string[]>> {
  if (!offer || offer.en.trim() || offer.es.trim() || offer.zh.trim()) return {};
  return { hook_style: ['offer_first'] };
}
