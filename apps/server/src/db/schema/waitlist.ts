import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './account.js';
import { areas } from './area.js';

/**
 * A full city's line of studio applicants (spec §9: 100 studio places per city). One open entry
 * (waiting or offered) per applicant at a time. `rank` orders a city's line: joining takes the
 * next rank, staff reordering renumbers the city's waiting entries. An offered entry holds a
 * freed place for its applicant until `hold_until`; the payment module counts it as taken for
 * everyone else. Ended entries stay, with when and how they ended.
 */
export const cityWaitlist = pgTable(
  'city_waitlist',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cityId: integer()
      .notNull()
      .references(() => areas.id, { onDelete: 'restrict' }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text({ enum: ['waiting', 'offered', 'purchased', 'lapsed', 'left', 'removed'] })
      .notNull()
      .default('waiting'),
    rank: integer().notNull(),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    offeredAt: timestamp({ withTimezone: true }),
    holdUntil: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('city_waitlist_open_account_uq').on(t.accountId).where(sql`${t.status} in ('waiting', 'offered')`),
    index('city_waitlist_city_open_idx').on(t.cityId, t.rank).where(sql`${t.status} in ('waiting', 'offered')`),
    index('city_waitlist_account_idx').on(t.accountId, t.joinedAt),
    check('city_waitlist_hold_chk', sql`${t.status} <> 'offered' or ${t.holdUntil} is not null`),
  ],
);

export type WaitlistRow = typeof cityWaitlist.$inferSelect;
