import { addDays, type api, type ApiLanguage, calendarDay, type HookStyle, hourOfDay, type ParsedRequestOf, type Plan, PLAN_DEFAULT_MIX, type ResponseOf, SCRIPT_LANGUAGES, type ScriptBody, scriptBody, type ScriptLanguage } from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import { invalid, rejected } from '../../errors.js';
import type { AnyJob, JobDefinition, JobQueue } from '../../jobs/queue.js';
import type { BriefService } from './brief-service.js';
import { PlanReplacement } from './plan-replacement.js';
import type { DraftService } from './draft-service.js';
import { BAND_BEATS, type LengthBand } from './learning/arms.js';
import type { SlotDecision } from './learning/learner.js';
import { outcomePort } from './learning/outcomes.js';
import { reasonOf } from './learning/reason.js';
import { LearningService } from './learning/service.js';
import type { Merchants } from './ports.js';
import type { RenderOrder, RenderService } from './render-service.js';
import * as repo from './repository.js';
import type { ScriptService } from './script-service.js';
import { distinctTitles } from './script-variety.js';

type Api = (typeof api)['creative'];

/** Where a plan has never been saved: off, the spec's five a day (2 en, 2 es, 1 zh), the studio reviewing. */
const DEFAULT_RUN_HOUR = 7;
/** How long a run holds a day it is making (its scripts may come from a slow language model). */
const DAY_CLAIM_MS = 10 * 60_000;
/** Days after the merchant's today a run may be asked for: a week's plan ahead, not a year's. */
export const PLAN_RUN_DAYS_AHEAD = 7;
/** The job that makes a day asked for over the API, away from the request. */
export const PLAN_RUN_JOB = 'creative.plan-run';

interface PlanRunJob {
  merchantId: number;
  day: string;
  byId: number | null;
}

/** Acts in an account's name for background work (the plan's own approvals), null once it may not. */
export type ActingAs = (accountId: number) => Promise<Caller | null>;

/**
 * The daily plan (docs/decisions/051): per merchant, how many videos a day in which languages,
 * made each morning in the merchant's time zone as drafts. A day runs once per merchant however
 * often it is asked for (creative_plan_days, and one render per slot of the day).
 */
export class PlanService {
  constructor(
    private readonly db: Db,
    private readonly briefs: BriefService,
    private readonly scripts: ScriptService,
    private readonly renders: RenderService,
    private readonly drafts: DraftService,
    private readonly merchants: Merchants,
    private readonly actingAs: ActingAs,
    private readonly now: () => Date = () => new Date(),
    private readonly jobs?: Pick<JobQueue, 'running' | 'send'>,
    learning?: LearningService,
  ) {
    this.replacements = new PlanReplacement(db, scripts, renders, briefs, merchants, jobs);
    this.learning = learning ?? new LearningService(db, briefs, outcomePort(db, async (merchantId) => (await briefs.briefOf(merchantId)).category, now));
  }

  /** What each slot of a day takes: hook style, look, length band and posting hour (docs/decisions/085). */
  readonly learning: LearningService;

  /** Rejected plan drafts made again, so a day keeps its videos (docs/decisions/075). */
  readonly replacements: PlanReplacement;

  /** Days being made in this process where no queue runs (a test app, a script): `idle` waits for them. */
  private readonly making = new Set<Promise<void>>();

  async get(caller: Caller, merchantId: number): Promise<Plan> {
    await this.briefs.assertVisible(caller, merchantId);
    return this.planOf(merchantId);
  }

  async planOf(merchantId: number): Promise<Plan> {
    const [row, facts, last] = await Promise.all([repo.findPlan(this.db, merchantId), this.merchants.factsOf(merchantId), repo.lastPlanDay(this.db, merchantId)]);
    const timeZone = facts?.timeZone ?? 'UTC';
    if (!row) {
      const mix = { ...PLAN_DEFAULT_MIX };
      return { merchant_id: merchantId, enabled: false, mix, per_day: sum(mix), studio_review: true, merchant_approval: false, run_hour: DEFAULT_RUN_HOUR, time_zone: timeZone, last_run_date: last, update_time: null };
    }
    const mix = { en: row.mixEn, es: row.mixEs, zh: row.mixZh };
    return {
      merchant_id: merchantId,
      enabled: row.enabled,
      mix,
      per_day: sum(mix),
      studio_review: row.studioReview,
      merchant_approval: row.merchantApproval,
      run_hour: row.runHour,
      time_zone: timeZone,
      last_run_date: last,
      update_time: row.updatedAt.toISOString(),
    };
  }

  async update(caller: Caller, body: ParsedRequestOf<Api['planUpdate']>): Promise<Plan> {
    await this.briefs.assertVisible(caller, body.merchant_id);
    const current = await this.planOf(body.merchant_id);
    const mix = body.mix ?? current.mix;
    await repo.upsertPlan(this.db, {
      merchantId: body.merchant_id,
      enabled: body.enabled ?? current.enabled,
      mixEn: mix.en,
      mixEs: mix.es,
      mixZh: mix.zh,
      studioReview: body.studio_review ?? current.studio_review,
      merchantApproval: body.merchant_approval ?? current.merchant_approval,
      runHour: body.run_hour ?? current.run_hour,
      timeZone: current.time_zone,
      updatedById: caller.id,
    });
    return this.planOf(body.merchant_id);
  }

  /**
   * A day's videos asked for now. The request only claims the day (so of two at once, one makes
   * it) and hands the making to a job: scripts may wait on a language model, which the request
   * must not (it answers `preparing`, and the renders appear as the job queues them). Only today
   * and the next PLAN_RUN_DAYS_AHEAD days in the merchant's time zone: a run for any day of any
   * year would fill the render queue with videos nobody posts.
   */
  async run(caller: Caller, body: ParsedRequestOf<Api['planRun']>, lang: ApiLanguage): Promise<ResponseOf<Api['planRun']>> {
    await this.briefs.assertVisible(caller, body.merchant_id);
    const facts = await this.merchants.factsOf(body.merchant_id);
    // A merchant whose plan lapsed gets no videos made, by hand or in the morning.
    if (!facts?.planActive) throw rejected('creative.plan_inactive');
    const today = calendarDay(this.now(), facts.timeZone);
    const last = addDays(today, PLAN_RUN_DAYS_AHEAD);
    if (body.date < today || body.date > last) throw invalid({ date: { key: 'creative.plan_date_window', params: { from: today, to: last } } });
    const now = this.now();
    const created = await repo.claimPlanDay(this.db, body.merchant_id, body.date, now, new Date(now.getTime() + DAY_CLAIM_MS));
    if (created) await this.makeLater({ merchantId: body.merchant_id, day: body.date, byId: caller.id });
    const [rows, state] = await Promise.all([repo.rendersOfPlanDay(this.db, body.merchant_id, body.date), repo.planDayState(this.db, body.merchant_id, body.date)]);
    return {
      merchant_id: body.merchant_id,
      date: body.date,
      created,
      preparing: state !== null && state.completedAt === null,
      renders: await Promise.all(rows.map((row) => this.renders.present(row, lang, caller))),
    };
  }

  /** Waits for the days this process is making without a queue (tests, a script's own run). */
  async idle(): Promise<void> {
    while (this.making.size > 0) await Promise.allSettled([...this.making]);
    await this.replacements.idle();
  }

  private async makeLater(job: PlanRunJob): Promise<void> {
    if (this.jobs?.running) {
      await this.jobs.send(PLAN_RUN_JOB, job, { singletonKey: `plan-${job.merchantId}-${job.day}` });
      return;
    }
    const making: Promise<void> = this.makeDay(job.merchantId, job.day, job.byId)
      .catch(() => repo.releasePlanDay(this.db, job.merchantId, job.day))
      .finally(() => this.making.delete(making));
    this.making.add(making);
  }

  /**
   * Makes a merchant's day: its scripts, written to differ from each other and from the last 30
   * days', and one render per slot, queued. A day that already ran, or that another run is
   * making now, makes nothing (false); a day cut short (a run that died between its scripts and
   * its renders) is finished once that run's claim has passed, its slots unique.
   */
  async runDay(merchantId: number, day: string, byId: number | null): Promise<boolean> {
    const now = this.now();
    if (!(await repo.claimPlanDay(this.db, merchantId, day, now, new Date(now.getTime() + DAY_CLAIM_MS)))) return false;
    await this.makeDay(merchantId, day, byId);
    return true;
  }

  /**
   * The making of a day whose claim this run holds. The learner chooses each slot's hook style,
   * look, length band and posting hour (docs/decisions/085); the scripts are written one call per
   * language and hook style, all side by side: a language model that does not answer costs the
   * run its timeout once, not once per call (each writer stops asking after its first timeout).
   */
  private async makeDay(merchantId: number, day: string, byId: number | null): Promise<void> {
    const plan = await this.planOf(merchantId);
    const existing = await repo.rendersOfPlanDay(this.db, merchantId, day);
    const slots = slotLanguages(plan.mix);
    const missing = slots.map((language, slot) => ({ language, slot })).filter(({ slot }) => !existing.some((row) => row.planSlot === slot));
    if (missing.length === 0) {
      await repo.completePlanDay(this.db, merchantId, day);
      return;
    }
    const brief = await this.briefs.briefOf(merchantId);
    const decisions = await this.learning.chooseDay(merchantId, day, slots);
    const dayTitles = existing.map((row) => (row.script as { title: string }).title);
    const groups = new Map<string, { language: ScriptLanguage; hookStyle: HookStyle; items: { slot: number; decision: SlotDecision }[] }>();
    for (const { language, slot } of missing) {
      const decision = decisions[slot]!;
      const key = `${language}:${decision.choice.hook}`;
      const group = groups.get(key) ?? { language, hookStyle: decision.choice.hook, items: [] };
      group.items.push({ slot, decision });
      groups.set(key, group);
    }
    const written = await Promise.all(
      [...groups.values()].map(async (group) => ({
        ...group,
        scripts: await this.scripts.write(merchantId, {
          language: group.language,
          count: group.items.length,
          hookStyle: group.hookStyle,
          seed: `${merchantId}:${day}:${group.language}:${group.hookStyle}`,
          createdById: byId,
          dayTitles,
        }),
      })),
    );
    const titles = dayDistinctTitles(existing, written);
    const orders: RenderOrder[] = [];
    for (const { language, items, scripts } of written) {
      for (const [index, { slot, decision }] of items.entries()) {
        const script = scripts[index];
        if (!script) continue;
        const body = fitBand({ ...scriptBody.parse(script.body), title: titles.get(script.id) ?? script.body.title }, decision.choice.length);
        const checked = await this.renders
          .check(merchantId, { language, scriptId: script.id, script: body, footageIds: null, voice: brief.voice, music: brief.music, musicFootageId: brief.music_footage_id })
          // A voice the installation lost since the brief chose it: the day still gets its videos.
          .catch(() => this.renders.check(merchantId, { language, scriptId: script.id, script: body, footageIds: null, voice: 'none', music: 'auto', musicFootageId: null }));
        // The writer may open another way than asked (no line of that kind for the shop): the draft tells what it got.
        const hookStyle = script.hookStyle;
        const told = hookStyle === decision.choice.hook ? decision : { ...decision, choice: { ...decision.choice, hook: hookStyle }, why: { ...decision.why, hook: { kind: 'learning' as const } } };
        orders.push({
          ...checked,
          createdById: byId,
          origin: 'plan',
          planDate: day,
          planSlot: slot,
          seed: `${merchantId}:${day}:${slot}`,
          learning: { hookStyle, look: told.choice.look, lengthBand: told.choice.length, hour: told.choice.hour, reason: reasonOf(told) },
        });
      }
    }
    await this.renders.enqueue(orders);
    await repo.completePlanDay(this.db, merchantId, day);
  }

  /**
   * The morning run: every enabled plan whose merchant has reached its run hour today and has
   * not run today yet. Checked every quarter hour, so each time zone's morning is met.
   */
  async runDue(now = this.now(), log?: FastifyBaseLogger): Promise<number> {
    let ran = 0;
    for (const plan of await repo.enabledPlans(this.db)) {
      const facts = await this.merchants.factsOf(plan.merchantId);
      if (!facts?.planActive) continue;
      const zone = facts.timeZone;
      if (hourOfDay(now, zone) < plan.runHour) continue;
      const day = calendarDay(now, zone);
      try {
        if (await this.runDay(plan.merchantId, day, null)) ran += 1;
      } catch (error) {
        log?.warn({ err: error, merchant: plan.merchantId, day }, 'a daily plan could not run; the next check tries again');
      }
    }
    return ran;
  }

  /**
   * A finished render of a plan that asks for no studio review becomes a post at once, in the
   * name of whoever switched the review off (while that account may still act for the merchant).
   */
  async afterRender(renderId: number): Promise<void> {
    const row = await repo.findRender(this.db, renderId);
    if (!row || row.origin !== 'plan' || row.state !== 'done' || row.draft !== 'pending') return;
    const plan = await repo.findPlan(this.db, row.merchantId);
    if (!plan || plan.studioReview || plan.updatedById === null) return;
    const caller = await this.actingAs(plan.updatedById);
    if (!caller || !(await repo.merchantVisible(this.db, caller, row.merchantId))) return;
    await this.drafts.approveRow(caller, row, { platforms: null, scheduleAt: undefined, requireApproval: plan.merchantApproval });
  }

  /** Whether a merchant's posts from drafts wait for its approval (its plan says). */
  async requireApproval(merchantId: number): Promise<boolean> {
    const plan = await repo.findPlan(this.db, merchantId);
    return plan?.merchantApproval ?? false;
  }

  jobDefinitions(log: FastifyBaseLogger): AnyJob[] {
    const daily: JobDefinition<Record<string, never>> = {
      name: 'creative.plan-daily',
      schedule: '*/15 * * * *',
      policy: 'stately',
      handler: async () => {
        await this.runDue(this.now(), log);
      },
    };
    const make: JobDefinition<PlanRunJob> = {
      name: PLAN_RUN_JOB,
      // Not retried: a run that failed releases its day, which is then asked for again (or made
      // by the morning job) at once rather than after the claim's ten minutes.
      retryLimit: 0,
      handler: async (job) => {
        try {
          await this.makeDay(job.merchantId, job.day, job.byId);
        } catch (error) {
          log.warn({ err: error, merchant: job.merchantId, day: job.day }, 'a plan run could not make its day');
          await repo.releasePlanDay(this.db, job.merchantId, job.day).catch(() => {});
          throw error;
        }
      },
    };
    return [daily, make, this.replacements.jobDefinition(log)];
  }
}

/**
 * The titles of a day's new scripts, distinct from each other and from the day's drafts: a
 * language's hook styles are written side by side, so one call's own care (distinctTitles) does
 * not reach across them. Earlier drafts keep their titles; a later script's repeat gets the
 * language's numbered suffix.
 */
function dayDistinctTitles(existing: readonly repo.RenderView[], written: readonly { language: ScriptLanguage; scripts: readonly repo.ScriptRow[] }[]): Map<number, string> {
  type Batch = Parameters<typeof distinctTitles>[0];
  const entry = (title: string) => ({ body: { title } }) as unknown as Batch[number];
  const titles = new Map<number, string>();
  for (const language of SCRIPT_LANGUAGES) {
    const before = existing.filter((row) => row.language === language).map((row) => entry((row.script as { title: string }).title));
    const fresh = written.filter((group) => group.language === language).flatMap((group) => group.scripts);
    const out = distinctTitles([...before, ...fresh.map((script) => entry(script.body.title))], language, new Set());
    fresh.forEach((script, index) => titles.set(script.id, out[before.length + index]!.body.title));
  }
  return titles;
}

/**
 * A script cut to its length band's beats (three for short, four for medium; long as written):
 * the first beats and the last (the last leads into the call to action).
 */
export function fitBand(body: ScriptBody, band: LengthBand): ScriptBody {
  const keep = BAND_BEATS[band];
  if (keep === null || body.beats.length <= keep) return body;
  return { ...body, beats: [...body.beats.slice(0, keep - 1), body.beats.at(-1)!] };
}

function sum(mix: Record<ScriptLanguage, number>): number {
  return mix.en + mix.es + mix.zh;
}

/**
 * The day's slots in posting order, the languages interleaved (en, es, zh, en, es for the
 * default mix) so that one language's videos do not all go out back to back.
 */
export function slotLanguages(mix: Record<ScriptLanguage, number>): ScriptLanguage[] {
  const left = { ...mix };
  const out: ScriptLanguage[] = [];
  while (out.length < sum(mix)) {
    for (const language of SCRIPT_LANGUAGES) {
      if (left[language] > 0) {
        out.push(language);
        left[language] -= 1;
      }
    }
  }
  return out;
}
