import { HOOK_STYLES, scriptBody, type HookStyle } from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AnyJob, JobDefinition, JobQueue } from '../../jobs/queue.js';
import type { BriefService } from './brief-service.js';
import type { Merchants } from './ports.js';
import type { RenderService } from './render-service.js';
import * as repo from './repository.js';
import type { ScriptService } from './script-service.js';

/** A slot of a plan day is made again at most this many times after rejections: three drafts in all. */
export const PLAN_REPLACEMENTS_MAX = 2;
/** The job that replaces a rejected plan draft, away from the studio's request. */
export const PLAN_REPLACE_JOB = 'creative.plan-replace';

interface ReplaceJob {
  renderId: number;
  byId: number | null;
}

/**
 * The plan keeps its promise (docs/decisions/075): a rejected plan draft is made again for its
 * day and slot, with another hook style, script, clip order and music start (its seed, from
 * which the render engine also chooses the look), so the day still has its videos. At most
 * PLAN_REPLACEMENTS_MAX times per slot: a slot rejected three times is the studio's answer.
 */
export class PlanReplacement {
  /** Replacements being made in this process where no queue runs (tests, scripts). */
  private readonly making = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly scripts: ScriptService,
    private readonly renders: RenderService,
    private readonly briefs: BriefService,
    private readonly merchants: Merchants,
    private readonly jobs?: Pick<JobQueue, 'running' | 'send'>,
  ) {}

  /** A draft was rejected: its replacement is made in the background (a script may wait on a model). */
  async afterReject(renderId: number, byId: number | null): Promise<void> {
    const row = await repo.findRender(this.db, renderId);
    if (!row || row.origin !== 'plan' || row.planRound >= PLAN_REPLACEMENTS_MAX) return;
    if (this.jobs?.running) {
      await this.jobs.send(PLAN_REPLACE_JOB, { renderId, byId }, { singletonKey: `plan-replace-${renderId}` });
      return;
    }
    const making: Promise<unknown> = this.replace(renderId, byId)
      .catch(() => null)
      .finally(() => this.making.delete(making));
    this.making.add(making);
  }

  async idle(): Promise<void> {
    while (this.making.size > 0) await Promise.allSettled([...this.making]);
  }

  /**
   * Queues the replacement of a rejected plan draft; null when there is none to make: not a
   * plan draft, not rejected, its slot made three times already, a replacement already made
   * (a job run twice), or the merchant's plan lapsed.
   */
  async replace(renderId: number, byId: number | null): Promise<repo.RenderRow | null> {
    const row = await repo.findRender(this.db, renderId);
    if (!row || row.origin !== 'plan' || row.draft !== 'rejected' || row.planDate === null || row.planSlot === null) return null;
    const round = row.planRound + 1;
    if (round > PLAN_REPLACEMENTS_MAX) return null;
    const slot = await repo.rendersOfPlanSlot(this.db, row.merchantId, row.planDate, row.planSlot);
    if (slot.some((other) => other.planRound >= round)) return null;
    if (!(await this.merchants.factsOf(row.merchantId))?.planActive) return null;

    const language = row.language;
    const rejectedStyle = row.scriptId === null ? undefined : (await repo.findScript(this.db, row.scriptId))?.hookStyle;
    const day = await repo.rendersOfPlanDay(this.db, row.merchantId, row.planDate);
    const dayTitles = day.filter((other) => other.draft !== 'rejected').map((other) => other.script.title);
    const seed = `${row.merchantId}:${row.planDate}:${row.planSlot}:r${round}`;
    const [script] = await this.scripts.write(row.merchantId, { language, count: 1, hookStyle: nextHookStyle(rejectedStyle, round), seed, createdById: byId, dayTitles });
    if (!script) return null;
    const brief = await this.briefs.briefOf(row.merchantId);
    const body = scriptBody.parse(script.body);
    const checked = await this.renders
      .check(row.merchantId, { language, scriptId: script.id, script: body, footageIds: null, voice: brief.voice, music: brief.music, musicFootageId: brief.music_footage_id })
      // A voice the installation lost since the brief chose it: the day still gets its video.
      .catch(() => this.renders.check(row.merchantId, { language, scriptId: script.id, script: body, footageIds: null, voice: 'none', music: 'auto', musicFootageId: null }));
    const [queued] = await this.renders.enqueue([{ ...checked, createdById: byId, origin: 'plan', planDate: row.planDate, planSlot: row.planSlot, planRound: round, seed }]);
    return queued ?? null;
  }

  jobDefinition(log: FastifyBaseLogger): AnyJob {
    const job: JobDefinition<ReplaceJob> = {
      name: PLAN_REPLACE_JOB,
      retryLimit: 2,
      retryDelaySeconds: 30,
      handler: async (data) => {
        try {
          await this.replace(data.renderId, data.byId);
        } catch (error) {
          log.warn({ err: error, render: data.renderId }, 'a rejected plan draft could not be replaced yet');
          throw error;
        }
      },
    };
    return job;
  }
}

/** Another opening than the rejected one's: the next style along, a round further for a second replacement. */
export function nextHookStyle(rejected: HookStyle | undefined, round: number): HookStyle {
  const from = rejected === undefined ? 0 : HOOK_STYLES.indexOf(rejected);
  return HOOK_STYLES[(from + round) % HOOK_STYLES.length]!;
}
