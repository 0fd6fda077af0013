import * as accountsRepo from '../modules/account/repository.js';
import { seedPostLinks, type SeededLink } from '../modules/attribution/seed-repository.js';
import { qrLinkOf } from '../modules/creative/brief-service.js';
import { postOutcomes } from '../modules/creative/insights/reads.js';
import type { Services } from '../composition/services.js';

/**
 * Short links for the demo's published videos, with the visits and redemptions they would have
 * brought, so the monthly reports (what the money bought) and the insights open on believable
 * numbers rather than zeros. Runs after the outcomes (insights-seed.ts) and before the reports.
 *
 * Made up, but from the video's own plays: a visit for every few hundred plays (0.1–0.4 %, a
 * fixed draw per post), most of them in the first days after it went out and fading over two
 * weeks, never after `now`; 3–8 % of visitors redeem at the counter. The draws are fixed, so the
 * demo is the same at every start.
 */

const DAY = 86_400_000;
/** Days after it went out that a video still brings visits. */
const TAIL_DAYS = 14;
const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export interface LinksSeedSummary {
  links: number;
  visits: number;
  redemptions: number;
  ms: number;
}

export async function seedDemoLinks(services: Services, now = new Date()): Promise<LinksSeedSummary> {
  const started = Date.now();
  const db = services.database.db;
  const outcomes = await postOutcomes(db, { since: new Date(now.getTime() - 400 * DAY), limit: 50_000 }, now);
  // A post's plays on all its platforms, and when it first went out.
  const posts = new Map<number, { merchantId: number; plays: number; postedAt: Date }>();
  for (const o of outcomes) {
    const post = posts.get(o.postId) ?? { merchantId: o.merchantId, plays: 0, postedAt: o.postedAt };
    post.plays += o.plays ?? 0;
    if (o.postedAt < post.postedAt) post.postedAt = o.postedAt;
    posts.set(o.postId, post);
  }
  const clients = new Map((await accountsRepo.listServedClients(db, 500)).map((c) => [c.id, c]));
  const targets = new Map<number, { url: string; coupon: string | null }>();
  const targetOf = async (merchantId: number) => {
    const known = targets.get(merchantId);
    if (known) return known;
    const brief = await services.creativeBriefs.briefOf(merchantId).catch(() => null);
    const name = clients.get(merchantId)?.company || clients.get(merchantId)?.name || 'Nearcast';
    const target = { url: (brief && qrLinkOf(brief)) || `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(name)}`, coupon: brief?.coupon_code || null };
    targets.set(merchantId, target);
    return target;
  };

  const links: SeededLink[] = [];
  for (const [postId, post] of posts) {
    const total = Math.round(post.plays * (0.001 + 0.003 * draw(`visits:${postId}`)));
    if (total <= 0) continue;
    const days = visitDays(post.postedAt, total, now);
    if (days.length === 0) continue;
    const counted = days.reduce((sum, day) => sum + day.visits, 0);
    const redeemed = Math.round(counted * (0.03 + 0.05 * draw(`redeem:${postId}`)));
    const target = await targetOf(post.merchantId);
    links.push({
      code: codeOf(postId),
      merchantId: post.merchantId,
      postId,
      targetUrl: target.url,
      couponCode: target.coupon,
      createdAt: new Date(post.postedAt.getTime() - 3_600_000),
      expiresAt: new Date(post.postedAt.getTime() + 365 * DAY),
      days,
      redemptions: redemptionTimes(days, redeemed, postId, now),
    });
  }
  const written = await seedPostLinks(db, links);
  return { ...written, ms: Date.now() - started };
}

/** A video's visits over the days after it went out, fading (about a third each two days), none after `now`. */
function visitDays(postedAt: Date, total: number, now: Date): { day: string; visits: number }[] {
  const weights = Array.from({ length: TAIL_DAYS }, (_, k) => Math.exp(-k / 2.5));
  const sum = weights.reduce((a, b) => a + b, 0);
  const days: { day: string; visits: number }[] = [];
  weights.forEach((weight, k) => {
    const at = new Date(postedAt.getTime() + k * DAY);
    if (at >= now) return;
    const visits = Math.round((total * weight) / sum);
    if (visits > 0) days.push({ day: at.toISOString().slice(0, 10), visits });
  });
  return days;
}

/** Redemptions spread over the visit days as the visits are, in the shop's afternoon, never after `now`. */
function redemptionTimes(days: { day: string; visits: number }[], count: number, postId: number, now: Date): Date[] {
  const total = days.reduce((sum, day) => sum + day.visits, 0);
  const times: Date[] = [];
  for (let i = 0; i < count; i++) {
    // The i-th of `count` evenly spaced points over the visits, nudged by a draw, falls on a day.
    let rest = ((i + draw(`at:${postId}:${i}`)) / count) * total;
    let chosen = days[days.length - 1]!;
    for (const day of days) {
      if (rest < day.visits) {
        chosen = day;
        break;
      }
      rest -= day.visits;
    }
    const at = new Date(`${chosen.day}T18:00:00Z`);
    at.setUTCMinutes(Math.floor(draw(`min:${postId}:${i}`) * 300));
    if (at < now) times.push(at);
  }
  return times;
}

/**
 * The post's fixed demo code: its id times an odd number modulo 32^8, in the links' alphabet, so
 * two posts never share one and the codes look like the drawn ones.
 */
function codeOf(postId: number): string {
  let value = (BigInt(postId) * 0x9e3779b97f4a7c15n) % 32n ** 8n;
  let code = '';
  for (let i = 0; i < 8; i++) {
    code += CODE_ALPHABET[Number(value % 32n)];
    value /= 32n;
  }
  return code;
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
