import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './account.js';

/**
 * A video's own way back (docs/decisions/083): one short link per render, allocated when the
 * render gathers its inputs (its QR code is `/go/<code>`), pointing at the merchant's link of
 * that moment. The posts made from the render are attached from events. Counters are kept on
 * the row so a post's totals are one read.
 */
export const attributionLinks = pgTable(
  'attribution_links',
  {
    code: text().primaryKey(),
    merchantId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The render the link was made for (the creative module's id, no foreign key across modules). */
    renderId: integer(),
    targetUrl: text().notNull(),
    /** The brief's coupon when the render was made ("say TACO5 at the counter"). */
    couponCode: text(),
    visits: integer().notNull().default(0),
    redemptions: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Past this a visit still reaches the merchant but is no longer counted or redeemable. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('attribution_links_render_idx').on(t.renderId), index('attribution_links_merchant_idx').on(t.merchantId, t.createdAt)],
);
export type AttributionLinkRow = typeof attributionLinks.$inferSelect;

/** The posts a link belongs to, as the attribution module heard of them (events). */
export const attributionPosts = pgTable(
  'attribution_posts',
  {
    postId: integer().primaryKey(),
    code: text()
      .notNull()
      .references(() => attributionLinks.code, { onDelete: 'cascade' }),
    merchantId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    attachedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attribution_posts_code_idx').on(t.code)],
);

/**
 * Distinct visitors of a link: a keyed hash of address and browser under the day's salt
 * (`attribution_salts`), never the address. A visitor counts again only 30 minutes after it
 * last counted. `origin` is the address alone, hashed the same way: how many visitors one
 * address may add to a link in a day.
 */
export const attributionVisitors = pgTable(
  'attribution_visitors',
  {
    code: text()
      .notNull()
      .references(() => attributionLinks.code, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    visitor: text().notNull(),
    origin: text().notNull(),
    lastCountedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.day, t.visitor] }), index('attribution_visitors_origin_idx').on(t.code, t.day, t.origin)],
);

/** Counted visits per link and day (UTC): the merchant's totals over a period read these. */
export const attributionVisitDays = pgTable(
  'attribution_visit_days',
  {
    code: text()
      .notNull()
      .references(() => attributionLinks.code, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    merchantId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    visits: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.code, t.day] }), index('attribution_visit_days_merchant_idx').on(t.merchantId, t.day)],
);

/** Each day's random salt for visitor hashes; dropped once the day is over. */
export const attributionSalts = pgTable('attribution_salts', {
  day: date({ mode: 'string' }).primaryKey(),
  salt: text().notNull(),
});

/** A customer who came back through a video and redeemed at the counter, recorded by the shop's side. */
export const attributionRedemptions = pgTable(
  'attribution_redemptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text()
      .notNull()
      .references(() => attributionLinks.code, { onDelete: 'cascade' }),
    postId: integer(),
    merchantId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    couponCode: text(),
    recordedById: integer().references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attribution_redemptions_merchant_idx').on(t.merchantId, t.createdAt), index('attribution_redemptions_code_idx').on(t.code, t.createdAt)],
);
export type AttributionRedemptionRow = typeof attributionRedemptions.$inferSelect;
