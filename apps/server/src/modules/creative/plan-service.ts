import { PLAN_DEFAULT_MIX, SCRIPT_LANGUAGES, scriptBody, type api, type ApiLanguage, type ParsedRequestOf, type Plan, type ResponseOf, type ScriptLanguage } from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import { rejected } from '../../errors.js';
import type { JobDefinition } from '../../jobs/queue.js';
import type { BriefService } from './brief-service.js';
import { localDate, localHour, type DraftService } from './draft-service.js';
import type { Merchants } from './ports.js';
import type { RenderOrder, RenderService } from './render-service.js';
import * as repo from './repository.js';
import type { ScriptService } from './script-service.js';

type Api = (typeof api)['creative'];

/** Where a plan has never been saved: off, the spec's five a day (2 en, 2 es, 1 zh), the studio reviewing. */
const DEFAULT_RUN_HOUR = 7;
/** How long a run holds a day it is making (its scripts may come from a slow language model). */
const DAY_CLAIM_MS = 10 * 60_000;

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
  ) {}

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

  async run(caller: Caller, body: ParsedRequestOf<Api['planRun']>, lang: ApiLanguage): Promise<ResponseOf<Api['planRun']>> {
    await this.briefs.assertVisible(caller, body.merchant_id);
    // A merchant whose plan lapsed gets no videos made, by hand or in the morning.
    if (!(await this.merchants.factsOf(body.merchant_id))?.planActive) throw rejected('creative.plan_inactive');
    const created = await this.runDay(body.merchant_id, body.date, caller.id);
    const rows = await repo.rendersOfPlanDay(this.db, body.merchant_id, body.date);
    return { merchant_id: body.merchant_id, date: body.date, created, renders: await Promise.all(rows.map((row) => this.renders.present(row, lang))) };
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
    const plan = await this.planOf(merchantId);
    const existing = await repo.rendersOfPlanDay(this.db, merchantId, day);
    const slots = slotLanguages(plan.mix);
    const missing = slots.map((language, slot) => ({ language, slot })).filter(({ slot }) => !existing.some((row) => row.planSlot === slot));
    const brief = await this.briefs.briefOf(merchantId);
    const orders: RenderOrder[] = [];
    for (const language of SCRIPT_LANGUAGES) {
      const wanted = missing.filter((item) => item.language === language);
      if (wanted.length === 0) continue;
      const scripts = await this.scripts.write(merchantId, { language, count: wanted.length, seed: `${merchantId}:${day}:${language}`, createdById: byId });
      for (const [index, item] of wanted.entries()) {
        const script = scripts[index];
        if (!script) continue;
        const checked = await this.renders
          .check(merchantId, {
            language,
            scriptId: script.id,
            script: scriptBody.parse(script.body),
            footageIds: null,
            voice: brief.voice,
            music: brief.music,
            musicFootageId: brief.music_footage_id,
          })
          // A voice the installation lost since the brief chose it: the day still gets its videos.
          .catch(() =>
            this.renders.check(merchantId, { language, scriptId: script.id, script: scriptBody.parse(script.body), footageIds: null, voice: 'none', music: 'auto', musicFootageId: null }),
          );
        orders.push({ ...checked, createdById: byId, origin: 'plan', planDate: day, planSlot: item.slot, seed: `${merchantId}:${day}:${item.slot}` });
      }
    }
    await this.renders.enqueue(orders);
    await repo.completePlanDay(this.db, merchantId, day);
    return true;
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
      if (localHour(now, zone) < plan.runHour) continue;
      const day = localDate(now, zone);
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

  jobDefinitions(log: FastifyBaseLogger): JobDefinition<never>[] {
    const daily: JobDefinition<Record<string, never>> = {
      name: 'creative.plan-daily',
      schedule: '*/15 * * * *',
      policy: 'stately',
      handler: async () => {
        await this.runDue(this.now(), log);
      },
    };
    return [daily as JobDefinition<never>];
  }
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
