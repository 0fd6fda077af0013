import { addDays, api, calendarDay, type Render, type ScriptLanguage } from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../access/caller.js';
import * as accountsRepo from '../modules/account/repository.js';
import type { Services } from '../composition/services.js';
import { DEMO_LOGO_MATERIAL } from './material-library.js';

/**
 * The demo's production line (docs/decisions/047–051): five merchants with a creative brief and
 * a daily plan, set up by their studios, and client@'s plan run for real at the first start (with
 * the day of two more of studio@'s merchants, a café and a barbershop, when the demo network made
 * them), so the studio's review queue opens on today's videos rendering and then done, with
 * client@'s yesterday behind them (two of its drafts decided, one into a post, one turned down).
 *
 * Nothing here writes a render row: every render is queued through the plan service and made by
 * the render engine in the background, so a done render always has a real, playable output
 * material. That costs minutes of ffmpeg after the start (sixteen videos, one at a time on two cores),
 * which is why the server starts it after it is listening and never waits for it.
 */

interface DemoBrief {
  email: string;
  /** Fields of /v1/creative/brief/update, as the studio would send them. */
  brief: Record<string, unknown>;
  /** Fields of /v1/creative/plan/update. */
  plan: { enabled: boolean; mix: Record<ScriptLanguage, number>; studio_review: boolean; merchant_approval: boolean; run_hour: number };
  /** Whether its logo is an image of its material library (only client@ has a library). */
  logo: boolean;
  /** Besides client@'s, whose plan day runs for today at the first start. */
  runToday?: boolean;
}

export const DEMO_MERCHANT = 'client@example.com';

export const DEMO_BRIEFS: DemoBrief[] = [
  {
    email: DEMO_MERCHANT,
    brief: {
      category: 'restaurant',
      phone: '(213) 555-0123',
      // Each language's videos read their own words (docs/decisions/077).
      hours: { en: 'Mon–Sat 11 am – 10 pm', es: 'Lun–Sáb 11:00–22:00', zh: '周一至周六 上午11点–晚上10点' },
      offer: { en: 'Taco Tuesday: two tacos for $5', es: 'Martes de tacos: dos tacos por $5', zh: '周二塔可日：两个塔可只要5美元' },
      call_to_action: { en: 'Order at the counter or call ahead', es: 'Pide en el mostrador o llama antes', zh: '到店点餐或提前来电' },
      tone: 'energetic',
      brand_colors: { primary: '#b91c1c', accent: '#facc15' },
      music: 'upbeat',
      voice: 'none',
      languages: ['en', 'es', 'zh'],
    },
    // The spec's day: five videos, two in English, two in Spanish, one in Chinese; the studio reviews each.
    plan: { enabled: true, mix: { en: 2, es: 2, zh: 1 }, studio_review: true, merchant_approval: false, run_hour: 7 },
    logo: true,
  },
  {
    // Two more of studio@'s merchants with their own drawn libraries, whose plans also run at the
    // first start: the studio's review queue opens on the day of three merchants.
    email: 'mariachi.plaza.cafe@example.com',
    brief: {
      category: 'cafe',
      phone: '(323) 555-0147',
      hours: { en: 'Daily 7 am – 4 pm', es: 'Todos los días 7:00–16:00', zh: '' },
      offer: { en: 'Free pan dulce with any latte before 9', es: 'Pan dulce gratis con tu latte antes de las 9', zh: '' },
      call_to_action: { en: 'Stop by for your morning coffee', es: 'Pasa por tu café de la mañana', zh: '' },
      tone: 'calm',
      brand_colors: { primary: '#14532d', accent: '#fbbf24' },
      music: 'auto',
      voice: 'none',
      languages: ['en', 'es'],
    },
    plan: { enabled: true, mix: { en: 2, es: 1, zh: 0 }, studio_review: true, merchant_approval: false, run_hour: 6 },
    logo: false,
    runToday: true,
  },
  {
    email: 'sunset.barbers@example.com',
    brief: {
      category: 'beauty',
      phone: '(323) 555-0199',
      hours: { en: 'Tue–Sun 10 am – 8 pm', es: 'Mar–Dom 10:00–20:00', zh: '' },
      offer: { en: 'Fade and beard trim for $35 this week', es: 'Degradado y barba por $35 esta semana', zh: '' },
      call_to_action: { en: 'Book your chair online', es: 'Reserva tu silla en línea', zh: '' },
      tone: 'premium',
      brand_colors: { primary: '#1e3a8a', accent: '#ef4444' },
      music: 'auto',
      voice: 'none',
      languages: ['en', 'es'],
    },
    plan: { enabled: true, mix: { en: 2, es: 1, zh: 0 }, studio_review: true, merchant_approval: false, run_hour: 9 },
    logo: false,
    runToday: true,
  },
  {
    // Another of studio@'s merchants: set up, not switched on yet.
    email: 'golden.dumpling.house@example.com',
    brief: {
      category: 'restaurant',
      hours: { en: 'Daily 10 am – 9 pm', es: '', zh: '每天 上午10点–晚上9点' },
      offer: { en: 'Free pork buns with any order over $30', es: '', zh: '消费满30美元送猪肉包' },
      call_to_action: { en: 'Book a table for the weekend', es: '', zh: '周末订座' },
      tone: 'friendly',
      brand_colors: { primary: '#7f1d1d', accent: '#fbbf24' },
      music: 'warm',
      voice: 'none',
      languages: ['en', 'zh'],
    },
    plan: { enabled: false, mix: { en: 2, es: 0, zh: 2 }, studio_review: true, merchant_approval: true, run_hour: 8 },
    logo: false,
  },
  {
    // Bayou Video Lab's, in Houston: another studio, another time zone, and a plan that posts
    // without the studio's review but asks the merchant first. Paused, like the one above.
    email: 'bellaire.dance.academy@example.com',
    brief: {
      category: 'fitness',
      hours: { en: 'Mon–Fri 3 – 9 pm, Sat 9 am – 2 pm', es: 'Lun–Vie 15:00–21:00, Sáb 9:00–14:00', zh: '' },
      offer: { en: 'Your first class is free', es: 'Tu primera clase es gratis', zh: '' },
      call_to_action: { en: 'Book a free trial class', es: 'Reserva una clase de prueba gratis', zh: '' },
      tone: 'playful',
      brand_colors: { primary: '#6d28d9', accent: '#22d3ee' },
      music: 'upbeat',
      voice: 'none',
      languages: ['en', 'es'],
    },
    plan: { enabled: false, mix: { en: 2, es: 1, zh: 0 }, studio_review: false, merchant_approval: true, run_hour: 9 },
    logo: false,
  },
];

/** The studio's word on the draft it turns down (kept on the draft for whoever made it). */
export const DEMO_REJECT_REASON = 'Too close to last week’s video: lead with the Taco Tuesday deal instead.';

export interface ProductionSeedSummary {
  briefs: number;
  plans: number;
  merchantId: number;
  studioId: number;
  /** client@'s plan days queued now: today, then yesterday (history). */
  today: string;
  yesterday: string;
  renders: number;
  ms: number;
}

/** The merchant's studio, acting as itself (as it would through the API). */
async function studioOf(services: Services, merchant: { studioId: number | null }): Promise<Caller | null> {
  return merchant.studioId === null ? null : services.accounts.actingAs(merchant.studioId);
}

/**
 * Once, on a database whose demo merchant's brief was never saved: the three briefs and plans,
 * through the same services (and contract) the studio's requests go through, then client@'s
 * plan days queued, today's first so they render first. Null when there is nothing to do.
 */
export async function seedDemoProduction(services: Services, now = new Date()): Promise<ProductionSeedSummary | null> {
  const started = Date.now();
  const { db } = services.database;
  const merchant = await accountsRepo.findAccountByEmail(db, DEMO_MERCHANT);
  if (!merchant) return null;
  if ((await services.creativeBriefs.briefOf(merchant.id)).update_time !== null) return null;
  const studio = await studioOf(services, merchant);
  if (!studio) return null;

  let briefs = 0;
  const alsoToday: number[] = [];
  for (const demo of DEMO_BRIEFS) {
    const row = demo.email === DEMO_MERCHANT ? merchant : await accountsRepo.findAccountByEmail(db, demo.email);
    // The other two belong to the demo network (DEMO_NETWORK=0 leaves them out).
    const caller = row && (await studioOf(services, row));
    if (!row || !caller) continue;
    const logo = demo.logo ? await logoOf(services, row.id) : null;
    await services.creativeBriefs.update(
      caller,
      api.creative.briefUpdate.request.parse({ merchant_id: row.id, ...demo.brief, ...(logo === null ? {} : { logo_footage_id: logo }) }),
    );
    await services.creativePlans.update(caller, api.creative.planUpdate.request.parse({ merchant_id: row.id, ...demo.plan }));
    if (demo.runToday) alsoToday.push(row.id);
    briefs += 1;
  }

  // Today in the merchant's time, as the morning run would see it, then the day before.
  const { time_zone: zone } = await services.creativePlans.planOf(merchant.id);
  const today = calendarDay(now, zone);
  const yesterday = addDays(today, -1);
  await services.creativePlans.runDay(merchant.id, today, null);
  await services.creativePlans.runDay(merchant.id, yesterday, null);
  // The other merchants' today, after client@'s two days (the fair claim interleaves them).
  for (const merchantId of alsoToday) {
    const { time_zone: theirs } = await services.creativePlans.planOf(merchantId);
    await services.creativePlans.runDay(merchantId, calendarDay(now, theirs), null);
  }
  const renders = (await dayOf(services, studio, merchant.id, today)).length + (await dayOf(services, studio, merchant.id, yesterday)).length;
  return { briefs, plans: briefs, merchantId: merchant.id, studioId: studio.id, today, yesterday, renders, ms: Date.now() - started };
}

/** The image of the demo library meant for the end card, else any image; null without one. */
async function logoOf(services: Services, merchantId: number): Promise<number | null> {
  const images = await services.material.libraryOf(merchantId, ['image'], 24);
  return (images.find((item) => item.name === DEMO_LOGO_MATERIAL) ?? images[0])?.id ?? null;
}

async function dayOf(services: Services, caller: Caller, merchantId: number, day: string): Promise<Render[]> {
  const { list } = await services.creativeRenders.list(caller, api.creative.renderList.request.parse({ merchant_id: merchantId, date: day, page_size: 100 }), 'en');
  return list.sort((a, b) => a.id - b.id);
}

export interface HistoryDecisions {
  approved: number;
  postId: number;
  rejected: number;
}

/**
 * The studio's decisions on the history day, once two of its drafts are really done: the first
 * approved into a post (through the video module, at the merchant's next posting hour), the
 * second turned down with a reason. Waits while renders of that day are still to be made and
 * `keepWaiting` says so; null when someone decided first, or the day ended without two drafts.
 */
export async function decideDemoHistory(
  services: Services,
  options: { merchantId: number; studioId: number; day: string; pollMs?: number; keepWaiting?: () => boolean },
): Promise<HistoryDecisions | null> {
  const studio = await services.accounts.actingAs(options.studioId);
  if (!studio) return null;
  // Not forever: a process whose renders nobody makes (no render worker anywhere) stops asking.
  const until = Date.now() + 3 * 3600_000;
  const keepWaiting = options.keepWaiting ?? (() => services.jobs.running && Date.now() < until);
  for (;;) {
    const day = await dayOf(services, studio, options.merchantId, options.day);
    const done = day.filter((render) => render.state === 'done');
    if (done.some((render) => render.draft !== 'pending')) return null;
    if (done.length >= 2) {
      const [approve, reject] = done as [Render, Render];
      const approved = await services.creativeDrafts.approve(studio, api.creative.draftApprove.request.parse({ id: approve.id }), 'en');
      await services.creativeDrafts.reject(studio, api.creative.draftReject.request.parse({ id: reject.id, reason: DEMO_REJECT_REASON }), 'en');
      return { approved: approve.id, postId: approved.post_id!, rejected: reject.id };
    }
    const open = day.some((render) => render.state === 'queued' || render.state === 'rendering');
    if (!open || !keepWaiting()) return null;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 5_000));
  }
}

/**
 * The server's background step at start-up (after the material library, whose clips and logo
 * the renders use): seeds the production line once and then waits, while the queue runs, to
 * decide two of the history day's drafts. Never throws; it logs.
 */
export async function startDemoProduction(services: Services, log: FastifyBaseLogger): Promise<void> {
  try {
    const seeded = await seedDemoProduction(services);
    if (!seeded) return;
    log.info(
      seeded,
      `seeded the demo production line in ${seeded.ms} ms: ${seeded.briefs} briefs and plans, ${seeded.renders} renders of ${DEMO_MERCHANT}'s plan (${seeded.today} and ${seeded.yesterday}) rendering in the background`,
    );
    const decided = await decideDemoHistory(services, { merchantId: seeded.merchantId, studioId: seeded.studioId, day: seeded.yesterday });
    if (decided) log.info(decided, `decided two of the demo's ${seeded.yesterday} drafts: one approved into post ${decided.postId}, one turned down`);
  } catch (error) {
    // A stopping server closes the database under this step; anything else is worth a word.
    if (services.jobs.running) log.warn({ err: error }, 'could not seed the demo production line');
  }
}
