import type { Db } from '../../db/client.js';
import type { Look } from './renderer/look-types.js';
import { LOOKS, lookById } from './renderer/looks.js';
import { recentRenderChoices, type RecentRenderChoice } from './render-choice-repository.js';
import { seededOrder } from './seeded.js';

/**
 * What makes a merchant's videos differ from each other beyond their words: the look, the
 * opening shot and the clips.
 *
 * A plan's day: each slot takes the look the plan's learner chose for it (docs/decisions/085;
 * a day made before the learner, five different looks in the day's seeded order of the
 * library, slot by slot) and its material from one ordering of the library shared by the
 * day — material the merchant's videos of the last 7 days did not use first, then the least
 * recently used — dealt out slot by slot, so each slot opens on its own item and takes its
 * own items before anyone else's. Every slot computes the same ordering (it leaves out the
 * day's own renders), so the day needs no coordination between renders made at once.
 *
 * A render asked for by hand takes the look its merchant used least in the last 7 days, and
 * material unused in those days first.
 */

/** How far back a merchant's videos count as recent. */
export const RECENT_DAYS = 7;
/** The plan's videos a day: the lanes the day's material is dealt into. */
const DAY_SLOTS = 5;

export interface ChoiceRender {
  id: number;
  merchantId: number;
  planDate: string | null;
  planSlot: number | null;
  seed: string;
  /** A plan's slot: the look its learner chose (docs/decisions/085). */
  learning?: { look: string } | null;
}

/**
 * The look of a render: a plan's slot takes the look its learner chose; a slot made before the
 * learner (or a look since retired), the day's seeded order of the library.
 */
export function chooseLook(render: ChoiceRender, recent: readonly RecentRenderChoice[]): Look {
  const learned = render.learning?.look;
  if (learned && LOOKS.some((look) => look.id === learned)) return lookById(learned);
  if (render.planDate !== null && render.planSlot !== null) {
    const order = seededOrder(LOOKS, `look:${render.merchantId}:${render.planDate}`);
    return order[render.planSlot % order.length]!;
  }
  const uses = new Map<string, number>(LOOKS.map((look) => [look.id, 0]));
  for (const other of recent) if (other.id !== render.id && other.look && uses.has(other.look)) uses.set(other.look, uses.get(other.look)! + 1);
  const fewest = Math.min(...uses.values());
  const candidates = LOOKS.filter((look) => uses.get(look.id) === fewest);
  return seededOrder(candidates, `look:${render.seed || render.id}`)[0]!;
}

/**
 * Up to `count` items of `library` for a render, its opening shot first: fresh material (not in
 * `recent`'s renders) before material used before, the least recently used first.
 */
export function chooseMaterial<T extends { id: number }>(library: readonly T[], count: number, render: ChoiceRender, recent: readonly RecentRenderChoice[]): T[] {
  const planDay = render.planDate !== null && render.planSlot !== null;
  // The day's own renders do not count: every slot of the day sees the same history.
  const history = recent.filter((other) => other.id !== render.id && (!planDay || other.planDate !== render.planDate));
  const lastUsed = new Map<number, number>();
  for (const other of history) {
    for (const id of other.footageIds) lastUsed.set(id, Math.max(lastUsed.get(id) ?? 0, other.createdAt.getTime()));
  }
  const seed = planDay ? `material:${render.merchantId}:${render.planDate}` : `material:${render.seed || render.id}`;
  const ordered = seededOrder(library, seed);
  const fresh = ordered.filter((item) => !lastUsed.has(item.id));
  const stale = ordered.filter((item) => lastUsed.has(item.id)).sort((a, b) => lastUsed.get(a.id)! - lastUsed.get(b.id)!);
  const pool = [...fresh, ...stale];
  if (!planDay) return pool.slice(0, count);
  const slot = render.planSlot! % DAY_SLOTS;
  const lane = pool.filter((_, index) => index % DAY_SLOTS === slot);
  const others = pool.filter((_, index) => index % DAY_SLOTS !== slot);
  // With fewer items than slots the lanes of the last slots are empty: they open further round.
  const rest = lane.length > 0 ? others : [...others.slice(slot % Math.max(1, others.length)), ...others.slice(0, slot % Math.max(1, others.length))];
  return [...lane, ...rest].slice(0, count);
}

/** The look and material of a render, from its merchant's last 7 days. */
export async function renderChoices<T extends { id: number }>(db: Db, render: ChoiceRender, library: readonly T[] | null, count: number, now: Date): Promise<{ look: Look; media: T[] }> {
  const recent = await recentRenderChoices(db, render.merchantId, new Date(now.getTime() - RECENT_DAYS * 86_400_000));
  return { look: chooseLook(render, recent), media: library ? chooseMaterial(library, count, render, recent) : [] };
}
