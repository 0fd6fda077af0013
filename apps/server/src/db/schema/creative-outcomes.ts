import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

/**
 * What became of each post on each platform, with the choices that made it (docs/decisions/084):
 * the creative module's event-fed copy of the video module's facts (`video.published`,
 * `video.plays`), joined once to its own render, script and brief. The insights read and the
 * plan's learning read this table alone, so neither reaches into the video module's tables.
 *
 * No foreign keys: the post and its render are other tables' rows (the post the video module's),
 * and the outcome outlives a render that is cleaned away. Choices are null when the post was not
 * made from a render (a studio's own upload): such a post counts in the totals and in its
 * platform, language and hour, never as a look or a hook.
 */
export const creativePostOutcomes = pgTable(
  'creative_post_outcomes',
  {
    postId: integer().notNull(),
    platform: text().notNull(),
    merchantId: integer().notNull(),
    renderId: integer(),
    /** The merchant's business category when the post went out (the prior's pool). */
    category: text(),
    language: text(),
    look: text(),
    hookStyle: text(),
    template: text(),
    durationSeconds: doublePrecision(),
    /** `short` under 15 s, `medium` 15–30 s, `long` over 30 s: derived once, from the render. */
    lengthBand: text(),
    /** What the first shot shows: `clip` (a video material) or `photo` (an image). */
    openingKind: text(),
    music: text(),
    postedAt: timestamp({ withTimezone: true }),
    /** The hour of the day it went out in the merchant's time zone (0–23), derived once. */
    postingHour: smallint(),
    /** The last reading taken by 24 hours (7 days) after it went out; null until one is. */
    plays24h: bigint('plays_24h', { mode: 'number' }),
    plays7d: bigint('plays_7d', { mode: 'number' }),
    /** The newest reading. */
    plays: bigint({ mode: 'number' }),
    likes: bigint({ mode: 'number' }),
    comments: bigint({ mode: 'number' }),
    shares: bigint({ mode: 'number' }),
    lastReadingAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.platform] }),
    // The insights of one merchant (and the studio's, one merchant at a time) over a range.
    index('creative_post_outcomes_merchant_idx').on(t.merchantId, t.postedAt.desc().nullsFirst()),
    // The category's prior: the newest outcomes of every merchant of a category.
    index('creative_post_outcomes_category_idx')
      .on(t.category, t.postedAt.desc().nullsFirst())
      .where(sql`${t.category} is not null`),
  ],
);
export type CreativePostOutcomeRow = typeof creativePostOutcomes.$inferSelect;
export type NewCreativePostOutcomeRow = typeof creativePostOutcomes.$inferInsert;
