import { LEARNING_ARMS, LEARNING_DIMENSIONS, type LearningDimension, type LearningSettings, type ParsedRequestOf, type api, type ScriptLanguage } from '@nearcast/contract';
import type { Caller } from '../../../access/caller.js';
import type { Db } from '../../../db/client.js';
import type { BriefService } from '../brief-service.js';
import { addDays } from '../draft-service.js';
import type { Dimension, OutcomePort, PinsBans, SlotChoice } from './arms.js';
import { chooseDay, DEFAULT_LEARNER, type LearnerSettings, type SlotDecision } from './learner.js';
import * as repo from './repository.js';

type Api = (typeof api)['creative'];

/** The wire's names of the dimensions and the learner's. */
const INTERNAL: Record<LearningDimension, Dimension> = { hook_style: 'hook', look: 'look', length_band: 'length', posting_hour: 'hour' };

/**
 * The plan that learns (docs/decisions/085): the studio's pins and bans per merchant (staff and
 * the merchant's studio set them, its operator reads them), and the day's choices for the plan.
 */
export class LearningService {
  constructor(
    private readonly db: Db,
    private readonly briefs: Pick<BriefService, 'assertVisible' | 'briefOf'>,
    private readonly outcomes: OutcomePort,
    private readonly learner: LearnerSettings = DEFAULT_LEARNER,
    private readonly log?: { warn: (object: object, message: string) => void },
  ) {}

  async get(caller: Caller, merchantId: number): Promise<LearningSettings> {
    await this.briefs.assertVisible(caller, merchantId);
    return this.present(merchantId);
  }

  async set(caller: Caller, body: ParsedRequestOf<Api['learningSet']>): Promise<LearningSettings> {
    await this.briefs.assertVisible(caller, body.merchant_id);
    const pins = Object.fromEntries(Object.entries(body.pins).filter(([, arm]) => arm !== undefined)) as Record<string, string>;
    const bans = Object.fromEntries(Object.entries(body.bans).filter(([, arms]) => arms !== undefined && arms.length > 0)) as Record<string, string[]>;
    await repo.saveSettings(this.db, { merchantId: body.merchant_id, pins, bans, updatedById: caller.id });
    return this.present(body.merchant_id);
  }

  private async present(merchantId: number): Promise<LearningSettings> {
    const row = await repo.findSettings(this.db, merchantId);
    return {
      merchant_id: merchantId,
      pins: row?.pins ?? {},
      bans: row?.bans ?? {},
      arms: { hook_style: [...LEARNING_ARMS.hook_style], look: [...LEARNING_ARMS.look], length_band: [...LEARNING_ARMS.length_band], posting_hour: [...LEARNING_ARMS.posting_hour] },
      update_time: row?.updatedAt.toISOString() ?? null,
    };
  }

  /** The studio's pins and bans in the learner's terms (a stored arm the contract no longer knows is dropped). */
  async settingsOf(merchantId: number): Promise<PinsBans> {
    const row = await repo.findSettings(this.db, merchantId);
    const out: PinsBans = { pins: {}, bans: {} };
    for (const dimension of LEARNING_DIMENSIONS) {
      const known = LEARNING_ARMS[dimension];
      const pin = row?.pins[dimension];
      if (pin !== undefined && known.includes(pin)) out.pins[INTERNAL[dimension]] = pin;
      const bans = (row?.bans[dimension] ?? []).filter((arm) => known.includes(arm));
      if (bans.length > 0) out.bans[INTERNAL[dimension]] = bans;
    }
    return out;
  }

  /**
   * Every slot of a merchant's day, chosen from its results, its category's and the studio's
   * pins and bans. Results that cannot be read leave the day to the priors and the floor: a
   * plan still makes its videos.
   */
  async chooseDay(merchantId: number, day: string, languages: readonly ScriptLanguage[]): Promise<SlotDecision[]> {
    const [settings, brief, recent] = await Promise.all([
      this.settingsOf(merchantId),
      this.briefs.briefOf(merchantId),
      repo.recentPlanChoices(this.db, merchantId, addDays(day, -this.learner.exploreDays)),
    ]);
    // An opening on the offer with no offer to open on is no choice at all (unless the studio pinned it).
    if (!brief.offer.en && !brief.offer.es && !brief.offer.zh && settings.pins.hook !== 'offer_first') {
      settings.bans.hook = [...new Set([...(settings.bans.hook ?? []), 'offer_first'])];
    }
    let evidence: Awaited<ReturnType<OutcomePort>> = { own: [], pool: [] };
    try {
      evidence = await this.outcomes(merchantId);
    } catch (error) {
      this.log?.warn({ err: error, merchant: merchantId }, 'the plan could not read its results; the day is chosen from the priors');
    }
    return chooseDay(
      {
        day,
        languages,
        own: evidence.own,
        pool: evidence.pool,
        settings,
        recent: recent
          .filter((row) => row.day !== day)
          .map((row) => ({ day: row.day, choice: { hook: row.learning.hookStyle, look: row.learning.look, length: row.learning.lengthBand, hour: row.learning.hour } as SlotChoice })),
        seed: `learn:${merchantId}:${day}`,
      },
      this.learner,
    );
  }
}
