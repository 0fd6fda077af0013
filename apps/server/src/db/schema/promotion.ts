import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './account.js';

/**
 * A promotion link's distinct visitors, one row per link owner, day and visitor. The visitor is
 * a keyed hash of its address and browser under that day's salt (`promotion_salts`), never the
 * address itself: the same visitor twice in a day is one row, and once a day's salt is gone the
 * rows of that day can no longer be tied to anyone. `source` is how the first visit that day
 * came: the link itself or its QR code.
 */
export const promotionVisits = pgTable(
  'promotion_visits',
  {
    ownerId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    visitor: text().notNull(),
    /** The address alone, hashed the same way: how many visitors one address may add in a day. */
    origin: text().notNull(),
    source: text({ enum: ['link', 'qr'] }).notNull(),
    firstAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.day, t.visitor] }), index('promotion_visits_origin_idx').on(t.ownerId, t.day, t.origin)],
);

/** Each day's random salt for visitor hashes; a day's salt is dropped once the day is over. */
export const promotionSalts = pgTable('promotion_salts', {
  day: date({ mode: 'string' }).primaryKey(),
  salt: text().notNull(),
});

/**
 * The accounts a promotion link brought, as the promotion module heard of them (events): whose
 * link, and when the account first paid. Kept here so the funnel never reads other modules' tables.
 */
export const promotionReferrals = pgTable('promotion_referrals', {
  accountId: integer()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  ownerId: integer()
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  signedUpAt: timestamp({ withTimezone: true }).notNull(),
  firstPaidAt: timestamp({ withTimezone: true }),
});

/** A link's funnel after the visit, per owner and day (UTC): signups, first payments, commission earned. */
export const promotionDaily = pgTable(
  'promotion_daily',
  {
    ownerId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    signups: integer().notNull().default(0),
    paid: integer().notNull().default(0),
    commissionCents: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.day] })],
);
