import { randomInt } from 'node:crypto';
import {
  SHORT_LINK_CODE,
  SHORT_LINK_PATH,
  type AttributionLink,
  type AttributionRedemption,
  type api,
  type ParsedRequestOf,
  type ResponseOf,
} from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import { conflict, invalid, notFound, rejected } from '../../errors.js';
import { periodicPass, type AnyJob } from '../../jobs/queue.js';
import type { Subscriber } from '../events/service.js';
import * as repo from './repository.js';
import { VisitCounter } from './visit-counter.js';

type Body<K extends keyof typeof api.attribution> = ParsedRequestOf<(typeof api.attribution)[K]>;

export const ATTRIBUTION_SUBSCRIBER = 'attribution.posts';
export const ATTRIBUTION_SALT_SWEEP_JOB = 'attribution.drop-old-salts';
/** How long a video's link counts and takes redemptions; after it a visit still reaches the shop. */
export const LINK_LIFETIME_DAYS = 365;
/** A second redemption of one link by one person within this is a double tap, not a second customer. */
export const DOUBLE_TAP_MS = 10_000;
/** Lower-case letters and digits without look-alikes (no l, o, 0, 1): 32 signs, 8 of them, 2^40 codes. */
const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 8;
const DAY_MS = 86_400_000;
/** A resolved code is remembered this long (a miss shorter): the redirect then asks no database. */
const HIT_TTL_MS = 60_000;
const MISS_TTL_MS = 10_000;
const CACHE_MAX = 20_000;

/** What a short link answers with: where it goes, whose it is, and whether it still counts. */
export interface ResolvedLink {
  code: string;
  merchantId: number;
  targetUrl: string;
  expired: boolean;
}

export interface AttributionPorts {
  /** The post as the caller may see it (the video module's read); throws not found otherwise. */
  postOf(caller: Caller, postId: number): Promise<{ id: number; merchant_id: number }>;
  /** The merchant's link of today and its coupon (the creative brief), for a post no render made. */
  merchantLink(merchantId: number): Promise<{ target: string | null; coupon: string }>;
}

export function newCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/**
 * Every video's own way back (docs/decisions/083). A render gets a short link when its inputs
 * are gathered (its end card's QR code), the post made from it is attached when the creative
 * module says so, and a visit is sent on at once and counted after (VisitCounter). The shop's
 * side records redemptions, once per tap.
 */
export class AttributionService {
  readonly visits: VisitCounter;
  private readonly cache = new Map<string, { link: ResolvedLink | null; until: number; expiresAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    private readonly ports: AttributionPorts,
    private readonly log?: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.visits = new VisitCounter(db, log);
  }

  urlOf(code: string): string {
    return new URL(`${SHORT_LINK_PATH}/${code}`, this.publicUrl).toString();
  }

  /**
   * The render's short link, made once (a retried render gets the same one). Null when there is
   * nowhere to send a visit, or when the link could not be made: the video then carries the
   * merchant's link itself rather than failing.
   */
  async linkFor(render: { id: number; merchantId: number }, target: string | null, coupon: string): Promise<string | null> {
    if (!target) return null;
    try {
      const expiresAt = new Date(this.now().getTime() + LINK_LIFETIME_DAYS * DAY_MS);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const row = await repo.linkForRender(this.db, { code: newCode(), merchantId: render.merchantId, renderId: render.id, targetUrl: target, couponCode: coupon || null, expiresAt });
        if (row) return this.urlOf(row.code);
      }
      return null;
    } catch (error) {
      this.log?.warn({ err: error, render: render.id }, 'making a short link failed; the video carries the merchant link');
      return null;
    }
  }

  /** A code's link, from memory when it was asked lately; null for a code that is no link. */
  async resolve(code: string): Promise<ResolvedLink | null> {
    const normal = code.toLowerCase();
    if (!SHORT_LINK_CODE.test(normal)) return null;
    const at = this.now().getTime();
    const known = this.cache.get(normal);
    if (known && known.until > at) return known.link && { ...known.link, expired: known.expiresAt <= at };
    const row = await repo.findLink(this.db, normal);
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    const link = row ? { code: row.code, merchantId: row.merchantId, targetUrl: row.targetUrl, expired: false } : null;
    const expiresAt = row?.expiresAt.getTime() ?? 0;
    this.cache.set(normal, { link, until: at + (row ? HIT_TTL_MS : MISS_TTL_MS), expiresAt });
    return link && { ...link, expired: expiresAt <= at };
  }

  /** Notes a visit of a live link for counting after the answer; an expired link's visit is not counted. */
  noteVisit(link: ResolvedLink, client: { ip: string; userAgent: string | undefined }): void {
    if (link.expired) return;
    this.visits.note({ code: link.code, merchantId: link.merchantId, ip: client.ip, userAgent: client.userAgent, at: this.now() });
  }

  // ---- the post's link ------------------------------------------------------------------------

  async linkGet(caller: Caller, body: Body<'linkGet'>): Promise<AttributionLink> {
    const link = await this.linkOfVisiblePost(caller, body.post_id);
    return this.present(link, body.post_id);
  }

  /**
   * The link of a post the caller may see. A post no render made (an uploaded video) gets one of
   * its own the first time it is asked for, sent on to the merchant's link of that day.
   */
  private async linkOfVisiblePost(caller: Caller, postId: number): Promise<repo.AttributionLinkRow> {
    const found = await repo.linkOfPost(this.db, postId);
    if (found) {
      if (!(await repo.merchantVisible(this.db, caller, found.merchantId))) throw notFound('attribution.not_found');
      return found;
    }
    const post = await this.ports.postOf(caller, postId);
    const { target, coupon } = await this.ports.merchantLink(post.merchant_id);
    if (!target) throw notFound('attribution.not_found');
    const expiresAt = new Date(this.now().getTime() + LINK_LIFETIME_DAYS * DAY_MS);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const code = newCode();
      if (!(await repo.insertLink(this.db, { code, merchantId: post.merchant_id, targetUrl: target, couponCode: coupon || null, expiresAt }))) continue;
      // Two first asks at once make two links; the post keeps the first attached.
      await repo.attachPost(this.db, postId, code, post.merchant_id);
      return (await repo.linkOfPost(this.db, postId))!;
    }
    throw new Error('no free short-link code after 5 draws');
  }

  private present(row: repo.AttributionLinkRow, postId: number): AttributionLink {
    return {
      post_id: postId,
      merchant_id: row.merchantId,
      code: row.code,
      url: this.urlOf(row.code),
      target_url: row.targetUrl,
      coupon_code: row.couponCode,
      visits: row.visits,
      redemptions: row.redemptions,
      expire_time: row.expiresAt.toISOString(),
      expired: row.expiresAt.getTime() <= this.now().getTime(),
    };
  }

  // ---- redemptions ----------------------------------------------------------------------------

  /**
   * A customer redeemed. From a post, the short link's code or the video's coupon; only a link
   * of a merchant in the caller's scope (another merchant's is not found), alive, and with the
   * coupon it offers. A second tap within seconds by the same person is refused (the web also
   * sends an Idempotency-Key, which replays the first answer).
   */
  async redemptionAdd(caller: Caller, body: Body<'redemptionAdd'>): Promise<ResponseOf<(typeof api.attribution)['redemptionAdd']>> {
    const coupon = body.coupon_code?.trim() || null;
    let link: repo.AttributionLinkRow | undefined;
    if (body.post_id !== undefined) link = await this.linkOfVisiblePost(caller, body.post_id);
    else if (body.code !== undefined) link = await repo.findLink(this.db, body.code);
    else {
      const merchantId = body.merchant_id ?? (caller.role === 'client' ? caller.id : undefined);
      if (merchantId === undefined) throw invalid({ merchant_id: 'attribution.merchant_required' });
      if (!(await repo.merchantVisible(this.db, caller, merchantId))) throw notFound('attribution.not_found');
      link = await repo.newestLinkWithCoupon(this.db, merchantId, coupon!);
    }
    if (!link || !(await repo.merchantVisible(this.db, caller, link.merchantId))) throw notFound('attribution.not_found');
    if (body.merchant_id !== undefined && body.merchant_id !== link.merchantId) throw notFound('attribution.not_found');
    if (coupon !== null && coupon.toLowerCase() !== (link.couponCode ?? '').toLowerCase()) throw rejected('attribution.coupon_mismatch');
    const at = this.now();
    if (link.expiresAt.getTime() <= at.getTime()) throw rejected('attribution.expired');
    const code = link.code;
    const postId = body.post_id ?? (await repo.newestPostOf(this.db, code));
    const { row, redemptions } = await this.db.transaction(async (tx) => {
      const locked = await repo.lockLink(tx, code);
      if (!locked) throw notFound('attribution.not_found');
      const last = await repo.lastRedemptionBy(tx, code, caller.id);
      if (last && at.getTime() - last.createdAt.getTime() < DOUBLE_TAP_MS) throw conflict('attribution.already_recorded');
      const inserted = await repo.insertRedemption(tx, { code, postId, merchantId: locked.merchantId, couponCode: coupon ?? locked.couponCode, recordedById: caller.id, createdAt: at });
      return { row: inserted, redemptions: locked.redemptions + 1 };
    });
    return { redemption: presentRedemption(row), redemptions };
  }

  async redemptionList(caller: Caller, body: Body<'redemptionList'>): Promise<ResponseOf<(typeof api.attribution)['redemptionList']>> {
    const { rows, total } = await repo.listRedemptions(this.db, caller, {
      ...(body.merchant_id !== undefined ? { merchantId: body.merchant_id } : {}),
      ...(body.post_id !== undefined ? { postId: body.post_id } : {}),
      page: body.page,
      pageSize: body.page_size,
    });
    return { list: rows.map(presentRedemption), total, page: body.page, page_size: body.page_size };
  }

  // ---- events and jobs ------------------------------------------------------------------------

  /** The post made from a render takes the render's link (the creative module's event). */
  subscriber(): Subscriber {
    return {
      name: ATTRIBUTION_SUBSCRIBER,
      handlers: {
        'creative.draft_approved': async (event, tx) => {
          const link = await repo.linkOfRender(tx, event.payload.render_id);
          if (link) await repo.attachPost(tx, event.payload.post_id, link.code, link.merchantId);
        },
      },
    };
  }

  /** The salt sweep, listed in the job registry: hourly, so a day's salt outlives it by an hour at most. */
  jobDefinitions(log: FastifyBaseLogger): AnyJob[] {
    return [
      periodicPass(
        ATTRIBUTION_SALT_SWEEP_JOB,
        '9 * * * *',
        () => this.visits.dropOldSalts(this.now()),
        (dropped) => log.info({ dropped }, "dropped past days' short-link visitor salts"),
      ),
    ];
  }
}

function presentRedemption(row: repo.AttributionRedemptionRow): AttributionRedemption {
  return {
    id: row.id,
    code: row.code,
    post_id: row.postId,
    merchant_id: row.merchantId,
    coupon_code: row.couponCode,
    recorded_by_id: row.recordedById,
    create_time: row.createdAt.toISOString(),
  };
}
