import { addDays, type api, type ApiLanguage, calendarDay, instantOfWallClock, type ParsedRequestOf, type Render, type ScriptBody } from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import { conflict, notFound, rejected } from '../../errors.js';
import type { BriefService } from './brief-service.js';
import type { Materials, Merchants, Posts } from './ports.js';
import type { RenderService } from './render-service.js';
import * as repo from './repository.js';

type Api = (typeof api)['creative'];

/**
 * The hours (merchant's time) at which approved drafts go out: the morning, lunch, the
 * afternoon, the evening peak and late evening. Short-video audiences of local businesses peak
 * around meals and after work. Each draft takes the earliest hour still free.
 */
export const POSTING_HOURS = [9, 12, 15, 18.5, 20.5] as const;
/** A slot closer than this is too soon to take (approval links, processing). */
const SLOT_LEAD_MS = 15 * 60_000;
/** How many days ahead a draft's posting hour is looked for. */
const SLOT_DAYS = 14;

/**
 * A finished render is a draft until the studio decides (docs/decisions/047): approved, it
 * becomes a post through the video module at the next free posting hour; rejected, it stays
 * with its reason for the next script to learn from.
 */
export class DraftService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly briefs: BriefService,
    private readonly renders: RenderService,
    private readonly merchants: Merchants,
    private readonly materials: Materials,
    private readonly posts: Posts,
    private readonly defaults: {
      requireApproval: (merchantId: number) => Promise<boolean>;
      now?: () => Date;
      /** A draft was rejected: the plan replaces its own (docs/decisions/075). */
      onRejected?: (renderId: number, byId: number) => Promise<void>;
      /** A draft became a post: said, for the render's short link to follow the post (docs/decisions/083). */
      onApproved?: (renderId: number, postId: number, byId: number) => Promise<void>;
    },
  ) {
    this.now = defaults.now ?? (() => new Date());
  }

  async approve(caller: Caller, body: ParsedRequestOf<Api['draftApprove']>, lang: ApiLanguage): Promise<Render> {
    const row = await repo.findVisibleRender(this.db, caller, body.id);
    if (!row) throw notFound();
    await this.approveRow(caller, row, {
      platforms: body.platforms ?? null,
      scheduleAt: body.schedule_at === undefined ? undefined : body.schedule_at === null ? null : new Date(body.schedule_at),
      requireApproval: body.require_approval,
    });
    return this.renders.get(caller, body.id, lang);
  }

  /**
   * Turns a draft into a post, once: the draft is claimed first (a second approval finds it
   * taken and is told so), the post is made, and a post that cannot be made gives the draft back.
   */
  async approveRow(
    caller: Caller,
    row: repo.RenderRow,
    choice: { platforms: string[] | null; scheduleAt: Date | null | undefined; requireApproval: boolean | undefined },
  ): Promise<number> {
    assertDecidable(row);
    if (row.outputFootageId === null) throw rejected('creative.draft_not_ready');
    if (!(await repo.claimDraft(this.db, row.id, caller.id))) {
      assertDecidable(await repo.findRender(this.db, row.id));
      throw conflict('creative.draft_already_approved');
    }
    try {
      const script = row.script;
      const language = row.language;
      const platforms = choice.platforms ?? (await this.posts.connectedPlatforms(row.merchantId));
      const posted = platforms.length > 0 ? platforms : ['sandbox'];
      const caption = captionFor(script, posted);
      const scheduleAt = choice.scheduleAt !== undefined ? choice.scheduleAt : await this.takeNextSlot(row.id, row.merchantId, row.learning?.hour);
      const postId = await this.posts.publish(caller, {
        merchantId: row.merchantId,
        footageId: row.outputFootageId,
        title: script.title,
        language,
        caption: caption.caption,
        hashtags: caption.hashtags,
        platformCaptions: platformCaptionsFor(script, posted),
        platforms: posted,
        scheduleAt,
        requireApproval: choice.requireApproval ?? (await this.defaults.requireApproval(row.merchantId)),
      });
      await repo.updateRender(this.db, row.id, { postId });
      await this.materials.markUsed(row.merchantId, [...row.footageIds, row.outputFootageId], postId);
      await this.defaults.onApproved?.(row.id, postId, caller.id);
      return postId;
    } catch (error) {
      await repo.releaseDraft(this.db, row.id);
      throw error;
    }
  }

  async reject(caller: Caller, body: ParsedRequestOf<Api['draftReject']>, lang: ApiLanguage): Promise<Render> {
    const row = await repo.findVisibleRender(this.db, caller, body.id);
    if (!row) throw notFound();
    assertDecidable(row);
    if (!(await repo.rejectDraft(this.db, row.id, caller.id, body.reason, body.share_with_merchant ?? false))) {
      assertDecidable(await repo.findRender(this.db, row.id));
      throw conflict('creative.draft_already_rejected');
    }
    await this.defaults.onRejected?.(row.id, caller.id);
    return this.renders.get(caller, body.id, lang);
  }

  /**
   * Gives a draft the earliest posting hour (POSTING_HOURS in the merchant's time) at least a
   * quarter of an hour ahead that no other draft of the merchant holds. A plan's draft asks for
   * the hour its learner chose (`preferred`, `HH:MM`, docs/decisions/085): that hour, or a
   * quarter past it when taken, on the first day it is still ahead, before any other hour.
   */
  async takeNextSlot(renderId: number, merchantId: number, preferred?: string | null): Promise<Date> {
    const now = this.now();
    const facts = await this.merchants.factsOf(merchantId);
    const zone = facts?.timeZone ?? 'UTC';
    const today = calendarDay(now, zone);
    const at = (hours: readonly number[]) =>
      Array.from({ length: SLOT_DAYS }, (_, index) => addDays(today, index))
        .flatMap((day) => hours.map((hour) => new Date(instantOfWallClock(day, Math.round(hour * 60), zone))))
        .filter((time) => time.getTime() > now.getTime() + SLOT_LEAD_MS);
    const usual = at([...POSTING_HOURS].sort((a, b) => a - b));
    const asked = /^\d{2}:\d{2}$/.test(preferred ?? '') ? at([0, 0.25, 0.5, 0.75].map((quarter) => Number(preferred!.slice(0, 2)) + Number(preferred!.slice(3)) / 60 + quarter)) : [];
    const candidates = [...asked, ...usual];
    const from = new Date(Math.min(...candidates.map((time) => time.getTime())));
    const taken = new Set((await repo.slotsTaken(this.db, merchantId, from)).map((time) => time.getTime()));
    for (const slot of candidates) {
      if (taken.has(slot.getTime())) continue;
      if (await repo.takeSlot(this.db, renderId, slot)) return slot;
    }
    // Every hour of the next two weeks is taken: the last one, shared.
    return usual.at(-1)!;
  }
}

/** A draft that is not (or no longer) waiting for a decision: why, as the caller can act on it. */
function assertDecidable(row: Pick<repo.RenderRow, 'state' | 'draft'> | undefined): void {
  if (!row) throw notFound();
  if (row.state !== 'done') throw rejected('creative.draft_not_ready');
  if (row.draft === 'approved') throw conflict('creative.draft_already_approved');
  if (row.draft === 'rejected') throw conflict('creative.draft_already_rejected');
}

/**
 * The post's default caption, for a chosen platform the script has no words for: the first
 * chosen platform's that has one, else the script's first, else its title.
 */
function captionFor(script: ScriptBody, platforms: readonly string[]): { caption: string; hashtags: string[] } {
  const chosen = platforms.map((platform) => script.captions.find((item) => item.platform === platform)).find((item) => item && item.caption);
  const any = chosen ?? script.captions.find((item) => item.caption);
  return any ? { caption: any.caption, hashtags: [...any.hashtags] } : { caption: script.title, hashtags: [] };
}

/** Each chosen platform's own caption and hashtags as the script (edited in the desk) has them. */
function platformCaptionsFor(script: ScriptBody, platforms: readonly string[]): { platform: string; caption: string; hashtags: string[] }[] {
  return script.captions
    .filter((item) => platforms.includes(item.platform) && item.caption.length > 0)
    .map((item) => ({ platform: item.platform, caption: item.caption, hashtags: [...item.hashtags] }));
}
