import type { Tx } from '../../../db/client.js';
import type { DomainEvent, Subscriber } from '../../events/service.js';

/**
 * What the subscriber asks of the account, area and material modules, read in the delivery's own
 * transaction (an embedded database has one connection: a read beside it would wait for it).
 */
export interface OutcomePorts {
  /** The merchant's time zone (its state's), or null when unknown. */
  timeZoneOf(tx: Tx, merchantId: number): Promise<string | null>;
  /** The kind of a merchant's material: `video`, `image`, … or null when it is gone. */
  materialKindOf(tx: Tx, merchantId: number, footageId: number): Promise<string | null>;
}
import { lengthBandOf, localHour } from './derive.js';
import { outcomesChanged } from './outcome-changes.js';
import * as repo from './outcome-repository.js';

export const OUTCOME_SUBSCRIBER = 'creative.post-outcomes';

/** A merchant's time zone is read once in a while, not once per post: a replay hands over thousands. */
const ZONE_TTL_MS = 10 * 60_000;

/**
 * Keeps each post's outcome (docs/decisions/084) from the video module's events, never its
 * tables: `video.published` (or `video.approved`, for a platform that skips the first) starts
 * the row with the choices of the render the post was made from, its length band and its hour on
 * the merchant's clock; every `video.plays` reading updates its numbers and, while the post is
 * young enough, its plays by 24 hours and by 7 days. Each write is an upsert keyed by post and
 * platform that keeps what is already known, so a second delivery changes nothing.
 */
export function postOutcomeSubscriber(ports: OutcomePorts): Subscriber {
  const zones = new Map<number, { zone: string; at: number }>();
  const zoneOf = async (tx: Tx, merchantId: number): Promise<string> => {
    const known = zones.get(merchantId);
    if (known && Date.now() - known.at < ZONE_TTL_MS) return known.zone;
    const zone = (await ports.timeZoneOf(tx, merchantId)) || 'UTC';
    zones.set(merchantId, { zone, at: Date.now() });
    return zone;
  };

  const published = async (event: DomainEvent<'video.published' | 'video.approved'>, tx: Tx) => {
    const merchantId = event.accountId;
    if (merchantId === null) return;
    const { post_id: postId, platform } = event.payload;
    const made = await repo.madeOf(tx, postId, merchantId);
    let openingKind: 'clip' | 'photo' | null = null;
    if (made.openingFootageId !== null) {
      const kind = await ports.materialKindOf(tx, merchantId, made.openingFootageId);
      openingKind = kind === 'video' ? 'clip' : kind === 'image' ? 'photo' : null;
    }
    await repo.upsertPublished(tx, {
      postId,
      platform,
      merchantId,
      renderId: made.renderId,
      category: made.category,
      language: made.language ?? event.payload.language ?? null,
      look: made.look,
      hookStyle: made.hookStyle,
      template: made.template,
      durationSeconds: made.durationSeconds,
      lengthBand: lengthBandOf(made.durationSeconds),
      openingKind,
      music: made.music,
      postedAt: event.createdAt,
      postingHour: localHour(event.createdAt, await zoneOf(tx, merchantId)),
    });
    outcomesChanged(merchantId);
  };

  return {
    name: OUTCOME_SUBSCRIBER,
    handlers: {
      'video.published': published,
      'video.approved': published,
      'video.plays': async (event, tx) => {
        if (event.accountId === null) return;
        const { payload } = event;
        await repo.recordReading(tx, {
          postId: payload.post_id,
          platform: payload.platform,
          merchantId: event.accountId,
          at: event.createdAt,
          plays: payload.plays,
          likes: payload.likes ?? null,
          comments: payload.comments ?? null,
          shares: payload.shares ?? null,
        });
        outcomesChanged(event.accountId);
      },
    },
  };
}
