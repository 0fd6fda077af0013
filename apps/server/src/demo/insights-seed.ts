import { MUSIC_BEDS, type HOOK_STYLES } from '@nearcast/contract';
import * as accountsRepo from '../modules/account/repository.js';
import { lengthBandOf } from '../modules/creative/insights/derive.js';
import { seedChoices, type SeededChoices } from '../modules/creative/insights/outcome-repository.js';
import { OUTCOME_SUBSCRIBER } from '../modules/creative/insights/outcome-subscriber.js';
import { postOutcomes } from '../modules/creative/insights/reads.js';
import { LOOKS } from '../modules/creative/renderer/looks.js';
import type { Services } from '../composition/services.js';
import { DEMO_BRIEFS } from './production-seed.js';

/**
 * The demo's post outcomes (docs/decisions/084), so the insights open on believable numbers.
 *
 * The outcomes themselves are the video history's events replayed to their subscriber, as on any
 * platform that had them: each post's plays by 24 hours and 7 days are the sandbox's own numbers,
 * the ones `/video` shows. The demo's posts were not made by renders, so the choices that made
 * them are given here, after the fact and from the numbers: a post's place among its merchant's
 * posts (by plays by 24 hours) leans each choice toward the front of a fixed order (questions
 * before offers, short before long, a clip before a photo), mixed with a fixed per-post draw so
 * every value keeps some good and some bad videos. The pattern is made up; the plays are not.
 */

const DAY = 86_400_000;
/** Most of the choice comes from the post's rank, the rest from its draw: a clear lean, not a rule. */
const LEAN = 0.55;
const HOOKS_BEST_FIRST = ['question', 'behind_the_scenes', 'local_pride', 'problem_solution', 'bold_claim', 'offer_first'] as const satisfies readonly (typeof HOOK_STYLES)[number][];
const STRUCTURES_BEST_FIRST = ['day_in_the_life', 'story', 'showcase', 'quick_list', 'local_guide', 'deal_first'];
const SECONDS_BEST_FIRST = [11, 13, 17, 22, 28, 36];
const OTHER_CATEGORIES = ['cafe', 'beauty', 'fitness', 'retail', 'bakery'];
const SALTS = ['look', 'hook', 'structure', 'length', 'opening', 'music'] as const;

export interface InsightsSeedSummary {
  events: number;
  outcomes: number;
  posts: number;
  ms: number;
}

export async function seedDemoInsights(services: Services, now = new Date()): Promise<InsightsSeedSummary> {
  const started = Date.now();
  const db = services.database.db;
  const events = await services.events.replay(OUTCOME_SUBSCRIBER);
  const outcomes = await postOutcomes(db, { since: new Date(now.getTime() - 400 * DAY), limit: 50_000 }, now);

  const categoryByEmail = new Map(DEMO_BRIEFS.map((brief) => [brief.email, String(brief.brief.category)]));
  const clients = await accountsRepo.listServedClients(db, 500);
  const categoryOf = new Map(clients.map((c) => [c.id, categoryByEmail.get(c.email) ?? OTHER_CATEGORIES[c.id % OTHER_CATEGORIES.length]!]));

  // A post's plays on its platforms together, ranked among its merchant's posts: 0 the best.
  const posts = new Map<number, { merchantId: number; plays: number; render: boolean }>();
  for (const o of outcomes) {
    const post = posts.get(o.postId) ?? { merchantId: o.merchantId, plays: 0, render: false };
    post.plays += o.plays24h ?? 0;
    post.render ||= o.renderId !== null;
    posts.set(o.postId, post);
  }
  const rankOf = new Map<number, number>();
  const byMerchant = new Map<number, [number, { plays: number }][]>();
  for (const [postId, post] of posts) {
    if (post.render) continue;
    byMerchant.set(post.merchantId, [...(byMerchant.get(post.merchantId) ?? []), [postId, post]]);
  }
  for (const rows of byMerchant.values()) {
    rows.sort((a, b) => b[1].plays - a[1].plays || a[0] - b[0]);
    rows.forEach(([postId], index) => rankOf.set(postId, rows.length > 1 ? index / (rows.length - 1) : 0.5));
  }

  // Each choice: the post's rank leaned with its draw, then ranked again among the merchant's
  // posts, so every value of a list keeps its share of posts and only their plays differ.
  const quantile = new Map<string, number>();
  for (const rows of byMerchant.values()) {
    for (const salt of SALTS) {
      const scored = rows.map(([postId]) => [postId, LEAN * rankOf.get(postId)! + (1 - LEAN) * draw(`${salt}:${postId}`)] as const);
      scored.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
      scored.forEach(([postId], index) => quantile.set(`${salt}:${postId}`, index / scored.length));
    }
  }
  const choices: SeededChoices[] = [];
  for (const postId of rankOf.keys()) {
    const merchantId = posts.get(postId)!.merchantId;
    const pick = <T>(list: readonly T[], salt: (typeof SALTS)[number]): T => list[Math.floor(quantile.get(`${salt}:${postId}`)! * list.length)]!;
    const category = categoryOf.get(merchantId) ?? 'restaurant';
    const seconds = pick(SECONDS_BEST_FIRST, 'length');
    choices.push({
      postId,
      category,
      look: pick(LOOKS, 'look').id,
      hookStyle: pick(HOOKS_BEST_FIRST, 'hook'),
      template: `${category}.${pick(STRUCTURES_BEST_FIRST, 'structure')}`,
      durationSeconds: seconds,
      lengthBand: lengthBandOf(seconds)!,
      openingKind: pick(['clip', 'clip', 'photo'], 'opening'),
      music: pick(MUSIC_BEDS, 'music'),
    });
  }
  const changed = await seedChoices(db, choices);
  return { events, outcomes: changed, posts: choices.length, ms: Date.now() - started };
}

/** A fixed number in [0, 1) from a text (FNV-1a): the same post always draws the same. */
function draw(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 0x1_0000_0000;
}
